"""Dungeon Chess (Sergio Fersini's board game for 2-4) in the Castle dungeon: ``mud play chess``.
The stages (secret targets, then one player's move at a time) and their verbs: phases.py."""

from games.dungeon_chess.game import GAME

__all__ = ["GAME"]
