"""10x: the highest card takes the point (rules/tenx.md). Exports GAME.
The steps of a round and the verbs each allows (draw, place, masks, bonus, star, die ...): phases.py."""

from games.engine import built_on_use
from games.tenx.place import PLACE, ROOM

__getattr__ = built_on_use("games.tenx.game")  # GAME: its rules, bots and screens, loaded when first asked for

__all__ = ["GAME", "PLACE", "ROOM"]
