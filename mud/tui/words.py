"""The TUI's own words (panels' titles, the footer, the hint row, help, palette, dialogs, boards),
worded in the language of the player whose screen is drawn (issue 43).

Every word of the TUI is a message of the ``mud`` domain (``_`` of mud/shell/words.py, so ``make
messages`` finds it), rendered with :func:`tr` as the screen is drawn. The language is the session's
(``WorldSession.lang``, as the app's link tells it: mud/tui/link.py), and it may change at any
command (``language it``), so nothing is worded ahead of drawing: constants hold messages, and the
app words them each time it draws.

The boards are functions of a view, called by the app from many places; rather than hand a language
down every hook, the app draws inside :func:`speaking` (or a method marked :func:`speaks`), which
sets the language :func:`tr` words in for that drawing alone. A context variable, set and reset
around each synchronous drawing: two apps of one server process, in two languages, never see each
other's (nothing awaits in between, and each task or thread has its own context).
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from functools import wraps
from typing import Any, Iterator

from mud.shell.words import _, render

__all__ = ["_", "tr", "speaking", "speaks", "current", "panel_name", "level_name", "relabel"]

_SPEAKING: ContextVar[str] = ContextVar("tui_language", default="en")


def current() -> str:
    """The language the screen being drawn is worded in ("en" outside any drawing)."""
    return _SPEAKING.get()


def tr(value: Any) -> str:
    """``value`` (a message, or a name, number or typed text) worded for the screen being drawn."""
    return render(value, _SPEAKING.get())


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Draw in ``lang`` for the duration of the block."""
    token = _SPEAKING.set(lang)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def speaks(method):
    """An app method whose drawing is worded in the app's language (``self.lang``)."""
    @wraps(method)
    def wrapper(self, *args, **kwargs):
        with speaking(self.lang):
            return method(self, *args, **kwargs)
    return wrapper


# The boards' panels by the names F2, the palette and the help call them (a board's PANELS are also
# words typed to show them: those stay as the game's grammar has them).
PANEL_NAMES = {"map": _("map"), "ledger": _("ledger"), "board": _("board"), "captured": _("captured"),
               "planets": _("planets"), "cards": _("cards")}


def panel_name(panel: str) -> str:
    """A board's panel by its name in the screen's language ("map": "mappa")."""
    return tr(PANEL_NAMES.get(panel, panel))


# the bots' levels as a player reads them (their names are data: 'start level=strong')
LEVEL_NAMES = {"easy": _("easy"), "normal": _("normal"), "strong": _("strong")}


def level_name(level: str) -> str:
    """A bot's level in the screen's language."""
    return tr(LEVEL_NAMES.get(level, level))


def relabel(bindings, labels: dict) -> None:
    """Word the descriptions of a binding map's keys (``labels``: action -> message) in the screen's
    language: Textual's footer reads them as they are, so they are set again when the language changes."""
    for key, bound in list(bindings.key_to_bindings.items()):
        bindings.key_to_bindings[key] = [replace(b, description=tr(labels[b.action])) if b.action in labels else b
                                         for b in bound]
