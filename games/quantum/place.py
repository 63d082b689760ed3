"""Where Quantum is played in the world, apart from its rules: the room its tables stand in and the
place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place

ROOM = "observatory"
PLACE = Place("the Observatory", "A dome of brass and glass at the top of a spiral stair. Star charts "
              "cover the tables.", "u")
