"""Quest for Legend: heroes of ancient Greece race for Legend Points (rules/quest-for-legend.md).
Exports GAME."""

from games.legend.game import GAME

__all__ = ["GAME"]
