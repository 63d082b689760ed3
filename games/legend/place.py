"""Where Quest for Legend is played in the world, apart from its rules: its title, the room its tables stand
in and the place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place
from games.legend.words import _

TITLE = "Quest for Legend"  # GameSpec.title, and the refusal of a verb the game lacks (refusals.py)
ROOM = "harbour"
# The place's name, its heading and description, as messages (each reader's catalogue words them).
NAME, HEADING = _("the Harbour temple"), _("The Harbour temple")
DESCRIPTION = _("White columns above the quay. Heroes swear their oaths here before sailing for legend.")
PLACE = Place(NAME, DESCRIPTION, "s", HEADING)
