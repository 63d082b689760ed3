"""A bot's level next to its name in each game's players panel (issue 18): ``mud play --level
easy,strong`` and a world table started with ``bots=2 level=easy,strong`` show "bot1·easy" and
"bot2·strong" where the panel lists the players, the columns kept and the panels within 80x24."""

from __future__ import annotations

import re

from rich.text import Text

from mud.tui.app import GameApp
from mud.tui.levels import bot_levels, with_levels
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.tui_local import local_app

LEVELS = {"bot1": "easy", "bot2": "strong"}


def test_a_players_row_gets_the_level_after_the_name_from_its_column_gap():
    rows = "  ann       0 pts\n  bot1      0 pts\n■ bot2      2 3 3 (kept)   "
    out = with_levels(rows, LEVELS).split("\n")
    assert out[0] == "  ann         0 pts"  # issue 26: the rows of one table move together ...
    assert out[1] == "  bot1·easy   0 pts"
    assert out[2] == "■ bot2·strong 2 3 3 (kept) "  # ... two cells more than the gap: from the trailing blanks
    assert len(out[2]) == len(rows.split("\n")[2])
    assert len({line.index("0 pts") if "0 pts" in line else line.index("2 3 3") for line in out}) == 1


def test_a_table_of_revealed_cards_keeps_its_columns_when_bots_get_their_levels():
    """Issue 26: 10x's revealed-card rows lost their alignment at game over ('bot1·normal 2' over
    'ann   5 star [+2]'): only the bots' rows had moved."""
    rows = "Round 14 (the game is over).\n  bot1  2            now  6 (+4)\n  ann   5 star [+2]  now  5"
    out = with_levels(rows, {"bot1": "normal"}, width=38).split("\n")
    assert out[0] == "Round 14 (the game is over)."
    assert out[1].index("2 ") == out[2].index("5 star") and out[1].index("now") == out[2].index("now")
    assert all(len(line) <= 38 for line in out)


def test_a_name_inside_a_sentence_or_a_table_row_is_left_alone():
    text = "Waiting for bot1.\n1 bot2 Sirens(3): - > needs I I A\nbot1 wins"
    assert with_levels(text, LEVELS) == text
    assert with_levels(text, {}) == text


def test_a_line_that_would_overflow_the_panel_is_cut_and_styles_are_kept():
    text = Text("W bot2    24 pts", style="bold")
    out = with_levels(text, LEVELS, width=18)
    assert isinstance(out, Text) and out.cell_len <= 18 and out.plain.startswith("W bot2·strong")
    assert out.plain.endswith("…")
    assert all(span.style == "bold" for span in out.spans if span.start == 0)


def test_the_levels_come_from_the_table_of_the_place():
    assert bot_levels({"table": {"bots": dict(LEVELS)}}) == LEVELS
    assert bot_levels({"table": None}) == {} and bot_levels(None) == {}


def top_panels(app) -> list[str]:
    lines = screen_lines(app)
    bottom = next(i for i, line in enumerate(lines) if line.startswith("╰"))
    return lines[1:bottom + 1]


async def test_local_play_of_legend_shows_each_bots_level_in_the_score_panel():
    app = local_app("legend", "ann", 3, 5, level="easy,strong")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = top_panels(app)
        panels = "\n".join(rows)
        assert "bot1·easy   Ulysses +0" in panels and "bot2·strong Jason" in panels  # one column (issue 26)
        assert "ann         Hercules +0" in panels
        assert "1 bot2 Sirens" in panels  # a mission's row keeps the plain name
        assert all(len(row) == SIZE[0] and row.rstrip().endswith(("│", "╮", "╯")) for row in rows)


async def test_local_play_of_10x_shows_each_bots_level_in_the_players_rows():
    app = local_app("tenx", "ann", 3, 5, level="easy,strong")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = top_panels(app)
        panels = "\n".join(rows)
        points = [re.search(rf"  {name} +0 ", panels) for name in ("bot1·easy", "bot2·strong")]
        assert all(points)  # the score's rows, each bot with its level ...
        assert len({m.end() - panels.rfind("\n", 0, m.start()) for m in points}) == 1  # ... its points in one column
        assert "Face down: bot1, bot2." in panels  # in a sentence: the name alone
        assert all(len(row) == SIZE[0] for row in rows)


async def test_a_world_table_shows_each_bots_level_in_the_served_tui(world):
    app = GameApp(world.connect("alice"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "e")
        await type_line(pilot, "sit")
        await type_line(pilot, "start bots=2 level=easy,strong seed=5")
        await pilot.pause()
        panels = "\n".join(top_panels(app))
        assert "bot1·easy" in panels and "bot2·strong" in panels
        await type_line(pilot, "leave")
        await pilot.pause()
        assert "·easy" not in "\n".join(screen_lines(app))  # back in the room: no levels
