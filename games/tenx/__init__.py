"""10x: the highest card takes the point (rules/tenx.md). Exports GAME.
The steps of a round and the verbs each allows (draw, place, masks, bonus, star, die ...): phases.py."""

from games.tenx.game import GAME

__all__ = ["GAME"]
