"""Quest: the labyrinth MUD played by hand, made a real one (rules/quest.md)."""

from games.quest.game import GAME

__all__ = ["GAME"]
