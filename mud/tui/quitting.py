"""Leaving the app: Ctrl+C says how, and quitting a local game still being played asks first, in a
small yes/no modal.

The game is saved move by move either way; the question only stops a stray Ctrl+Q or a ``quit``
typed into the wrong window from closing the screen in the middle of a turn.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from mud.tui.words import _, relabel, speaking, speaks, tr

CSS = """
ConfirmScreen { align: center middle; }
ConfirmScreen > Vertical { width: 60; max-width: 95%; height: auto; border: round $warning;
                           padding: 0 1; background: $surface; }
"""


class ConfirmScreen(ModalScreen[bool]):
    """Asks ``question``; y or Enter answers yes, n or Escape no."""

    DEFAULT_CSS = CSS
    BINDINGS = [Binding("y,enter", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No"),
                Binding("ctrl+q", "answer(True)", "Quit", show=False, priority=True)]

    def __init__(self, question: str) -> None:
        """Made while the app draws in the player's language: its words are worded here."""
        super().__init__()
        self.question = question
        relabel(self._bindings, {"answer(True)": _("Yes"), "answer(False)": _("No")})
        self.keys = tr(_("[b]y[/b] yes    [b]n[/b] no (Esc)"))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            yield Static(self.keys)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class QuitMixin:
    """The GameApp's quitting: Ctrl+Q and a typed ``quit`` ask while a local game is on."""

    def _game_running(self) -> bool:
        """A local match of this player's still being played (quitting it asks first)."""
        view = self.snap.view
        return (getattr(self.link, "surface", "") == "local" and view is not None and view.get("you") is not None
                and not view.get("over"))

    @speaks
    def _confirm_quit(self, line: str = "quit") -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.ask(line, lambda lines: (self.show(lines), self._check_closed()))
            else:
                with speaking(self.lang):
                    self.log_widget.add("info", tr(_("You stay at the table.")))
            self.command_line.focus()
        self.push_screen(ConfirmScreen(tr(_("Quit this game? It is saved: the next 'mud play' offers to go on "
                                            "where you stopped."))), answered)

    @speaks
    def action_leave(self) -> None:
        """Ctrl+Q: quit (a local game being played asks first)."""
        if isinstance(self.screen, ConfirmScreen):
            return
        if self._game_running():
            self._confirm_quit()
        else:
            self.ask("quit", self._quit_answered)

    def _quit_answered(self, lines) -> None:
        self.show(lines)
        self._check_closed()
        if not self._exit:
            self.exit(0)

    @speaks
    def action_interrupt(self) -> None:
        """Ctrl+C copies selected text, as in any input; otherwise it says how to quit."""
        line = self.command_line
        if line.selected_text:
            line.action_copy()
            return
        self.log_widget.add("info", tr(_("Ctrl+C does not quit here: type quit, or press Ctrl+Q.")))

