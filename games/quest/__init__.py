"""Quest: the labyrinth MUD played by hand, made a real one (rules/quest.md).
The stages of a turn and the verbs each allows (turn, moving, leave, asking, the duel's): phases.py."""

from games.quest.game import GAME

__all__ = ["GAME"]
