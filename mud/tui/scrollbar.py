"""The log's scrollbar, drawn once per position for every log in the process.

Every line added to the log moves its scrollbar's thumb, and Textual draws a scrollbar through its
general path for any renderable (measured, rendered by Rich, styled, padded): in a served TUI
that was a third of what a frame of news cost, more than the log's own rows. The thumb's
drawing depends only on the bar's size, the log's length and position, and its colours; here the
rows for each of those are kept (for every log in the process, a few hundred at most) and a bar
drawn before is not drawn again.
"""

from __future__ import annotations

from textual.cache import LRUCache
from textual.scrollbar import ScrollBar
from textual.visual import Visual, visualize

from mud.tui.rows import RowCache
from mud.tui.textual_internals import RenderCache

DRAWN = LRUCache(512)  # (size, the bar's geometry and style, visual style) -> rows


class LogScrollBar(ScrollBar):
    """A vertical scrollbar whose rows are kept per position (see the module's docstring)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._styles_cache = RowCache()  # and made ready for the screen once (mud/tui/rows.py)

    def _render_content(self) -> None:
        # As Widget._render_content, with the rows looked up first.
        bar = self.render()
        key = (self.size, type(bar), getattr(bar, "virtual_size", None), getattr(bar, "window_size", None),
               getattr(bar, "position", None), getattr(bar, "thickness", None), getattr(bar, "vertical", None),
               getattr(bar, "style", None), self.visual_style)
        rows = DRAWN.get(key)
        if rows is None:
            width, height = self.size
            rows = Visual.to_strips(self, visualize(self, bar, markup=self._render_markup), width, height,
                                    self.visual_style)
            DRAWN[key] = rows
        self._render_cache = RenderCache(self.size, rows)
        self._dirty_regions.clear()


def vertical_scrollbar(widget) -> ScrollBar:
    """Widget.vertical_scrollbar's creation, with the kept-rows scrollbar."""
    if widget._vertical_scrollbar is None:
        widget._vertical_scrollbar = bar = LogScrollBar(vertical=True, name="vertical",
                                                        thickness=widget.scrollbar_size_vertical)
        bar.display = False
        widget.app._start_widget(widget, bar)
    return widget._vertical_scrollbar
