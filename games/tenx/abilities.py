"""After the reveal (rules/tenx.md, A round): masks first, then passes of bonus/malus cards in
ascending order, then stars on a tie at the top and the second's die against the first, and a lost
roll's discards. Whose step it is, whether the step has come, and when it is over is the phase
table's (phases.py's FLOW): ``start_*`` begin a step (its queue, its first question), the handlers
carry a legal move out (``apply`` has checked it; refusals.py words the others) and ask the next in
the queue; an empty queue ends the step (``asked_all``)."""

from __future__ import annotations

from games.engine import Event, Msg, announce, both, tell
from games.tenx import scoring
from games.tenx.cards import card_text, draw_numbered, held
from games.tenx.data import CARDS
from games.tenx.order import bonus_key, ranked
from games.tenx.state import TenxState
from games.tenx.words import _


def expected(state: TenxState, player: str) -> Msg:
    """What the round wants from ``player`` now, in words."""
    r = state.round
    if r.phase == "draw":
        who = r.discarding or (r.draw_order[0] if r.draw_order else None)
        if who != player:
            return _("The game waits for {players}.", players=who) if who else _("The game waits for nobody.")
        if r.discarding:
            return _("You may discard for a point now: 'discard cards <seven cards>', 'discard quests', or 'pass'.")
        return _("Draw: 'draw' (a numbered card) or 'draw bonus' (two bonus/malus cards).")
    if player not in _awaited(state):
        awaited = ", ".join(_awaited(state))
        return _("The game waits for {players}.", players=awaited) if awaited else _("The game waits for nobody.")
    if r.phase == "mask":
        return (_("'play <card>' to play another card in place of yours, or 'keep'.") if r.taken else
                _("Your card has a mask: 'mask <player>' takes a random card from their hand, or 'pass'."))
    if r.phase == "bonus":
        deltas = bonus_deltas(state, player)
        if not deltas:  # (the question says the same: nothing is offered but 'pass')
            return _("Your card is at {value} and no bonus/malus of yours keeps it between 1 and 10: 'pass' lets "
                     "the round go on.", value=r.table[player].value)
        return _("Your card is at {value}: play a bonus/malus ('bonus {delta:+d}') or 'pass'.",
                 value=r.table[player].value, delta=deltas[0])
    if r.phase == "star":
        return _("A tie at the top: 'star' to win it with your star, or 'pass'.")
    if r.phase == "die":
        return _("You are second: 'roll' the die against {player}, or 'pass'.", player=r.rolled['against'])
    if r.phase == "lose":
        if state.seats[player].hand:
            return _.plural("Your roll lost: discard a game card of your choice ('discard {card}'); {n} to go.",
                            "Your roll lost: discard a game card of your choice ('discard {card}'); {n} to go.",
                            r.owed, card=easiest_word(state.seats[player].hand))
        return _.plural("Your roll lost: discard a game card of your choice; {n} to go.",
                        "Your roll lost: discard a game card of your choice; {n} to go.", r.owed)
    return _("Nothing is asked of you.")


def easiest_word(hand: list[str]) -> str:
    """How to type the card of ``hand`` most easily parted with (a bonus/malus, else the lowest):
    its value, and its modifiers only when another card of that value is in hand ('1 star mask')."""
    c = min(hand, key=lambda c: (CARDS[c].kind == "number", CARDS[c].value, c))
    if CARDS[c].kind == "bonus":
        return f"{CARDS[c].value:+d}"
    same = {(CARDS[o].mods, CARDS[o].bottom) for o in hand
            if CARDS[o].kind == "number" and CARDS[o].value == CARDS[c].value}
    words = [str(CARDS[c].value)] + (list(CARDS[c].mods) if len(same) > 1 else [])
    if len({b for m, b in same if m == CARDS[c].mods}) > 1 and CARDS[c].bottom is not None:
        words.append(f"{CARDS[c].bottom:+d}")
    return " ".join(words)


def bonus_deltas(state: TenxState, player: str) -> list[int]:
    """The bonus/malus values ``player`` may play now: those of their hand that keep the card 1-10."""
    value = state.round.table[player].value
    return sorted({CARDS[c].as_bonus for c in state.seats[player].hand
                   if CARDS[c].as_bonus and 1 <= value + CARDS[c].as_bonus <= 10})


def _awaited(state: TenxState) -> list[str]:
    return state.round.queue[:1]


def _ask(state: TenxState) -> list[Event]:
    p = state.round.queue[0]
    return [tell(p, expected(state, p), "asked", player=p, phase=state.round.phase)]


def _ask_next(state: TenxState) -> list[Event]:
    """The next in the step's queue is asked; nobody left: the step is over (the flow moves on)."""
    return _ask(state) if state.round.queue else []


def asked_all(state: TenxState) -> bool:
    """A step that asks one player at a time (mask, bonus, star, die, lose) is over: nobody is left
    in its queue."""
    return not state.round.queue


# --- masks ---------------------------------------------------------------------------------------

def start_masks(state: TenxState) -> list[Event]:
    """The 'mask' step begins, after the reveal: the revealed cards with a mask, in order."""
    r = state.round
    ev: list[Event] = []
    r.queue = ranked(state, [p for p in r.table if "mask" in CARDS[r.table[p].card].mods], ev=ev, why=_("for the masks"))
    return ev + _ask_next(state)


def do_mask(state: TenxState, player: str, target: str) -> list[Event]:
    r = state.round
    card = state.rng.choice(sorted(state.seats[target].hand))
    state.seats[target].hand.remove(card)
    state.seats[player].hand.append(card)
    r.taken = card
    r.table[player].masked = True
    r.table[player].used = "mask"  # one modifier per card: kept, this card may not use its star or die now
    name = CARDS[card].shown
    return [tell(player, _("Your mask takes {card} from {target}.", card=name, target=target), "masked", player=player,
                 target=target, card=card),
            tell(target, _("{player}'s mask takes {card} from you.", player=player, card=name), "masked",
                 player=player, target=target, card=card),
            Event("masked", _("{player}'s mask takes a card from {target}.", player=player, target=target),
                  {"player": player, "target": target},
                  not_to=(player, target))] + _ask(state)


def do_mask_play(state: TenxState, player: str, *words: str) -> list[Event]:
    r = state.round
    card = held(state.seats[player].hand, " ".join(words))
    placed = r.table[player]
    old = placed.card
    state.seats[player].hand.remove(card)
    placed.card, placed.value, placed.used = card, CARDS[card].value, None
    placed.played.append(card)
    if CARDS[card].value == 10:
        state.ten_seen = True
    r.queue.pop(0)
    r.taken = None
    names = {"card": CARDS[card].shown, "old": CARDS[old].shown}
    ev = both(player, _("You play {card} in place of {old} (discarded at the end of the round).", **names),
              _("{player} plays {card} in place of {old} (discarded at the end of the round).", player=player, **names),
              "mask_played", player=player, card=card, replaced=old)
    return ev + _ask_next(state)


def do_keep(state: TenxState, player: str) -> list[Event]:
    r = state.round
    r.queue.pop(0)
    r.taken = None
    shown = CARDS[r.table[player].card].shown
    ev = both(player, _("You keep {card} in play.", card=shown), _("{player} keeps {card} in play.", player=player,
                                                                      card=shown), "mask_kept", player=player)
    return ev + _ask_next(state)


# --- bonus/malus ---------------------------------------------------------------------------------

def start_bonus(state: TenxState) -> list[Event]:
    """The 'bonus' step begins: its first pass, every card on the table from the lowest up."""
    r = state.round
    r.all_played = True
    ev: list[Event] = []
    r.queue = ranked(state, list(r.table), first=lambda p: bonus_key(state, p), ev=ev, why=_("for the bonus/malus"))
    return ev + _ask_next(state)


def do_bonus(state: TenxState, player: str, text: str) -> list[Event]:
    r, seat = state.round, state.seats[player]
    card = held(seat.hand, text, as_bonus=True)
    delta = CARDS[card].as_bonus
    placed = r.table[player]
    new = placed.value + delta
    seat.hand.remove(card)
    (state.bonus_discard if CARDS[card].kind == "bonus" else state.discard).append(card)
    placed.value = new
    placed.bonuses.append(delta)
    r.queue.pop(0)
    ev = [announce(_("{player} plays {delta:+d}: now {value}.", player=player, delta=delta, value=new),
                   "bonus_played", player=player, bonus=delta, value=new,
                   card=card if CARDS[card].kind == "number" else None)]
    return ev + _next_bonus(state)


def _next_bonus(state: TenxState) -> list[Event]:
    """The next in this pass; after a pass everyone played in, another pass; else the step is over."""
    r = state.round
    if r.queue:
        return _ask(state)
    if r.all_played and r.table:
        r.all_played = True
        ev = [announce(_("Everyone played a bonus/malus: another pass."), "bonus_pass")]
        r.queue = ranked(state, list(r.table), first=lambda p: bonus_key(state, p), ev=ev, why=_("for the bonus/malus"))
        return ev + _ask(state)
    return []


# --- stars and the die ---------------------------------------------------------------------------

def start_star(state: TenxState) -> list[Event]:
    """The 'star' step begins: on a tie at the top, its stars not yet used, in order (nobody asked
    when no card is on the table: the die finds no first either, and nobody wins)."""
    r = state.round
    if not r.table:
        return []
    top = max(p.value for p in r.table.values())
    r.top = [p for p in state.order if p in r.table and r.table[p].value == top]
    holders = [p for p in r.top if "star" in CARDS[r.table[p].card].mods and r.table[p].used is None]
    ev: list[Event] = []
    r.queue = ranked(state, holders, ev=ev, why=_("for the stars")) if len(r.top) > 1 else []
    return ev + _ask_next(state)


def do_star(state: TenxState, player: str) -> list[Event]:
    r = state.round
    r.table[player].used = "star"
    r.stars.append(player)
    r.queue.pop(0)
    ev = [announce(_("{player} uses the star.", player=player), "star_used", player=player)]
    return ev + _ask_next(state)


def start_die(state: TenxState) -> list[Event]:
    """The 'die' step begins: the first is settled (the stars', else the top); the second with a die
    not yet used may roll against them. Without one the round's winners are set now, nobody asked."""
    r = state.round
    first = r.stars or r.top
    if len(first) != 1:
        r.winners = list(first)
        return []
    lead = first[0]
    rest = [p for p in r.table if p != lead]
    if not rest:
        r.winners = [lead]
        return []
    second = max(r.table[p].value for p in rest)
    dice = [p for p in rest if r.table[p].value == second and "die" in CARDS[r.table[p].card].mods
            and r.table[p].used is None]
    if not dice:
        r.winners = [lead]
        return []
    ev: list[Event] = []
    r.queue = ranked(state, dice, ev=ev, why=_("for the die"))[:1]
    r.rolled = {"against": lead}
    return ev + _ask(state)


def do_roll(state: TenxState, player: str) -> list[Event]:
    r, seat = state.round, state.seats[player]
    roll = state.rng.die()
    r.table[player].used = "die"
    lead = r.rolled["against"]
    r.rolled.update(roller=player, roll=roll)
    r.queue = []
    ev: list[Event] = []
    if roll >= 5:
        r.winners = [player]
        text = (_("{player} rolls {roll} against {lead}: {player} wins the round and draws a card.", player=player,
                  roll=roll, lead=lead) if roll == 6 else
                _("{player} rolls {roll} against {lead}: {player} wins the round.", player=player, roll=roll, lead=lead))
        ev.append(announce(text, "die_rolled", player=player,
                           roll=roll, against=lead, won=True, owed=0))
        if roll == 6:
            ev += draw_numbered(state, player, _("the die's 6"))
        return ev
    r.winners = [lead]
    lost = 2 if roll == 1 and "critical" in state.variants else (1 if roll <= 3 else 0)
    owed = min(lost, len(seat.hand))
    text = (_.plural("{player} rolls {roll} against {lead}: {player} loses and discards {n} game card of their "
                     "choice.", "{player} rolls {roll} against {lead}: {player} loses and discards {n} game cards of "
                     "their choice.", owed, player=player, roll=roll, lead=lead) if owed else
            _("{player} rolls {roll} against {lead}: {player} loses.", player=player, roll=roll, lead=lead))
    ev.append(announce(text, "die_rolled",
                       player=player, roll=roll, against=lead, won=False, owed=owed))
    r.owed = owed  # the 'lose' step asks for them (none owed: it is over as it begins)
    return ev


def start_lose(state: TenxState) -> list[Event]:
    """The 'lose' step begins: a lost roll that costs game cards asks its roller for them."""
    r = state.round
    if not r.owed:
        return []
    r.queue = [r.rolled["roller"]]
    return _ask(state)


def do_lose_card(state: TenxState, player: str, *words: str) -> list[Event]:
    """A lost roll of 1-3 (1 in 'critical': two cards): the roller discards a game card of their choice.
    Decision: the seed says the loser discards ('scarta'), as every discard of 10x is the owner's choice."""
    r, seat = state.round, state.seats[player]
    card = held(seat.hand, " ".join(words))
    seat.hand.remove(card)
    (state.bonus_discard if CARDS[card].kind == "bonus" else state.discard).append(card)
    r.owed -= 1
    ev = discard_events(state, player, [card], "die_discard",
                        _("You discard {card} for the lost roll.", card=CARDS[card].shown),
                        _("{player} discards a game card for the lost roll", player=player), owed=r.owed)
    if r.owed and seat.hand:
        return ev + _ask(state)
    r.queue, r.owed = [], 0
    return ev


def discard_events(state: TenxState, player: str, cards: list[str], kind: str, mine: Msg, theirs: Msg,
                   **data) -> list[Event]:
    """A discard told to all: its cards are face up (named to everyone) in the base game, face down
    (named to their owner only) in the 'discardall' variant (decision: 'si scartano coperte')."""
    if "discardall" in state.variants:
        return [tell(player, mine, kind, player=player, cards=list(cards), **data),
                Event(kind, _("{discard}, face down.", discard=theirs), {"player": player, "count": len(cards), **data},
                      not_to=(player,))]
    return [tell(player, mine, kind, player=player, cards=list(cards), **data),
            Event(kind, _("{discard}: {cards}.", discard=theirs, cards=card_text(cards)),
                  {"player": player, "cards": list(cards), **data},
                  not_to=(player,))]


def do_pass(state: TenxState, player: str) -> list[Event]:
    r = state.round
    if r.phase == "cancel":
        return scoring.do_cancel(state, player, None)
    r.queue.pop(0)
    ev = both(player, _("You pass."), _("{player} passes.", player=player), "passed", player=player, phase=r.phase)
    if r.phase in ("mask", "star"):
        return ev + _ask_next(state)
    if r.phase == "bonus":
        r.all_played = False
        return ev + _next_bonus(state)
    r.winners = [r.rolled["against"]]  # the die passed: the first wins
    return ev
