"""F1: a modal page with the keys, how to read the map, and the game's general help.

A modal rather than log lines because the help is read once and then closed, and should not push
the game's own story out of the log. Escape, F1, q or Enter closes it; focus returns to the
command line by itself.
"""

from __future__ import annotations

import re
import textwrap

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from mud.tui.words import _, panel_name, relabel, tr

# one message, so a translation keeps its columns aligned as a whole ({f2}: F2 and the board's panels)
KEYS = _("""\
Keys
  Enter        run the command          Up / Down   earlier commands
  Tab          complete the last word   PgUp / PgDn scroll the log
  F1           this help                {f2}
  F3           the log alone (F3 again: the panels)
  F4           others' turns in full (F4 again: one line each; 'log full')
  ctrl+p       command palette          ctrl+q      quit (asks in a game)
  1 ... 9, 0   on an empty line, answer the game's question above it
               ([1] Allow  [2] Deny ...; [0] is always Pass): as if typed.
               Or click a choice.""", f2="")

# a labelled line ("Also: spell", "Examples: ...", "Cards: ..."): a line of its own
LABEL = re.compile(r"[A-Z][a-z]+(?: [a-z]+)?: ")

# a word (or a few) and what it does, in columns: "  roll          roll the die", "  Both armed     hands: ..."
COLUMN = re.compile(r"\s*\S+(?: \S+){0,3}\s{2,}(?=\S)")


def heading(text: str) -> bool:
    """A page's title ("GAME - what it is", "MOVING"): its first word in capitals. Nothing
    is joined to it."""
    first = text.split()[0] if text.split() else ""
    return len(first) > 1 and first.isupper()


def hang(lines: list[str], width: int = 74) -> list[str]:
    """Help written for a wide terminal (prose, and columns of a word and what it does) fitted to
    ``width``: a sentence broken across lines is joined again, so is an entry with the lines that
    continue it under its text column; then each wraps, an entry under its column. Indented lines
    that are not an entry's continuation (a list of pairs, "a -> b" under "c -> d") keep their
    breaks. Without the joining, a line a little wider than the log or the page wraps again and
    leaves one word on a row of its own ("be / the / first"). A line that opens with a label ("Also:",
    "Examples:") is never joined to the one above: "Also: spell" and "Examples: ..." ran together."""
    entries: list[tuple[str, int, bool]] = []  # (text, the column its next lines start at, an entry of columns)
    for line in lines:
        indent = len(line) - len(line.lstrip())
        column = COLUMN.match(line) if line.strip() else None
        if entries and line.strip():
            text, hang_at, columns = entries[-1]
            prose = (indent == 0 and hang_at == 0 and not columns and not column and text.strip()
                     and not text.endswith((".", ":", "?", "!")) and not heading(text)
                     and not LABEL.match(line))
            if prose or (columns and indent and indent == hang_at and not column):
                entries[-1] = (text.rstrip() + " " + line.strip(), hang_at, columns)
                continue
        entries.append((line, column.end() if column else indent, column is not None))
    out: list[str] = []
    for text, hang_at, _columns in entries:
        out += textwrap.wrap(text, width, subsequent_indent=" " * hang_at, break_on_hyphens=False) or [""]
    return out


def panels_text(panels: tuple[str, ...] | list[str]) -> str:
    """What F2 does among a board's panels, in words: "A and B", "A, B and C" (in the screen's language)."""
    names = [panel_name(p) for p in panels]
    if len(names) < 2:
        return "".join(names)
    return tr(_("{some} and {last}", some=", ".join(names[:-1]), last=names[-1]))


def help_text(general: list[str], page: Text | None = None, game: list[str] = (),
              panels: tuple[str, ...] = ()) -> Text:
    """The page: keys, then the board's own page (a goal, how to read a map), or the help
    of the game played (``game``: ``help <game>``), then the general help of where the player
    is. ``panels``: what F2 switches among (the board's PANELS), none where there is no board."""
    out = Text()
    names = [panel_name(p) for p in panels]
    switch = " <-> ".join(names) if len(names) == 2 else "/".join(names)  # within the column
    f2 = f"F2          {switch}" if len(panels) > 1 else ""
    keys = tr(_(KEYS.id, f2=f2)).rstrip()
    keys = "\n".join(row.rstrip() for row in keys.splitlines())
    out.append(keys + "\n\n", style="")
    if game:
        out.append(game[0] + "\n", style="bold")
        out.append("\n".join(hang(list(game[1:]))) + "\n\n")
    if page is not None:
        out.append(page)
        out.append("\n\n")
    out.append("\n".join(hang(general)), style="grey70")
    out.append("\n\n" + tr(_("Esc closes this page.")), style="dim")
    return out


class HelpScreen(ModalScreen[None]):
    """The help page, over the game."""

    BINDINGS = [
        Binding("escape,f1,q,enter", "dismiss", "Close", show=True),
        Binding("pageup", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(1)", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 80; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
        scrollbar-size-vertical: 1;  /* at 80 columns the text's 75-character lines still fit */
    }
    """

    def __init__(self, general: list[str], page: Text | None = None, game: list[str] = (),
                 panels: tuple[str, ...] = ()) -> None:
        """Made while the app draws in the player's language: the page is worded here, at once."""
        super().__init__()
        relabel(self._bindings, {"dismiss": _("Close")})
        self.titles = (tr(_("Help")), tr(_("Esc closes")))
        self.general = general
        self.page = page
        self.game = list(game)
        self.panels = tuple(panels)
        self.text = help_text(self.general, self.page, self.game, self.panels)

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title, box.border_subtitle = self.titles
            yield Static(self.text)

    def action_scroll(self, step: int) -> None:
        box = self.query_one(VerticalScroll)
        box.scroll_page_up() if step < 0 else box.scroll_page_down()
