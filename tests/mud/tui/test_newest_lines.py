"""Issue 26, item 1: the newest lines -- above all those that cost the player something or ask
something of them -- are always in view at 80x24, where the log has about seven rows. Only an
answer that is all reading (a listing, a help page) stops at its top for PgDn."""

from __future__ import annotations

from mud.shell.session import Line
from mud.world.session import Answer
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.tui_local import local_app


def log_rows(app) -> str:
    """The log's rows as on screen: between the panels' bottom border and the hint row."""
    lines = screen_lines(app)
    bottom = max(i for i, line in enumerate(lines) if line.startswith("╰"))
    return "\n".join(lines[bottom + 1:-3])


async def test_the_tutorials_first_step_is_in_view_right_after_typing_tutorial():
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "tutorial")
        await pilot.pause()
        rows = log_rows(app)
        assert "Tutorial 1/4" in rows and "Type 'peek'" in rows
        assert "PgDn" not in "\n".join(screen_lines(app))


async def test_what_a_lost_duel_costs_is_in_view_below_a_long_answer(monkeypatch):
    """An answer taller than the log (a duel, then what the winner takes) ends in view: the last
    line, the one that costs the player, needs no PgDn."""
    app = local_app("quest", "root", 2, 5)
    duel = [Line("duel", f"Round {i}: bot1 plays a sword, root plays a shield.", "bad") for i in range(1, 10)]
    duel += [Line("duel_won", "bot1 wins the duel against root.", "bad"),
             Line("loot", "bot1 takes a bible from you.", "bad")]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        monkeypatch.setattr(app.link, "handle", lambda line, *args, **kw: Answer(duel))
        await type_line(pilot, "fight")
        await pilot.pause()
        rows = log_rows(app)
        assert "bot1 takes a bible from you." in rows and "bot1 wins the duel" in rows
        assert app.log_widget.is_vertical_scroll_end and not app.more_below
        assert "PgDn" not in "\n".join(screen_lines(app))
