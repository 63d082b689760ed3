"""The one form of each Quest for Legend action that ``legal_actions`` lists (``GameSpec.canonical``):
a mission on the table named any way that finds it ('Bob's MEDUSA', '3') is the word legal uses (its
key, or its number when two could be meant), followed by 'with' and the card letters in capitals, in
the order given ('with i c' -> 'with I C'); missions started and cards discarded are named by their
keys. ``apply`` runs the handler on this form.

Not canonical (decisions.md): several cards under a mission at once other than the set that meets it,
and several missions started or cards discarded in one line, are accepted as the rules allow but
legal lists them one at a time."""

from __future__ import annotations

from games.engine import Action, RuleError
from games.legend.data import mission_word, resource_word
from games.legend.play import SKIP, find, split
from games.legend.prompts import ref
from games.legend.state import LegendState
from games.legend.turns import missions_named


def _card(state: LegendState, player: str, word: str) -> str:
    """A card of the hand named by a discard: a resource letter or a mission's key."""
    t = resource_word(word)
    if t is None:
        hits = [k for k in mission_word(word) if k in state.seats[player].hand]
        t = hits[0] if len(hits) == 1 else None
    if t is None:
        raise RuleError(word)
    return t


def _place(state: LegendState, player: str, verb: str, words: tuple[str, ...]) -> Action:
    named, cards = split(words)
    entry = find(state, player, named, own=verb == "undertake")
    cards = [w if w.lower() == "as" else resource_word(w) for w in cards if w.lower() not in SKIP]
    if None in cards:
        raise RuleError("not a resource card")
    cards = [w.lower() if w.lower() == "as" else w for w in cards]
    word = ref(state, player, entry)
    return Action(verb, (word, "with", *cards) if cards else (word,))


def canonical(state: LegendState, player: str, action: Action) -> Action:
    """``action`` as legal lists it; unchanged when its words name nothing (the handler refuses it)."""
    verb, args = action.verb, action.args
    if player not in state.seats or not args or not all(isinstance(a, str) for a in args):
        return action
    try:
        if verb in ("undertake", "disturb"):
            return _place(state, player, verb, args)
        if verb == "start":
            return Action("start", tuple(missions_named(state, player, args)))
        if verb == "discard":
            return Action("discard", tuple(_card(state, player, w) for w in args
                                           if w.lower() not in ("and", ",", "the", "card", "cards")))
    except (RuleError, IndexError):
        return action
    return action
