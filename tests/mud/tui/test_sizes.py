"""At 80x24 the log is short: F3 folds the panels and gives the log the screen; a small terminal
folds them by itself, and one too small to play in says so."""

from __future__ import annotations

from tests.tui_local import local_app


async def test_f3_folds_the_panels_and_unfolds_them():
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        top = app.query_one("#top")
        rows = app.log_widget.size.height
        assert top.display and rows <= 8
        await pilot.press("f3")
        await pilot.pause()
        assert app.screen.has_class("folded") and app.log_widget.size.height >= rows + 10
        assert "Round" in str(app.status_bar.render())  # the one-line status stays
        await pilot.press("f3")
        await pilot.pause()
        assert not app.screen.has_class("folded") and app.log_widget.size.height == rows


async def test_a_small_terminal_folds_and_a_tiny_one_says_so():
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(70, 16)
        await pilot.pause()
        assert app.screen.has_class("folded") and not app.screen.has_class("tiny")
        await pilot.resize_terminal(36, 8)
        await pilot.pause()
        assert app.screen.has_class("tiny")
        assert "Terminal too small: 36x8" in str(app.tiny_note.render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.has_class("tiny") and not app.screen.has_class("folded")


async def test_the_log_wraps_again_when_the_terminal_widens():
    app = local_app("quest", "hero", 4, 5)
    long = "word " * 40
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.log_widget.add("info", long.strip())
        await pilot.pause()
        narrow = len(app.log_widget.lines)
        await pilot.resize_terminal(200, 40)
        await pilot.pause(0.3)
        wide = len(app.log_widget.lines)
        assert wide < narrow  # the long line takes fewer rows at 200 columns
        assert any(long.strip()[:150] in "".join(seg.text for seg in strip) for strip in app.log_widget.lines)


async def test_the_map_grows_on_a_big_terminal_and_shrinks_back():
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.3)
        assert app.scale == 2 and app.screen.has_class("grown")
        assert app.main_box.outer_size == (84, 18) and app.main_box.size == (80, 16)
        assert len(str(app.main_box.render()).splitlines()) == 16  # the big map and its legend
        assert app.side_box.outer_size.width == 36 and not app.extra_box.display
        assert app.log_widget.size.height >= 12  # the log keeps more rows than at 80x24
        await pilot.press("f2")  # the ledger is an F2 away, as tall as the map
        await pilot.pause()
        assert app.main_box.border_title == "Ledger"
        await pilot.press("f2")
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.3)
        assert app.scale == 1 and not app.screen.has_class("grown")
        assert app.main_box.outer_size == (46, 13)


async def test_a_very_wide_terminal_keeps_the_ledger_beside_the_grown_map():
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=(170, 40)) as pilot:
        await pilot.pause(0.3)
        assert app.scale == 2 and not app.screen.has_class("grown")
        assert app.extra_box.display and app.extra_box.size.width >= 38
