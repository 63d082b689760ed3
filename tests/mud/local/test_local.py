"""Local play is the same world as the server's: saved move by move in the data folder, so a game
survives quitting and kill -9 of `mud play`, and is offered again (or resumed with --resume)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import games
from games.engine import RuleError
from mud.local.play import first_time_line, open_local, unfinished

ROOT = Path(__file__).resolve().parents[3]


def play(data: Path, *args: str, **kwargs):
    return [sys.executable, "-m", "mud.cli", "play", "--plain", "--data", str(data), "--name", "ann", *args]


def moves(data: Path) -> int:
    db = sqlite3.connect(data / "local.db")
    try:
        return db.execute("SELECT count(*) FROM moves").fetchone()[0]
    except sqlite3.OperationalError:  # the file is there, its tables not yet
        return 0
    finally:
        db.close()


def test_a_local_game_survives_kill_9_and_resumes(tmp_path):
    proc = subprocess.Popen(play(tmp_path, "--seed", "7"), cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    proc.stdin.write("peek\nstop\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 20
    while (not (tmp_path / "local.db").exists() or moves(tmp_path) < 5) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    stored = moves(tmp_path)
    assert stored >= 5, "the moves made before the kill are on disk"
    again = subprocess.run(play(tmp_path, "--resume"), cwd=ROOT, input="score\nquit\n", capture_output=True,
                           text=True, timeout=60)
    assert again.returncode == 0, again.stderr
    assert "You are back at table" in again.stdout
    assert "ann" in again.stdout and "Your game is saved" in again.stdout
    assert moves(tmp_path) >= stored


def test_an_unfinished_game_is_offered_and_a_no_sets_it_aside(tmp_path):
    world, ws = open_local("ann", "tenx", 3, 5, {}, "easy", data=str(tmp_path))
    assert ws.seated and len(ws.inner.table.players) == 3
    first = ws.inner.table
    world.store.close()
    asked = []
    world, ws = open_local("ann", "quest", None, None, {}, "normal", data=str(tmp_path),
                           ask=lambda q: asked.append(q) or False, any_game=True)  # plain `mud play`
    assert asked and "10x game, 3 seats" in asked[0]
    assert ws.inner.table.game.name == "quest" and ws.inner.table is not first
    assert [u.game for u in unfinished(world.store, "ann")] == ["quest"]
    world.store.close()
    world, ws = open_local("ann", "quest", 4, None, {}, "normal", data=str(tmp_path), resume=True)
    assert ws.inner.table.game.name == "quest"
    lines = [line.text for line in ws.greeting()]
    assert any("You are back at table" in t for t in lines)
    world.store.close()


def test_resume_with_nothing_to_resume_says_so(tmp_path):
    with pytest.raises(RuleError, match="no unfinished Quest 4-seat game"):
        open_local("ann", "quest", 4, None, {}, "normal", data=str(tmp_path), resume=True)


def test_the_replay_hint_repeats_every_option_that_shaped_the_game():
    from mud.shell.table import Table, replay_line
    quest = games.get("quest")
    table = Table(quest, ["ann"], ["bot1"], seed=12, options={"rules": "basic"}, bot_level="easy")
    assert str(replay_line(table)) == ("Labyrinth seed 12: 'mud play quest --players 2 --rules basic "
                                  "--seed 12' plays it again.")  # easy: mud play's own default
    tenx = Table(games.get("tenx"), ["ann"], ["bot1", "bot2", "bot3"], seed=3)
    assert str(replay_line(tenx)) == "10x seed 3: 'mud play tenx --level normal --seed 3' plays it again."


def test_mud_play_refuses_a_seat_count_the_game_does_not_have(tmp_path, capsys):
    from mud.cli.main import main
    assert main(["play", "--players", "9", "--data", str(tmp_path)]) == 2
    assert "Quest seats 1 to 6 players, you included (--players 9)." in capsys.readouterr().err
    assert main(["play", "tenx", "--players", "1", "--data", str(tmp_path)]) == 2
    assert "10x seats 2 to 4" in capsys.readouterr().err


def test_a_game_may_be_named_by_its_title_as_players_know_it(tmp_path, capsys):
    from mud.cli.main import main
    for typed, name in [("10x", "tenx"), ("Dungeon Chess", "chess"), ("dungeon-chess", "chess"),
                        ("quest-for-legend", "legend"), ("Quest", "quest"), ("TENX", "tenx")]:
        assert games.resolve(typed) == name
        assert games.get(typed).name == name
    assert games.resolve("checkers") == "checkers"
    assert main(["play", "10x", "--players", "1", "--data", str(tmp_path)]) == 2
    assert "10x seats 2 to 4" in capsys.readouterr().err  # understood as tenx
    assert main(["play", "checkers", "--data", str(tmp_path)]) == 2
    assert "Unknown game 'checkers'" in capsys.readouterr().err


def test_mud_replay_prints_a_stored_local_match_as_a_spectator_saw_it(tmp_path, capsys):
    from mud.cli.main import main
    world, ws = open_local("ann", "tenx", 2, 5, {}, "normal", data=str(tmp_path))
    ws.handle("leave")  # alone with bots: the match waits, and its replay goes up to its last move
    world.save_all()
    world.store.close()
    assert main(["replay", "1", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("#1 10x, ") and "A game of 10x begins" in out
    assert "Your hand" not in out
    assert main(["replay", "7", "--data", str(tmp_path)]) == 2
    assert "There is no match #7" in capsys.readouterr().err


def test_the_replay_hint_names_an_option_read_from_a_file():
    game = games.get("quantum")
    hint = str(game.replay("ann", 3, {"map": "a map\nof two lines\n"}, 2))
    assert "--map <your map file>" in hint and "of two lines" not in hint


def test_a_first_game_is_against_easy_bots_and_help_says_how_to_change_it(capsys):
    from mud.cli.args import build_parser
    args = build_parser().parse_args(["play"])
    assert args.level == "easy"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--level LEVEL" in shown and "easy (the default" in shown and "normal or strong" in shown


def test_play_takes_strong_and_a_level_per_bot_and_refuses_others(capsys):
    from mud.cli.args import build_parser
    assert build_parser().parse_args(["play", "--level", "strong"]).level == "strong"
    assert build_parser().parse_args(["play", "--level", "Easy,strong"]).level == "easy,strong"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--level", "hard"])
    assert "a level is easy, normal, strong" in capsys.readouterr().err


def test_a_local_game_against_strong_and_mixed_bots_shows_each_level(tmp_path):
    world, ws = open_local("ann", "tenx", 3, 3, {}, "easy,strong", data=str(tmp_path), resume=False)
    seats = ws.inner.table.seats
    assert [seats[b].level for b in ("bot1", "bot2")] == ["easy", "strong"]
    assert "--level easy,strong" in " ".join(line.text for line in ws.flush())
    with pytest.raises(RuleError, match="3 levels for 1 bots"):
        open_local("bob", "tenx", 2, 3, {}, "easy,normal,strong", data=str(tmp_path / "b"), resume=False)


def test_the_first_local_game_ever_offers_the_tutorial(tmp_path):
    world, ws = open_local("ann", "quest", 2, 3, {}, "easy", data=str(tmp_path))
    hello = first_time_line(games.get("quest"))
    said = [line.text for line in ws.greeting()]  # the full screen's greeting (a line surface's: test_first_words)
    assert "tutorial" in hello and hello in said
    assert sum("'tutorial'" in line for line in said) == 1  # named once: the intro names the command
    world.save_all()
    world.store.close()
    world, ws = open_local("ann", "quest", 2, 3, {}, "easy", data=str(tmp_path), resume=False)
    assert hello not in [line.text for line in ws.greeting()]  # only the very first time
    world.store.close()


def test_the_first_local_game_of_another_game_points_to_its_own_help(tmp_path):
    world, ws = open_local("ann", "tenx", 2, 3, {}, "easy", data=str(tmp_path))
    said = " ".join(line.text for line in ws.greeting())
    assert said.count("'help tenx'") == 1 and "First time here? F1 explains the keys" in said
    assert "tutorial" not in said  # not sent to learn another game
    world.store.close()


def test_a_resumed_game_recaps_its_last_moves_not_news_missed(tmp_path):
    """A tester resuming a local game read "What happened while you were away:" over moves they had
    seen: a match brought back from the store shows its last lines as a recap, said as such."""
    world, ws = open_local("ann", "quest", 4, 7, {}, "easy", data=str(tmp_path))
    ws.greeting()
    ws.handle("pass")
    world.save_all()
    world.store.close()
    world, ws = open_local("ann", "quest", 4, None, {}, "easy", data=str(tmp_path), resume=True)
    lines = [line.text for line in ws.greeting()]
    assert "You are back at table 1. The match's last moves:" in lines, lines
    assert not any("while you were away" in t for t in lines)
    world.store.close()
