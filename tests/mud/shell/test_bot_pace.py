"""Bots never hold a server's loop (found by the long fuzz run of issue 28): a person left a match
whose bots never end it, and one ``leave`` made 40,000 bot moves in one go -- every other player
frozen, the memory growing by 50 MB/s. Now a table makes at most ``chunk`` bot moves per settle
(the rest soon after, or a chunk per clock tick when nobody is at the table), and ``max_run`` bot
moves in a row without a person's stop the bots, said to the table once."""

from __future__ import annotations

import random

import games
from mud.shell.table import Table
from mud.world.world import Settings, World

# Dungeon Chess without its move limit: nothing but the players ends it. Since the bots leave a dance
# (issue 40) they end most such games in a few hundred moves; these seeds play long ones (1,705 moves
# for two bots at seed 77; 1,466 for a bot and a person's seat a bot plays at seed 7).
ENDLESS = {"limit": "off"}


def endless_bots(chunk: int, max_run: int) -> Table:
    table = Table(games.get("chess"), [], ["bot1", "bot2"], seed=77, options=ENDLESS)
    table.chunk, table.max_run = chunk, max_run
    return table


def test_a_settle_makes_at_most_a_chunk_of_bot_moves_and_says_more_are_due():
    table = endless_bots(chunk=10, max_run=1000)
    told = []
    table.on_due = lambda: told.append(len(table.log))
    table.start()
    assert len(table.log) == 10 and table.due and told == [10]
    assert table.settle() == 10 and len(table.log) == 20 and told == [10, 20]


def test_bots_stop_after_max_run_moves_in_a_row_and_play_no_more():
    table = endless_bots(chunk=7, max_run=30)
    table.start()
    while table.due:
        table.settle()
    assert len(table.log) == 30 and table.capped == 30 and not table.over
    assert table.settle() == 0 and len(table.log) == 30


def test_a_persons_move_lets_stopped_bots_play_on():
    table = Table(games.get("chess"), ["ann"], ["bot1"], seed=5)
    table.start()
    assert table.awaiting() == ["ann"]
    table.capped = table.bot_run = 99  # as if the bots had been stopped
    table.submit("ann", table.game.legal_actions(table.state, "ann")[0])
    assert table.capped == 0 and table.bot_run < 99


def world_with(chunk: int, max_run: int) -> World:
    return World(None, Settings(bot_chunk=chunk, bot_run_max=max_run), clock=lambda: 0.0, seeds=random.Random(1))


def endless_table(world: World, watcher: bool):
    """ann starts a long Dungeon Chess match against a bot and gets up (a bot plays her seat);
    with ``watcher``, bo watches it."""
    ann = world.connect("ann")
    ann.handle("go castle")
    ann.handle("sit")
    ann.handle("start bots=1 seed=7 limit=off")
    gt = world.tables[1]
    bo = None
    if watcher:
        bo = world.connect("bo")
        bo.handle("go castle")
        bo.handle("watch 1")
    ann.handle("leave")
    return ann, bo, gt


def test_a_table_nobody_is_at_plays_a_chunk_a_clock_tick():
    world = world_with(chunk=12, max_run=10_000)
    woken = []
    world.on_bots_due = lambda: woken.append(1)
    _, _, gt = endless_table(world, watcher=False)
    made = len(gt.match.log)
    assert gt.match.due and made <= 12 + 1  # ann's leave: one chunk at most (and her own move, if any)
    world.tick()
    assert len(gt.match.log) == made + 12
    assert not woken and not world.play_bots()  # nobody waits: the clock's pace is enough


def test_a_watched_table_asks_the_server_for_its_next_chunk_soon():
    world = world_with(chunk=12, max_run=10_000)
    woken = []
    world.on_bots_due = lambda: woken.append(1)
    _, bo, gt = endless_table(world, watcher=True)
    assert woken
    made = len(gt.match.log)
    assert world.play_bots()  # one more chunk, and more still due
    assert len(gt.match.log) == made + 12


def test_the_table_is_told_once_that_its_bots_stopped():
    world = world_with(chunk=25, max_run=100)
    _, bo, gt = endless_table(world, watcher=True)
    while world.play_bots():
        pass
    for _ in range(3):
        world.tick()
    said = [line.text for line in bo.flush() if "The bots stopped" in line.text]
    assert said == ["The bots stopped after 100 moves in a row without the match ending; a person's move "
                    "lets them play on."]
    assert gt.match.capped == 100 and not gt.match.over


def test_a_match_its_bots_finish_after_everyone_left_is_forgotten_at_the_next_tick():
    """Found by the long fuzz run: such tables (and every event of their matches) were kept for ever,
    about 120 MB per million lines typed. The match stays in the store, for 'matches' and replays."""
    world = World(None, Settings(bot_chunk=25), clock=lambda: 0.0, seeds=random.Random(1))
    ann = world.connect("ann")
    ann.handle("go castle")
    ann.handle("sit")
    ann.handle("start bots=1 seed=1")  # an ordinary match: its bots end it
    gt = world.tables[1]
    ann.handle("leave")
    for _ in range(100):
        if gt.match.over:
            break
        world.tick()
    assert gt.match.over
    world.tick()
    assert 1 not in world.tables

