"""Where Quest for Legend is played in the world, apart from its rules: its title, the room its tables stand
in and the place it brings (name, description, the road from the Crossroads). The package exports them beside
``GAME``, so the world lists its rooms without building any game (games.place_of)."""

from __future__ import annotations

from games.engine import Place

TITLE = "Quest for Legend"  # GameSpec.title, and the refusal of a verb the game lacks (refusals.py)
ROOM = "harbour"
PLACE = Place("the Harbour temple", "White columns above the quay. Heroes swear their oaths here before "
              "sailing for legend.", "s")
