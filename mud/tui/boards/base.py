"""The ``Board`` protocol: everything the app asks of a game's board, each with a default, so a board
says only what it draws differently. The app (mud/tui/app.py) names its three top panels by role:

* the *main* panel, top left: ``main_panel`` draws one of the board's ``PANELS`` (F2 cycles them);
* the *side* panel beside it: ``side_title`` and ``side_panel``;
* the *extra* panel, beside both on wide terminals only: ``extra_panel``.

A board is a ``Board`` (or a subclass), or a module (or any object) of the same hooks as plain
functions and constants, made into a ``Board`` by :func:`as_board`: a hook it lacks keeps the default
here. The default board (mud/tui/boards/default.py, for a game without a board of its own) is a
``Board`` too, whose ``screens`` flag says its panels are laid out from the game's own screens.

Every hook draws from the player's view only (``link.game_view()``), never a state: what is hidden
from the player cannot reach the screen.
"""

from __future__ import annotations

from rich.text import Text

from mud.shell import outcome
from mud.tui.words import _, level_name, tr

HOOKS = ("PANELS", "SHOWN", "OVER_NOTE", "PALETTE", "COLUMNS", "main_panel", "main_rows", "extra_panel", "side_title",
         "side_panel", "render_status", "status_kind", "hint", "over_hint", "help_page", "palette", "fit", "click", "typed",
         "select_line", "complete", "selected_hint")


def crop(text: Text, width: int) -> Text:
    """Cut every line to ``width`` cells with an ellipsis: a panel line never wraps."""
    lines = text.split("\n", allow_blank=True)
    for line in lines:
        line.truncate(max(1, width), overflow="ellipsis")
    return Text("\n").join(lines)


def winners(view: dict) -> list[str]:
    """Who won: the header's ``winners`` (several when a victory is shared)."""
    return list(view.get("winners") or [])


def who_won(view: dict, me: str | None, levels: dict | None = None) -> str:
    """'You win', 'bob wins', 'You and bob win', 'bob and carol win' -- or 'Nobody wins', in the
    screen's language. ``levels`` (a bot's name -> its level) names a winning bot with its level:
    'bot2 (strong bot) wins'."""
    names = winners(view)
    if not names:
        return tr(_("Nobody wins"))
    named = [tr(_("{name} ({level} bot)", name=n, level=level_name(levels[n])))
             if levels and n in levels else n for n in names if n != me]
    together = named[0] if len(named) == 1 else tr(_("{some} and {last}", some=", ".join(named[:-1]), last=named[-1])) \
        if named else ""
    if me in names:
        return tr(_("You and {others} win", others=together)) if named else tr(_("You win"))
    return tr(_.plural("{names} wins", "{names} win", len(named), names=together))



class Board:
    """A game's drawing in the TUI. Subclass it (or write a module of the same hooks) and override
    what differs; the defaults draw nothing in the panels and say what the header says."""

    PANELS: tuple[str, ...] = ()  # what the main panel can show, the first by default (F2 cycles; none: no F2)
    SHOWN: tuple[str, ...] = ()  # typed words (a verb's screen) the app answers with a panel, asking the game nothing
    OVER_NOTE = ""  # said after "Game over: ..." (" The whole map is revealed.")
    PALETTE: tuple[tuple[str, str, str], ...] = ()  # the command palette: (title, help, command)
    # The main panel's columns of content: 42 beside the side panel at 80x24; 43 for a board that needs
    # one more (a board of ten squares of 4 after the ranks), which the panel's right padding gives.
    COLUMNS = 42
    screens = False  # True: the panels are the game's own screens, laid out by mud/tui/cardview.py
    selects = False  # True: ``click`` or ``typed`` select on the main panel, which draws the selection

    def main_panel(self, view: dict, panel: str, selection=None, scale: int = 1) -> tuple[str, str, Text]:
        """(title, subtitle, text) of the main panel showing ``panel``; ``selection`` when the board
        selects, ``scale`` when ``fit`` grew the panel."""
        return "", "", Text("")

    def main_rows(self, view: dict) -> int | None:
        """The rows of content the main panel needs for ``view`` when that is more than the 11 of
        80x24 (a tall map), else None. The app gives the panels what the terminal can spare, and then
        tells ``main_panel`` and ``click`` how many rows they got (``rows=``)."""
        return None

    def extra_panel(self, view: dict) -> tuple[str, Text]:
        """(title, text) of the third panel, shown on wide terminals."""
        return "", Text("")

    def side_title(self, view: dict) -> str:
        return ""

    def side_panel(self, view: dict, width: int = 30, height: int | None = None) -> Text:
        return Text("")

    def render_status(self, view: dict, status_line: str, width: int = 78) -> Text:
        """The status bar: the game's own one-line status."""
        return crop(Text(status_line), width)

    def status_kind(self, view: dict) -> str:
        """The status bar's colour: 'over', 'mine' (this player's input is awaited) or 'wait'."""
        if view.get("over"):
            return "over"
        return "mine" if view.get("you") and view.get("you") in (view.get("awaiting") or []) else "wait"

    def hint(self, view: dict) -> str:
        """The row above the command line when the game asks nothing of this player."""
        me = view.get("you")
        if me is None:
            return tr(_("You are watching."))
        if me in (view.get("awaiting") or []):
            return tr(_("Your move: type a command ('commands' lists them, 'help' explains)."))
        return tr(_("You can talk (say ...), or ask for help."))

    def selected_hint(self, view: dict, selection) -> str | None:
        """The hint while ``selection`` is held (a board that selects), or None: the usual hint."""
        return None

    def over_hint(self, view: dict, in_world: bool) -> str:
        """The hint once the game is over: in the world, what comes next (the log's last line and
        the status bar say who won: said a third time here, it was one time too many)."""
        if in_world:
            return tr(outcome.next_steps(view))
        return tr(_("Game over: {who}. 'quit' (or ctrl+q) leaves.", who=who_won(view, view.get("you"))))

    def help_page(self, view: dict) -> Text | None:
        """F1's page about this board (how to read it), or None."""
        return None

    def palette(self, view: dict) -> tuple | list:
        """The command palette's entries at this game: ``PALETTE`` unless the board works them out."""
        return self.PALETTE

    def fit(self, width: int, height: int) -> tuple[int, int, int] | None:
        """(scale, columns, rows) of the main panel on a terminal this big, borders included; None
        keeps the 80x24 layout."""
        return None

    def click(self, view: dict, panel: str, x: int, y: int, selection):
        """A click at cell (x, y) of the main panel's content: (the new selection, a command to run or None)."""
        return selection, None

    def typed(self, view: dict, text: str, selection):
        """The command line's text as it changes: the new selection."""
        return selection

    def select_line(self, view: dict, line: str) -> tuple[str, str] | None:
        """A line run with Enter that only selects (``move e2`` on a board of squares): (the selection,
        what the log says), and the line reaches no game; None sends it to the game."""
        return None

    def complete(self, view: dict, line: str, selection) -> str | None:
        """The command a line run with Enter stands for while ``selection`` is held (a lit square
        typed alone: the move there, as a click on it), or None: the line runs as typed."""
        return None


def as_board(found) -> Board:
    """``found`` as a Board: itself, the ``BOARD`` it offers (a module defining a Board subclass), or a
    Board whose hooks are the module's (or namespace's) functions and constants, the defaults for the rest."""
    if isinstance(found, Board):
        return found
    if isinstance(getattr(found, "BOARD", None), Board):
        return found.BOARD
    board = Board()
    for name in HOOKS:
        if hasattr(found, name):
            setattr(board, name, getattr(found, name))
    board.selects = hasattr(found, "click") or hasattr(found, "typed")
    return board
