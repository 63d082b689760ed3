"""Where 10x is played in the world, apart from its rules: the room its tables stand in and the
place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place
from games.tenx.words import _

ROOM = "tavern"
# The place's name and description as messages (the catalogue's Italian); ``PLACE`` keeps their English
# text while the world's rooms are plain strings (mud/world/rooms.py joins and compares them).
NAME, DESCRIPTION = _("the Tavern"), _("Smoke, laughter and the slap of cards. Every table has a deck of a hundred "
                                   "numbered cards.")
PLACE = Place(str(NAME), str(DESCRIPTION), "e")
