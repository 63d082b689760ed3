"""Leaving the TUI: Ctrl+C says how to quit, and quitting a local game still being played asks
first (the game is saved either way)."""

from __future__ import annotations

import games
from mud.tui.quitting import ConfirmScreen
from tests.tui_local import local_app

SIZE = (80, 24)


async def test_ctrl_c_says_how_to_quit_and_quits_nothing():
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert "Ctrl+C does not quit here: type quit, or press Ctrl+Q." in app.log_widget.plain_lines
        assert not app.link.closed and app.is_running


async def test_quitting_a_running_local_game_asks_first():
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen) and not app.link.closed
        assert "You stay at the table." in app.log_widget.plain_lines
        await pilot.press(*"quit", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and not app.link.closed  # typed, it asks too
        await pilot.press("y")
        await pilot.pause()
    assert app.link.closed and app.return_code == 0


async def test_quitting_a_finished_game_does_not_ask():
    games.register("toy", "tests.toygame")
    app = local_app("toy", "ann", 2, 4)
    app.table.state.points["ann"] = 3  # the toy game is won at 3 points
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.link.closed
