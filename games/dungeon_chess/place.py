"""Where Dungeon Chess is played in the world, apart from its rules: the room its tables stand in and the
place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place

ROOM = "castle"
PLACE = Place("the Castle dungeon", "Torchlight on a floor of black and white flagstones, where pieces "
              "fight in the dark.", "w")
