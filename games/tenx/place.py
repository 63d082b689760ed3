"""Where 10x is played in the world, apart from its rules: the room its tables stand in and the
place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place
from games.tenx.words import _

ROOM = "tavern"
# The place's name and description, as messages (each reader's catalogue words them).
NAME, DESCRIPTION = _("the Tavern"), _("Smoke, laughter and the slap of cards. Every table has a deck of a hundred "
                                   "numbered cards.")
HEADING = _("The Tavern")  # the name heading its description
PLACE = Place(NAME, DESCRIPTION, "e", HEADING)
