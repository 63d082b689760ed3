"""Quest for Legend: heroes of ancient Greece race for Legend Points (rules/quest-for-legend.md).
Exports GAME. The phases of a turn (1 to 4, the last round) and the verbs each allows: phases.py."""

from games.engine import built_on_use
from games.legend.place import PLACE, ROOM

__getattr__ = built_on_use("games.legend.game")  # GAME: its rules, bots and screens, loaded when first asked for

__all__ = ["GAME", "PLACE", "ROOM"]
