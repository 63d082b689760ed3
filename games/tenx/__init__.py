"""10x: the highest card takes the point (rules/tenx.md). Exports GAME."""

from games.tenx.game import GAME

__all__ = ["GAME"]
