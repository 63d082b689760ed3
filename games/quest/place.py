"""Where Quest is played in the world, apart from its rules: the room its tables stand in and the
place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place

ROOM = "gate"
PLACE = Place("the Labyrinth gate", "An iron gate in a wall of hedges. Beyond it forty rooms wait in the dark, each "
              "with four doors. Adventurers gather at the tables here to enter together.", "n")
