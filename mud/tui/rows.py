"""The log's rows (and its scrollbar's) made ready for the screen once, not at every frame.

Textual turns each row a widget draws into a row of the screen through its styles cache: for every
row, and every frame in which the widget changed, it looks up the widget's borders, outline,
padding, tint, hatch and opacity (dozens of style lookups) before padding the row. A log that
scrolls by one line changes every row it shows, so a line of news redrew all of them that way --
in a served TUI that was a fifth of the frame.

:class:`RowCache` is the log's styles cache: when the widget's styles are the plain kind (no
border, outline, tint, hatch or transparency, which the log and its scrollbar never have) those
lookups are made once per frame, not once per row, and a row of content already made ready (the
same row object: the log keeps its rows) is taken as it was -- even after Textual empties the
cache, as it does whenever the widget is repainted: a kept row is found only for the very same
content row at the same widths, colours and padding. Anything else goes to Textual's own
drawing, unchanged. tests/mud/server/tui/test_textual_internals.py checks both give the same rows.
"""

from __future__ import annotations

from textual.strip import Strip

from mud.tui.textual_internals import StylesCache, line_pad

KEPT = 256  # rows made ready and kept per widget (a few screens' worth)


def plain(styles, opacity: float) -> tuple[int, int] | None:
    """(gutter top, gutter bottom) when ``styles`` draw nothing but padding around the content."""
    if opacity != 1.0 or styles.text_opacity != 1.0 or styles.tint.a:
        return None
    if any(kind for kind, _ in styles.border) or any(kind for kind, _ in styles.outline):
        return None
    if styles.has_rule("hatch") and styles.hatch != "none":
        return None
    gutter = styles.gutter
    return gutter.top, gutter.bottom


class RowCache(StylesCache):
    """A StylesCache that makes plain rows ready with the styles looked up once per frame."""

    def __init__(self) -> None:
        super().__init__()
        self._plain: tuple[int, int] | None = None
        self._ready: dict[int, tuple] = {}  # id(content row) -> (row, its key, the row made ready)

    def render(self, styles, size, base_background, background, render_content_line, filters, border_title,
               border_subtitle, content_size=None, padding=None, crop=None, opacity=1.0, **kwargs):
        self._plain = plain(styles, opacity)
        try:
            return super().render(styles, size, base_background, background, render_content_line, filters,
                                  border_title, border_subtitle, content_size=content_size, padding=padding,
                                  crop=crop, opacity=opacity, **kwargs)
        finally:
            self._plain = None

    def render_line(self, styles, y, size, content_size, padding, base_background, background,
                    render_content_line, *args):
        gutters = self._plain
        if gutters is None or y < gutters[0] or y >= size.height - gutters[1]:
            return super().render_line(styles, y, size, content_size, padding, base_background, background,
                                       render_content_line, *args)
        inner = self.get_inner_outer(base_background, background)[0].rich_style
        content_y = y - gutters[0]
        content = render_content_line(content_y) if content_y < content_size.height else None
        key = (size.width, content_size.width, inner, padding.left, padding.right)
        if content is not None:
            found = self._ready.get(id(content))
            if found is not None and found[0] is content and found[1] == key:
                return found[2]
        line = (content.adjust_cell_length(content_size.width, inner) if content is not None
                else Strip.blank(content_size.width, inner))
        if padding.left or padding.right:
            line = line_pad(line, padding.left, padding.right, inner)
        row = Strip(line, size.width)
        if content is not None:
            if len(self._ready) >= KEPT:
                del self._ready[next(iter(self._ready))]
            self._ready[id(content)] = (content, key, row)
        return row
