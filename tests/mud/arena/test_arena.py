"""`mud arena`: a short run of every game, the same figures for a seed whatever the number of
workers, seats rotated so no level always sits first, ratings from openskill, --json, and Ctrl+C
reporting what finished."""

from __future__ import annotations

import json

import pytest

import games
from mud.arena import play as arena
from mud.cli.main import main


def _figures(report) -> dict:
    data = arena.summary(report)
    data.pop("seconds")
    return data


@pytest.mark.parametrize("name", games.names())
def test_a_short_run_of_each_game_counts_every_win_and_rates_every_level(name):
    game = games.get(name)
    bots = ["easy", "strong"] if game.min_players <= 2 else ["easy", "normal", "strong"][:max(2, game.min_players)]
    report = arena.run(name, bots, 2, seed=3, iterations=3)
    data = arena.summary(report)
    assert data["games"] == 2 and not data["interrupted"]
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(2)
    assert set(data["ratings"]) == set(bots) and all(r["sigma"] > 0 for r in data["ratings"].values())
    assert data["length"] > 0


def test_seats_are_rotated_game_by_game():
    assert [arena.seating(["easy", "normal", "strong"], i) for i in range(4)] == [
        ["easy", "normal", "strong"], ["normal", "strong", "easy"], ["strong", "easy", "normal"],
        ["easy", "normal", "strong"]]


def test_a_seed_gives_the_same_figures_with_one_worker_or_two():
    one = arena.run("chess", ["easy", "normal", "strong"], 4, seed=5, workers=1, iterations=3)
    two = arena.run("chess", ["easy", "normal", "strong"], 4, seed=5, workers=2, iterations=3)
    assert _figures(one) == _figures(two)
    assert [r.index for r in two.results] == [0, 1, 2, 3]


def test_the_better_level_gets_the_higher_rating():
    data = arena.summary(arena.run("chess", ["easy", "normal"], 6, seed=1))
    assert data["levels"]["normal"]["wins"] > data["levels"]["easy"]["wins"]
    assert data["ratings"]["normal"]["mu"] > data["ratings"]["easy"]["mu"]


def test_an_interrupted_run_reports_the_games_it_finished():
    def stop(done):
        if done == 2:
            raise KeyboardInterrupt
    report = arena.run("tenx", ["easy", "normal"], 10, seed=1, progress=stop)
    data = arena.summary(report)
    assert report.interrupted and data["games"] == 2 and data["asked"] == 10


def test_the_command_prints_a_table_or_json(capsys):
    assert main(["arena", "--game", "chess", "--bots", "easy,normal", "--games", "3", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "chess: 3 games" in out and "normal" in out and "Seats" in out
    assert main(["arena", "--game", "chess", "--bots", "easy,normal", "--games", "3", "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3 and set(data["ratings"]) == {"easy", "normal"}
    assert main(["arena", "--game", "chess", "--bots", "easy,hard"]) == 2
    assert "'hard' is not a level" in capsys.readouterr().err
