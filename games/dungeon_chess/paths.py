"""Dungeon Chess's rule paths that share an event kind with others (``GameSpec.paths``): each a
predicate on one event's JSON record. The coverage test (tests/contract/test_coverage.py) wants
every one reached by the seeded bot games or the command files of tests/contract/scripts/chess/.

The ``blocked`` end (a whole round of passes) is not among them: no position reachable from the
opening leaves every player without a move (docs/decisions.md), so it is a safeguard the rules
tests check on a position built by hand.
"""

from __future__ import annotations

PATHS = {
    # a fourth repeat of the same move, legal only because the player has no other action
    "repeat_waived": lambda r: r["type"] in ("moved", "captured", "teleported") and bool(r.get("waived")),
    # four players play 40 rounds without a capture or a ransom
    "four_player_quiet_end": lambda r: r["type"] == "ended" and r.get("reason") == "quiet" and r.get("players") == 4,
    # a Fighter ransomed: paid for with a chest and fielded again on one of its owner's entry squares
    "fighter_ransomed": lambda r: r["type"] == "ransomed" and r.get("piece") == "L",
}
