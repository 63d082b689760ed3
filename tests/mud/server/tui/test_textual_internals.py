"""Textual's private internals, all reached through one adapter, mud/tui/textual_internals.py (the
only module that imports a private Textual name: tests/test_layers.py). Textual is pinned to the
range tested (pyproject.toml); if an upgrade moves these, this test fails and says what to fix."""

import importlib.metadata
import inspect

from mud.tui import textual_internals
from mud.tui.textual_internals import (ChopsUpdate, Compositor, StylesCache, XTermParser, character_to_key,
                                       patch, unpatch)

PINNED = "8.2"  # the Textual minor version the driver was written and tested against


def test_textual_is_the_pinned_version():
    version = importlib.metadata.version("textual")
    assert version.startswith(PINNED + "."), (
        f"Textual {version} is installed but the SSH driver was tested with {PINNED}.x: check "
        "textual._xterm_parser.XTermParser and its cached _parse_extended_key, then move the pin "
        "in pyproject.toml and PINNED here.")


def test_the_xterm_parser_and_its_cached_extended_keys_are_still_there():
    method = getattr(XTermParser, "_parse_extended_key", None)
    assert method is not None, "XTermParser._parse_extended_key is gone: _Parser in textual_driver.py overrides it"
    assert hasattr(method, "__wrapped__"), (
        "XTermParser._parse_extended_key is no longer wrapped by a cache: _Parser's override in "
        "textual_driver.py calls __wrapped__ to bypass that cache; drop the override")
    assert list(inspect.signature(method.__wrapped__).parameters) == ["self", "sequence"]
    assert "debug" in inspect.signature(XTermParser.__init__).parameters


def test_the_served_parser_reads_keys():
    from textual import events
    from mud.server.tui.driver import _Parser
    keys = [e for e in _Parser().feed("a") if isinstance(e, events.Key)]
    assert [k.character for k in keys] == ["a"]


def test_the_strip_is_the_one_whose_caches_the_server_makes_lazy():
    """mud/server/tui/strips.py replaces Strip.__init__ (seven caches made on first use, not at once):
    if Textual's Strip changed its slots, the server leaves it alone -- and this says to look again."""
    from textual.strip import Strip
    from mud.server.tui import strips
    assert strips.fits(Strip), ("textual.strip.Strip has other slots than mud/server/tui/strips.py knows: "
                                "compare Strip.__init__ with strips.CACHES and OTHER_SLOTS")
    source = inspect.getsource(Strip.__init__) if Strip.__init__ is not strips._init else ""
    for name, kind in strips.CACHES.items():
        assert not source or f"self.{name}" in source


def test_lazy_strips_behave_as_textual_strips():
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip
    from mud.server.tui import strips
    assert strips.install()
    strip = Strip([Segment("hello ", Style(bold=True)), Segment("world")])
    assert strip.crop(2, 8).text == "llo wo" and strip.crop(2, 8) is strip.crop(2, 8)  # cached
    assert [s.text for s in strip.divide([5, 11])] == ["hello", " world"]
    assert strip.cell_length == 11 and strip.extend_cell_length(13).text == "hello world  "
    for a in range(5):  # a cache keeps its last entries only
        for b in range(a + 1, 11):
            strip.crop(a, b)
    assert len(strip._crop_cache) == 16 and len(strip._divide_cache) == 1
    try:
        strip.no_such_thing
    except AttributeError:
        pass
    else:
        raise AssertionError("an unknown attribute must still raise AttributeError")


def test_the_compositor_is_the_one_whose_frames_the_server_draws_row_by_row():
    """mud/server/tui/frames.py replaces Compositor._render_chops (only the rows written are drawn):
    if Textual's changed, the server leaves it alone -- and this says to look again."""
    from mud.server.tui import frames
    assert frames.fits(Compositor), ("textual._compositor.Compositor._render_chops is not the one "
                                     "mud/server/tui/frames.py was written for: compare them, then move the pin")


async def test_frames_drawn_row_by_row_write_what_textual_writes():
    """Every row a partial frame writes is the same, drawn with Textual's _render_chops or the
    server's: on a real screen, for dirty rows here and there, and for the whole screen; and the
    update written for it is the same, byte for byte."""
    import asyncio
    from textual.geometry import Region
    from mud.server.tui import frames
    from mud.server.tui.driver import ServedApp, run_served
    from mud.world.world import World

    class Term:
        size = (80, 24)
        driver = None
        sent = b""

        def send(self, data):
            self.sent += data

        def backlog(self):
            return 0

        def pause_reading(self):
            pass

        def resume_reading(self):
            pass

    world = World()
    term = Term()
    app = ServedApp(world.connect("jo"), term, max_line=100)
    task = asyncio.create_task(run_served(app, term.size))
    for _ in range(400):
        if b"command" in term.sent:
            break
        await asyncio.sleep(0.02)
    term.driver.feed(b"look\rsay hello\rabc")
    await asyncio.sleep(0.5)
    compositor = app.screen._compositor
    cases = [(Region(0, 0, 80, 24), lambda y: True), (Region(3, 22, 77, 1), lambda y: y == 22),
             (Region(0, 0, 80, 21), lambda y: y in (0, 14, 15, 20)), (Region(50, 2, 10, 5), lambda y: y != 4)]
    try:
        chop_ends = [cut_set[1:] for cut_set in compositor.cuts]
        for crop in (Region(0, 0, 80, 24), Region(3, 22, 77, 1), Region(50, 2, 10, 5)):
            update = ChopsUpdate(compositor._render_chops(Region(0, 0, 80, 24), lambda y: True),
                                 list(compositor._regions_to_spans([crop])), chop_ends)
            assert frames._render_segments(update, app.console) == frames.ORIGINAL_SEGMENTS(update, app.console)
        for crop, rows in cases:
            frames.uninstall()
            theirs = frames.ORIGINAL(compositor, crop, rows)
            assert frames.install()
            ours = compositor._render_chops(crop, rows)
            for y in range(24):
                if rows(y) and crop.y <= y < crop.bottom:
                    edges = compositor.cuts[y]
                    cuts = [x for x, end in zip(edges, edges[1:])  # the chops that reach into the crop
                            if theirs[y][x] is not None and end > crop.x and x < crop.right]
                    assert cuts
                    assert [(x, ours[y][x].text) for x in cuts] == [(x, theirs[y][x].text) for x in cuts]
                    assert [ours[y][x] for x in cuts] == [theirs[y][x] for x in cuts]
    finally:
        frames.install()
        term.driver.feed(b"\x11")
        await asyncio.wait_for(task, 8)


async def test_the_logs_rows_made_ready_once_are_textuals_rows():
    """mud/tui/rows.py draws the log's plain rows itself (StylesCache.render_line's content case):
    on a real log, and on a widget with a border (left to Textual), both give the same rows."""
    import inspect as _inspect
    from textual.app import App
    from textual.widgets import Static
    from mud.tui.game_log import GameLog
    from mud.tui.rows import RowCache
    params = list(_inspect.signature(StylesCache.render_line).parameters)
    assert params[:9] == ["self", "styles", "y", "size", "content_size", "padding", "base_background",
                          "background", "render_content_line"], "StylesCache.render_line moved: see mud/tui/rows.py"
    assert "crop" in _inspect.signature(StylesCache.render).parameters

    class Two(App):
        CSS = "#log { height: 8; padding: 0 1; } #box { border: round red; height: 5; padding: 0 1; }"

        def compose(self):
            yield GameLog("jo", id="log")
            yield Static("boxed\ntext", id="box")

    async with Two().run_test(size=(40, 16)) as pilot:
        log = pilot.app.query_one(GameLog)
        for n in range(20):
            log.add("say", f"bob says: line {n} " + "word " * (n % 9))
        await pilot.pause()
        box = pilot.app.query_one("#box")
        assert isinstance(log._styles_cache, RowCache) and isinstance(log.vertical_scrollbar._styles_cache, RowCache)
        box._styles_cache = RowCache()  # a border: Textual draws its rows
        for widget in (log, box, log.vertical_scrollbar):
            region = widget.size.region
            ours = [strip.text for strip in widget._styles_cache.render_widget(widget, region)]
            widget._styles_cache = StylesCache()
            theirs = [strip.text for strip in widget._styles_cache.render_widget(widget, region)]
            widget._styles_cache = RowCache()
            again = widget._styles_cache.render_widget(widget, region)
            assert ours == theirs == [strip.text for strip in again]
            plain = widget._styles_cache.render_widget(widget, region)
            textual = StylesCache().render_widget(widget, region)
            assert [list(s) for s in plain] == [list(s) for s in textual]


def test_what_news_drawn_at_once_leans_on_is_still_there():
    """mud/server/tui/news_frame.py and the served driver's typed runs use these; after an upgrade,
    tests/mud/server/tui/test_news_frame.py says whether they still mean the same."""
    from textual.app import App
    from textual.reactive import Reactive
    from textual.scrollbar import ScrollBar
    from textual.widget import Widget
    assert character_to_key("a") == "a" and character_to_key(" ") == "space"
    assert isinstance(Widget.scroll_y, Reactive) and isinstance(Widget.scroll_target_y, Reactive)
    assert isinstance(ScrollBar.window_virtual_size, Reactive) and isinstance(ScrollBar.position, Reactive)
    assert hasattr(Compositor, "visible_widgets") and hasattr(Compositor, "update_widgets")
    assert list(inspect.signature(Compositor.render_update).parameters)[:3] == ["self", "full", "screen_stack"]
    for name in ("_display", "_background_screens", "set_reactive", "_begin_update", "_end_update"):
        assert hasattr(App, name), name
    for name in ("_exchange_repaint_regions", "_set_dirty", "set_reactive"):
        assert hasattr(Widget, name), name
    assert "self._repaint_regions" in inspect.getsource(Widget._set_dirty)
    assert "_sync_available" in inspect.getsource(App._begin_update)
    assert "_previous_cursor_position" in inspect.getsource(App._display)


def test_every_patch_of_textual_in_place_is_listed_by_the_adapter():
    """The served TUI's replacements of Textual's methods (frames drawn row by row, lazy strips)
    are made through the adapter, which lists each with Textual's own."""
    from textual.strip import Strip
    from mud.server.tui import frames, strips
    assert frames.install() and strips.install()
    listed = set(textual_internals.PATCHED)
    assert {(Compositor, "_render_chops"), (ChopsUpdate, "render_segments")} <= listed
    assert {(Strip, "__init__"), (Strip, "__getattr__"), (Strip, "divide"), (Strip, "crop_extend")} <= listed
    for (cls, name) in listed:
        assert cls.__module__.startswith("textual."), cls  # only Textual's classes are patched here
    assert textual_internals.original(Compositor, "_render_chops") is frames.ORIGINAL


def test_a_patch_undone_gives_textuals_own_back():
    class Widgetish:
        def draw(self):
            return "textual's"
    patch(Widgetish, "draw", lambda self: "ours")
    patch(Widgetish, "extra", lambda self: "new")
    assert Widgetish().draw() == "ours" and Widgetish().extra() == "new"
    assert textual_internals.original(Widgetish, "draw")(None) == "textual's"
    unpatch(Widgetish, "draw")
    unpatch(Widgetish, "extra")
    assert Widgetish().draw() == "textual's" and not hasattr(Widgetish, "extra")
    assert (Widgetish, "draw") not in textual_internals.PATCHED


def test_stylesheets_still_parse_through_the_method_shared_css_replaces():
    """mud/server/tui/shared_css.py replaces ``Stylesheet._parse_rules(css, read_from,
    is_default_rules, tie_breaker, scope)`` and reads ``_variables``: after an upgrade, check both."""
    import inspect

    from textual.css.stylesheet import Stylesheet

    params = list(inspect.signature(Stylesheet._parse_rules).parameters)
    assert params == ["self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"]
    assert isinstance(Stylesheet(variables={"a": "b"})._variables, dict)
