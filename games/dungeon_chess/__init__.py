"""Dungeon Chess (Sergio Fersini's board game for 2-4) in the Castle dungeon: ``mud play chess``."""

from games.dungeon_chess.game import GAME

__all__ = ["GAME"]
