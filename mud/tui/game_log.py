"""The log of what this player saw, coloured by the tone (or kind) of each line (mud/shell/theme.py).

Colour carries meaning so a glance finds what matters: refusals in red, the start of your own
turn as a bright bar, other turns as quiet separators, your own discoveries in green, talk in
magenta, the end of the game in gold. The log never takes focus: typing always goes to the command
line, and PageUp/PageDown (bound by the app) scroll it.

Scrolling: the newest lines are always in view -- above all the ones that cost the player
something or ask something of them ("bot1 takes a bible from you.", "Tutorial 1/4: ... Type
'peek'"), which come last. At 80x24 the log has about seven rows, so after a command whose answer is
taller the log goes to its end and PageUp reads back. Only an answer that is all reading -- a
listing, a help page, a screen (``READING`` kinds), with nothing that happened in the game after it
-- stops with the command at its top, to be read down with PageDown.

Folded turns: another player's turn comes as one or two summary lines (mud/shell/fold.py), marked ``▸``;
F4 (the app's ``details``) writes every folded turn out in full under its summary (``▾``), and
back. The summary and its lines are one entry, so the log reflows the same either way.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.cache import LRUCache
from textual.geometry import Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import RichLog

from mud.shell import theme
from mud.tui.help_screen import hang
from mud.tui.rows import RowCache
from mud.tui.scrollbar import vertical_scrollbar

MAX_ENTRIES = 2000  # lines kept to wrap again when the width changes
LINE_CACHE = 128  # rows kept cut to the log's width (RichLog keeps 1024: a server holds a hundred logs)
LINE_STYLE = ("-questmud-log-line",)  # where the log's own style is kept in Textual's style cache
READING = frozenset({"echo", "help", "screen", "seat", "info", "intro"})  # a reply read from its top (see above)
SHARED_ROWS = LRUCache(1024)  # (text, style, end, width, ascii) -> its rows, for every log in the process


def rows_of(console, text: Text, width: int) -> list[Strip]:
    """The rows a line wraps into at ``width``, as RichLog.write makes them. Kept for every log in
    the process: a line said in a room of a hundred served TUIs is wrapped and styled once, not a
    hundred times. (Only plain lines -- one style, no spans -- are kept: the log's own.)"""
    options = console.options
    key = (text.plain, str(text.style), text.end, width, options.ascii_only, options.legacy_windows)
    rows = SHARED_ROWS.get(key) if not text.spans else None
    if rows is None:
        text = text.copy()
        text.expand_tabs()
        lines = list(Segment.split_lines(console.render(text, options.update_width(width))))
        rows = Strip.from_lines(lines) if lines else [Strip.blank(width)]
        if not text.spans:
            SHARED_ROWS[key] = rows
    return rows


class GameLog(RichLog):
    """A RichLog that writes session lines with their colours and knows whose log it is."""

    can_focus = False
    # RichLog grows its virtual size with every line, and Textual lays the whole screen out again
    # when a virtual size changes: most of what a served TUI costs. Growing the log only needs its
    # own repaint and its scrollbar updated; a real layout happens when the scrollbar first shows.
    virtual_size = Reactive(Size(0, 0), repaint=True, layout=False)

    @property
    def vertical_scrollbar(self):
        """(Drawn once per position for every log: mud/tui/scrollbar.py.)"""
        return vertical_scrollbar(self)

    def watch_virtual_size(self, old: Size, new: Size) -> None:
        if self.show_vertical_scrollbar != (new.height > self.container_size.height) or old.width != new.width:
            self._laying_out = True
            self.refresh(layout=True)
            self.call_after_refresh(self._laid_out)
        else:
            self._scroll_update(new)

    def _laid_out(self) -> None:
        self._laying_out = False

    def render_line(self, y: int) -> Strip:
        """As RichLog's, with the log's style and width worked out once per frame rather than once
        per row (the style walks every ancestor's styles). They are kept in the widget's own style
        cache, which Textual empties whenever the widget is repainted, resized or restyled."""
        style, width = self._line_style()
        scroll_x, scroll_y = self.scroll_offset
        return self._render_line(scroll_y + y, scroll_x, width).apply_style(style)

    def _line_style(self) -> tuple:
        """(the log's style, its lines' width), looked up once per frame."""
        cached = self._rich_style_cache.get(LINE_STYLE)
        shape = (self._size, self.show_vertical_scrollbar)  # what the width depends on
        if cached is None or cached[2] != shape:  # (the width: per row, a third of the row's cost)
            cached = self._rich_style_cache[LINE_STYLE] = (self.rich_style, self.scrollable_content_region.width, shape)
        return cached[0], cached[1]

    def _render_line(self, y: int, scroll_x: int, width: int) -> Strip:
        """As RichLog's, with the style looked up once per frame (``_line_style``), not per new row."""
        style = self._line_style()[0]
        if y >= len(self.lines):
            return Strip.blank(width, style)
        key = (y + self._start_line, scroll_x, width, self._widest_line_width)
        line = self._line_cache.get(key)
        if line is None:
            line = self._line_cache[key] = self.lines[y].crop_extend(scroll_x, scroll_x + width, style)
        return line

    def __init__(self, me: str | None, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, max_lines=5000, **kwargs)
        self._line_cache = LRUCache(LINE_CACHE)
        self._styles_cache = RowCache()  # rows made ready once (mud/tui/rows.py)
        self.me = me
        self.plain_lines: list[str] = []  # what was written, for tests and screen readers of the future
        self.entries: list[tuple[str, str, str, tuple]] = []  # (kind, text, tone, detail): written again on a new width
        self.details = False  # folded turns shown in full under their summary (F4)
        self._width = 0  # the width the lines were wrapped at
        self._anchor: int | None = None  # first line of the command being answered
        self._anchor_entry = 0  # its first entry: the answer's kinds say whether it is all reading
        self._held = False  # showing the start of a long answer, not the end
        self._laying_out = False  # a layout is on its way: where the end is is known after it
        self.quiet = False  # lines added without Textual's refresh (news drawn at once: ``follows_quietly``)
        self.quiet_rows = 0  # rows added quietly since the last drawing

    def style_for(self, kind: str, text: str, tone: str = "") -> str:
        return theme.style(kind, tone, text, self.me)

    # --- one command's answer -------------------------------------------------------------------
    def begin(self) -> None:
        """A command starts: remember where its answer begins."""
        self._anchor = len(self.lines)
        self._anchor_entry = len(self.entries)

    def end(self, to_end: bool = False) -> bool:
        """The command's answer is written: scroll to its end -- or, when it is all reading (a
        listing, a help page) and taller than the log, to its start (unless ``to_end``). True when
        part of it is below the visible area."""
        anchor, self._anchor = self._anchor, None
        if anchor is None:
            return False
        reading = all(entry[0] in READING for entry in self.entries[self._anchor_entry:])
        overflow = (not to_end and reading
                    and len(self.lines) - anchor > self.scrollable_content_region.height)
        self._held = overflow
        target = min(anchor, len(self.lines))
        if self.quiet:  # (drawn by the log's owner: mud/server/tui/news_frame.py)
            self._scroll_quietly(target if overflow else self.max_scroll_y)
            return overflow

        def place() -> None:
            if overflow:
                self.scroll_to(y=target, animate=False, immediate=True)
            else:
                self.scroll_end(animate=False, immediate=True)
        if self._laying_out or not self._size_known:
            self.call_after_refresh(place)  # where the end is is known after the layout
        else:
            place()  # in the frame that shows the answer: one frame per command, not two
        return overflow

    def on_resize(self, event) -> None:
        """The panels above grew or shrank (a match began, the hub's room changed): keep the end of
        the log in sight -- the lines that just came are what the player must read. A new width
        wraps every line again, so nothing stays cut or ragged after the terminal changed."""
        super().on_resize(event)  # (writes made before the size was known; a no-op after)
        width = event.size.width
        if self._width and width != self._width and self.entries:
            self.call_after_refresh(self._reflow)  # once the new size is the log's own
        self._width = width
        if self._anchor is None and not self._held:
            self.call_after_refresh(lambda: self.scroll_end(animate=False, immediate=True))

    def _reflow(self) -> None:
        self.clear()
        for kind, text, tone, detail in self.entries:
            self._entry(kind, text, tone, detail, scroll=False)

    def toggle_details(self) -> bool:
        """F4: folded turns in full under their summaries, or folded again. True when now in full."""
        self.details = not self.details
        self._reflow()
        self._held = False
        self.call_after_refresh(lambda: self.scroll_end(animate=False, immediate=True))
        return self.details

    @property
    def has_folds(self) -> bool:
        return any(entry[3] for entry in self.entries)

    def add(self, kind: str, text: str, tone: str = "", detail: tuple = ()) -> None:
        self.plain_lines.append(text)
        self.entries.append((kind, text, tone, tuple(detail)))
        if len(self.entries) > 2 * MAX_ENTRIES:
            self._anchor_entry = max(0, self._anchor_entry - (len(self.entries) - MAX_ENTRIES))
            del self.entries[:-MAX_ENTRIES]
        if self._anchor is None:
            self._held = False  # news follows: the log goes to its end
        self._entry(kind, text, tone, tuple(detail), scroll=self._anchor is None)

    def add_help(self, texts: list[str]) -> None:
        """A help page's lines (written for a wide terminal), kept as one entry: wrapped as one page
        at the log's width (help_screen.hang), so a sentence broken across lines is joined again
        rather than wrapped twice into a row of one word."""
        if len(texts) < 2:
            for text in texts:
                self.add("help", text)
            return
        self.plain_lines.extend(texts)
        self.entries.append(("help", "\n".join(texts), "", ()))
        if self._anchor is None:
            self._held = False
        self._entry("help", "\n".join(texts), "", (), scroll=self._anchor is None)

    def _entry(self, kind: str, text: str, tone: str, detail: tuple, scroll: bool) -> None:
        """One entry: a line, a help page (its lines joined and wrapped again: ``add_help``), or a
        summary (marked) with its full lines under it when in full."""
        if kind == "help" and "\n" in text:
            width = self.scrollable_content_region.width or 0
            for row in hang(text.split("\n"), width - 1) if width > 20 else text.split("\n"):
                self._write(kind, row, tone, scroll)
            return
        if not detail:
            self._write(kind, text, tone, scroll)
            return
        self._write(kind, f"{'▾' if self.details else '▸'} {text}", tone, scroll)
        if self.details:
            width = self.scrollable_content_region.width or None
            for line in detail:  # indented under the summary, in each line's own colour
                style = self.style_for(line.kind, line.text, line.tone)
                self._put(Text(f"    {line.text}", style=style), width, scroll)

    def _write(self, kind: str, text: str, tone: str, scroll: bool) -> None:
        style = self.style_for(kind, text, tone)
        # The log's own width, given: measured by the app's console, a line would wrap at the width
        # the terminal had when the app started.
        width = self.scrollable_content_region.width or None
        if (tone or kind) == "turn":
            self._put(Text(f"── {text} ", style=style, end=""), width, scroll)
            return
        self._put(Text(text, style=style), width, scroll)

    def _put(self, text: Text, width: int | None, scroll: bool) -> None:
        """Write one line; following the end, scroll there at once. (RichLog scrolls after the next
        frame, which made every line cost two frames -- the first one showing nothing new. The
        log's size is known as soon as the line is written, unless a layout is on its way.)"""
        if self.quiet and width:
            self._add_quietly(text, width)
            return
        if not scroll or self._laying_out or not self._size_known:
            self._add_rows(text, width, scroll_end=scroll)
            return
        self._add_rows(text, width, scroll_end=False)
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _add_rows(self, text: Text, width: int | None, scroll_end: bool) -> None:
        """RichLog.write for a line of the log's own at a known width: its rows shared with every
        other log (:func:`rows_of`)."""
        if not self._size_known or not width:
            self.write(text, width=width, scroll_end=scroll_end)
            return
        rows = rows_of(self.app.console, text, width)
        self.lines.extend(rows)
        if self.max_lines is not None and len(self.lines) > self.max_lines:
            self._start_line += len(self.lines) - self.max_lines
            self.refresh()
            self.lines = self.lines[-self.max_lines:]
        self._widest_line_width = max(self._widest_line_width, max(row.cell_length for row in rows))
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        if scroll_end:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    # --- news drawn at once, without Textual's refresh (served apps: mud/server/tui/news_frame.py) -----
    def follows_quietly(self) -> bool:
        """Lines can be added with no refresh at all, the log drawn by its owner right after: the
        log is laid out and shows its end with the scrollbar already up (so a line added changes
        neither the layout nor the scrollbar's presence), no command is being answered, and no
        repaint of it is pending (what is on the terminal is what the log held before)."""
        if not self._size_known or self._laying_out or self._anchor is not None or self._held:
            return False
        if self._repaint_required or self._layout_required or not self.show_vertical_scrollbar:
            return False
        return (self.scroll_y == self.max_scroll_y == self.scroll_target_y and self.scroll_x == 0)

    def _add_quietly(self, text: Text, width: int) -> None:
        """``_add_rows`` and ``scroll_end`` without their watchers: the state only. The owner marks
        the log and its scrollbar dirty and draws them (``drawn_quietly``)."""
        rows = rows_of(self.app.console, text, width)
        self.lines.extend(rows)
        if self.max_lines is not None and len(self.lines) > self.max_lines:
            self._start_line += len(self.lines) - self.max_lines
            self.lines = self.lines[-self.max_lines:]
        self._widest_line_width = max(self._widest_line_width, max(row.cell_length for row in rows))
        self.set_reactive(GameLog.virtual_size, Size(self._widest_line_width, len(self.lines)))
        self.vertical_scrollbar.set_reactive(ScrollBar.window_virtual_size, len(self.lines))
        self._scroll_quietly(self.max_scroll_y)
        self.quiet_rows += len(rows)

    def _scroll_quietly(self, y: int) -> None:
        """The view's first line set to ``y`` (kept within the lines), with no watchers."""
        y = float(min(max(0, y), self.max_scroll_y))
        self.set_reactive(Widget.scroll_y, y)
        self.set_reactive(Widget.scroll_target_y, y)
        bar = self.vertical_scrollbar
        bar.set_reactive(ScrollBar.position, bar.validate_position(y))

    def drawn_quietly(self) -> int:
        """Mark the log and its scrollbar for drawing; the rows added quietly since last time."""
        rows, self.quiet_rows = self.quiet_rows, 0
        if rows:
            self._set_dirty()
            self.vertical_scrollbar._set_dirty()
        return rows
