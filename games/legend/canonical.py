"""The one form of each Quest for Legend action that ``legal_actions`` lists (``GameSpec.canonical``):
a mission on the table named any way that finds it ('Bob's MEDUSA', '3') is the word legal uses (its
key, or its number when two could be meant), followed by 'with' and the card letters in capitals, in
the order given ('with i c' -> 'with I C'); missions started and cards discarded are named by their
keys. ``apply`` runs the handler on this form.

Not canonical (decisions.md): several cards under a mission at once other than the set that meets it,
and several missions started or cards discarded in one line, are accepted as the rules allow but
legal lists them one at a time."""

from __future__ import annotations

from games.engine import Action
from games.legend.data import resource_word
from games.legend.prompts import ref
from games.legend.reading import SKIP, cards_named, locate, missions_named, split
from games.legend.state import LegendState


def _place(state: LegendState, player: str, verb: str, words: tuple[str, ...]) -> Action | None:
    """A placement as legal lists it, or None when its words name no mission or a word no card."""
    named, cards = split(words)
    entry, _ = locate(state, player, named, own=verb == "undertake")
    cards = [w if w.lower() == "as" else resource_word(w) for w in cards if w.lower() not in SKIP]
    if entry is None or None in cards:
        return None
    cards = [w.lower() if w.lower() == "as" else w for w in cards]
    word = ref(state, player, entry)
    return Action(verb, (word, "with", *cards) if cards else (word,))


def canonical(state: LegendState, player: str, action: Action) -> Action:
    """``action`` as legal lists it; unchanged when its words name nothing (``why_not`` words why)."""
    verb, args = action.verb, action.args
    if player not in state.seats or not args or not all(isinstance(a, str) for a in args):
        return action
    if verb in ("undertake", "disturb"):
        return _place(state, player, verb, args) or action
    if verb in ("start", "discard"):
        named, problem = (missions_named if verb == "start" else cards_named)(state, player, args)
        return action if problem is not None else Action(verb, tuple(named))
    return action
