"""What the app does at its first frame: `mud play` holds its garbage collection until then
(issue 29), through the app's ``after_first_frame``, called once, when that frame is drawn."""

from __future__ import annotations

from tests.tui_local import local_app

SIZE = (80, 24)


async def test_after_first_frame_is_called_once_when_the_first_frame_is_drawn():
    calls = []
    app = local_app("quest", "hero", 4, 5, after_first_frame=lambda: calls.append(app.screen.is_current))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert calls == [True]
        await pilot.press(*"look", "enter")
        await pilot.pause()
    assert calls == [True]


async def test_an_app_without_it_starts_as_before():
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.after_first_frame is None and app.is_running
