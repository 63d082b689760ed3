"""Where Quantum is played in the world, apart from its rules: the room its tables stand in and the
place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place
from games.quantum.words import _

ROOM = "observatory"
# The place's name, its heading and description, as messages (each reader's catalogue words them).
NAME, HEADING = _("the Observatory"), _("The Observatory")
DESCRIPTION = _("A dome of brass and glass at the top of a spiral stair. Star charts cover the tables.")
PLACE = Place(NAME, DESCRIPTION, "u", HEADING)
