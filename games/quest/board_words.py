"""The words Quest offers its board for drawing the labyrinth (``GameSpec.board``): a door's face and
direction, a key, a player's condition, and the map's key -- the game's own messages, so they are
worded from Quest's catalogue. Pure data: the board draws them, this module knows no screen.

(Door colours and money stay the board's words: Quest's catalogue says "d'oro", the colour as the
game's sentences need it, where the board's columns say "oro".)"""

from __future__ import annotations

from games.quest.words import _

FACE_WORD = {"open": _("open"), "closed": _("closed"), "unknown": _("not seen"), "locked": _("locked")}
# the directions of a room's doors, by the game's names for them (data.DIRECTION_NAMES' values)
DIRECTION_WORD = {"north": _("north"), "east": _("east"), "south": _("south"), "west": _("west")}
CONDITION_WORD = {"dead": _("dead"), "wounded": _("wounded")}
KEY_WORD = {"gold": _("gold key"), "silver": _("silver key"), "black": _("black key")}

# The line under the map: what each door glyph means (a player's own marks, o and X, are dimmed).
DOOR_MARKS = _("─ open  x closed  ┄ unseen  G S B locked")

# The help page's account of the map.
MAP_KEY = _("""\
The map (top left) is your own: only what you have seen or been told.
  Rooms: ? not seen yet, else type + difficulty: Ca castle, De desert,
  Fo forest, Ci city, To tower, Fi field of Mars, Ch church,
  Co countryside, Po port, Dr dragon's cave. Your room is highlighted.
  After a room: @ you, a letter/digit another player (see the list on
  the right), + several, k a key on the floor, * your note. A crowded
  room shows all its marks in place of its name (@1k: you, bot1, a key).
  Doors, in their colours: ─ │ open   x closed   ┄ ┆ not seen yet
  G S B locked (gold, silver, black).""")

# The commands the board's palette (ctrl+p) offers: (name, what it does, the command typed).
PALETTE = (
    (_("Peek"), _("Look at every door of your room"), "peek"),
    (_("Act"), _("Attempt your room's action (d6 >= difficulty)"), "act"),
    (_("Stop / pass"), _("End your move, or pass the turn"), "stop"),
    (_("Move north"), _("Step through the north door"), "move n"),
    (_("Move east"), _("Step through the east door"), "move e"),
    (_("Move south"), _("Step through the south door"), "move s"),
    (_("Move west"), _("Step through the west door"), "move w"),
    (_("Take key"), _("Pick up a key lying in your room"), "take key"),
    (_("Allow"), _("Let the player asking to enter your room in"), "allow"),
    (_("Deny"), _("Keep the player asking to enter your room out"), "deny"),
    (_("Look"), _("Describe where you are"), "look"),
    (_("Inventory"), _("What you carry"), "inventory"),
    (_("Score"), _("Everyone's public standing"), "score"),
    (_("Who"), _("Who is at this table"), "who"),
)
