"""When a person's seat goes to a bot (issue 26, item 12): the store keeps at which move, so
``matches`` says a match was finished by bots and the replay says where each seat changed hands."""

from __future__ import annotations

import random
import sqlite3

import pytest

from mud.world.replay import public_lines
from mud.store import VERSION, Store
from mud.world.world import Settings, World


@pytest.fixture
def world(tmp_path):
    store = Store(str(tmp_path / "db.sqlite"))
    yield World(store, Settings(seat_grace=300), clock=lambda: 0.0, seeds=random.Random(1))
    store.close()


def chess_for_two(world):
    """ann and cy at a Dungeon Chess table of two, started; ann moves first (keeping a target)."""
    ann, cy = world.connect("ann"), world.connect("cy")
    for s in (ann, cy):
        s.handle("go castle")
        s.handle("sit")
    ann.handle("start bots=0 seed=5")
    return ann, cy, world.tables[1].match


def texts(lines) -> list[str]:
    return [line.text for line in lines]


def listed(ws) -> str:
    """The first line of ``matches`` (what the table said meanwhile left out)."""
    return next(text for text in texts(ws.handle("matches")) if text.startswith("#"))


def test_matches_says_bots_finished_a_match_both_players_left(world):
    ann, cy, match = chess_for_two(world)
    ann.handle("leave")
    cy.handle("leave")
    assert match.over
    line = listed(ann)
    assert line.startswith("#1 Dungeon Chess, ")
    assert "finished by bots after ann and cy left: ann, cy" in line


def test_the_replay_says_at_which_move_each_seat_went_to_a_bot(world):
    ann, cy, match = chess_for_two(world)
    ann.handle("leave")  # before any move; the bot then keeps ann's target (move 1)
    assert len(match.log) == 1
    cy.handle("leave")
    lines = [str(line) for line in public_lines(world.store, 1)]
    ann_line = "Before the first move, ann got up: a bot plays their seat from here."
    cy_line = "After move 1, cy got up: a bot plays their seat from here."
    assert ann_line in lines and cy_line in lines
    assert lines.index(ann_line) < lines.index("ann has chosen a secret target.") < lines.index(cy_line)


def test_a_seat_taken_back_is_said_and_a_match_still_played_names_who_left(world):
    ann, cy, match = chess_for_two(world)
    ann.handle("leave")
    ann.handle("sit 1")
    assert not match.seats["ann"].bot
    cy.handle("leave")
    lines = [str(line) for line in public_lines(world.store, 1)]
    assert "After move 1, ann took their seat back from the bot." in lines
    assert "being played (a bot plays on for cy, who left): ann, cy" in listed(ann)


def test_a_seat_handed_to_a_bot_after_a_long_absence_is_told_in_the_replay(world):
    ann, cy, match = chess_for_two(world)
    world.disconnect(ann)
    world.tick(now=301.0)
    assert match.seats["ann"].bot
    lines = [str(line) for line in public_lines(world.store, 1)]
    assert "Before the first move, ann was away too long: a bot plays their seat from here." in lines


def test_a_match_nobody_left_reads_as_before(world):
    ann, cy, match = chess_for_two(world)
    assert "being played: ann, cy" in listed(ann)
    assert not any("a bot plays their seat" in line for line in [str(line) for line in public_lines(world.store, 1)])


def test_an_older_database_gains_the_handover_table(tmp_path):
    path = str(tmp_path / "old.sqlite")
    Store(path).close()
    db = sqlite3.connect(path)  # a store as the previous questmud left it: schema 2, no handovers
    db.execute("DROP TABLE handovers")
    db.execute("PRAGMA user_version = 2")
    db.execute("INSERT INTO matches (game, room, seed, options, humans, bots, level, status, created) VALUES"
               " ('chess', 'castle', 5, '{}', '[\"ann\", \"cy\"]', '[]', 'normal', 'over', 0)")
    db.commit()
    db.close()
    store = Store(path)
    assert store.version() == VERSION and store.handovers(1) == []  # and later migrations
    assert "finished: ann, cy" in listed(World(store).connect("ann"))
    store.close()
