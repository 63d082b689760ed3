"""News drawn at once: a line of news in a served TUI without Textual's refresh machinery.

A line said in a room reaches every TUI there. Through Textual, adding it to the log sets off the
log's reactive attributes (its virtual size, scroll position, scrollbar), each of them a refresh,
an idle message, an update message to the screen and a timer before the compositor draws: in a
served TUI that machinery cost more than drawing the rows themselves.

When the log can take the lines quietly (:meth:`GameLog.follows_quietly`: it is laid out, shows its
end with its scrollbar up, answers no command and has no repaint pending) and nothing stands
between it and the terminal (its screen is the one shown, no layout is pending, the client has
every frame so far), :func:`pump` adds the news with the log's state set directly and then has the
screen's own compositor draw the log and its scrollbar, in a frame written as Textual writes its
frames (one synchronized update, the cursor put back). Everything else -- the panels the news
changes, a screen on top, a layout -- goes through Textual as before. tests/mud/server/tui/test_news_frame.py
compares the screens both ways.
"""

from __future__ import annotations

from textual.geometry import Region



def ready(app) -> bool:
    """Nothing but the log's own state stands between its lines and the terminal."""
    log = app.log_widget
    try:
        screen = app.screen
    except Exception:  # no screen yet, or none any more
        return False
    bar = log._vertical_scrollbar
    if bar is None or not in_sight(app, log) or screen._layout_required or app._batch_count:
        return False
    if log._repaint_regions or bar._repaint_regions:  # changed since the last frame, not drawn yet
        return False
    return log.follows_quietly()


def in_sight(app, log) -> bool:
    """The log and its scrollbar are on the screen shown, and the client has every frame so far."""
    driver, screen = app._driver, app.screen
    visible = screen._compositor.visible_widgets
    return (driver is not None and not driver._held and not driver._missed and log.screen is screen
            and log in visible and log.vertical_scrollbar in visible)


def pump(app, pump_as_usual) -> bool:
    """Run ``pump_as_usual`` (the app's pump) with the news drawn at once when the log is
    :func:`ready`; True when it was."""
    return quietly(app, pump_as_usual)


def command(app, run_as_usual, line: str, typed_at: float | None) -> bool:
    """A typed command, its echo and answer drawn into the log the same way (the rest of the
    screen -- the command line emptied, the hint, the panels -- through Textual)."""
    return quietly(app, lambda: run_as_usual(line, typed_at))


def quietly(app, work) -> bool:
    """Do ``work`` with the log taking its lines quietly, then draw the log: the terminal
    scrolls it, or the compositor draws it whole. True when it went this way."""
    log = app.log_widget
    if not ready(app):
        work()
        return False
    bar = log.vertical_scrollbar
    before = bar_rows(bar)
    top, end = shown_lines(log)
    log.quiet = True
    try:
        work()
    finally:
        log.quiet = False
        if log.drawn_quietly():
            _draw(app, log, top, end, before)
    return True


def _draw(app, log, top: int, end: int, before: list) -> None:
    bar = log.vertical_scrollbar
    screen = app.screen
    compositor = screen._compositor
    if not in_sight(app, log):  # (the work put a screen on top ...)
        log.refresh()  # ... Textual draws the log when it is seen again
        bar.refresh()
        return
    span = scroll_span(app, log)
    new_top, _ = shown_lines(log)
    moved = new_top - top  # rows the log's view went down by
    fresh = new_top + (span[1] - span[0]) - end if span is not None else 0  # rows below what was there
    if span is None or moved < 0 or fresh <= 0 or fresh >= span[1] - span[0]:
        compositor.update_widgets({log, bar})
        app._display(screen, compositor.render_update(screen_stack=app._background_screens))
    else:
        _scrolled(app, log, span, moved, fresh, before)


def shown_lines(log) -> tuple[int, int]:
    """(the first line in view, the end of the lines), counted from the log's first line ever (it
    forgets its oldest past ``max_lines``)."""
    return log._start_line + round(log.scroll_y), log._start_line + len(log.lines)


def bar_rows(bar) -> list:
    """The scrollbar's rows as drawn now (kept per position: mud/tui/scrollbar.py)."""
    if bar._dirty_regions or bar._render_cache.size != bar.size:
        bar._render_content()
    return bar._render_cache.lines


def scroll_span(app, log) -> tuple[int, int] | None:
    """The screen rows [top, bottom) the log's lines scroll in, when the terminal itself can scroll
    them: the log is as wide as the screen (a terminal scrolls whole rows) and nothing but the log,
    its scrollbar and what is behind them is drawn over those rows."""
    compositor = app.screen._compositor
    region, clip = compositor.visible_widgets[log]
    width = compositor.size.width
    if region.x != 0 or region.width != width or clip.intersection(region) != region:
        return None
    content = log.scrollable_content_region
    top, bottom = content.y, content.y + content.height
    rows = Region(0, top, width, bottom - top)
    bar = log.vertical_scrollbar
    behind = set(log.ancestors_with_self)
    for widget, (where, cut) in compositor.visible_widgets.items():
        if widget is bar or widget in behind:
            continue
        if where.intersection(cut).overlaps(rows):
            return None
    return top, bottom


def _scrolled(app, log, span: tuple[int, int], moved: int, fresh: int, bar_before: list) -> None:
    """The terminal scrolls the log's rows up by ``moved`` (DECSTBM and IND); then the compositor
    draws the ``fresh`` rows at the bottom (lines that were not on the terminal: those that scrolled
    in, and those written below the last line of a log not full yet), and the scrollbar's cells that
    differ from what scrolled into their place -- all in one synchronized update."""
    screen = app.screen
    compositor = screen._compositor
    top, bottom = span
    bar = log.vertical_scrollbar
    log._exchange_repaint_regions()  # (all its rows are dirty in its own cache: only these are drawn)
    bar._exchange_repaint_regions()
    width = compositor.size.width
    dirty = [Region(0, bottom - fresh, width, fresh)]
    where, clip = compositor.visible_widgets[bar]
    bar_after = bar_rows(bar)
    shown = where.intersection(clip)
    for y in range(shown.y, min(shown.bottom, bottom - fresh)):
        row = y - where.y
        was = row + moved
        if was >= len(bar_before) or row >= len(bar_after) or bar_after[row] != bar_before[was]:
            dirty.append(Region(shown.x, y, shown.width, 1))
    compositor._dirty_regions.update(dirty)
    update = compositor.render_update(screen_stack=app._background_screens)
    cursor = screen.outer_size.clamp_offset(app.cursor_position)
    scroll = f"\x1b[{top + 1};{bottom}r\x1b[{bottom};1H" + "\x1bD" * moved + "\x1b[r" if moved else ""
    body = update.render_segments(app.console) if update is not None else ""
    app._begin_update()  # (as Textual writes a frame: synchronized where the terminal can)
    app._driver.write(f"{scroll}{body}\x1b[{cursor.y + 1};{cursor.x + 1}H")
    app._end_update()
    app._driver.flush()
    app._previous_cursor_position = cursor
