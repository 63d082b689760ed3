"""What Quantum offers its board for drawing the map (``GameSpec.board``): the map's geometry as the
view gives it -- square names, the window of rows a short panel shows, the ships of yours it leaves
out, the squares the question offers, where a selected ship reaches, the ship a typed word names --
and the game's words for the map's key and the face-up cards' rows. Pure functions of the player's
view: the board draws, this module knows no screen."""

from __future__ import annotations

from games.quantum.words import _

# The help page's account of the map.
MAP_KEY = _("""\
The map: planets are blue with their number (7-10); a cube turns a part
of its planet (a slot) to its owner's colour. A ship is its die face in
its owner's colour; ~ is the void (a ship there at the end of your turn:
+1 research); · an empty square. Click one of your ships: + white squares
it can move to, red enemy ships it can attack; click one of those to move
or attack. * white: a square the question offers (click it to answer it).
F2: the planets' cubes, the cards.""")

SECTION_TITLES = {"gambits": _("Gambits"), "commands": _("Commands")}  # the face-up cards' two rows

OFFERING = ("place", "sabotage")  # answers naming one square: an Expansion's ship, a dominion cube, a Sabotage


def square(x: int, y: int) -> str:
    """The name of the square at column ``x`` and row ``y`` (both from 0): 'a1'."""
    return f"{chr(ord('a') + x)}{y + 1}"


def window(view: dict, selection: str | None, rows: int) -> tuple[int, int, bool]:
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


def out_of_view(view: dict, first: int, rows: int) -> list[str]:
    """The player's own ships in play on rows the window leaves out."""
    return sorted(s["square"] for s in view["ships"] if s["where"] == "play" and s["owner"] == view.get("you")
                  and not first <= int(s["square"][1:]) - 1 < first + rows)


def offered(view: dict) -> tuple[set, set]:
    """(free squares, ships) the question offers as answers (``place j4``, ``sabotage d6``): lit on
    the map like a selected ship's reach, so the answers' squares are seen, not searched for (found
    replaying the first hour: "[1] Place j4 ... [9] Place k7" over a map showing none of them)."""
    named = {c.split()[1] for _label, c in (view.get("prompt") or {}).get("choices", [])
             if len(c.split()) == 2 and c.split()[0] in OFFERING}
    ships = {s["square"] for s in view["ships"] if s["where"] == "play"}
    return named - ships, named & ships


def mine(view: dict, square: str | None) -> bool:
    """Is a ship of this player's in play on ``square``?"""
    return any(s["where"] == "play" and s["square"] == square and s["owner"] == view.get("you")
               for s in view["ships"])


def reach(view: dict, selection: str | None) -> list[str]:
    """Where the selected ship may go or attack: the squares a click on it would act on."""
    if not selection:
        return []
    return list(view.get("moves", {}).get(selection, ())) + list(view.get("targets", {}).get(selection, ()))


def ship_named(view: dict, word: str) -> str | None:
    """The square of the ship of yours ``word`` names (its square, or its value when only one
    ship shows it), or None."""
    ships = [s for s in view["ships"] if s["where"] == "play" and s["owner"] == view.get("you")]
    if word.isdigit():
        same = [s["square"] for s in ships if s["value"] == int(word)]
        return same[0] if len(same) == 1 else None
    return word if any(s["square"] == word for s in ships) else None
