"""Boards: how the TUI draws each game. Every board is a :class:`~mud.tui.boards.base.Board` (the
protocol, each hook with a default: see base.py); the app asks ``board_for(game)`` and draws
whatever it gets, the same way for every game.

Where a game's board comes from, first found first:

* ``register(name, board)``: a board registered for the game named ``name`` -- a Board, or a
  module of its hooks. A game from outside the project (the toy game of tests/toygame) brings its
  board this way, with no line of mud/ to change;
* a module ``mud/tui/boards/<name>.py``, found by the game's name: a module of hooks (constants and
  functions: ``PANELS``, ``main_panel``, ``side_panel`` ...) or one offering a ``BOARD``;
* else the default board (default.py): the game's own screens (``look``, ``score``, ``hand`` or
  ``inventory`` and any others) laid out in the panels by mud/tui/cardview.py.

A board draws from the player's view only; a board of one game names that game's grid, verbs and
words, and nothing else under mud/ does.
"""

from __future__ import annotations

import importlib
import importlib.util

from mud.tui.boards.base import Board, as_board
from mud.tui.boards.default import DEFAULT

_FOUND: dict[str, object] = {}  # a game's name -> its board (or a module of hooks), once looked up or registered


def register(name: str, board) -> None:
    """Draw the game named ``name`` with ``board`` (a Board, or a module or namespace of its hooks);
    None forgets it (the board found by name, or the default, draws it again)."""
    if board is None:
        _FOUND.pop(name, None)
    else:
        _FOUND[name] = as_board(board)


def board_for(game: str | None) -> Board | None:
    """The board of the game named ``game``: registered, found by name under mud/tui/boards/, or the
    default board. None when there is no game (a room of the world)."""
    if not game:
        return None
    if game not in _FOUND:
        name = f"{__name__}.{game}"
        found = game.isidentifier() and game not in ("base", "default") and importlib.util.find_spec(name)
        _FOUND[game] = as_board(importlib.import_module(name)) if found else DEFAULT
    return as_board(_FOUND[game])


def panels_of(view: dict | None) -> tuple[str, ...]:
    """The screens the board of the match in ``view`` shows in its own panel (its ``SHOWN``, such as
    a map): a line asking for one runs nothing, the app turns to the panel (WorldSession.handle's
    ``panels``: the line is parsed once, by the session)."""
    board = board_for((view or {}).get("game"))
    if board is None:
        return ()
    return tuple(name for name in board.PANELS if name in board.SHOWN)
