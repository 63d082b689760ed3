"""The one form of each 10x action that ``legal_actions`` lists (``GameSpec.canonical``): a card
named any way the hand allows ('play 2', 'play 2 star', 'PLAY 2S') is its exact code ('play 2s'), a
bonus/malus card its signed value (a card played as a bonus too, unless that value would play
another card: then its code); seven cards discarded for a point are listed cheapest first;
'draw' is 'draw card'; 'discard quests' names the pile it takes; a common quest cancelled by name is
its number. ``apply`` runs the handler on this form (the same card: identical cards are
interchangeable), so an action applies exactly when its canonical form is legal."""

from __future__ import annotations

from games.engine import Action, RuleError
from games.tenx.cards import bonus_card, code, resolve_card
from games.tenx.data import CARDS, COMMON
from games.tenx.prompts import bonus_word
from games.tenx.scoring import pick_quests, quests_words
from games.tenx.state import TenxState


def card_word(card: str) -> str:
    """How legal names a card: a numbered card by its code, a bonus/malus by its signed value."""
    return code(card) if CARDS[card].kind == "number" else f"{CARDS[card].value:+d}"


def _cheapest_first(card: str) -> tuple:
    return CARDS[card].kind == "number", CARDS[card].value, card


def _seven(hand: list[str], words: tuple[str, ...]) -> tuple[str, ...]:
    picked: list[str] = []
    for w in words:
        picked.append(resolve_card([c for c in hand if c not in picked], w))
    return tuple(card_word(c) for c in sorted(picked, key=_cheapest_first))


def _quests(state: TenxState, player: str, words: tuple[str, ...]) -> tuple[str, ...]:
    """The pile (hand or resolved) that ``discard quests ...`` takes, when it is that pile's first
    three: no word when the bare ``discard quests`` takes the same (scoring.quests_words)."""
    seat = state.seats[player]
    picked = pick_quests(seat, words)
    for pile in ("resolved", "hand"):
        try:
            if pick_quests(seat, (pile,)) == picked:
                return quests_words(seat, pile)
        except RuleError:
            continue
    return words


def canonical(state: TenxState, player: str, action: Action) -> Action:
    """``action`` as legal lists it; unchanged when it names nothing the hand holds (not legal, then:
    refusals.py words why)."""
    verb, args = action.verb, action.args
    seat = state.seats.get(player)
    if seat is None or not all(isinstance(a, str) for a in args):
        return action
    try:
        if verb == "bonus" and len(args) == 1:
            return Action("bonus", (bonus_word(seat.hand, bonus_card(seat.hand, args[0])),))
        if verb == "draw" and not args:
            return Action("draw", ("card",))
        if verb == "play" and len(args) == 1 and args[0] in {code(c) for c in seat.hand if CARDS[c].kind == "number"}:
            return action  # a card's exact code (legal's spelling): resolve_card would name the same
        if verb == "play" and args:
            return Action("play", (code(resolve_card(seat.hand, " ".join(args), numbered=True)),))
        if verb == "discard" and args[:1] == ("card",) and len(args) > 1:
            return Action("discard", ("card", card_word(resolve_card(seat.hand, " ".join(args[1:])))))
        if verb == "discard" and args[:1] == ("cards",) and len(args) > 1:
            return Action("discard", ("cards", *_seven(seat.hand, args[1:])))
        if verb == "discard" and args[:1] == ("quests",):
            return Action("discard", ("quests", *_quests(state, player, tuple(a.lower() for a in args[1:]))))
        if verb == "cancel" and len(args) == 1 and not args[0].isdigit():
            which = args[0].strip().lower()
            hits = [i for i, q in enumerate(state.active, 1) if which in (q, str(COMMON[q].text).lower())]
            return Action("cancel", (str(hits[0]),)) if hits else action
    except RuleError:
        return action
    return action
