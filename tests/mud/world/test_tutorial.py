"""The tutorial (issue 15): a new player is walked through moving, peeking, acting and buying on a
fixed labyrinth, one step at a time, each step checked from the player's own view before the next
is said -- in line mode, in the TUI at 80x24, and in the world. The tutor is generic (issue 25): the
steps are the game's data, and it reads nothing of the match but that player's view."""

from __future__ import annotations

import io
import json
import random
import re
from types import SimpleNamespace

import pytest

import games
from games.engine import Tutorial, TutorialStep
from mud.local.play import local_world, open_local, open_tutorial
from mud.local.plain import run_plain
from mud.store import Store
from mud.world import tablecmds, tutorial
from mud.world.world import Settings, World
from tests.mud.tui.test_app import screen_lines, type_line
from tests.tui_local import LocalApp

WALK = ["peek", "w", "stop", "act", "e", "stop", "buy sword"]


def said(lines) -> list[str]:
    return [line.text for line in lines if line.kind == "tutor"]


def test_the_tutorial_walks_through_the_four_steps_checking_each():
    _world, ws = open_tutorial("ann")
    first = said(ws.greeting())
    assert first[-1].startswith("Tutorial 1/4: You stand on E3, a Field of Mars")
    state = ws.inner.table.state
    assert list(state.players) == ["ann"] and state.rooms["E3"].location == "field"
    heard = []
    for line in WALK:
        heard += said(ws.handle(line))
    steps = [t.split(":")[0].split(".")[0] for t in heard if t.startswith("Tutorial ")]
    assert steps == ["Tutorial 2/4", "Tutorial 3/4", "Tutorial 4/4", "Tutorial done"]
    assert "sword" in state.players["ann"].objects
    assert ws.tutor is None  # done: it says nothing more
    assert said(ws.handle("look")) == []


def test_a_step_not_done_is_not_passed():
    _world, ws = open_tutorial("ann")
    ws.greeting()
    assert said(ws.handle("act")) == []  # acting is not peeking: step 1 still waits
    assert said(ws.handle("help peek")) == []
    assert said(ws.handle("peek"))[-1].startswith("Tutorial 2/4")
    assert said(ws.handle("stop")) == []  # still on E3: not walked yet


def test_line_mode_tutorial_from_the_shell():
    _world, ws = open_tutorial("ann")
    out = io.StringIO()
    run_plain(ws, stdin=io.StringIO("\n".join(WALK) + "\nquit\n"), stdout=out)
    text = out.getvalue()
    for n in (1, 2, 3, 4):
        assert f"Tutorial {n}/4: " in text
    assert "Tutorial done." in text
    assert text.index("Tutorial 1/4") < text.index("You roll") < text.index("Tutorial 2/4")


async def test_the_tui_says_each_step_at_80x24():
    _world, ws = open_tutorial("ann")
    app = LocalApp(ws)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = " ".join(" ".join(row[:78] for row in screen_lines(app)).split())
        assert "Tutorial 1/4: You stand on E3, a Field of Mars" in screen
        assert "peeking also rolls the die for your move." in screen  # the whole step is in view
        await type_line(pilot, "peek")
        await pilot.pause()
        screen = " ".join(" ".join(row[:78] for row in screen_lines(app)).split())
        assert "Tutorial 2/4: Green doors are always open: walk west, 'move west' or 'w'." in screen


def test_a_local_game_is_set_aside_and_stays_saved(tmp_path):
    world, ws = open_local("ann", "quest", 4, 3, {}, "easy", data=str(tmp_path))
    ws.greeting()
    out = ws.handle("tutorial")
    assert any("waits for you, saved: 'leave' ends the tutorial and takes you back to it" in line.text
               for line in out)
    assert said(out)[-1].startswith("Tutorial 1/4")
    playing = world.store.matches("playing")
    assert len(playing) == 1 and playing[0].seed == 3  # the tutorial is never stored
    world.store.close()


def test_leaving_the_tutorial_takes_a_local_player_back_to_their_game(tmp_path):
    world, ws = open_local("ann", "chess", 2, 3, {}, "easy", data=str(tmp_path))  # issue 26, item 11
    ws.greeting()
    game = ws.table
    ws.handle("tutorial")
    assert ws.room == "gate"
    out = [line.text for line in ws.handle("leave")]
    assert out[0] == "You leave the tutorial and take your seat at table 1 again (Dungeon Chess)."
    assert ws.room == "castle" and ws.table is game and ws.inner is game.seats["ann"]
    assert out[-1] == "Now: it is your turn." or out[-1].startswith("Now: ")
    assert not game.match.seats["ann"].bot and world.tables_in("gate") == []  # the tutorial is cleared away
    ws.handle("board")
    assert ws.game_view() is not None and not ws.game_view()["over"]
    world.store.close()


async def test_the_tui_is_back_at_the_game_after_leave_at_80x24(tmp_path):
    _world, ws = open_local("ann", "chess", 2, 3, {}, "easy", data=str(tmp_path))
    app = LocalApp(ws)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "tutorial")
        await pilot.pause()
        assert app.table.game.name == "quest" and "you: vassal on E3" in screen_lines(app)[0]
        await type_line(pilot, "leave")
        await pilot.pause()
        screen = " ".join(" ".join(row[:78] for row in screen_lines(app)).split())
        assert "take your seat at table 1 again (Dungeon Chess)" in screen
        assert "Now: Keep which secret target?" in screen and app.table.game.name == "chess"
        assert screen_lines(app)[0].startswith(" Dungeon Chess")  # the board is the game's again
    ws.world.store.close()


def test_the_tutorial_typed_again_starts_over_and_leave_still_finds_the_game(tmp_path):
    world, ws = open_local("ann", "chess", 2, 3, {}, "easy", data=str(tmp_path))
    ws.greeting()
    ws.handle("tutorial")
    again = ws.handle("tutorial")
    assert "The tutorial starts over." in [line.text for line in again] and said(again)[-1].startswith("Tutorial 1/4")
    assert [gt.id for gt in world.tables.values() if gt.practice] == [ws.table.id]  # the first one is gone
    out = [line.text for line in ws.handle("leave")]
    assert out[0] == "You leave the tutorial and take your seat at table 1 again (Dungeon Chess)."
    assert sorted(world.tables) == [1]
    world.store.close()


def test_a_tutorial_left_without_typing_leave_says_where_the_game_waits(tmp_path):
    world, ws = open_local("ann", "chess", 2, 3, {}, "easy", data=str(tmp_path))
    ws.greeting()
    ws.handle("tutorial")
    out = [str(line.text) for line in tablecmds.leave(ws)]  # as sitting or watching elsewhere leaves it
    assert out == ["You leave the tutorial. Your game of Dungeon Chess waits at table 1 in the Castle "
                   "dungeon: walk there and 'sit 1'."]
    assert ws.room == "gate" and ws.table is None
    world.store.close()


def test_at_a_server_match_being_played_the_tutorial_waits():
    store = Store(":memory:")
    world = World(store, Settings(turn_timeout=60, seat_grace=120), seeds=random.Random(7))
    ann = world.connect("ann")
    ann.greeting()
    for line in ("north", "sit", "start"):
        ann.handle(line)
    refused = ann.handle("tutorial")
    assert "Finish this game first" in refused[-1].text
    ann.handle("leave")
    assert said(ann.handle("tutorial"))[-1].startswith("Tutorial 1/4")
    assert ann.inner.table.seed == games.get(games.TUTORIAL).tutorial.seed and ann.room == "gate"
    world.clock = lambda: 10.0**6  # long after: no bot plays the tutorial's turns
    world.tick()
    assert ann.inner.table.log == [] and ann.tutor.step == 0


def test_mud_play_tutorial_is_in_the_help(capsys):
    from mud.cli.args import build_parser
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--help"])
    assert "tutorial" in capsys.readouterr().out


def test_leaving_the_tutorial_clears_it_and_points_back_to_the_game_set_aside(tmp_path):
    world, ws = open_local("ann", "quest", 4, 3, {}, "easy", data=str(tmp_path))
    ws.greeting()
    old = ws.table.id
    ws.handle("tutorial")
    practice = ws.table.id
    out = [line.text for line in ws.handle("leave")]
    assert f"You leave the tutorial and take your seat at table {old} again (Quest)." in out
    assert practice not in world.tables  # no bot plays on alone
    assert ws.seated and ws.table.id == old and ws.inner.table.seed == 3
    world.store.close()


def test_a_learner_gone_from_a_server_leaves_no_tutorial_behind():
    world = World(Store(":memory:"), Settings(turn_timeout=60, seat_grace=120), seeds=random.Random(7))
    ann = world.connect("ann")
    ann.greeting()
    ann.handle("tutorial")
    practice = ann.table.id
    assert "Goodbye." == ann.handle("quit")[-1].text  # nothing is kept to come back to
    world.disconnect(ann)
    world.tick()
    assert practice not in world.tables


def test_the_tutor_advances_exactly_when_the_players_view_shows_the_step_done():
    """A property over a scripted run, stray lines included: after every line, the tutor moves on
    iff the current step's check holds on the view the shell shows the player."""
    _world, ws = open_tutorial("ann")
    ws.greeting()
    steps = games.get(games.TUTORIAL).tutorial.steps
    for line in ["act", "look", "peek", "score", "w", "stop", "pass", "act", "e", "stop", "map", "buy sword"]:
        tutor, before = ws.tutor, ws.tutor.step
        ws.handle(line)
        done = steps[before].done(ws.game_view())
        assert tutor.step == before + done, line
        if tutor.step == len(steps):
            break
    assert ws.tutor is None  # the whole tutorial was passed


def test_the_tutor_reads_nothing_but_the_view_it_is_given():
    """Fed a real run's views, as plain data, by a session with no match behind it at all (its table
    is a bare token), the tutor says the same steps after the same lines."""
    _world, ws = open_tutorial("ann")
    ws.greeting()
    views, heard = [], []
    for line in WALK:
        heard.append(said(ws.handle(line)))
        views.append(json.loads(json.dumps(ws.game_view())))
    token = object()
    shown = iter(views)
    learner = SimpleNamespace(inner=SimpleNamespace(table=token), game_view=lambda: next(shown))
    learner.tutor = games_tutor = tutorial.Tutor(learner, token, games.get(games.TUTORIAL).tutorial)
    replayed = [[str(line.text) for line in games_tutor.after()] for _ in WALK]
    assert replayed == heard and learner.tutor is None


def _toy_tutorial() -> Tutorial:
    """Two steps of the toy game (tests/toygame), judged from its view: one right guess, then two."""
    def scored(n):
        return lambda view: view["points"][view["you"]] >= n
    return Tutorial(seed=5, options={"faces": "4"}, seats=2, closing="Now play a real game.",
                    steps=(TutorialStep("Guess bot1's number: 'guess bot1 N'.", scored(1)),
                           TutorialStep("Once more, until you guess right.", scored(2))))


def test_any_game_that_declares_a_tutorial_is_taught_with_no_line_of_the_tutor_changed(monkeypatch):
    monkeypatch.setattr(games, "CATALOGUE", {**games.CATALOGUE, "toy": "tests.toygame"})
    monkeypatch.setattr(games, "TUTORIAL", "toy")
    monkeypatch.setattr(games.get("toy"), "tutorial", _toy_tutorial())
    world = World(Store(":memory:"), Settings(turn_timeout=60, seat_grace=120), seeds=random.Random(7))
    ann = world.connect("ann")
    ann.greeting()
    out = said(ann.handle("tutorial"))
    assert out == ["The tutorial: two steps, each checked as you do it; 'leave' ends it.",
                   "Tutorial 1/2: Guess bot1's number: 'guess bot1 N'."]
    table = ann.inner.table
    assert ann.room == "cellar" and table.seed == 5 and table.options == {"faces": "4"}
    assert table.players == ["ann", "bot1"]
    heard = []
    for _ in range(40):
        secret = table.state.secret["bot1"]  # the test may peek; the tutor may not
        heard += said(ann.handle(f"guess bot1 {secret}"))
        if ann.tutor is None:
            break
    assert heard == ["Tutorial 2/2: Once more, until you guess right.", "Tutorial done. Now play a real game."]


def test_the_tutor_names_no_game_and_never_reaches_into_a_match():
    """Issue 25: the tutor's module holds no game's name, title or lessons, and reads no state or log."""
    text = open(tutorial.__file__, encoding="utf-8").read()
    for name in games.names():
        for word in (name, games.get(name).title):
            assert not re.search(rf"\b{re.escape(word.lower())}\b", text.lower()), word
    for step in games.get(games.TUTORIAL).tutorial.steps:
        assert str(step.say)[:30] not in text
    assert ".state" not in text and ".log" not in text
