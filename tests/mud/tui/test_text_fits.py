"""Issue 26, items 10 and 11 (the TUI): text at 80x24 and 60x18 is neither wrapped twice, nor cut
with "…" where it explains the game, nor missing (F2 at 60x18, F4 in the footer)."""

from __future__ import annotations

from mud.tui.help_screen import hang
from mud.tui.panel_screen import PanelScreen
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.tui_local import local_app


async def test_help_in_the_log_is_wrapped_once_at_80_columns():
    """'help quest' was written for 80 columns; the log has 77, and each line wrapped again left
    "crowned" on a row of its own. The page is joined and wrapped as one."""
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f3")  # the log alone: the whole page on screen
        await type_line(pilot, "help quest")
        await pilot.pause()
        rows = [row.rstrip(" ▁▂▃▄▅▆▇█").strip() for row in screen_lines(app)]
        assert "crowned" not in rows and any("crowned at a castle. The last one" in row for row in rows)
        assert "QUEST - the labyrinth" in rows  # a title stays a line of its own
        assert any("smith (buy sword) -> dragon's cave (act) -> castle (act)" in row for row in rows)
        assert any(row.startswith("port (rope)") for row in rows)  # a list keeps its lines


def test_an_entry_of_several_words_continues_under_its_own_column():
    page = ["DUELS  (entering without consent)",
            "  Both unarmed   rock, paper or scissors, in secret ('rock'); a tie goes to",
            "                 the lighter (treasures + gold + weapon cards; the bag counts",
            "                 1, an armour nothing); the same weight: choose again.",
            "  One armed      the unarmed loses at once."]
    out = hang(page, width=76)
    assert out[0] == page[0] and out[-1] == page[-1]
    assert all(row.startswith(" " * 17) and len(row) <= 76 for row in out[2:-1])
    assert any("counts 1, an armour nothing" in row for row in out)  # joined, then wrapped once


async def test_f1_keys_fit_the_page_at_80_columns():
    app = local_app("tenx", "ann", 4, 3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        rows = [row.strip("│ ") for row in screen_lines(app)]
        assert any(row.endswith("'log full')") for row in rows) and "full')" not in rows


async def test_f2_at_60x18_shows_the_map_over_the_screen_and_f2_again_the_ledger():
    """Below 60x20 the panels fold away: F2 switched a panel nobody could see, and said nothing."""
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        text = "\n".join(screen_lines(app))
        assert "Your map" in text and "│ A " in text and "Esc closes" in text
        await pilot.press("f2")
        await pilot.pause()
        assert "Ledger" in "\n".join(screen_lines(app)) and app.panel == "ledger"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, PanelScreen) and app.focused is app.command_line
        await type_line(pilot, "map")  # the panel asked for by name comes over the screen too
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen) and "Your map" in "\n".join(screen_lines(app))


async def test_the_footer_keeps_f4_details_at_60_columns_and_the_palette_key_at_80():
    for game in ("quest", "chess", "quantum"):
        app = local_app(game, "hero", 2, 5)
        async with app.run_test(size=(60, 18)) as pilot:
            assert "f4 Details" in await footer_drawn(app, pilot, "f4 Details"), game
            await pilot.resize_terminal(80, 24)
            footer = await footer_drawn(app, pilot, "^p palette")
            assert "f4 Details" in footer and "^p palette" in footer, game


async def footer_drawn(app, pilot, expected: str, pauses: int = 40) -> str:
    """The screen's last row once it shows ``expected``, or as it is after ``pauses`` rounds of the
    app's messages (a loaded machine may draw the footer a round or two after the first pause)."""
    for _ in range(pauses):
        await pilot.pause()
        footer = screen_lines(app)[-1]
        if expected in footer:
            break
    return footer


async def test_a_line_surfaces_numbered_question_never_reaches_the_tui_log():
    """Issue 26, item 11: "(type the number)" was left in the full-screen log. A session that
    showed the question on a line surface before (the same player on telnet, say) still has it
    on record; a wrong digit then answers with the question again -- the TUI has it on its row."""
    app = local_app("tenx", "ann", 4, 3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.link.asking.shown = {"text": "An older question.", "choices": [["Yes", "yes"]]}  # shown on telnet
        await type_line(pilot, "9")
        await pilot.pause()
        log = "\n".join(app.log_widget.plain_lines)
        assert "question has passed" in log and "(type the number)" not in log
        assert "[0] Pass" in "\n".join(screen_lines(app)[-5:])  # the question is on its row
