"""Quantum's rule paths (``GameSpec.paths``): ways a rule goes that share an event kind with its
usual way, each a predicate on one event's JSON record. tests/contract/test_coverage.py wants each
reached by the seeded bot games or a command file of tests/contract/scripts/quantum/, as it wants
every event kind: a rule no game ever takes is a rule nobody has seen work."""

from __future__ import annotations


def _round_cap(r: dict) -> bool:
    """The game ran to the round cap (data.MAX_ROUNDS): the most cubes placed win."""
    return r["type"] == "game_over" and r.get("by") == "rounds"


def _shared_win(r: dict) -> bool:
    """More than one winner (at the round cap, players tied on cubes placed share the win)."""
    return r["type"] == "game_over" and len(r.get("winners", ())) > 1


def _reorganise_no_effect(r: dict) -> bool:
    """Reorganise played and no ship rerolled ('keep', or no ship in play)."""
    return r["type"] == "reorganised" and not r.get("ships")


def _enemy_carried(r: dict) -> bool:
    """A 2 carries another player's ship (ability 2: "own or enemy")."""
    return r["type"] == "carried" and r.get("owner") != r.get("player")


def _own_swapped(r: dict) -> bool:
    """A 3 swaps places with a ship of its own fleet (ability 3: "un'altra nave", any other ship)."""
    return r["type"] == "swapped" and r.get("owner") == r.get("player")


PATHS = {
    "round_cap_reached": _round_cap,
    "shared_win": _shared_win,
    "reorganise_no_effect": _reorganise_no_effect,
    "enemy_ship_carried": _enemy_carried,
    "own_ship_swapped": _own_swapped,
}
