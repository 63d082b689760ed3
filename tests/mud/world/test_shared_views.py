"""A table followed from another node shows every seat exactly what the running node shows it, in
every game, over many seeded matches (mud/world/shared.py): the follower's copy is rebuilt from the
store and fed the moves and table talk as the bus carries them, and after each one its view for each
player and for a watcher (no secrets) is the running node's. Both nodes here share one SQLite file;
the messages go from one to the other by hand, in order, as the bus delivers them."""

from __future__ import annotations

import itertools
import json
import random

import pytest

import games
from games.engine import Event, RuleError
from mud.store import Store
from mud.world.shared import Shared
from mud.world.world import World
from tests.mud.world.node_kit import Leases

SEEDS = range(6)

NUMBERS = itertools.count(1)  # the tables' numbers, for every node of this module


def node(path: str, name: str, sent: list) -> World:
    world = World(Store(path))
    world.shared = Shared(world, name, send=lambda message: sent.append(json.loads(json.dumps(dict(message, node=name)))),
                          leases=Leases(NUMBERS))
    return world


def checked(owner, follower, number: int, sent: list) -> None:
    """The messages so far delivered to the follower; then every view compared."""
    for message in sent:
        follower.shared.heard(message)
    sent.clear()
    mine, copy = owner.tables[number].match, follower.tables[number].match
    assert copy.log == mine.log
    for who in [*mine.seats, ""]:
        assert copy.view(who) == mine.view(who), who


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("seed", SEEDS)
def test_a_followed_table_shows_each_seat_what_its_own_node_shows(tmp_path, name, seed):
    sent: list = []
    path = str(tmp_path / "world.sqlite")
    owner, follower = node(path, "north", sent), node(path, "south", [])
    game = games.get(name)
    people = ["alice", "bob"][: max(1, min(2, game.max_players - 1))]
    table = owner.new_table(game.room)
    table.sitters.extend(people)
    owner.start_match(table, game, max(0, game.min_players - len(people), 1 if len(people) < game.max_players else 0),
                      seed, {}, "easy")
    match = table.match
    checked(owner, follower, table.id, sent)
    pick = random.Random(seed)
    for step in range(40):
        if match.over:
            break
        waiting = [p for p in match.awaiting() if p in people]
        if not waiting:
            break
        who = pick.choice(waiting)
        legal = game.legal_actions(match.state, who)
        for action in pick.sample(legal, len(legal)):
            try:
                match.submit(who, action)
                break
            except RuleError:
                continue
        if step % 7 == 0:  # table talk, to one seat and to the others, in the stream with the moves
            match.say(Event("say", f"You say: {step}", {"player": who, "said": str(step)}, to=(who,)))
            match.say(Event("say", f"{who} says: {step}", {"player": who, "said": str(step)}, not_to=(who,)))
        checked(owner, follower, table.id, sent)
    copy = follower.tables[table.id].match
    assert [(e.kind, e.text, e.to, e.not_to) for e in copy.events] == \
        [(e.kind, e.text, e.to, e.not_to) for e in match.events]
