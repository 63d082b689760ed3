"""Quest: the labyrinth MUD played by hand, made a real one (rules/quest.md).
The stages of a turn and the verbs each allows (turn, moving, leave, asking, the duel's): phases.py."""

from games.engine import built_on_use
from games.quest.place import PLACE, ROOM

__getattr__ = built_on_use("games.quest.game")  # GAME: its rules, bots and screens, loaded when first asked for

__all__ = ["GAME", "PLACE", "ROOM"]
