"""Quest's rule paths that share an event kind with others (``GameSpec.paths``): each a test on one
event's JSON record (docs/events.md), so the coverage test can ask that seeded bot games or the
command files of tests/contract/scripts/quest/ reach it (issue 24 listed those bots never took)."""

from __future__ import annotations

from typing import Callable


def _is(kind: str, **fields) -> Callable[[dict], bool]:
    return lambda r: r["type"] == kind and all(r.get(k) == v for k, v in fields.items())


PATHS = {
    # both unarmed: rock-paper-scissors, and a tie that goes to the lighter player
    "rps_played": _is("rps_revealed"),
    "rps_tie_to_the_lighter": lambda r: (r["type"] == "rps_revealed" and r["winner"] is not None
                                         and len(set(r["choices"].values())) == 1),
    "health_potion_drunk": _is("healed"),
    "gift_of_gold": lambda r: r["type"] == "gift" and "gold" in r,
    "gift_of_a_key": lambda r: r["type"] == "gift" and "key" in r,
    "bolt_stopped_by_a_closed_door": _is("bolt_stopped"),
    "driven_back_mortally_wounded": _is("driven_back", wounded=True),
    "crystal_ball_turns_a_door": _is("door_turned", by="crystal ball"),
    # a forced entry into a room of two or more occupants, won against each of them
    "beat_each_of_two_occupants": lambda r: r["type"] == "duel_won" and len(r.get("beaten", ())) >= 2,
    "duel_in_a_basic_game": _is("duel", rules="basic"),
}
