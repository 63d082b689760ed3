"""Plain mode: the same commands and text without full-screen drawing."""

import io

from prompt_toolkit.document import Document

from games.quest import GAME
from mud.local.play import open_local
from mud.local.plain import SessionCompleter, run_plain
from mud.shell.table import Table
from tests.seating import seat


def local(tmp_path):
    """ann's session in the local world, as `mud play --plain --players 2 --seed 3` opens it."""
    return open_local("ann", "quest", 2, 3, {}, "normal", data=str(tmp_path))[1]


def test_plain_mode_reads_lines_and_answers_in_text(tmp_path):
    out = io.StringIO()
    run_plain(local(tmp_path), stdin=io.StringIO("look\nmvoe\nhelp doors\nquit\n"), stdout=out)
    text = out.getvalue()
    assert text.startswith("Welcome to questmud, ann.")
    assert "You are on " in text and "Did you mean" in text and "Goodbye." in text
    assert "\x1b" not in text  # no escape sequences: safe for screen readers and dumb terminals


def test_plain_mode_ends_at_end_of_input(tmp_path):
    assert run_plain(local(tmp_path), stdin=io.StringIO("look\n"), stdout=io.StringIO()) == 0


def test_completer_offers_verbs_and_directions():
    table = Table(GAME, ["ann"], ["bot1"], seed=3)
    completer = SessionCompleter(seat(table, "ann").ws)
    words = [c.text for c in completer.get_completions(Document("move e"), None)]
    assert words == ["east"]
    words = [c.text for c in completer.get_completions(Document("pe"), None)]
    assert "peek" in words


class Interrupted(io.StringIO):
    """Standard input where the person presses Ctrl+C at the first prompt."""

    def readline(self, *args):
        raise KeyboardInterrupt


def test_ctrl_c_in_plain_mode_says_goodbye_like_quit(tmp_path):
    out = io.StringIO()
    session = local(tmp_path)
    assert run_plain(session, stdin=Interrupted(), stdout=out) == 0
    assert "Goodbye. Your game is saved: 'mud play' offers it again." in out.getvalue()
    assert session.closed


def test_plain_mode_numbers_the_question_and_a_digit_on_its_own_line_answers_it(tmp_path):
    from games.engine import command_line
    from mud.world.asking import numbered
    out = io.StringIO()
    link = open_local("ann", "tenx", 3, 3, {}, "normal", data=str(tmp_path))[1]
    first = numbered(link.asked())[0]
    run_plain(link, stdin=io.StringIO("1\n"), stdout=out)
    text = out.getvalue()
    assert f"Place a card face down, or pass.\n[1] {first[1]}  [2] " in text and "(type the number)" in text
    played = [command_line(action) for who, action in link.inner.table.log if who == "ann"]
    assert played == [first[2]]


def test_the_prompt_says_what_the_game_waits_for(tmp_path):
    link = open_local("ann", "tenx", 3, 3, {}, "normal", data=str(tmp_path))[1]
    link.greeting()
    words = link.prompt()
    assert words.startswith("(") and "pass" in words and "play" in words and "your turn" not in words


def test_a_line_too_wide_for_the_terminal_is_wrapped_between_words_keeping_its_indent():
    """A tester's `mud play --plain` at 80 columns read "each w" / "ith four doors": the terminal
    cut the words. On a terminal, plain mode wraps between words; piped, lines stay whole."""
    from mud.local.plain import rows_of
    text = "An iron gate in a wall of hedges. Beyond it forty rooms wait in the dark, each with four doors."
    rows = rows_of(text, 40)
    assert all(len(r) <= 40 for r in rows) and " ".join(rows) == text
    assert rows_of("    " + text, 40)[1].startswith("    ")
    assert rows_of(text, 0) == [text]
