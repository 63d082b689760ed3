"""Board modules: how the TUI draws a game that wants more than its screens.

A game named ``x`` may have a module ``mud/tui/boards/x.py``; it is found by name, so adding one
needs no edit anywhere else. A board module draws from the player's view only and offers:

* ``PANELS``: what its main panel can show (the first by default; F2 cycles, and the footer, help
  and palette name F2 after them: "Map/Ledger"), ``OVER_NOTE``;
* ``main_panel(view, panel) -> (title, subtitle, Text)``, ``extra_panel(view) -> (title, Text)``
  (beside, on wide terminals);
* ``room_title(view)``, ``render_room(view, width, height)``: the panel beside it;
* ``render_status(view, line, width)``, ``status_kind(view)``, ``hint(view)``,
  ``over_hint(view, in_world)``, ``help_page(view)``, ``PALETTE`` (title, help, command).

A board module may grow on a big terminal: ``fit(width, height) -> (scale, columns, rows) | None``
gives its main panel's size there (borders included), and ``main_panel(view, panel, scale=...)`` then
draws at that scale; None keeps the 80x24 layout.

A board module may also let the player select on its main panel (a piece, then where it goes):

* ``click(view, panel, x, y, selection) -> (selection, command or None)``: a click at cell (x, y) of the
  main panel's content; the new selection (any value the board likes) and, when the click completes
  something, the command line to run as if typed;
* ``typed(view, text, selection) -> selection``: the command line's text as it changes, so the
  keyboard selects too (``move e2``);
* with either hook, ``main_panel(view, panel, selection)`` gets the selection to highlight. The app
  forgets the selection whenever a command runs.

A game without a board module is drawn by the default board (``default.py``, placed on screen by
mud/tui/cardview.py): its screens (``look``, ``score``, ``hand`` or ``inventory``, ``quests`` ...)
laid out in panels, its status line, a hint and a palette from its verbs.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

_FOUND: dict[str, ModuleType | None] = {}


def board_for(game: str | None) -> ModuleType | None:
    """The board module of the game named ``game``, or None (the default board draws it)."""
    if not game or not game.isidentifier() or game == "default":
        return None
    if game not in _FOUND:
        name = f"{__name__}.{game}"
        _FOUND[game] = importlib.import_module(name) if importlib.util.find_spec(name) else None
    return _FOUND[game]


def panels_of(view: dict | None) -> tuple[str, ...]:
    """The screens (a map, a ledger) that the board of the match in ``view`` shows in its own
    panel: a line asking for one runs nothing, the app turns to the panel (WorldSession.handle's
    ``panels``)."""
    board = board_for((view or {}).get("game"))
    if board is None:
        return ()
    return tuple(name for name in board.PANELS if name in ("map", "ledger"))
