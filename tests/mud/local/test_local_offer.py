"""What `mud play` offers to resume (issue 40, item 13): `mud play chess --players 2` asked "Resume
your unfinished game... (seed 496783, 4 seats)?" about a game of another kind. Now a game named on
the command line is offered only an unfinished game of that game (and of that many seats, when
--players is given), the question says plainly what it is, and a game of another kind is kept,
unfinished, for when it is asked for."""

from __future__ import annotations

import re
import sys

import pytest

from games.engine import RuleError
from mud.cli import main as cli
from mud.local.play import DB, open_local, unfinished
from mud.store import Store


def opened(tmp_path, game: str, players: int | None, **kw):
    """open_local as `mud play` calls it, the questions asked kept; the world closed after."""
    asked: list[str] = []
    answers = list(kw.pop("answers", [kw.pop("answer", True)] * 3))
    world, ws = open_local("ann", game, players, kw.pop("seed", None), {}, "easy", data=str(tmp_path),
                           ask=kw.pop("ask", lambda q: asked.append(q) or answers.pop(0)), **kw)
    table = ws.inner.table
    kinds = [(u.game, u.seats) for u in unfinished(world.store, "ann")]
    world.save_all()
    world.store.close()
    return asked, table, kinds


def test_chess_for_two_is_not_offered_a_quest_game_and_the_quest_game_is_kept(tmp_path):
    opened(tmp_path, "quest", 4, seed=3)
    asked, table, kinds = opened(tmp_path, "chess", 2)
    assert asked == [] and table.game.name == "chess" and len(table.players) == 2
    assert kinds == [("quest", 4), ("chess", 2)]  # the Quest game was not set aside, nor lost
    asked, table, kinds = opened(tmp_path, "quest", None)
    assert len(asked) == 1 and "Quest game, 4 seats" in asked[0]
    assert table.game.name == "quest" and table.seed == 3  # the same game, taken up again


def test_with_players_given_only_a_game_of_that_many_seats_is_offered(tmp_path):
    opened(tmp_path, "chess", 4, seed=5)
    asked, table, kinds = opened(tmp_path, "chess", 2)
    assert asked == [] and len(table.players) == 2
    assert kinds == [("chess", 4), ("chess", 2)]
    asked, table, kinds = opened(tmp_path, "chess", 4)
    assert len(asked) == 1 and "Dungeon Chess game, 4 seats" in asked[0] and table.seed == 5


def test_the_question_says_what_the_game_is_and_when_it_began(tmp_path):
    opened(tmp_path, "chess", 2, seed=496783)
    asked, _table, _kinds = opened(tmp_path, "quest", None, any_game=True)  # plain `mud play`
    assert re.fullmatch(r"Resume your unfinished Dungeon Chess game, 2 seats, started "
                        r"\d{4}-\d\d-\d\d \d\d:\d\d\? \[Y/n\] ", asked[0]), asked[0]
    assert "seed" not in asked[0]


def test_no_sets_the_offered_game_aside_and_starts_the_asked_for_one(tmp_path):
    opened(tmp_path, "quest", 4, seed=3)
    opened(tmp_path, "chess", 2, seed=4)
    asked, table, kinds = opened(tmp_path, "chess", 2, answer=False)
    assert len(asked) == 1 and "Dungeon Chess" in asked[0]
    assert kinds == [("quest", 4), ("chess", 2)]
    store = Store(str(tmp_path / DB))
    assert [(m.id, m.game, m.status) for m in reversed(store.matches_of("ann"))] == [
        (1, "quest", "playing"), (2, "chess", "abandoned"), (3, "chess", "playing")]  # set aside, still listed
    store.close()


def test_resume_of_a_game_with_none_of_its_kind_says_so(tmp_path):
    opened(tmp_path, "quest", 4, seed=3)
    with pytest.raises(RuleError, match="no unfinished Dungeon Chess 2-seat game"):
        open_local("ann", "chess", 2, None, {}, "easy", data=str(tmp_path), resume=True)


def test_the_command_line_tells_a_named_game_and_its_seats_from_the_defaults(tmp_path, monkeypatch):
    """`mud play chess --players 2` in a terminal: the Quest game left unfinished is not offered;
    plain `mud play` offers it."""
    opened(tmp_path, "quest", 4, seed=3)
    asked: list[str] = []
    played: list = []
    monkeypatch.setattr("builtins.input", lambda q: asked.append(q) or "y")
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)

    def surface(args, world, ws):
        played.append((ws.inner.table.game.name, len(ws.inner.table.players)))
        world.store.close()
        return 0
    monkeypatch.setattr(cli, "_surface", surface)
    assert cli.main(["play", "chess", "--players", "2", "--data", str(tmp_path), "--name", "ann"]) == 0
    assert asked == [] and played == [("chess", 2)]
    assert cli.main(["play", "--data", str(tmp_path), "--name", "ann"]) == 0
    assert len(asked) == 1 and "Dungeon Chess game, 2 seats" in asked[0] and played[-1] == ("chess", 2)
    assert cli.main(["play", "quest", "--data", str(tmp_path), "--name", "ann"]) == 0
    assert "Quest game, 4 seats" in asked[-1] and played[-1] == ("quest", 4)


def statuses(tmp_path) -> list[tuple[int, str, str]]:
    store = Store(str(tmp_path / DB))
    try:
        return [(m.id, m.game, m.status) for m in reversed(store.matches_of("ann"))]
    finally:
        store.close()


def test_plain_mud_play_asks_about_the_quest_game_a_no_would_set_aside(tmp_path):
    """Plain `mud play` offers the newest game, of any kind; declined (and set aside), it would start
    Quest, so it first asks about the unfinished Quest game a new one would set aside."""
    opened(tmp_path, "quest", 4, seed=3)
    opened(tmp_path, "chess", 2, seed=4)
    asked, table, _kinds = opened(tmp_path, "quest", None, any_game=True, answers=[False, True])
    assert "Dungeon Chess game, 2 seats" in asked[0] and "Quest game, 4 seats" in asked[1]
    assert table.game.name == "quest" and table.seed == 3
    assert statuses(tmp_path) == [(1, "quest", "playing"), (2, "chess", "abandoned")]  # the one declined
    asked, table, _kinds = opened(tmp_path, "quest", None, any_game=True, answers=[False])
    assert len(asked) == 1 and "Quest game, 4 seats" in asked[0]  # the newest, and the one a no replaces
    assert statuses(tmp_path) == [(1, "quest", "abandoned"), (2, "chess", "abandoned"), (3, "quest", "playing")]


def test_new_and_no_one_to_ask_set_aside_only_the_games_of_the_kind_started(tmp_path):
    opened(tmp_path, "chess", 2, seed=4)
    opened(tmp_path, "quest", 4, seed=3)
    opened(tmp_path, "quest", None, any_game=True, resume=False)  # `mud play --new`
    assert statuses(tmp_path) == [(1, "chess", "playing"), (2, "quest", "abandoned"), (3, "quest", "playing")]
    world, ws = open_local("ann", "quest", None, None, {}, "easy", data=str(tmp_path), any_game=True)  # no terminal
    world.store.close()
    assert statuses(tmp_path)[:3] == [(1, "chess", "playing"), (2, "quest", "abandoned"), (3, "quest", "abandoned")]


def test_the_question_wraps_between_words_at_80_columns(monkeypatch):
    """Played by hand at 80x24: the question ran to 84 columns and cut "[Y" from "/n]"."""
    import os
    import shutil
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a, **k: os.terminal_size((80, 24)))
    shown: list[str] = []
    monkeypatch.setattr("builtins.input", lambda q: shown.append(q) or "")
    assert cli._ask("Resume your unfinished Dungeon Chess game, 2 seats, started 2026-11-29 05:59? [Y/n] ")
    rows = shown[0].split("\n")
    assert len(rows) == 2 and all(len(row) < 80 for row in rows) and rows[-1].endswith("[Y/n] ")


@pytest.mark.parametrize("leaving", ["quit", "ctrl+c", "end of input"])
def test_quitting_at_the_resume_question_changes_nothing(tmp_path, monkeypatch, capsys, leaving):
    """A tester typed `quit` at "Resume your unfinished Quest game ...? [Y/n]" and the game was
    resumed; ctrl+c there set it aside. Now both leave with the game unfinished and nothing opened;
    an answer that is neither yes nor no asks again."""
    opened(tmp_path, "quest", 4, seed=3)
    answers = ["maybe", "quit"]

    def answer(question):
        if leaving == "quit" or not answers[1:]:
            got = answers.pop(0)
            if got == "quit" and leaving != "quit":
                raise KeyboardInterrupt if leaving == "ctrl+c" else EOFError
            return got
        return answers.pop(0)
    monkeypatch.setattr("builtins.input", answer)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(cli, "_surface", lambda *a: pytest.fail("no game may open"))
    assert cli.main(["play", "quest", "--data", str(tmp_path), "--name", "ann"]) == 0
    assert answers == [] and "Nothing changed" in capsys.readouterr().out
    assert statuses(tmp_path) == [(1, "quest", "playing")]
