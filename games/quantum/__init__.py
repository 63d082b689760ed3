"""Quantum: dice fleets build cubes on the planets of a modular map (rules/quantum.md). Exports GAME."""

from games.quantum.game import GAME

__all__ = ["GAME"]
