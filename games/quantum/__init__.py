"""Quantum: dice fleets build cubes on the planets of a modular map (rules/quantum.md). Exports GAME.
The stages (opening roll, starting planets, the turn, each owed choice) and their verbs: phases.py."""

from games.quantum.game import GAME

__all__ = ["GAME"]
