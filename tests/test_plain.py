"""Plain mode: the same commands and text without full-screen drawing."""

import io

from prompt_toolkit.document import Document

from games.quest import GAME
from mud.local import open_local
from mud.plain import _completer, run_plain
from mud.session import Session
from mud.table import Table


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
    completer = _completer(Session(table, "ann"))
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
