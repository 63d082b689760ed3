"""Textual's private internals that questmud leans on, all in this one module (issue 41).

The served TUI is drawn for many sessions in one process, which Textual was not written for; to
keep a frame cheap it uses a few of Textual's private pieces, and replaces a few of its methods:

* private names used: the xterm parser (``XTermParser``: the SSH driver parses each session's keys
  with it, mud/server/tui/driver.py), ``character_to_key`` (a typed line's keys), the styles
  cache and ``line_pad`` (the log's rows made ready once, mud/tui/rows.py), a widget's render cache
  (the scrollbar's rows kept, mud/tui/scrollbar.py), the compositor and its update (frames drawn
  row by row, mud/server/tui/frames.py), and the active app's context variable (tests);
* Textual's classes patched, each through :func:`patch` here so that every replacement in place
  is listed in :data:`PATCHED` and can be undone (:func:`unpatch`): the compositor's
  ``_render_chops`` and its update's ``render_segments`` (mud/server/tui/frames.py), and ``Strip``'s
  caches made lazy (mud/server/tui/strips.py).

No other module imports a private Textual name (tests/test_layers.py checks it), so an upgrade of
Textual -- pinned in pyproject.toml -- has one place to look, and tests/mud/server/tui/test_textual_internals.py,
beside this module, says what moved.
"""

from __future__ import annotations

from textual import _compositor
from textual._context import active_app
from textual._segment_tools import line_pad
from textual._styles_cache import StylesCache
from textual._xterm_parser import XTermParser
from textual.keys import _character_to_key as character_to_key
from textual.widget import _RenderCache as RenderCache

Compositor = _compositor.Compositor
ChopsUpdate = _compositor.ChopsUpdate

__all__ = ["ChopsUpdate", "Compositor", "PATCHED", "RenderCache", "StylesCache", "XTermParser", "active_app",
           "character_to_key", "line_pad", "original", "patch", "unpatch"]

_ABSENT = object()  # (an attribute the class did not define itself: unpatched, it is removed again)
PATCHED: dict[tuple[type, str], object] = {}  # (Textual's class, attribute) -> its own, while replaced


def patch(cls: type, name: str, new) -> None:
    """Replace Textual's ``cls.name`` with ``new``, keeping Textual's own (:func:`original`)."""
    PATCHED.setdefault((cls, name), cls.__dict__.get(name, _ABSENT))
    setattr(cls, name, new)


def unpatch(cls: type, name: str) -> None:
    """Textual's own ``cls.name`` back (nothing if it was not replaced)."""
    own = PATCHED.pop((cls, name), None)
    if own is _ABSENT:
        delattr(cls, name)
    elif own is not None:
        setattr(cls, name, own)


def original(cls: type, name: str):
    """Textual's own ``cls.name``, replaced or not (None if Textual has none)."""
    own = PATCHED.get((cls, name), cls.__dict__.get(name, _ABSENT))
    return None if own is _ABSENT else own
