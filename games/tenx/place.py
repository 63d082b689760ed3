"""Where 10x is played in the world, apart from its rules: the room its tables stand in and the
place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place

ROOM = "tavern"
PLACE = Place("the Tavern", "Smoke, laughter and the slap of cards. Every table has a deck of a hundred "
              "numbered cards.", "e")
