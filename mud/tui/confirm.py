"""A yes/no question in a small modal: quitting a local game that is still being played.

The game is saved move by move either way; the question only stops a stray Ctrl+Q or a ``quit``
typed into the wrong window from closing the screen in the middle of a turn.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

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
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            yield Static("[b]y[/b] yes    [b]n[/b] no (Esc)")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
