"""Quest's map in the TUI: the player's own map of the labyrinth, small (42 columns, 10 lines) or,
on a big terminal, large (80 columns, 15 lines) -- pure functions of the player's view dict.

Split from mud/tui/boards/quest.py, which draws the rest of Quest's board and re-exports these. The
map is the one place where hidden information could most easily leak onto the screen: nothing here
sees the game state, only ``session.view()``; a room the player has not seen shows ``?``.
"""

from __future__ import annotations

from rich.text import Text

import games

# Quest's public geometry, reached through the catalogue (the shell imports no game's modules).
_GRID = games.get("quest").board
COLS, MAP_CODE, ROWS = _GRID.cols, _GRID.map_code, _GRID.rows
DIRECTION_NAMES, OBJECT_NAMES = _GRID.direction_names, _GRID.object_names

CELL = 4  # label (3) + marker (1)
STEP = CELL + 1  # a cell and the door glyph after it
LEFT = 3  # "A  " before the first cell

# Door colours as terminal styles. A black door on a dark screen needs a light ground to be seen.
DOOR_STYLE = {
    "green": "bold green",
    "white": "bold bright_white",
    "red": "bold red",
    "gold": "bold yellow",
    "silver": "bold grey70",
    "black": "bold black on grey62",
}
KEY_STYLE = {"gold": "bold yellow", "silver": "bold grey70", "black": "bold black on grey62"}
OTHER_STYLES = ("bold cyan", "bold magenta", "bold bright_blue", "bold bright_green", "bold orange1")
ME_STYLE = "bold bright_yellow"

LEGEND = "─ open  x closed  ┄ unseen  G S B locked"  # (your own marks: o and X, dim)


def door_glyph(door: dict, vertical: bool) -> tuple[str, str]:
    """(character, style) for one door as this player knows it; ``vertical`` joins two rows."""
    colour, face = door["colour"], door["face"]
    style = DOOR_STYLE.get(colour, "bold")
    if face == "locked":
        return colour[0].upper(), style
    if face == "open":
        return ("│" if vertical else "─"), style
    if face == "closed":
        return "x", style
    if door.get("mark"):  # the player's own mark on a door they have not seen: their guess, dimmed
        return ("o" if door["mark"] == "open" else "X"), style + " dim"
    return ("┆" if vertical else "┄"), style


def markers(view: dict) -> dict[str, str]:
    """One character per player ('@' you, bot1 -> 1 ...), the same as on the line-mode map."""
    return _GRID.player_marks(view)


def marker_style(view: dict, name: str) -> str:
    if name == view.get("you"):
        return ME_STYLE
    others = [n for n in view["order"] if n != view.get("you")]
    return OTHER_STYLES[others.index(name) % len(OTHER_STYLES)]


def _door(view: dict, a: str, b: str) -> dict:
    return view["doors"][_GRID.door_between(a, b)]


def _cell(view: dict, room: str, marks: dict[str, str]) -> Text:
    """The 4 characters of one room: its label and one mark, or a crowded room's marks (you, the
    others, a key) in place of its label, so none hides another."""
    me = view.get("you")
    known = view["rooms"].get(room)
    here = [n for n in view["order"] if view["players"][n]["pos"] == room
            and (view["players"][n].get("alive", True) or n == me)]  # the dead leave the board
    mine = me in here  # your own room: its label reversed
    if known:
        label = Text(f"{MAP_CODE[known['location']]}{known['difficulty']}",
                     style="bold reverse" if mine else "bold")
    else:
        label = Text(" ? ", style="reverse" if mine else "dim")
    marked = _GRID.room_marks(view, room, marks)
    if len(marked) > 1:  # a crowded room: its marks take the whole cell, so none hides another
        label = Text("")
    out = label
    for ch, what in marked:
        out.append(ch, style=_mark_style(view, what))
    return out + Text(" " * (CELL - len(out.plain)))


def _mark_style(view: dict, what: str) -> str:
    if what.startswith("key:"):
        return KEY_STYLE.get(what[4:], "bold")
    if what == "several":
        return "bold white"
    if what == "note":
        return "italic bright_white"
    return marker_style(view, what)


def render_map(view: dict, scale: int = 1) -> Text:
    """The whole map as one rich Text of 10 lines (scale 2: the big map, 15 lines)."""
    if scale > 1:
        return render_big_map(view)
    marks = markers(view)
    out = Text()
    header = [" "] * (LEFT + STEP * len(COLS))
    for i, c in enumerate(COLS):
        header[LEFT + STEP * i + 1] = str(c)
    out.append("".join(header).rstrip() + "\n", style="dim")
    for ri, r in enumerate(ROWS):
        out.append(f"{r}".ljust(LEFT), style="dim")
        for c in COLS:
            out.append_text(_cell(view, f"{r}{c}", marks))
            if c < max(COLS):
                ch, style = door_glyph(_door(view, f"{r}{c}", f"{r}{c + 1}"), vertical=False)
                out.append(ch, style=style)
        if ri < len(ROWS) - 1:
            out.append("\n" + " " * LEFT)
            below = ROWS[ri + 1]
            for c in COLS:
                ch, style = door_glyph(_door(view, f"{r}{c}", f"{below}{c}"), vertical=True)
                out.append(" ")
                out.append(ch, style=style)
                out.append(" " * (STEP - 2) if c < max(COLS) else "")
        out.append("\n")
    out.rstrip()
    return out


# --- the big map (terminals of at least BIG) ------------------------------------------------------
BIG = (120, 36)  # columns, rows: from this size the map grows
BIG_CELL = 7  # a room's width on the big map
BIG_DOOR = 3  # " ─ " between two rooms
BIG_WIDTH = LEFT + BIG_CELL * len(COLS) + BIG_DOOR * (len(COLS) - 1)  # 80
BIG_LINES = 1 + 3 * len(ROWS) - 1 + 1  # header, two lines a row and the doors between, the legend


def fit(width: int, height: int) -> tuple[int, int, int] | None:
    """(scale, columns, rows) of the map's panel on a terminal this big, borders included; None
    keeps the 80x24 layout."""
    if width >= BIG[0] and height >= BIG[1]:
        return 2, BIG_WIDTH + 4, BIG_LINES + 2
    return None


def _big_cell(view: dict, room: str, marks: dict[str, str]) -> tuple[Text, Text]:
    """A room's two lines on the big map: its name, then its difficulty and every mark."""
    known = view["rooms"].get(room)
    mine = view.get("you") is not None and view["players"][view["you"]]["pos"] == room
    ground = " reverse" if mine else ""
    name = known["location"][:BIG_CELL].capitalize() if known else "?"
    top = Text(name.center(BIG_CELL) if not known else name.ljust(BIG_CELL), style=("bold" if known else "dim") + ground)
    bottom = Text(f"{known['difficulty']} " if known else "  ", style="bold" + ground)
    for ch, what in _GRID.room_marks(view, room, marks):
        bottom.append(ch, style=_mark_style(view, what))
    bottom.append(" " * (BIG_CELL - len(bottom.plain)), style=ground.strip())
    return top, bottom


def render_big_map(view: dict) -> Text:
    """The map for a big terminal: the same rooms, doors and marks with room to read them."""
    marks = markers(view)
    out = Text()
    header = [" "] * BIG_WIDTH
    for i, c in enumerate(COLS):
        header[LEFT + (BIG_CELL + BIG_DOOR) * i + BIG_CELL // 2] = str(c)
    out.append("".join(header).rstrip() + "\n", style="dim")
    for ri, r in enumerate(ROWS):
        cells = [_big_cell(view, f"{r}{c}", marks) for c in COLS]
        for line in (0, 1):
            out.append(f"{r}".ljust(LEFT) if line == 0 else " " * LEFT, style="dim")
            for ci, c in enumerate(COLS):
                out.append_text(cells[ci][line])
                if c < max(COLS):
                    ch, style = door_glyph(_door(view, f"{r}{c}", f"{r}{c + 1}"), vertical=False)
                    out.append(f" {ch} " if line == 0 else " " * BIG_DOOR, style=style)
            out.append("\n")
        if ri < len(ROWS) - 1:
            out.append(" " * LEFT)
            for ci, c in enumerate(COLS):
                ch, style = door_glyph(_door(view, f"{r}{c}", f"{ROWS[ri + 1]}{c}"), vertical=True)
                out.append(" " * (BIG_CELL // 2))
                out.append(ch, style=style)
                out.append(" " * (BIG_CELL - BIG_CELL // 2 - 1 + (BIG_DOOR if c < max(COLS) else 0)))
            out.append("\n")
    out.rstrip()
    return out
