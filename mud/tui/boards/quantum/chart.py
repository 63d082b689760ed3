"""Quantum's map in the TUI (the board is mud/tui/boards/quantum/__init__.py): planets and squares, every
ship in its owner's colour showing its die face, the cubes on each planet -- from the player's view
alone. Each square is a cell of 3 characters (2 on maps wider than 12 squares) after the row
number; a map taller than the rows it got shows a window of rows around the selected ship, or your
own ships."""

from __future__ import annotations

from rich.text import Text

WIDTH, HEIGHT = 42, 11  # the main panel's content at 80 x 24 (mud/tui/app.py: #map)
LEFT = 3  # the row number and a space before the first cell
SEAT_STYLES = ("bold black on yellow", "bold black on cyan", "bold black on magenta", "bold black on green")
SEAT_NAMES = ("yellow", "cyan", "magenta", "green")
PLANET_STYLE = "bold white on blue"
VOID_STYLE = "blue"
# Where a ship may move (and a square a question offers): white, a colour of no seat, planet or attack --
# it was bright green, the green of the fourth player's ships (issue 40).
MOVE_STYLE = "bold black on bright_white"
ATTACK_STYLE = "bold white on red"
SELECTED = " reverse"
ALIGNED = 60  # from this width on, the cards' effects are a column of their own (else under the names)


def colour_of(view: dict, name: str) -> str:
    return SEAT_STYLES[view["order"].index(name) % len(SEAT_STYLES)]


def cell_width(view: dict) -> int:
    """4 characters a square where the map fits so, else 3, else 2."""
    return next((w for w in (4, 3) if LEFT + w * view["map"]["width"] <= WIDTH), 2)


def window(view: dict, selection: str | None, rows: int = HEIGHT) -> tuple[int, int, bool]:
    """(first row, rows shown, whole map shown) in a panel of ``rows``: the whole map when it fits,
    else as many rows as fit around the selected ship or the player's own ships. The column letters
    always stay: without them nobody could name a square."""
    height = view["map"]["height"]
    if height + 1 <= rows:
        return 0, height, True
    rows = min(height, rows - 1)
    focus = [selection] if selection else [s["square"] for s in view["ships"]
                                           if s["where"] == "play" and s["owner"] == view.get("you")]
    ys = [int(sq[1:]) - 1 for sq in focus if sq]
    middle = sum(ys) // len(ys) if ys else 0
    first = max(0, min(height - rows, middle - rows // 2))
    return first, rows, False


def _square(x: int, y: int) -> str:
    return f"{chr(ord('a') + x)}{y + 1}"


def render_map(view: dict, selection: str | None = None, rows: int = HEIGHT) -> Text:
    m = view["map"]
    width = cell_width(view)
    first, shown, _whole = window(view, selection, rows)
    ships = {s["square"]: s for s in view["ships"] if s["where"] == "play"}
    moves = set(view.get("moves", {}).get(selection, ())) if selection else set()
    targets = set(view.get("targets", {}).get(selection, ())) if selection else set()
    holes, void = set(m["holes"]), set(m["void"])
    if not selection:  # nothing selected: the squares the question offers are lit instead
        moves, targets = _offered(view)
    out = Text()
    # the column letters, always
    out.append(" " * LEFT + "".join(f"{chr(ord('a') + x):^{width}}" for x in range(m["width"])).rstrip() + "\n",
               style="dim")
    for y in range(first, first + shown):
        out.append(f"{y + 1:>2} ", style="dim")
        for x in range(m["width"]):
            sq = _square(x, y)
            out.append_text(_cell(view, sq, width, ships, moves, targets, holes, void, selection))
        if y < first + shown - 1:
            out.append("\n")
    return out


OFFERING = ("place", "sabotage")  # answers naming one square: an Expansion's ship, a dominion cube, a Sabotage


def _offered(view: dict) -> tuple[set, set]:
    """(free squares, ships) the question offers as answers (``place j4``, ``sabotage d6``): lit on
    the map like a selected ship's reach, so the answers' squares are seen, not searched for (found
    replaying the first hour: "[1] Place j4 ... [9] Place k7" over a map showing none of them)."""
    named = {c.split()[1] for _label, c in (view.get("prompt") or {}).get("choices", [])
             if len(c.split()) == 2 and c.split()[0] in OFFERING}
    ships = {s["square"] for s in view["ships"] if s["where"] == "play"}
    return named - ships, named & ships


def _cell(view, sq, width, ships, moves, targets, holes, void, selection) -> Text:
    m = view["map"]
    if sq in holes:
        return Text(" " * width)
    if sq in m["planets"]:
        return planet_cell(view, sq, width)
    ship = ships.get(sq)
    if ship is not None:
        style = colour_of(view, ship["owner"])
        if sq == selection:
            style += SELECTED
        elif sq in targets:
            style = ATTACK_STYLE
        return Text(f"{ship['value']:^{width}}", style=style)
    if sq in moves:
        return Text(f"{('+' if selection else '*'):^{width}}", style=MOVE_STYLE)
    return Text(f"{'~' if sq in void else '·':^{width}}", style=VOID_STYLE if sq in void else "dim")


def planet_cell(view: dict, sq: str, width: int) -> Text:
    """A planet: its number on its slots, left to right -- each slot a stretch of the cell in the
    colour of the cube on it, blue while free (so 'e2' with one cube of the first player reads as a
    yellow start and a blue rest)."""
    planet = view["map"]["planets"][sq]
    owners = view["cubes"].get(sq, [])
    text = Text(f"{planet['number']:^{width}}")
    slots = planet["slots"]
    for i in range(width):
        slot = i * slots // width
        style = PLANET_STYLE if slot >= len(owners) else cube_style(view, owners[slot])
        text.stylize(style, i, i + 1)
    return text


def cube_style(view: dict, owner: str) -> str:
    """A cube on a planet: bold white on its owner's colour."""
    return "bold white on " + SEAT_NAMES[view["order"].index(owner) % len(SEAT_NAMES)]


def planet_lines(view: dict, width: int) -> Text:
    """Each planet's cubes: its square, number, a coloured block per cube, '·' per free slot."""
    out = Text()
    line_len = 0
    for sq in sorted(view["map"]["planets"], key=lambda q: (int(q[1:]), q[0])):
        p = view["map"]["planets"][sq]
        owners = view["cubes"].get(sq, [])
        size = len(sq) + len(str(p["number"])) + 2 + p["slots"]
        if line_len and line_len + size + 1 > width:
            out.append("\n")
            line_len = 0
        elif line_len:
            out.append(" ")
            line_len += 1
        out.append(f"{sq}:", style="dim")
        out.append(str(p["number"]), style="bold")
        for o in owners:
            out.append("■", style=colour_of(view, o).replace("on ", "").replace("black ", ""))
        out.append("·" * (p["slots"] - len(owners)), style="dim")
        line_len += size
    return out


# --- what the app asks of a board ------------------------------------------------------------------
