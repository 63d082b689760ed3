"""The board's main panel over the whole screen, for a terminal too small to show the panels
(below 60x20 they fold away, mud/tui/sizes.py) or when F3 folded them: F2 then shows the map (or
the board) here rather than switching a panel nobody can see -- at 60x18 it showed nothing and said
nothing (issue 26). F2 again shows the board's next panel; Escape, Enter or q closes it, and focus
returns to the command line by itself.
"""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from mud.tui.words import _, relabel, tr

Draw = Callable[[int], tuple[str, Text]]  # step (0: the panel shown, 1: the next one) -> (title, text)


class PanelScreen(ModalScreen[None]):
    """One panel of the board, full-screen."""

    BINDINGS = [
        Binding("escape,enter,q", "dismiss", "Close", show=True),
        Binding("f2", "next_panel", "Next panel", show=True),
    ]
    DEFAULT_CSS = """
    PanelScreen { align: center middle; }
    PanelScreen > VerticalScroll {
        width: auto; min-width: 46; max-width: 100%; height: auto; max-height: 100%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    PanelScreen Static { width: auto; }
    """

    def __init__(self, draw: Draw) -> None:
        """Made while the app draws in the player's language: its own words are worded here."""
        super().__init__()
        self.draw = draw
        relabel(self._bindings, {"dismiss": _("Close"), "next_panel": _("Next panel")})
        self.subtitle = tr(_("F2 next · Esc closes"))

    def compose(self) -> ComposeResult:
        title, text = self.draw(0)
        with VerticalScroll() as box:
            box.border_title = title
            box.border_subtitle = self.subtitle
            yield Static(text, id="panel-full")

    def action_next_panel(self) -> None:
        title, text = self.draw(1)
        self.query_one(VerticalScroll).border_title = title
        self.query_one("#panel-full", Static).update(text)
