"""10x's rule paths that share an event kind with others (``GameSpec.paths``): each a test on one
event's JSON record, so the coverage test can ask that seeded games reach it."""

from __future__ import annotations


def _undeclared_at_target(r: dict) -> bool:
    """The game ends while a player who never declared holds the target's points: they cannot win
    ("bisogna dichiararlo per poter vincere")."""
    return r["type"] == "game_over" and any(
        points >= r["target"] and p not in r["declared"] for p, points in r["points"].items())


PATHS = {
    "end_with_undeclared_at_target": _undeclared_at_target,
    "tie_rolled_again": lambda r: r["type"] == "tie_rolled" and r["again"],
}
