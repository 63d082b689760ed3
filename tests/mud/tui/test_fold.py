"""At 80x24 a round of bot turns is a line or two each in the log; F4 opens them in full and folds
them again, and 'log full' answers in the log as on every surface."""

from __future__ import annotations

from tests.mud.tui.test_app import type_line
from tests.tui_local import local_app


def _rows(app) -> list[str]:
    return ["".join(seg.text for seg in strip).rstrip() for strip in app.log_widget.lines]


async def test_bot_turns_fold_to_a_line_each_and_f4_shows_them_in_full():
    app = local_app("quest", "hero", 4, 12)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "pass")
        await pilot.pause()
        rows = _rows(app)
        folded = [r for r in rows if r.startswith("▸ bot")]
        assert folded, rows
        assert not any(r.startswith("bot") and " goes " in r for r in rows)  # the moves are in the summary
        await pilot.press("f4")
        await pilot.pause()
        rows = _rows(app)
        assert any(r.startswith("▾ bot") for r in rows)
        assert any(r.startswith("    bot") and (" goes " in r or " rolls " in r) for r in rows)
        assert rows[-1] == "Others' turns in full; F4 folds them again."  # said in the log, no toast
        assert not app._notifications
        await pilot.press("f4")
        await pilot.pause()
        assert not any(r.startswith("    bot") for r in _rows(app))


async def test_f4_before_any_fold_says_so_in_the_log():
    app = local_app("quest", "hero", 4, 12)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert app.log_widget.plain_lines[-1].startswith("No turn is folded yet")
        assert not app._notifications


async def test_your_own_lines_stay_whole_and_log_full_answers_in_the_log():
    app = local_app("quest", "hero", 4, 12)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "pass")
        await pilot.pause()
        assert "You pass your turn." in app.log_widget.plain_lines
        await type_line(pilot, "log full")
        await pilot.pause()
        lines = app.log_widget.plain_lines
        assert any(line.startswith("In full") for line in lines)
        start = max(i for i, line in enumerate(lines) if line.startswith("In full"))
        assert any(line.startswith("It is bot") for line in lines[start:])
