"""Choosing the bots' level everywhere (issue 18): `start level=strong` and `start bots=easy,strong`
at a world table (one level per bot, in seat order), the level next to each bot's name (the table's
line, `who`, the list of matches), the stored match keeping each seat's level so a resumed world
and a replay play the same bots, and `mud run` with `@level`."""

from __future__ import annotations

import random

import pytest

from mud.world.replay import describe, public_lines
from mud.local.script import ScriptError, run_script
from mud.store import Store
from mud.world.world import Settings, World
from tests.mud.world.test_world import joined, walked


def _at_tavern(world, name="alice"):
    (a,) = walked(world, "e", name, each=True)
    a.handle("sit")
    return a


def test_start_with_a_level_per_bot_seats_them_in_order_and_shows_each_level(world):
    a = _at_tavern(world)
    a.handle("start bots=easy,strong seed=4")
    seats = world.tables[1].match.seats
    assert [(n, s.level) for n, s in seats.items() if s.bot] == [("bot1", "easy"), ("bot2", "strong")]
    assert "bot1 (easy bot), bot2 (strong bot)" in joined(a.handle("tables"))
    who = joined(a.handle("who"))
    assert "bot2 (strong bot" in who and "alice (player, you" in who
    rec = world.store.match(world.tables[1].match_id)
    assert rec.level == "easy,strong"
    assert "bot1 (easy bot), bot2 (strong bot)" in str(describe(rec))


def test_start_level_strong_gives_every_bot_the_search(world):
    a = _at_tavern(world)
    a.handle("start bots=2 level=strong seed=3")
    match = world.tables[1].match
    assert {s.level for s in match.seats.values() if s.bot} == {"strong"}
    assert world.store.match(world.tables[1].match_id).level == "strong"


def test_a_bad_level_or_a_list_that_does_not_fit_is_refused_and_nothing_starts(world):
    a = _at_tavern(world)
    err = a.handle("start level=hard")
    assert err[-1].kind == "error" and "easy, normal, strong" in err[-1].text
    err = a.handle("start bots=easy,wild")
    assert err[-1].kind == "error" and "not 'wild'" in err[-1].text
    err = a.handle("start bots=3 level=easy,strong")
    assert err[-1].kind == "error" and "2 levels for 3 bots" in err[-1].text
    assert world.tables[1].match is None


def test_a_resumed_world_and_a_replay_keep_each_bots_level(tmp_path):
    path = str(tmp_path / "q.db")
    store = Store(path)
    store.create_account("alice", "pw12")
    world = World(store, Settings(turn_timeout=0, seat_grace=120), seeds=random.Random(1))
    a = _at_tavern(world)
    a.handle("start bots=normal,easy,strong seed=6")
    match_id = world.tables[1].match_id
    moves = len(world.tables[1].match.log)
    again = World(Store(path), Settings(turn_timeout=0, seat_grace=120), seeds=random.Random(1))
    assert again.resume() == 1
    table = next(gt.match for gt in again.tables.values() if gt.match_id == match_id)
    assert [s.level for s in table.seats.values() if s.bot] == ["normal", "easy", "strong"]
    assert len(table.log) == moves
    assert public_lines(Store(path), match_id)


def test_a_command_file_plays_strong_and_mixed_bots():
    done = run_script("@game chess\n@bots 2\n@level normal,strong\n@seed 2\n", {})
    assert done.status == 0 and done.table.over
    assert [s.level for s in done.table.seats.values()] == ["normal", "strong"]
    with pytest.raises(ScriptError, match="3 levels for 2 bots"):
        run_script("@game chess\n@bots 2\n@level easy,normal,strong\n", {})


def test_the_end_of_a_game_names_a_winning_bot_with_its_level(world):
    from mud.tui.boards.default import who_won
    a = _at_tavern(world)
    a.handle("start bots=easy,strong seed=4")
    assert a.place()["table"]["bots"] == {"bot1": "easy", "bot2": "strong"}
    view = {"winners": ["bot2"]}
    assert who_won(view, "alice", a.place()["table"]["bots"]) == "bot2 (strong bot) wins"
    assert who_won({"winners": ["alice", "bot1"]}, "alice", {"bot1": "easy"}) == "You and bot1 (easy bot) win"
