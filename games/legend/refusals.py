"""Every refusal of Quest for Legend in one place: ``why_not`` (``GameSpec.why_not``) words why an
action that is not legal is refused, in the words the handlers used when they still checked their
moves (issue 41). ``apply`` calls it only for an action the legal actions do not hold (its canonical
form), after the phase table has let the verb through, so a refusal here is about the words: the
mission, the cards, the count; the handlers (play.py, turns.py) only carry a legal move out.

It reads the line as the handlers read it (reading.py) and tells only what the player may know:
their own hand and the table."""

from __future__ import annotations

from collections import Counter
from typing import Callable

from games.engine import Action
from games.legend.data import HAND_LIMIT, MISSIONS, card_name
from games.legend.deal import hand_text
from games.legend.moments import dead, expected
from games.legend.place import TITLE
from games.legend.reading import cards_named, locate, missions_named, needs_text, split, units_of
from games.legend.state import LegendState
from games.legend.turns import startable

BARE = ("draw", "pass")  # the verbs that take no words


def why_not(state: LegendState, player: str, action: Action) -> str | None:
    """Why ``action`` (canonical, not legal) is refused, in one line; None: the general line."""
    verb, words = action.verb, action.args
    refusal = REFUSALS.get(verb)
    if refusal is None:
        return f"{TITLE} has no '{verb}' action."
    if verb in BARE and words:
        return f"'{verb}' does not take those arguments."
    return refusal(state, player, words)


def _placing(state: LegendState, player: str, words: tuple, own: bool) -> str | None:
    """Resource cards under a mission (phase 1): no mission to name, a word that names none, cards
    the hand lacks or the mission does not need, or a claim without a card that the hero cannot make."""
    if not state.table:
        return "No mission is on the table yet: resource cards go only under missions."
    ref, cards = split(words)
    entry, problem = locate(state, player, ref, own)
    if problem is not None:
        return problem
    units, problem = units_of(state, player, entry, cards)
    if problem is not None or units:
        return problem
    hero = state.hero(player)
    verb = "undertake" if own else "disturb"
    if hero.favoured != entry.mission:
        return f"Name the cards to play: '{verb} {entry.mission} with {needs_text(entry.missing()).split()[0]}'."
    missing = sum(entry.missing().values())
    if missing != 1:
        return (f"{MISSIONS[entry.mission].short} is {missing} cards short: as {hero.name} you may claim it "
                "without a card only when it is one card short.")
    return None


def _undertaking(state: LegendState, player: str, words: tuple) -> str | None:
    return _placing(state, player, words, own=True)


def _disturbing(state: LegendState, player: str, words: tuple) -> str | None:
    return _placing(state, player, words, own=False)


def _starting(state: LegendState, player: str, words: tuple) -> str | None:
    """Missions started from the hand (phase 2): none named, a word that names no mission card, a card
    the hand lacks, or a dead twin."""
    if not words:
        can = startable(state, player)
        return f"Start which mission? From your hand: {hand_text(can) if can else 'none'}."
    keys, problem = missions_named(state, player, words)
    if problem is not None:
        return problem
    have = Counter(state.seats[player].hand)
    for key, n in Counter(keys).items():
        if have[key] < n:
            return f"You hold no{' second' if have[key] else ''} {MISSIONS[key].short} card."
        if dead(state, key):
            return f"{MISSIONS[key].name} has been completed: your card is a dead twin (discard it after drawing)."
    return None


def _discarding(state: LegendState, player: str, words: tuple) -> str | None:
    """Cards discarded (phase 4): a word that names no card in hand, none named, more than the hand
    holds, or more than the hand is over five besides dead twins."""
    hand = state.seats[player].hand
    cards, problem = cards_named(state, player, words)
    if problem is not None:
        return problem
    if not cards:
        return f"Discard which card? Your hand: {hand_text(hand)}."
    have = Counter(hand)
    for c, n in Counter(cards).items():
        if have[c] < n:
            return f"You hold {have[c] or 'no'} {card_name(c)} card{'s' * (have[c] != 1)}, not {n}."
    alive = [c for c in cards if not dead(state, c)]
    over = max(0, len(hand) - HAND_LIMIT)
    if len(alive) > over:
        return (f"You may discard only {over} card{'s' * (over != 1)} besides dead twins." if over else
                "You keep your five cards: only dead twins may be discarded now.")
    return None


def _passing(state: LegendState, player: str, words: tuple) -> str | None:
    """Ending phase 4 with more than five cards: what the phase still wants."""
    if state.phase == "discard" and len(state.seats[player].hand) > HAND_LIMIT:
        return expected(state, player)
    return None


def _drawing(state: LegendState, player: str, words: tuple) -> str | None:
    """The draw is legal whenever the phase table lets it through: nothing of its own to refuse."""
    return None


# action verb -> why its words are refused (the verbs' handlers, verbs.py, carry the legal ones out)
REFUSALS: dict[str, Callable[[LegendState, str, tuple], str | None]] = {
    "undertake": _undertaking, "disturb": _disturbing, "start": _starting, "discard": _discarding,
    "pass": _passing, "draw": _drawing,
}
