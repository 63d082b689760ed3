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
from games.legend.data import HAND_LIMIT
from games.legend.deal import hand_text
from games.legend.moments import dead, expected
from games.legend.names import HERO_NAMES, MISSION_NAMES, MISSION_SHORT, card_shown
from games.legend.reading import cards_named, holding, locate, missions_named, needs_text, split, units_of
from games.legend.state import LegendState
from games.legend.turns import startable
from games.legend.words import _

BARE = ("draw", "pass")  # the verbs that take no words


def why_not(state: LegendState, player: str, action: Action):
    """Why ``action`` (canonical, not legal) is refused, in one line; None: the general line."""
    verb, words = action.verb, action.args
    refusal = REFUSALS.get(verb)
    if refusal is None:
        return _("Quest for Legend has no '{verb}' action.", verb=verb)
    if verb in BARE and words:
        return _("'{verb}' does not take those arguments.", verb=verb)
    return refusal(state, player, words)


def _placing(state: LegendState, player: str, words: tuple, own: bool):
    """Resource cards under a mission (phase 1): no mission to name, a word that names none, cards
    the hand lacks or the mission does not need, or a claim without a card that the hero cannot make."""
    if not state.table:
        return _("No mission is on the table yet: resource cards go only under missions.")
    ref, cards = split(words)
    entry, problem = locate(state, player, ref, own)
    if problem is not None:
        return problem
    units, problem = units_of(state, player, entry, cards)
    if problem is not None or units:
        return problem
    hero = state.hero(player)
    if hero.favoured != entry.mission:
        words = dict(mission=entry.mission, card=str(needs_text(entry.missing())).split()[0])
        return (_("Name the cards to play: 'undertake {mission} with {card}'.", **words) if own
                else _("Name the cards to play: 'disturb {mission} with {card}'.", **words))
    missing = sum(entry.missing().values())
    if missing != 1:
        return _("{mission} is {n} cards short: as {hero} you may claim it without a card only when it is one card "
                 "short.", mission=MISSION_SHORT[entry.mission], n=missing, hero=HERO_NAMES[hero.key])
    return None


def _undertaking(state: LegendState, player: str, words: tuple):
    return _placing(state, player, words, own=True)


def _disturbing(state: LegendState, player: str, words: tuple):
    return _placing(state, player, words, own=False)


def _starting(state: LegendState, player: str, words: tuple):
    """Missions started from the hand (phase 2): none named, a word that names no mission card, a card
    the hand lacks, or a dead twin."""
    if not words:
        can = startable(state, player)
        return _("Start which mission? From your hand: {cards}.", cards=hand_text(can) if can else _("none"))
    keys, problem = missions_named(state, player, words)
    if problem is not None:
        return problem
    have = Counter(state.seats[player].hand)
    for key, n in Counter(keys).items():
        if have[key] < n:
            return (_("You hold no second {mission} card.", mission=MISSION_SHORT[key]) if have[key]
                    else _("You hold no {mission} card.", mission=MISSION_SHORT[key]))
        if dead(state, key):
            return _("{mission} has been completed: your card is a dead twin (discard it after drawing).",
                     mission=MISSION_NAMES[key])
    return None


def _discarding(state: LegendState, player: str, words: tuple):
    """Cards discarded (phase 4): a word that names no card in hand, none named, more than the hand
    holds, or more than the hand is over five besides dead twins."""
    hand = state.seats[player].hand
    cards, problem = cards_named(state, player, words)
    if problem is not None:
        return problem
    if not cards:
        return _("Discard which card? Your hand: {hand}.", hand=hand_text(hand))
    have = Counter(hand)
    for c, n in Counter(cards).items():
        if have[c] < n:
            return holding(have[c], card_shown(c), n)
    alive = [c for c in cards if not dead(state, c)]
    over = max(0, len(hand) - HAND_LIMIT)
    if len(alive) > over:
        return (_.plural("You may discard only {n} card besides dead twins.",
                         "You may discard only {n} cards besides dead twins.", over) if over else
                _("You keep your five cards: only dead twins may be discarded now."))
    return None


def _passing(state: LegendState, player: str, words: tuple):
    """Ending phase 4 with more than five cards: what the phase still wants."""
    if state.phase == "discard" and len(state.seats[player].hand) > HAND_LIMIT:
        return expected(state, player)
    return None


def _drawing(state: LegendState, player: str, words: tuple):
    """The draw is legal whenever the phase table lets it through: nothing of its own to refuse."""
    return None


# action verb -> why its words are refused (the verbs' handlers, verbs.py, carry the legal ones out)
REFUSALS: dict[str, Callable[[LegendState, str, tuple], str | None]] = {
    "undertake": _undertaking, "disturb": _disturbing, "start": _starting, "discard": _discarding,
    "pass": _passing, "draw": _drawing,
}
