"""The log of what this player saw, coloured by the kind of each line.

Colour carries meaning so a glance finds what matters: refusals in red, the start of your own
turn as a bright bar, other turns as quiet separators, your own discoveries in green, talk in
magenta, the end of the game in gold. The log never takes focus: typing always goes to the command
line, and PageUp/PageDown (bound by the app) scroll it.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

# Line kind -> style. Kinds are event kinds from the game plus the session's own
# ("error", "screen", "help", "info") and the app's ("echo", "banner").
STYLES = {
    "error": "bold red",
    "echo": "bold cyan",
    "help": "grey70",
    "screen": "",
    "info": "italic grey70",
    "setup": "bold",
    "start": "bold green",
    "moved": "",
    "roll": "",
    "door_turned": "",
    "door_seen": "green",
    "door_peeked": "",
    "blocked": "yellow",
    "acted": "bold yellow",
    "ledger": "yellow",
    "card": "bold green",
    "key_here": "bold yellow",
    "key_taken": "yellow",
    "consent_request": "bold black on yellow",
    "leave_asked": "bold black on yellow",
    "say": "magenta",
    "tell": "bold magenta",
    "emote": "magenta",
    "gift": "cyan",
    "game_over": "bold black on gold1",
    "revealed": "bold gold1",
    "banner": "bold black on gold1",
}


class GameLog(RichLog):
    """A RichLog that writes session lines with their colours and knows whose log it is."""

    can_focus = False

    def __init__(self, me: str | None, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, max_lines=5000, **kwargs)
        self.me = me
        self.plain_lines: list[str] = []  # what was written, for tests and screen readers of the future

    def style_for(self, kind: str, text: str) -> str:
        if kind in ("moved", "door_seen", "door_peeked", "roll") and text.startswith("You "):
            return "bold green" if kind == "moved" else "green"
        return STYLES.get(kind, "")

    def add(self, kind: str, text: str) -> None:
        self.plain_lines.append(text)
        if kind == "turn":
            mine = text.startswith("It is your turn") or text == f"It is {self.me}'s turn."
            style = "bold black on bright_yellow" if mine else "dim"
            self.write(Text(f"── {text} ", style=style, end=""))
            return
        self.write(Text(text, style=self.style_for(kind, text)))
