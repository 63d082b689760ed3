"""Selecting a ship on Quantum's board (mud/tui/boards/quantum.py), by mouse or by keyboard: a click
on one of your ships (or typing ``move c4`` / ``c4``) selects it, the map marks where it can go and
what it can attack, and a click on one of those squares (or the square typed alone) moves or
attacks. The verbs' words are the game's own (its grammar: ``words_of``)."""

from __future__ import annotations

import games
from mud.tui.boards.quantum_map import HEIGHT, LEFT, _square, cell_width, window

# --- selecting a ship: mouse and keyboard ------------------------------------------------------------

def square_at(view: dict, x: int, y: int, selection: str | None, rows: int = HEIGHT) -> str | None:
    """The square drawn at cell (x, y) of the main panel's content (of ``rows``), or None."""
    first, shown, _whole = window(view, selection, rows)
    row = y - 1  # below the column letters
    if x < LEFT or not 0 <= row < shown:
        return None
    col = (x - LEFT) // cell_width(view)
    if col >= view["map"]["width"]:
        return None
    return _square(col, first + row)


def _mine(view: dict, square: str | None) -> bool:
    return any(s["where"] == "play" and s["square"] == square and s["owner"] == view.get("you")
               for s in view["ships"])


def click(view: dict, panel: str, x: int, y: int, selection, rows: int = HEIGHT):
    """A click on one of your ships selects it (again: lets it go); with a ship selected, a click on
    a square it can reach moves it there, on an enemy it can reach attacks. A click on a square the
    question offers (a planet to build on, a square for a dominion cube, an Expansion's ship, a
    Sabotage) answers it. ``rows``: the panel's, as the map was drawn in them."""
    if panel != "map":
        return None, None
    sq = square_at(view, x, y, selection, rows)
    if sq is None:
        return None, None
    if selection and sq in view.get("moves", {}).get(selection, ()):
        return None, f"move {selection} {sq}"
    if selection and sq in view.get("targets", {}).get(selection, ()):
        return None, f"attack {selection} {sq}"
    if sq == selection:
        return None, None
    if not _mine(view, sq):  # a planet to build on, a square to place on: an answer the game offers
        answers = [c for _, c in (view.get("prompt") or {}).get("choices", []) if c.split()[1:] == [sq]]
        return None, (answers[0] if answers else None)
    return sq, None


LISTED = 8  # a selected ship's squares are named up to this many, else counted (a 5 reaches ~40)
# The words of the verbs whose first word names a ship, read from the game's grammar (name and aliases).
SELECTING = games.get("quantum").words_of("move", "attack", "use", "reconfigure")
MOVING = games.get("quantum").words_of("move")


def _reach(view: dict, selection: str | None) -> list[str]:
    """Where the selected ship may go or attack: the squares a click on it would act on."""
    if not selection:
        return []
    return list(view.get("moves", {}).get(selection, ())) + list(view.get("targets", {}).get(selection, ()))


def _ship_named(view: dict, word: str) -> str | None:
    """The square of the ship of yours ``word`` names (its square, or its value when only one
    ship shows it), or None."""
    mine = [s for s in view["ships"] if s["where"] == "play" and s["owner"] == view.get("you")]
    if word.isdigit():
        same = [s["square"] for s in mine if s["value"] == int(word)]
        return same[0] if len(same) == 1 else None
    return word if any(s["square"] == word for s in mine) else None


def typed(view: dict, text: str, selection):
    """The command line names a ship of yours ('move c4', 'attack 3', 'c4'): select it. With a ship
    selected, a square it can reach typed alone ('d', 'd6') keeps it selected: Enter moves there."""
    words = text.lower().split()
    if not words:  # an emptied line (Enter clears it) keeps the selection, as on Dungeon Chess's board
        return selection
    if selection and len(words) == 1 and any(sq.startswith(words[0]) for sq in _reach(view, selection)):
        return selection
    if words[0] in SELECTING and len(words) >= 2:
        word = words[1]
    elif len(words) <= 2:  # 'c4', or 'c4 d5' (a move without its word)
        word = words[0]
    else:
        return selection
    return _ship_named(view, word)


def select_line(view: dict, line: str) -> tuple[str, str] | None:
    """A line that only selects, run with Enter: ``c4`` or ``move c4`` (``move 3``) naming a ship of
    yours and nothing more. The ship is selected, the log says where it may go, and the game is
    asked nothing (it answered "Unknown command 'c4'" or its usage, found replaying the first hour)."""
    words = line.lower().split()
    if words and words[0] in MOVING:
        words = words[1:]
    if len(words) != 1 or view.get("phase") != "play":
        return None
    square = _ship_named(view, words[0])
    if square is None:
        return None
    ship = next(s for s in view["ships"] if s["where"] == "play" and s["square"] == square)
    goes, hits = view.get("moves", {}).get(square, []), view.get("targets", {}).get(square, [])
    said = f"Your {ship['value']} on {square} selected: "
    if not goes and not hits:
        return square, said + "it cannot move or attack now."
    where = ", ".join(goes) if len(goes) <= LISTED else f"{len(goes)} squares (lit on the map)"  # not 4 rows of log
    parts = ([f"it may go to {where}"] if goes else []) + ([f"attack {', '.join(hits)}"] if hits else [])
    first = (goes or hits)[0]
    return square, said + " or ".join(parts) + f". Click one, or type it ('{first}')."


def complete(view: dict, line: str, selection) -> str | None:
    """With a ship selected, a square it can reach typed alone moves there, an enemy it can reach
    is attacked -- as a click on that square does."""
    square = line.strip().lower()
    if not selection:
        return None
    if square in view.get("moves", {}).get(selection, ()):
        return f"move {selection} {square}"
    if square in view.get("targets", {}).get(selection, ()):
        return f"attack {selection} {square}"
    return None
