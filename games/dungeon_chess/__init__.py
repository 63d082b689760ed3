"""Dungeon Chess (Sergio Fersini's board game for 2-4) in the Castle dungeon: ``mud play chess``.
The stages (secret targets, then one player's move at a time) and their verbs: phases.py."""

from games.engine import built_on_use
from games.dungeon_chess.place import PLACE, ROOM

__getattr__ = built_on_use("games.dungeon_chess.game")  # GAME: its rules, bots and screens, loaded when first asked for

__all__ = ["GAME", "PLACE", "ROOM"]
