"""Quest for Legend: heroes of ancient Greece race for Legend Points (rules/quest-for-legend.md).
Exports GAME. The phases of a turn (1 to 4, the last round) and the verbs each allows: phases.py."""

from games.legend.game import GAME

__all__ = ["GAME"]
