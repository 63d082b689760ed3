"""A match resumed from the store plays on exactly as if it had never stopped: the same seed and the
same people's moves give the same events, the bots' included -- after a crash with no snapshot yet,
right after a snapshot, with moves after one, with a person's seat played by a bot on a timeout, and
with a seat handed to a bot. Each bot's own randomness and memory are in the snapshot, and the bots'
logged moves after it are thought again (not merely applied) so their minds move on as they did live.
"""

from __future__ import annotations

import logging
import pickle
import random
import sqlite3

import pytest

import games
from games.engine import Action, RuleError, bot_rng
import mud.world.runs as runs_module  # (a table run here takes the snapshots)
from mud.store import Store
from mud.shell.table import Table
from mud.world.world import Settings, World

GAMES = games.names()
SEED = 11


def bots_for(name: str) -> int:
    """Bots beside one person: two where the game seats three."""
    return min(2, games.get(name).max_players - 1)


def person_move(match: Table, person: str) -> None:
    """The person's move, chosen from what they see and how far the match is (the same in every run
    of the same match): something that moves the game on, if the game offers it."""
    if match.over or person not in match.awaiting():
        return
    game = match.game
    legal = game.legal_actions(match.state, person)
    choices = [a for a in legal if not game.is_free(a)] or legal
    random.Random(f"{match.seed}/{len(match.log)}").shuffle(choices)
    for action in choices:
        try:
            match.submit(person, action)
            return
        except RuleError:
            continue
    raise AssertionError(f"{person} found no move in {game.name}")


def open_world(path: str) -> World:
    return World(Store(path), Settings(turn_timeout=0), seeds=random.Random(1))


def table_of(world: World):
    (gt,) = world.tables.values()
    return gt


def run(path: str, name: str, steps: list[str], persons=("alice",), bots: int | None = None,
        level: str = "easy", options: dict | None = None) -> tuple[Table, dict]:
    """Play ``steps`` at a stored match of ``name``: a person's name is their move, 'timeout:NAME'
    a bot playing their turn, 'away:NAME'/'back:NAME' their seat handed to a bot and back, 'crash'
    the server dying and another opening the same store. Returns the match and what the crashes saw."""
    world = open_world(path)
    game = games.get(name)
    gt = world.new_table(game.room)
    gt.sitters.extend(persons)
    world.start_match(gt, game, bots_for(name) if bots is None else bots, SEED, dict(options or {}), level)
    seen = {"crashed_at": [], "snapshots": [], "used": []}
    for step in steps:
        match = table_of(world).match
        if step == "crash":
            seen["crashed_at"].append(len(match.log))
            seen["run"] = [(match.bot_run, match.capped)]
            seen["used"].append(any(rng.getstate() != bot_rng(SEED, n).getstate() for n, rng in match._rngs.items()
                                    if n not in persons))
            assert not match.over, f"{name}: the match ended before the crash; the test proves nothing"
            store, match_id = world.store, table_of(world).match_id
            snap = store.latest_snapshot(match_id)
            seen["snapshots"].append(snap)
            seen["bots_since_snapshot"] = any(by_bot for *_, by_bot in store.moves_by(match_id, snap[0] if snap else 0))
            del world, match  # no save, no goodbye: the process is gone
            world = open_world(path)
            assert world.resume() == 1
            seen["run"].append((table_of(world).match.bot_run, table_of(world).match.capped))
            continue
        verb, _, who = step.partition(":")
        if verb == "timeout":
            if not match.over and who in match.awaiting():
                world.time_up(table_of(world), who)  # a bot plays the whole turn, told before its first move
                match.settle()
        elif verb in ("away", "back"):
            world.hand_seat(table_of(world), who, verb)
            match.settle()
        else:
            person_move(match, step)
    return table_of(world).match, seen


def stream(match: Table) -> list[dict]:
    return [e.as_json() for e in match.events]


def same_as_unbroken(tmp_path, name: str, steps: list[str], **kw) -> dict:
    """Play ``steps`` with and without their crashes; the two matches must be the same, event for event."""
    path = str(tmp_path / f"{name}-whole.sqlite")
    whole, _ = run(path, name, [s for s in steps if s != "crash"], **kw)
    broken, seen = run(str(tmp_path / f"{name}-broken.sqlite"), name, steps, **kw)
    crash = seen["crashed_at"][0]
    db = sqlite3.connect(path)
    bots_after = db.execute("SELECT count(*) FROM moves WHERE by_bot = 1 AND seq > ?", (crash,)).fetchone()[0]
    db.close()
    assert bots_after, f"{name}: no bot moved after the crash; the test proves nothing"
    assert seen["used"][0], f"{name}: the bots drew no randomness before the crash; the test proves nothing"
    assert seen["run"][0] == seen["run"][1], "the bots' moves in a row since a person's: the same after a resume"
    assert broken.log == whole.log
    assert stream(broken) == stream(whole)
    assert broken.state.rng.getstate() == whole.state.rng.getstate()
    seen["stream"] = stream(broken)
    return seen


PLAY = ["alice", "alice", "alice", "crash", "alice", "alice", "alice", "alice"]


@pytest.mark.parametrize("name", GAMES)
def test_a_crash_before_any_snapshot_changes_nothing(tmp_path, name):
    seen = same_as_unbroken(tmp_path, name, PLAY)
    assert seen["snapshots"] == [None]


@pytest.mark.parametrize("name", GAMES)
def test_a_crash_right_after_a_snapshot_changes_nothing(tmp_path, monkeypatch, name):
    crash = run(str(tmp_path / "probe.sqlite"), name, PLAY)[1]["crashed_at"][0]
    monkeypatch.setattr(runs_module, "SNAPSHOT_EVERY", crash)  # the last move stored before the crash
    seen = same_as_unbroken(tmp_path, name, PLAY)
    assert seen["snapshots"][0][0] == crash


@pytest.mark.parametrize("name", GAMES)
def test_a_crash_some_moves_after_a_snapshot_changes_nothing(tmp_path, monkeypatch, name):
    steps, every = _snapshot_then_bots(tmp_path, name)
    monkeypatch.setattr(runs_module, "SNAPSHOT_EVERY", every)
    seen = same_as_unbroken(tmp_path, name, steps)
    assert 0 < seen["snapshots"][0][0] < seen["crashed_at"][0] and seen["bots_since_snapshot"]


def _snapshot_then_bots(tmp_path, name: str) -> tuple[list[str], int]:
    """Steps with a crash, and snapshots every so many moves, such that bots moved between the last
    snapshot and the crash: the longest such run before the crash that the game lasts."""
    for before in (8, 6, 4, 3, 2):
        steps = ["alice"] * before + ["crash"] + ["alice"] * 4
        path = str(tmp_path / f"probe{before}.sqlite")
        match, _ = run(path, name, steps[:before])
        crash = len(match.log)
        by_bot = [bot for *_, bot in Store(path).moves_by(1)]  # of move 1, 2, ...
        fits = [n for n in range(crash - 1, 0, -1) if crash % n and any(by_bot[crash // n * n:crash])]
        if fits and not match.over:
            return steps, fits[0]
    raise AssertionError(f"{name}: no bots moved after a snapshot before the crash")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("every", [0, 4])
def test_a_seat_played_by_a_bot_on_a_timeout_plays_on_the_same(tmp_path, monkeypatch, name, every):
    """alice's turn timed out twice before the crash and twice after: her bot's randomness and memory
    (seeded at its first move) go on where they were, and the table's news that a bot played each
    turn stands where it stood (the store's 'time' handovers)."""
    monkeypatch.setattr(runs_module, "SNAPSHOT_EVERY", every or 10**9)
    steps = ["alice", "timeout:alice", "alice", "timeout:alice", "crash", "alice", "timeout:alice",
             "alice", "timeout:alice", "alice"]
    seen = same_as_unbroken(tmp_path, name, steps)
    assert any(e["type"] == "time_up" for e in seen["stream"]), f"{name}: no turn timed out; the test proves nothing"


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("every", [0, 5])
def test_a_seat_handed_to_a_bot_is_thought_again_as_a_bot(tmp_path, monkeypatch, name, every):
    """bob's seat went to a bot, which played it before the crash; bob is back after it, and his
    next timed-out turn is played by the same bot mind, as it would have been."""
    monkeypatch.setattr(runs_module, "SNAPSHOT_EVERY", every or 10**9)
    steps = ["alice", "bob", "away:bob"] + ["alice"] * 6 + ["crash", "back:bob"] + ["alice", "bob", "timeout:bob"] * 4
    same_as_unbroken(tmp_path, name, steps, persons=("alice", "bob"), bots=1)


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_still_handed_to_a_bot_at_the_crash_stays_the_bots(tmp_path, monkeypatch, name):
    """bob's seat went to a bot and he has not come back: after the crash the bot plays it on, as in
    the match that never stopped (it does not wait for bob)."""
    monkeypatch.setattr(runs_module, "SNAPSHOT_EVERY", 10**9)
    steps = ["alice", "bob", "away:bob"] + ["alice"] * 6 + ["crash"] + ["alice"] * 6
    same_as_unbroken(tmp_path, name, steps, persons=("alice", "bob"), bots=1)


def test_a_crash_with_bots_of_each_level_but_strong_changes_nothing(tmp_path):
    """quest's normal bots remember (what was refused, where they were): their memory goes on too."""
    same_as_unbroken(tmp_path, "quest", PLAY, bots=3, level="easy,normal,normal")


@pytest.mark.parametrize("every", [0, 4])
def test_a_chess_bot_remembers_the_positions_it_made_after_a_crash(tmp_path, monkeypatch, every):
    """Dungeon Chess with the limit off: the normal bot remembers the positions it made, so as not
    to make one again and again (issue 40). After the crash it remembers the same ones."""
    monkeypatch.setattr(runs_module, "SNAPSHOT_EVERY", every or 10**9)
    steps = ["alice"] * 6 + ["crash"] + ["alice"] * 6
    kw = {"level": "normal", "options": {"limit": "off"}}
    same_as_unbroken(tmp_path, "chess", steps, **kw)
    whole, _ = run(str(tmp_path / "again-whole.sqlite"), "chess", [s for s in steps if s != "crash"], **kw)
    broken, _ = run(str(tmp_path / "again-broken.sqlite"), "chess", steps, **kw)
    assert broken._memory == whole._memory and whole._memory["bot1"]["made"]


def test_the_bots_minds_are_in_the_snapshot_and_it_pickles(tmp_path):
    match, _ = run(str(tmp_path / "db.sqlite"), "quest", ["alice", "timeout:alice", "alice"])
    snap = pickle.loads(pickle.dumps(match.snapshot()))
    again = Table(match.game, ["alice"], ["bot1", "bot2"], SEED)
    again.restore(snap)
    assert again.log == match.log and stream(again) == stream(match)
    assert set(again._rngs) == set(match._rngs) == {"bot1", "bot2", "alice"}  # hers since her timeout
    for name, rng in match._rngs.items():
        assert again._rngs[name].getstate() == rng.getstate()
    assert again._memory == match._memory
    assert (again.bot_run, again.capped) == (match.bot_run, match.capped)
    held = match.snapshot()
    match._memory.setdefault("bot1", {})["later"] = 1  # the bots think on: the snapshot stays as taken
    assert "later" not in held[3]["memory"]["bot1"]


def test_an_older_snapshot_of_three_still_restores_and_resumes(tmp_path):
    path = str(tmp_path / "db.sqlite")
    match, _ = run(path, "quest", ["alice", "alice", "alice"])
    old = match.snapshot()[:3]  # what a snapshot held before the bots' minds were in it
    again = Table(match.game, ["alice"], ["bot1", "bot2"], SEED)
    again.restore(old)
    assert again.log == match.log and stream(again) == stream(match) and again.state is old[0]
    store = Store(path)
    (rec,) = store.matches("playing")
    assert len(store.moves(rec.id)) == len(match.log)
    store.save_snapshot(rec.id, len(match.log), old)
    world = open_world(path)
    assert world.resume() == 1
    resumed = table_of(world).match
    assert resumed.log == match.log and stream(resumed) == stream(match)


def test_an_older_snapshot_with_bot_moves_after_it_still_resumes(tmp_path):
    """Without the bots' minds the moves after an old snapshot are applied as logged: the match
    stands where it stood, and plays on."""
    path = str(tmp_path / "db.sqlite")
    match, _ = run(path, "quest", ["alice", "alice"])
    cut = len(match.log)
    old = pickle.loads(pickle.dumps(match.snapshot()[:3]))  # as it was stored then
    for _ in range(4):
        person_move(match, "alice")  # the bots answer: their moves are logged after the snapshot
    assert any(match.seats[p].bot for p, _ in match.log[cut:])
    store = Store(path)
    (rec,) = store.matches("playing")
    store.save_snapshot(rec.id, cut, old)
    world = open_world(path)
    world.resume()
    resumed = table_of(world).match
    assert not resumed.minds_kept  # no minds to go on: the moves were applied as logged
    assert resumed.log == match.log and stream(resumed) == stream(match)
    person_move(resumed, "alice")
    assert len(resumed.log) > len(match.log)


def test_a_bot_that_thinks_otherwise_now_still_resumes_its_logged_moves(tmp_path, monkeypatch, caplog):
    """Bot code changed between the crash and the restart: its moves are not the logged ones. The log
    is the truth: it is played as it is, with a warning, and the match plays on."""
    path = str(tmp_path / "db.sqlite")
    match, _ = run(path, "quest", ["alice", "alice", "alice"])
    game = games.get("quest")
    monkeypatch.setattr(game, "bot_action", lambda state, player, rng, level, memory: _other(game, state, player))
    world = open_world(path)
    with caplog.at_level(logging.WARNING, logger="questmud.table"):
        assert world.resume() == 1
    resumed = table_of(world).match
    assert resumed.log == match.log and stream(resumed) == stream(match)
    assert resumed.state.rng.getstate() == match.state.rng.getstate()
    assert any("thought again" in r.getMessage() for r in caplog.records)
    monkeypatch.undo()  # (the bot that lost its mind would walk in circles for ever)
    person_move(resumed, "alice")  # and it plays on
    assert len(resumed.log) > len(match.log)


def _other(game, state, player):
    """A bot's choice that is never the one logged: the last legal action (the bots chose otherwise)."""
    legal = game.moving_first(game.legal_actions(state, player))
    return legal[-1] if legal else Action("pass")
