"""Where Quest is played in the world, apart from its rules: the room its tables stand in and the
place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place
from games.quest.words import _

ROOM = "gate"
# The place's name, its heading and description, as messages (each reader's catalogue words them).
NAME, HEADING = _("the Labyrinth gate"), _("The Labyrinth gate")
DESCRIPTION = _("An iron gate in a wall of hedges. Beyond it forty rooms wait in the dark, each with four doors. "
                "Adventurers gather at the tables here to enter together.")
PLACE = Place(NAME, DESCRIPTION, "n", HEADING)
