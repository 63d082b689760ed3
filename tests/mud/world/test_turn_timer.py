"""The turn timer (issue 40, item 1): when a person's time is up, a bot plays their whole turn -- in
every game -- not one action of it, and everyone reads that a bot played it: at the table, in the
news of a player coming back, and in the replay.

"The turn" is read from the contract alone: the bot plays until the game no longer awaits that player
for it (their stage is another's turn, or a new turn is announced: an event ``turn_of`` names or the
game tones "turn"), a question asked of them (a consent, a duel's answer) included."""

from __future__ import annotations

import random

import pytest

import games
from mud.world.replay import public_lines
from mud.store import Store
from mud.shell.table import FREE_IN_A_ROW, Table
from mud.world.world import Settings, World
from tests.conftest import Clock

TIMEOUT = 10.0
SEED = 3
MINE = "Time is up: a bot plays this turn for you."


def theirs(name: str) -> str:
    return f"Time is up: a bot plays {name}'s turn."


def a_world(store=None) -> World:
    return World(store or Store(":memory:"), Settings(turn_timeout=TIMEOUT, seat_grace=10**9), clock=Clock(),
                 seeds=random.Random(1))


def bots_for(game) -> int:
    return min(2, game.max_players - 1)


def seated(world: World, name: str, bots: int | None = None, seed: int = SEED, people=("alice",)):
    """``people`` at a table of ``name`` with bots, started; their sessions and the match."""
    game = games.get(name)
    sessions = [world.connect(p) for p in people]
    for ws in sessions:
        ws.room = game.room
        ws.handle("sit")
    sessions[0].handle(f"start bots={bots_for(game) if bots is None else bots} seed={seed}")
    for ws in sessions:
        ws.flush()
    return sessions, world.tables[1].match


def a_turn_began(match, events) -> bool:
    """Whether ``events`` announce a turn (the contract's own marks of a turn's start)."""
    game = match.game
    return any(game.turn_of(e) is not None or game.tone(e.kind) == "turn" for e in events)


def time_passes(world: World) -> None:
    world.clock.now += TIMEOUT + 1
    world.tick()


@pytest.mark.parametrize("name", games.names())
def test_after_one_timeout_the_idle_seats_turn_is_over_and_the_match_goes_on(name):
    world = a_world()
    (alice,), match = seated(world, name)
    gt = world.tables[1]
    for _ in range(4):
        if match.over:
            break
        assert "alice" in match.awaiting(), f"{name}: the bots wait for nobody else but alice"
        log, events = len(match.log), len(match.events)
        world.time_up(gt, "alice")  # what the clock does when her time is up, before the bots play on
        played = match.log[log:]
        assert played and played[0][0] == "alice", f"{name}: the bot plays alice's turn first"
        assert any(p == "alice" and not match.game.is_free(a) for p, a in played), \
            f"{name}: the turn played moves the game on ({played})"
        # the game no longer awaits alice for that turn: she is not awaited, or a new turn began
        assert match.over or "alice" not in match.awaiting() or a_turn_began(match, match.events[events:]), \
            f"{name}: alice's timed-out turn is still awaited after the timeout ({played})"
        timed = [str(e.text) for e in match.events[events:] if e.kind == "time_up"]
        assert timed == [MINE, theirs("alice")], f"{name}: one timeout, said once"
        match.settle()
    assert len(match.log) > 4  # the match went on


def test_the_clock_plays_the_turn_when_time_is_up_and_not_before():
    world = a_world()
    (alice,), match = seated(world, "chess", bots=1)
    log = len(match.log)
    world.clock.now += TIMEOUT - 1
    world.tick()
    assert len(match.log) == log and "alice" in match.awaiting()
    world.clock.now += 2
    world.tick()
    assert match.log[log][0] == "alice" and [line.text for line in alice.flush()].count(MINE) == 1


@pytest.mark.parametrize("name", games.names())
def test_a_bot_choosing_only_free_actions_still_ends_the_timed_out_turn(name, monkeypatch):
    """A look, a note, a gift spend no turn: a bot that chose only those would play for ever. After a
    few in a row the timed-out turn is played on with moves that move the game on."""
    game = games.get(name)
    free = [v for v in game.verbs if v.free]
    if not free:
        pytest.skip(f"{name} has no free verbs")

    def only_free(state, player, rng, level="normal", memory=None):
        legal = [a for a in game.legal_actions(state, player) if game.is_free(a) and "?" not in a.args]
        return legal[0] if legal else game.moving_first(game.legal_actions(state, player))[0]

    world = a_world()
    (alice,), match = seated(world, name)
    monkeypatch.setattr(game, "bot_action", only_free)
    assert "alice" in match.awaiting()
    can_idle = any(game.is_free(a) for a in game.legal_actions(match.state, "alice"))
    events, log = len(match.events), len(match.log)
    match.time_up("alice")
    assert "alice" not in match.awaiting() or match.over or a_turn_began(match, match.events[events + 1:])
    if can_idle:  # (10x's only free verb, 'declare', is seldom legal: there the turn just ends)
        free_first = [game.is_free(a) for p, a in match.log[log:] if p == "alice"][:FREE_IN_A_ROW + 1]
        assert free_first == [True] * FREE_IN_A_ROW + [False]  # six free ones, then one that moves the game on


def test_the_quest_of_the_issue_one_timeout_plays_the_whole_turn_and_it_passes():
    """`start bots=1`, alice idle: every timeout used to play one step (a peek, a step east, a peek)
    and the turn stayed hers. Now one timeout plays her turn to its end: bot1's turn follows."""
    world = a_world()
    (alice,), match = seated(world, "quest", bots=1, seed=4)
    number = match.view("alice")["turn"]["number"]
    assert match.view("alice")["turn"]["player"] == "alice"
    time_passes(world)
    said = [line.text for line in alice.flush()]
    assert said.count(MINE) == 1, said
    turn = match.view("alice")["turn"]
    assert turn["number"] > number  # bot1 played a turn after hers: hers is over
    assert "It is bot1's turn." in [str(e.text) for e in match.events]
    assert not match.seats["alice"].bot  # only that turn


def test_the_table_reads_who_a_bot_played_for_and_the_player_reads_it_in_the_second_person():
    world = a_world()
    (alice, bob), match = seated(world, "quest", bots=1, seed=4, people=("alice", "bob"))
    mover = match.awaiting()[0]
    me, other = (alice, bob) if mover == "alice" else (bob, alice)
    time_passes(world)
    assert MINE in [line.text for line in me.flush()]
    told = [line.text for line in other.flush()]
    assert theirs(mover) in told and MINE not in told


def test_coming_back_the_news_says_a_bot_played_the_turn():
    world = a_world()
    (alice,), match = seated(world, "quest", bots=1, seed=4)
    world.disconnect(alice)
    time_passes(world)
    back = world.connect("alice")
    news = [line.text for line in back.flush()]
    heading = news.index("You are back at table 1. What happened while you were away:")
    assert MINE in news[heading + 1:]
    mine = news.index(MINE)
    assert any(text.startswith("You ") for text in news[mine + 1:mine + 3]), news  # her turn follows


def test_the_replay_says_a_bot_played_the_turn_before_its_moves(tmp_path):
    store = Store(str(tmp_path / "db.sqlite"))
    world = a_world(store)
    (alice,), match = seated(world, "quest", bots=1, seed=4)
    time_passes(world)
    lines = [str(line) for line in public_lines(store, 1)]
    said = lines.index(theirs("alice"))
    assert lines[said + 1].startswith("alice "), lines[said:said + 3]  # alice's moves, told as the table saw them
    assert lines.count(theirs("alice")) == 1
    mine = [line for line in lines if line == MINE]
    assert not mine  # her own line is hers: a spectator reads the table's


def test_a_resumed_match_keeps_the_line_where_it_was(tmp_path):
    """The store notes each timed-out turn (a 'time' handover), so a match brought back after a crash
    tells it at the same place in its stream."""
    path = str(tmp_path / "db.sqlite")
    world = a_world(Store(path))
    (alice,), match = seated(world, "quest", bots=1, seed=4)
    time_passes(world)
    time_passes(world)
    stream = [e.as_json() for e in match.events]
    again = a_world(Store(path))
    assert again.resume() == 1
    resumed = again.tables[1].match
    assert [e.as_json() for e in resumed.events] == stream
    assert sum(e["type"] == "time_up" for e in stream) == 4  # two timeouts, each told to alice and to the rest
    assert [h.why for h in Store(path).handovers(1)] == ["time", "time"]
    assert not resumed.seats["alice"].bot


def test_matches_does_not_count_a_timed_out_turn_as_leaving(tmp_path):
    store = Store(str(tmp_path / "db.sqlite"))
    world = a_world(store)
    (alice,), match = seated(world, "quest", bots=1, seed=4)
    time_passes(world)
    listed = next(line.text for line in alice.handle("matches") if line.text.startswith("#"))
    assert "left" not in listed and "bot plays on" not in listed


def test_a_bot_asked_within_the_timed_out_turn_answers_and_the_turn_goes_on_to_its_end():
    """alice's turn, played by a bot, walks into bot2's room: bot2 is asked to let her in. Her stage is
    still her own turn's (waiting at the door), so bot2 answers and her turn is played on to its end,
    rather than left waiting for another timeout."""
    match = Table(games.get("quest"), ["alice"], ["bot1", "bot2"], seed=1)
    match.start()
    assert match.awaiting() == ["alice"]
    match.time_up("alice")
    played = [(p, a.verb) for p, a in match.log]
    asked = played.index(("bot2", "allow"))
    assert ("alice", "move") in played[:asked] and played[asked + 1:] and played[-1][0] == "alice", played
    assert "alice" not in match.awaiting() and "It is bot1's turn." in [str(e.text) for e in match.events]
