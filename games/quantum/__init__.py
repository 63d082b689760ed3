"""Quantum: dice fleets build cubes on the planets of a modular map (rules/quantum.md). Exports GAME.
The stages (opening roll, starting planets, the turn, each owed choice) and their verbs: phases.py."""

from games.engine import built_on_use
from games.quantum.place import PLACE, ROOM

__getattr__ = built_on_use("games.quantum.game")  # GAME: its rules, bots and screens, loaded when first asked for

__all__ = ["GAME", "PLACE", "ROOM"]
