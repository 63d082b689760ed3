"""What a 10x round waits for from one player: the question and its answers, each a label and an
Action. They are the player's legal actions (10x only ever waits for an answer), and the engine
turns them into the view's prompt (the TUI shows them as numbered keys). Built only from that
player's own hand and public facts."""

from __future__ import annotations

from itertools import combinations

from games.engine import Action
from games.tenx.abilities import bonus_deltas, expected
from games.tenx.cards import bonus_card, code, sort_key
from games.tenx.phases import PHASES
from games.tenx.data import CARDS, COMMON, DISCARD_CARDS, DISCARD_QUESTS, MODS_SHOWN, PERSONAL, THRESHOLDS
from games.tenx.rules import awaiting
from games.tenx.scoring import quests_words
from games.tenx.state import TenxState
from games.tenx.words import _, listed
from games.words import Msg


PASS = (_("Pass"), Action("pass"))
DRAW = ((_("Draw a card"), Action("draw", ("card",))), (_("Draw 2 bonus/malus"), Action("draw", ("bonus",))))
# The verbs whose one action is the verb alone: the only form legal lists of each.
ONE_WAY = {name: Action(name) for name in ("pass", "keep", "star", "roll")}


def _numbered(hand: list[str], verb: str) -> list[tuple[Msg | str, Action]]:
    seen: dict[str, Msg | str] = {}
    for c in sorted(hand, key=sort_key):
        if CARDS[c].kind == "number":
            seen.setdefault(code(c), CARDS[c].shown)
    return [(name, Action(verb, (cmd,))) for cmd, name in seen.items()]


def question(state: TenxState, who: str) -> tuple[Msg, list[tuple[Msg | str, Action]]] | None:
    """The question put to ``who``, with its answers. When passing is all they can do (no bonus/malus
    of theirs keeps the card within 1-10, no numbered card to place, nobody to mask, no other quest to
    cancel), the text says why and that 'pass' goes on, and "[0] Pass" is still its answer, as in
    every other question: a question with no numbered answer left a player who reads numbers (the
    TUI's keys, an Italian "Ora non c'è nessuna domanda numerata") with nothing to choose (issue 43).
    (Not passed for them: that the hand holds nothing to play is theirs to know, and a pass made at
    once would tell it.)"""
    out = _asked(state, who)
    if out is not None and [action for _, action in out[1]] == [PASS[1]]:
        return nothing_to_play(state, who), [PASS]
    return out


def _asked(state: TenxState, who: str) -> tuple[Msg, list[tuple[Msg | str, Action]]] | None:
    if state.over or who not in awaiting(state):
        return None
    out = _question(state, who)
    seat = state.seats[who]
    if out is not None and seat.points >= THRESHOLDS[len(state.order)][0] and not seat.declared:
        text, answers = out
        out = (_("You have {points} points: declare to be able to win. {question}", points=seat.points, question=text),
               [(_("Declare"), Action("declare"))] + answers)
    return out


def nothing_to_play(state: TenxState, who: str) -> Msg:
    """What the round waits for from ``who`` when passing is all they can do, in words."""
    r = state.round
    if r.phase == "bonus":
        return _("Your card is at {value} and no bonus/malus of yours keeps it between 1 and 10: 'pass' lets "
                 "the round go on.", value=r.table[who].value)
    if r.phase == "place":
        return _("You hold no numbered card to place: 'pass' (the others see only that you placed nothing).")
    if r.phase == "mask":
        return _("Your mask has nobody to take from (no one else holds a card): 'pass' lets the round go on.")
    if r.phase == "cancel":
        return _("There is no other common quest to cancel: 'pass' lets the round go on.")
    return _("Nothing for you to play now: 'pass' lets the round go on.")


def legal_actions(state: TenxState, who: str) -> list[Action]:
    """Everything ``who`` may do now: the answers to the question put to them, passing included
    when it is all they can do (none when 10x waits for someone else), and declaring, which a
    player who has the points may do at any moment (a free action: it spends no turn)."""
    asked = _asked(state, who)
    legal = [action for _, action in asked[1]] if asked else []
    if asked and state.round.phase == "draw" and state.round.discarding == who:
        legal += [a for a in every_seven(state.seats[who].hand) if a not in legal]
    if asked and state.round.phase == "bonus":
        legal += [a for a in every_bonus(state, who) if a not in legal]
    legal = PHASES.only(state, who, legal)  # the stage's verbs
    seat = state.seats.get(who)
    if seat is not None and not state.over and not seat.declared and \
            seat.points >= THRESHOLDS[len(state.order)][0] and Action("declare") not in legal:
        legal.append(Action("declare"))
    return legal


def legal_of(state: TenxState, who: str, verb: str) -> list[Action]:
    """``legal_actions(state, who)``'s actions of ``verb`` and no others, made without the other
    verbs' nor the question's words: what ``apply`` checks a move against (``GameSpec.legal_of``;
    the contract kit holds it to ``legal_actions`` at every state). A verb the player's stage does
    not allow has none (a stage other than waiting is only ever the awaited player's); the stage's
    verbs are listed as ``_question`` answers them, with every bonus and every seven cards."""
    seat = state.seats.get(who)
    if seat is None or state.over:
        return []
    if verb == "declare":  # at any moment, from the points on (a free action)
        return [Action("declare")] if not seat.declared and seat.points >= THRESHOLDS[len(state.order)][0] else []
    if verb not in PHASES.allowed(state, who):
        return []
    r, hand = state.round, seat.hand
    if verb in ONE_WAY:  # pass, keep, star, roll: listed whenever the stage allows them
        return [ONE_WAY[verb]]
    if verb == "draw":  # a draw, or a reward
        return [action for _, action in DRAW]
    if verb == "play":  # placing, or after a mask: as _numbered, without the cards' names
        return list(dict.fromkeys(Action("play", (code(c),)) for c in sorted(hand, key=sort_key)
                                  if CARDS[c].kind == "number"))
    if verb == "mask":
        return [action for _, action in _masks(state, who)]
    if verb == "bonus":
        listed = [action for _, action in _bonuses(state, who)]
        return listed + [a for a in every_bonus(state, who) if a not in listed]
    if verb == "cancel":
        return [action for _, action in _cancels(state)]
    if r.phase == "lose":  # discard: a lost roll's card
        return [action for _, action in _cards(hand, "discard")]
    listed = [action for _, action in discard_answers(state, who)]  # discard: for a point
    return listed + [a for a in every_seven(hand) if a not in listed]


def _masks(state: TenxState, who: str) -> list[tuple[Msg, Action]]:
    """Whom a mask may take from: every other player holding a card (how many is public)."""
    return [(_("Mask {player}", player=p), Action("mask", (p,))) for p in state.order if p != who and state.seats[p].hand]


def _bonuses(state: TenxState, who: str) -> list[tuple[str, Action]]:
    """The question's bonus/malus answers: one per value that keeps the card within 1-10."""
    return [(f"{d:+d}", Action("bonus", (f"{d:+d}",))) for d in bonus_deltas(state, who)]


def _cancels(state: TenxState) -> list[tuple[Msg | str, Action]]:
    """The active common quests a third may cancel, by their number in 'quests'."""
    return [(COMMON[q].text, Action("cancel", (str(i),))) for i, q in enumerate(state.active, 1)]


def _cards(hand: list[str], verb: str) -> list[tuple[Msg | str, Action]]:
    """One answer per different card of the hand, numbered and bonus/malus alike."""
    seen: dict[str, Msg | str] = {}
    for c in sorted(hand, key=sort_key):
        seen.setdefault(code(c) if CARDS[c].kind == "number" else f"{CARDS[c].value:+d}", CARDS[c].shown)
    return [(name, Action(verb, ("card", cmd))) for cmd, name in seen.items()]


def bonus_word(hand: list[str], card: str) -> str:
    """How legal names playing ``card`` as a bonus: its signed value ('+2'), unless that word would
    play another card (a +2 bonus card is played before a numbered card's +2 bottom), then the
    numbered card's exact code ('3s+2')."""
    delta = f"{CARDS[card].as_bonus:+d}"
    if CARDS[card].kind == "bonus":
        return delta
    played = bonus_card(hand, delta)  # what the signed value would play
    return delta if CARDS[played].kind == "number" and code(played) == code(card) else code(card)


def every_bonus(state: TenxState, who: str) -> list[Action]:
    """Every card that may be played on one's card now, each by its bonus_word: which card leaves
    the hand is the player's choice, not only the value it adds."""
    hand, value = state.seats[who].hand, state.round.table[who].value
    fit = [c for c in sorted(hand, key=sort_key) if CARDS[c].as_bonus and 1 <= value + CARDS[c].as_bonus <= 10]
    return list(dict.fromkeys(Action("bonus", (bonus_word(hand, c),)) for c in fit))


def every_seven(hand: list[str]) -> list[Action]:
    """Every different set of seven game cards the hand may discard for a point, each named as the
    question names the cheapest (cheapest first): any seven are as legal, the question offers one."""
    words = [code(c) if CARDS[c].kind == "number" else f"{CARDS[c].value:+d}" for c in cheapest(hand, len(hand))]
    return [Action("discard", ("cards", *seven)) for seven in dict.fromkeys(combinations(words, DISCARD_CARDS))]


def cheapest(hand: list[str], n: int) -> list[str]:
    """The ``n`` game cards a player parts with most easily: bonus/malus first, then the lowest numbers."""
    return sorted(hand, key=lambda c: (CARDS[c].kind == "number", CARDS[c].value, c))[:n]


def discard_label(cards: list[str]) -> Msg:
    """The answer that discards ``cards`` for a point, in words a newcomer reads ('Discard 7 cards
    for a point: +2, 1, 2 star, 4 star/die ...'), not the typed codes ('+2 1 2s 4sd'); a card's
    bonus bottom is left out, as it does not matter to a discard."""
    names = [f"{CARDS[c].value:+d}" if CARDS[c].kind == "bonus" else
             _("{value} {mods}", value=CARDS[c].value, mods=MODS_SHOWN[CARDS[c].mods]) if CARDS[c].mods else
             str(CARDS[c].value) for c in cards]
    return _.plural("Discard {n} card for a point: {cards}", "Discard {n} cards for a point: {cards}", len(cards),
                    cards=listed(names))


def discard_answers(state: TenxState, who: str) -> list[tuple[Msg, Action]]:
    """What may be discarded for a point right after drawing: the seven cheapest cards, three quests."""
    seat, out = state.seats[who], []
    if len(seat.hand) >= DISCARD_CARDS:
        seven = cheapest(seat.hand, DISCARD_CARDS)
        words = [code(c) if CARDS[c].kind == "number" else f"{CARDS[c].value:+d}" for c in seven]
        out.append((discard_label(seven), Action("discard", ("cards", *words))))
    for pool, word, label in ((seat.shown, "resolved", _("Discard three quests you met for a point")),
                              (seat.quests, "hand", _("Discard three quests you hold for a point"))):
        if len({PERSONAL[q].text for q in pool}) >= DISCARD_QUESTS:
            out.append((label,
                        Action("discard", ("quests", *quests_words(seat, word)))))
    return out


def _question(state: TenxState, who: str) -> tuple[Msg, list[tuple[Msg | str, Action]]] | None:
    r, hand = state.round, state.seats[who].hand
    draw = list(DRAW)
    if r.phase == "draw" and r.discarding == who:
        return _("You may discard for a point now, and only now."), discard_answers(state, who) + [
            (_("Keep them"), Action("pass"))]
    if r.phase == "draw":
        return _("Draw: a numbered card, or two bonus/malus cards."), draw
    if r.phase == "reward":
        return _("Your reward for {why}: a card, or two bonus/malus.", why=r.rewards[0][1]), draw
    if r.phase == "place":
        return _("Place a card face down, or pass."), [PASS] + _numbered(hand, "play")
    if r.phase == "mask" and r.taken:
        return (_("Play another card in place of yours, or keep it."),
                _numbered(hand, "play") + [(_("Keep"), Action("keep"))])
    if r.phase == "mask":
        return _("Your mask may take a random card from a player's hand."), _masks(state, who) + [PASS]
    if r.phase == "bonus":
        return expected(state, who), _bonuses(state, who) + [PASS]
    if r.phase == "star":
        return expected(state, who), [(_("Star"), Action("star")), PASS]
    if r.phase == "die":
        return expected(state, who), [(_("Roll"), Action("roll")), PASS]
    if r.phase == "lose":
        return expected(state, who), _cards(hand, "discard")
    if r.phase == "cancel":
        return _("You may cancel another common quest."), _cancels(state) + [PASS]
    return None
