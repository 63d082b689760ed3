"""Where Dungeon Chess is played in the world, apart from its rules: the room its tables stand in and the
place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place
from games.dungeon_chess.words import _

ROOM = "castle"
# The place's name and description as messages (the catalogue's Italian); ``PLACE`` keeps their English
# text while the world's rooms are plain strings (mud/world/rooms.py joins and compares them).
NAME, DESCRIPTION = _("the Castle dungeon"), _("Torchlight on a floor of black and white flagstones, where pieces "
                                           "fight in the dark.")
PLACE = Place(str(NAME), str(DESCRIPTION), "w")
