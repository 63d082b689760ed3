"""A seat that waits (local play, after 'leave') is said once in the TUI (issue 40 round three, hand
play): the room's look ended with "Your seat at table 1 waits: 'sit 1' takes it back." right above
the hint row's "Your seat at table 1 waits: sit 1 takes it back." The hint row says it; a line
surface, with no such row, keeps the line (tests/mud/local/test_local_seat_waits.py)."""

from __future__ import annotations

from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.tui_local import local_app


def hint_row(app) -> str:
    return screen_lines(app)[-3]


async def test_the_seat_that_waits_is_said_by_the_hint_row_not_again_in_the_log():
    app = local_app("quest", "ann", 4, 7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "leave")
        for command, row in (("look", "Your seat at table 1 waits: sit 1 takes it back."),
                             ("s", "Your Quest seat at table 1 waits: sit 1 takes you back")):
            await type_line(pilot, command)
            await pilot.pause()
            assert hint_row(app).strip().startswith(row), screen_lines(app)
            logged = app.log_widget.plain_lines
            assert logged[-1] != f"> {command}" and not any(line.startswith("Your seat at table 1") for line in logged), \
                logged
