"""Phase 1's answers always show the way on (found replaying the first hour, issue 26): with two
long 'Start' labels and two 'Abort' answers, the TUI's two rows of answers ended in "[5]…" and the
Draw, the one step every turn takes, was out of sight. The answers kept are those the TUI's rows
hold whole, laid out as it lays them (two spaces apart, broken only between answers)."""

from __future__ import annotations

from games.legend import prompts
from games.legend.show import render_table
from games.words import worded
from mud.tui.prompt_bar import render_prompt_rows
from tests.games.legend.fixtures import GAME, give, new, put


def _first_hour():
    """Turn 34 of the replay: root holds I C E and two missions; two rivals' missions need one E."""
    state = new(("root", "bot1", "bot2", "bot3"))
    give(state, "root", "I", "C", "E", "fleece", "ithaca")
    put(state, "bot1", "boar", "C")
    put(state, "bot2", "labyrinth", "A", "C")
    put(state, "bot1", "sirens", "I")
    put(state, "bot2", "horse")
    return state


def test_the_draw_is_in_sight_when_the_answers_fill_the_rows():
    state = _first_hour()
    prompt = worded(GAME.prompt(state, "root"), "en")  # as the world hands it to an English reader
    rows = render_prompt_rows(prompt, 78).plain
    assert "…" not in rows, rows
    assert "Draw" in rows and "Start Fleece" in rows and "Start Ithaca" in rows, rows
    assert len(rows.split("\n")) <= 3


def test_the_answers_fit_two_rows_of_the_tui_as_it_lays_them_out():
    state = _first_hour()
    _text, answers = worded(prompts.question(state, "root"), "en")
    assert prompts.fits([label for label, _a in answers])
    ithaca = "Start Ithaca(5), needs I I A A C"  # 36 columns numbered: two a row
    assert prompts.fits([ithaca] * 4) and not prompts.fits([ithaca] * 5)



def test_an_empty_table_says_yet_only_before_any_mission_was_completed():
    """Found replaying the first hour: "No mission on the table yet." right after root completed Medusa."""
    state = new(("root", "bot1"))
    assert "No mission on the table yet." in worded(render_table(GAME.view(state, "root")), "en")
    state.done.append("medusa")
    lines = worded(render_table(GAME.view(state, "root")), "en")
    assert "No mission on the table." in lines and "No mission on the table yet." not in lines
