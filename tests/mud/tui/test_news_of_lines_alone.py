"""News of lines alone (talk: the same view, place and status as the panels show) goes to the log
and redraws no panel: a line said in a crowded room costs each full screen only its log's rows."""

from __future__ import annotations

from dataclasses import replace

from mud.shell.session import Line
from tests.mud.tui.test_app import SIZE
from tests.tui_local import local_app


def counting_redraws(app) -> list:
    drawn = []
    redraw = app.refresh_view

    def counted() -> None:
        drawn.append(app.snap)
        redraw()
    app.refresh_view = counted
    return drawn


async def test_talk_news_reaches_the_log_and_redraws_no_panel_while_a_changed_state_does():
    app = local_app("quest", "hero", 2, 2, others=("bob",))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        drawn = counting_redraws(app)
        shown = app.snap
        app._take(shown.with_lines([Line("say", "bob says: hi")]))
        assert app.log_widget.plain_lines[-1] == "bob says: hi"
        assert drawn == []  # the panels show this state already
        moved = replace(shown, lines=[Line("info", "bob leaves.")], place={**(shown.place or {}), "x": 1})
        app._take(moved)
        assert drawn == [moved]  # the place changed: the panels are drawn from it
        app._take(moved.with_lines([Line("say", "bob says: again")]))
        assert len(drawn) == 1 and app.log_widget.plain_lines[-1] == "bob says: again"


async def test_lines_that_bring_the_log_back_to_its_end_redraw_the_hint_row():
    app = local_app("quest", "hero", 2, 2, others=("bob",))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        drawn = counting_redraws(app)
        app.more_below = True  # the player had scrolled up: the hint row says "PgDn"
        app._take(app.snap.with_lines([Line("say", "bob says: hi")]))
        assert len(drawn) == 1 and app.more_below is False
