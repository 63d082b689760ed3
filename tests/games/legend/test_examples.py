"""The original's two worked examples, as command files run through ``mud run`` (mud.local.script):
Medusa aborted by D after B's disturbance, and a final score of -2. (tests/games/legend/make_examples.py
wrote them: real games from a seed, played by plan.)"""

from __future__ import annotations

from pathlib import Path

from mud.local.script import run_script

SCRIPTS = Path(__file__).resolve().parent / "scripts"


def run(name: str):
    runner = run_script((SCRIPTS / name).read_text(encoding="utf-8"))
    assert runner.status == 0 and runner.stopped is None, runner.stopped
    return runner


def test_medusa_aborted_by_the_last_card_of_d_after_bs_disturbance():
    runner = run("medusa.mud")
    out = runner.output()
    assert "ann undertakes Medusa with A (still needs I E E)." in out
    assert "bob disturbs ann's Medusa with I E (still needs E)." in out
    assert "dan aborts ann's Medusa: nobody scores; its 5 cards go to the discard pile." in out
    state = runner.table.state
    assert state.hero("bob").name != "Perseus"
    assert state.discard[-5:] == ["medusa", "A", "I", "E", "E"]
    assert all(v["score"] == 0 for v in runner.table.view("cat")["players"].values())


def test_the_final_score_of_minus_two():
    runner = run("minus-two.mud")
    state = runner.table.state
    assert state.over
    assert "Scores: ann -2," in runner.output()
    view = runner.table.view("ann")["players"]["ann"]
    assert (view["done_points"], view["open_points"], view["lost_points"]) == (5 + 1, 4, 4)
    assert sorted(view["completed"]) == ["sphinx", "tartarus"] and view["superseded"] == ["fleece"]


def test_mud_run_plays_a_whole_game_of_four_bots_from_a_seed(capsys):
    from mud.cli.main import main
    assert main(["run", "--game", "legend", "--bots", "4", "--seed", "7"]) == 0
    first = capsys.readouterr().out
    assert "Quest for Legend begins: bot1, bot2, bot3, bot4." in first and "The game is over. Scores:" in first
    assert main(["run", "--game", "legend", "--bots", "4", "--seed", "7"]) == 0
    assert capsys.readouterr().out == first


def test_a_person_plays_a_whole_game_against_three_bots_in_a_command_file():
    runner = run("against-bots.mud")
    assert runner.table.over and runner.table.state.winners
    out = runner.output()
    assert "ann> start medusa" in out and "The game is over. Scores: ann " in out
