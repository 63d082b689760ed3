"""Where Dungeon Chess is played in the world, apart from its rules: the room its tables stand in and the
place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place
from games.dungeon_chess.words import _

ROOM = "castle"
# The place's name and description, as messages (each reader's catalogue words them).
NAME, DESCRIPTION = _("the Castle dungeon"), _("Torchlight on a floor of black and white flagstones, where pieces "
                                           "fight in the dark.")
HEADING = _("The Castle dungeon")  # the name heading its description
PLACE = Place(NAME, DESCRIPTION, "w", HEADING)
