"""Several at once (``GameSpec.unlisted``): what Quest for Legend's rules accept in one line but
``legal_actions`` lists one at a time, so the list stays finite -- several resource cards under a
mission (legal lists each card, and the set that meets the mission), several missions started,
several cards discarded. Part of legality: ``apply`` accepts an action exactly when it is listed or
is one of these (docs/decisions.md, "The rules' one truth")."""

from __future__ import annotations

from collections import Counter

from games.engine import Action
from games.legend.data import HAND_LIMIT
from games.legend.moments import dead
from games.legend.reading import locate, split, units_of
from games.legend.state import LegendState

SINGLE = {"start": 1, "discard": 1, "undertake": 3, "disturb": 3}  # verb -> arguments of a single one


def several(state: LegendState, player: str, action: Action, legal: list[Action]) -> bool:
    """Is ``action`` (canonical) several listed ones at once that the rules accept together?"""
    verb, args = action.verb, action.args
    if verb not in SINGLE or len(args) <= SINGLE[verb] or not all(isinstance(a, str) for a in args):
        return False
    hand = Counter(state.seats[player].hand)
    if verb in ("start", "discard"):
        if any(Action(verb, (a,)) not in legal for a in args) or Counter(args) - hand:
            return False
        alive = sum(not dead(state, a) for a in args)
        return verb == "start" or alive <= max(0, sum(hand.values()) - HAND_LIMIT)
    named, cards = split(args)
    entry, _ = locate(state, player, named, own=verb == "undertake")
    return entry is not None and bool(units_of(state, player, entry, cards)[0])
