"""The player's own map of the labyrinth, drawn as coloured text from their view dict alone.

Why a module of its own: the map is the one place where hidden information could most easily
leak onto the screen, so it is drawn by pure functions of ``session.view()`` that tests can call
directly. Nothing here sees the game state.

Layout (42 columns, 10 lines): a header of column numbers, then rows A-E with a 4-character cell
per room (3-character label + 1 marker) and a door glyph between cells, and between two rows a
line of the doors that join them. A room the player has not seen shows ``?``.
"""

from __future__ import annotations

from rich.text import Text

import games

# Quest's public geometry, reached through the catalogue (the shell imports no game's modules).
_GRID = games.get("quest").board
COLS, MAP_CODE, ROWS = _GRID.cols, _GRID.map_code, _GRID.rows

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
    """One character per player for the map and its legend: '@' for you, and for each other
    player the first letter of their name, else its last character (bot1 -> 1), else a spare."""
    me = view.get("you")
    others = [n for n in view["order"] if n != me]
    out = {me: "@"} if me else {}
    used = {"@", "k", "+", "?", "G", "S", "B", "X", "x"}  # never look like a door glyph
    firsts = [n[0].upper() for n in others]
    lasts = [n[-1] for n in others]
    spares = iter("123456789ABCDEFGHIJLMNOPQRSTUVWXYZ")
    for n in others:
        choice = None
        if firsts.count(n[0].upper()) == 1 and n[0].upper() not in used:
            choice = n[0].upper()
        elif lasts.count(n[-1]) == 1 and n[-1] not in used and n[-1].isalnum():
            choice = n[-1]
        while choice is None or choice in used:
            choice = next(spares)
        used.add(choice)
        out[n] = choice
    return out


def marker_style(view: dict, name: str) -> str:
    if name == view.get("you"):
        return ME_STYLE
    others = [n for n in view["order"] if n != view.get("you")]
    return OTHER_STYLES[others.index(name) % len(OTHER_STYLES)]


def _door(view: dict, a: str, b: str) -> dict:
    return view["doors"][_GRID.door_between(a, b)]


def _cell(view: dict, room: str, marks: dict[str, str]) -> Text:
    """The 4 characters of one room: its label and one marker (others, you, or a key)."""
    me = view.get("you")
    known = view["rooms"].get(room)
    here = [n for n in view["order"] if view["players"][n]["pos"] == room
            and (view["players"][n].get("alive", True) or n == me)]  # the dead leave the board
    mine = me in here
    if known:
        label = Text(f"{MAP_CODE[known['location']]}{known['difficulty']}",
                     style="bold reverse" if mine else "bold")
    else:
        label = Text(" ? ", style="reverse" if mine else "dim")
    others = [n for n in here if n != me]
    keys = [k for k, where in view["floor_keys"].items() if where == room]
    if len(others) > 1:
        mark = Text("+", style="bold white")
    elif others:
        mark = Text(marks[others[0]], style=marker_style(view, others[0]))
    elif mine:
        mark = Text("@", style=ME_STYLE)
    elif keys:
        mark = Text("k", style=KEY_STYLE.get(keys[0], "bold"))
    else:
        mark = Text(" ")
    return label + mark


def render_map(view: dict) -> Text:
    """The whole map as one rich Text of 10 lines."""
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


def cell_labels(view: dict) -> dict[str, str]:
    """Room -> the 3-character label drawn for it (tests check that unseen rooms show '?')."""
    lines = render_map(view).plain.split("\n")
    out = {}
    for ri, r in enumerate(ROWS):
        line = lines[1 + 2 * ri]
        for i, c in enumerate(COLS):
            start = LEFT + STEP * i
            out[f"{r}{c}"] = line[start:start + 3].strip()
    return out


def render_ledger(view: dict, height: int) -> Text:
    """The ledger in the map's place: the newest entries that fit, newest last."""
    entries = view["ledger"]
    out = Text()
    if not entries:
        out.append("The ledger is empty: nobody has succeeded at an action yet.", style="dim")
        return out
    shown = entries[-max(1, height):]
    for i, e in enumerate(shown):
        room = e["room"]
        known = view["rooms"].get(room)
        what = f" ({MAP_CODE[known['location']]}{known['difficulty']})" if known else ""
        out.append(f"turn {e['turn']:>3}  ", style="dim")
        out.append(f"{e['player']:<10}", style=marker_style(view, e["player"]))
        out.append(f" {room}{what} = {e['roll']}")
        if i < len(shown) - 1:
            out.append("\n")
    return out
