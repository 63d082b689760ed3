"""Textual's Strip (one row of a frame) made cheaper to create, for the server's many TUIs.

Every Strip Textual makes (tens per frame: each row is cut at each widget's edge, padded, styled)
builds seven small caches in its constructor, each a Python object with a dict -- a fifth of the
CPU of drawing a served TUI's frame, although most strips live for one frame and never use a
cache. Here the caches are made on first use instead: ``Strip.__slots__`` leaves them unset, and
reading an unset slot falls through to the class's ``__getattr__``, which makes the cache then.
Each cache still keeps at most as many entries as Textual's own (first in, first out), so a strip
behaves exactly as before.

They also never keep a strip in its own cache. Textual's ``divide`` (cut at the strip's end) and
``crop_extend`` (to its own length) answer with the strip itself and cache that answer in it: a
reference cycle, so the strip outlives its frame until a full collection of the garbage collector
-- with a hundred TUIs, most of what those collections (pauses of a few hundred milliseconds)
found. Those two answers are given without caching here.

:func:`install` is called once when the server's TUI driver is imported; it checks that the Strip
is the one this was written for (Textual is pinned; tests/mud/server/tui/test_textual_internals.py says what to
do after an upgrade) and leaves Textual alone otherwise.
"""

from __future__ import annotations

import logging

from textual import strip as textual_strip

from mud.tui.textual_internals import patch

log = logging.getLogger("questmud.ssh")


class _Cache4(dict):
    """A dict that keeps its last four entries (what Textual's FIFOCache(4) keeps)."""

    __slots__ = ()
    size = 4

    def __setitem__(self, key, value) -> None:
        if len(self) >= self.size and key not in self:
            del self[next(iter(self))]
        dict.__setitem__(self, key, value)


class _Cache16(_Cache4):
    __slots__ = ()
    size = 16


CACHES = {  # Strip's cache slots and how many entries Textual keeps in each
    "_divide_cache": _Cache4, "_crop_cache": _Cache16, "_style_cache": _Cache16, "_filter_cache": _Cache4,
    "_line_length_cache": _Cache4, "_crop_extend_cache": _Cache4, "_offsets_cache": _Cache4,
}
OTHER_SLOTS = ("_segments", "_cell_length", "_render_cache", "_link_ids", "_cell_count")


def _init(self, segments, cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def _getattr(self, name: str):
    kind = CACHES.get(name)
    if kind is None:
        raise AttributeError(f"'Strip' object has no attribute '{name}'")
    cache = kind()
    setattr(self, name, cache)
    return cache


_textual_divide = textual_strip.Strip.divide
_textual_crop_extend = textual_strip.Strip.crop_extend


def _divide(self, cuts):
    cell_length = self.cell_length
    cuts = [cut for cut in cuts if cut <= cell_length]
    if cuts == [cell_length]:
        return [self]  # the whole strip: not cached in itself
    return _textual_divide(self, cuts)


def _crop_extend(self, start: int, end: int, style):
    if start <= 0 and end == self.cell_length:
        return self  # nothing to crop or extend: not cached in itself
    return _textual_crop_extend(self, start, end, style)


def fits(strip_class=None) -> bool:
    """Is Textual's Strip the one this module knows (the same slots, no __getattr__ of its own)?"""
    cls = strip_class or textual_strip.Strip
    slots = set(getattr(cls, "__slots__", ()))
    return slots == set(CACHES) | set(OTHER_SLOTS) and (
        "__getattr__" not in cls.__dict__ or cls.__dict__["__getattr__"] is _getattr)


def install() -> bool:
    """Make strips' caches lazy; True if done (now or before)."""
    cls = textual_strip.Strip
    if cls.__dict__.get("__getattr__") is _getattr:
        return True
    if not fits(cls):
        log.warning("Textual's Strip is not the one mud/server/tui/strips.py knows: left as it is")
        return False
    for name, new in (("__init__", _init), ("__getattr__", _getattr), ("divide", _divide),
                      ("crop_extend", _crop_extend)):
        patch(cls, name, new)  # (through mud/tui/textual_internals.py: listed, undoable)
    return True
