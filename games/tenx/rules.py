"""10x's round: set-up, drawing, discarding for points, the simultaneous face-down placement, the
reveal, declaring. The abilities after the reveal are in abilities.py; the end of the round in
scoring.py. Whether a verb is for now at all (whose turn, which step) is the phase table's
(phases.py), and so is moving on to the next step; whether the move is legal is ``legal_actions``'
(prompts.py), checked by ``apply`` before a handler runs, and the words of a refusal are
refusals.py's. A handler trusts its action is legal (in its canonical form, canonical.py): it
carries the move out and asks the next player of the same step.
"""

from __future__ import annotations

from games.engine import NOBODY, Event, RuleError, Rng, announce, both, tell
from games.tenx import abilities, rounds, scoring
from games.tenx.cards import card_text, draw_bonus, draw_numbered, held
from games.tenx.data import (BONUS_IDS, CARDS, COMMON, NUMBERED_IDS, START_BONUS, START_NUMBERED,
                             START_QUESTS, THRESHOLDS, VARIANTS, personal_quests)
from games.tenx.state import Placed, Seat, TenxState
from games.tenx.words import _, listed


def new_match(players: list[str], seed: int, options: dict | None = None) -> TenxState:
    options = options or {}
    if not 2 <= len(players) <= 4:
        raise RuleError(_("10x seats 2 to 4 players."))
    variants = _variants(options.get("variant", ""))
    rng = Rng(seed)
    deck, bonus = list(NUMBERED_IDS), list(BONUS_IDS)
    quests = list(personal_quests("sevens" in variants))
    common = list(COMMON)
    for pile in (deck, bonus, quests, common):
        rng.shuffle(pile)
    order = list(players)
    rng.shuffle(order)
    state = TenxState(seed, rng, order, {p: Seat(p) for p in order}, deck, bonus, quests, common,
                      variants=frozenset(variants))
    for p in order:
        seat = state.seats[p]
        seat.hand += [deck.pop() for _ in range(START_NUMBERED)] + [bonus.pop() for _ in range(START_BONUS)]
        seat.quests += [quests.pop() for _ in range(START_QUESTS)]
    return state


def _variants(text: str) -> set[str]:
    names = {w for w in str(text).replace(",", " ").split() if w}
    if "hardcore" in names:
        names = (names - {"hardcore"}) | set(VARIANTS)
    unknown = names - set(VARIANTS)
    if unknown:
        raise RuleError(_("Unknown variant {names}: choose hardcore or {variants}.", names=", ".join(sorted(unknown)),
                          variants=", ".join(VARIANTS)))
    return names


def opening(state: TenxState) -> list[Event]:
    n = len(state.order)
    declare, end = THRESHOLDS[n]
    names = ", ".join(state.order)
    text = (_("A game of 10x begins: {players}. Declare at {declare} points; {target} ends the game. Variants: "
              "{variants}.", players=names, declare=declare, target=end, variants=", ".join(sorted(state.variants)))
            if state.variants else
            _("A game of 10x begins: {players}. Declare at {declare} points; {target} ends the game.",
              players=names, declare=declare, target=end))
    ev = [announce(text, "setup", order=list(state.order), declare=declare, target=end,
                   variants=sorted(state.variants))]
    for p in state.order:
        seat = state.seats[p]
        ev.append(tell(p, _("Your hand: {cards}. Your quests: {quests}.", cards=card_text(seat.hand),
                          quests=scoring.quest_text(seat.quests)),
                       "dealt", player=p, hand=list(seat.hand), quests=list(seat.quests)))
    ev.append(Event("deal", _("The hidden deal."), {"hands": {p: list(s.hand) for p, s in state.seats.items()},
                                                 "quests": {p: list(s.quests) for p, s in state.seats.items()}},
                    to=NOBODY))
    return ev + rounds.start_placement(state)  # the first round begins in its 'place' step (Round(1))


def awaiting(state: TenxState) -> list[str]:
    if state.over:
        return []
    r = state.round
    if r.phase == "draw":
        return [r.discarding] if r.discarding else r.draw_order[:1]
    if r.phase == "place":
        left = [p for p in place_order(state) if p not in r.choices]
        return left[:1] if "ordered" in state.variants else left
    if r.phase == "reward":
        return [r.rewards[0][0]]
    if r.phase == "cancel":
        return r.cancellers[:1]
    return r.queue[:1]


def place_order(state: TenxState) -> list[str]:
    """The seats from the last round's winner on (the order of drawing, and of choosing in 'ordered')."""
    start = state.last_winner if state.last_winner in state.order else state.order[0]
    i = state.order.index(start)
    return state.order[i:] + state.order[:i]


# --- drawing ------------------------------------------------------------------------------------

def do_draw(state: TenxState, player: str, what: str = "card") -> list[Event]:
    r = state.round
    if r.phase == "reward":
        return scoring.do_reward(state, player, what)
    r.drawn.add(player)
    ev = draw_numbered(state, player) if what == "card" else draw_bonus(state, player)
    return ev + rounds.next_drawer(state)


def do_discard(state: TenxState, player: str, what: str, *words: str) -> list[Event]:
    """Seven game cards, or three different personal quests (all resolved or all in hand), for a point:
    only right after drawing (the 'draw' phase). In the 'lose' phase: the card a lost roll costs."""
    r = state.round
    if r.phase == "lose":  # 'discard 5' is built as 'discard card 5'
        return abilities.do_lose_card(state, player, *words)
    seat = state.seats[player]
    if what == "cards":
        picked: list[str] = []
        for w in words:
            picked.append(held([c for c in seat.hand if c not in picked], w))
        for c in picked:
            seat.hand.remove(c)
            (state.bonus_discard if CARDS[c].kind == "bonus" else state.discard).append(c)
        seat.points += 1
        r.discarded_cards.add(player)
        ev = abilities.discard_events(state, player, picked, "discarded_cards",
                                      _("You discard {cards} for a point ({points}).", cards=card_text(picked),
                                        points=seat.points),
                                      _("{player} discards 7 game cards for a point ({points})", player=player,
                                        points=seat.points), points=seat.points)
    else:  # "quests": the pile the canonical form names (or none, the one the bare command takes)
        picked = scoring.quests_taken(seat, words)
        resolved = picked[0] in seat.shown
        for q in picked:
            (seat.shown if resolved else seat.quests).remove(q)
        seat.points += 1
        r.discarded_quests.add(player)
        named = scoring.quest_text(picked)
        mine = _("You discard 3 personal quests for a point ({points}): {quests}.", points=seat.points, quests=named)
        if resolved or "discardall" not in state.variants:  # resolved quests are face up already
            ev = both(player, mine, _("{player} discards 3 personal quests for a point ({points}): {quests}.",
                                      player=player, points=seat.points, quests=named),
                      "discarded_quests", player=player, quests=picked, points=seat.points, resolved=resolved)
        else:
            ev = [tell(player, mine, "discarded_quests", player=player, quests=picked, points=seat.points,
                       resolved=False),
                  Event("discarded_quests", _("{player} discards 3 personal quests for a point ({points}), face "
                                              "down.", player=player, points=seat.points),
                        {"player": player, "points": seat.points, "resolved": False},
                        not_to=(player,))]
    if rounds.may_discard(state, player):
        return ev + [tell(player, _("You may discard again, or 'pass'."), "asked", player=player, phase="discard")]
    r.discarding = None
    return ev + rounds.next_drawer(state)


def do_declare(state: TenxState, player: str) -> list[Event]:
    seat = state.seats[player]
    seat.declared = True
    return both(player, _("You declare and may now win the game."),
                _("{player} declares and may now win the game.", player=player), "declared", player=player,
                points=seat.points)


# --- placement ------------------------------------------------------------------------------------

def do_play(state: TenxState, player: str, *words: str) -> list[Event]:
    r = state.round
    if r.phase == "mask":
        return abilities.do_mask_play(state, player, *words)
    seat = state.seats[player]
    card = held(seat.hand, " ".join(words))
    r.choices[player] = card
    return [tell(player, _("You place {card} face down.", card=CARDS[card].shown), "placed", player=player, card=card),
            Event("placed", _("{player} has chosen.", player=player), {"player": player}, not_to=(player,))]


def do_pass(state: TenxState, player: str) -> list[Event]:
    r = state.round
    if r.phase in ("mask", "bonus", "star", "die", "cancel"):
        return abilities.do_pass(state, player)
    if r.phase == "draw":  # the one who just drew keeps their cards
        r.discarding = None
        return both(player, _("You keep your cards."), _("{player} keeps their cards.", player=player), "passed",
                    player=player, phase="discard") + rounds.next_drawer(state)
    r.choices[player] = None
    return [tell(player, _("You place nothing this round."), "placed", player=player, card=None),
            Event("placed", _("{player} has chosen.", player=player), {"player": player}, not_to=(player,))]


def all_chosen(state: TenxState) -> bool:
    """The 'place' step is over: every player has placed a card face down or passed."""
    return len(state.round.choices) >= len(state.order)


def reveal(state: TenxState) -> list[Event]:
    """The 'mask' step begins (phases.py's FLOW): every face-down choice is turned up, then the
    masks are asked for."""
    r = state.round
    shown = {}
    for p in state.order:
        card = r.choices[p]
        if card is None:
            continue
        state.seats[p].hand.remove(card)
        r.table[p] = Placed(card, [card], CARDS[card].value)
        shown[p] = card
        if CARDS[card].value == 10:
            state.ten_seen = True
    r.choices = {}
    words = listed([_("{player} {card}", player=p, card=CARDS[c].shown) for p, c in shown.items()])
    text = (_("The cards are revealed: {cards}.", cards=words) if words else
            _("The cards are revealed: nobody played."))
    ev = [announce(text, "revealed", cards=shown)]
    return ev + abilities.start_masks(state)
