"""The messages between nodes are typed records declared once (mud/world/messages.py): each kind
encodes and decodes to itself, a malformed one is dropped (never raised into the node), and a game
command typed on one node reaches the table's node parsed, run there by the same session code as
its own players' -- the line is never read again. Two worlds share one SQLite file here; the
messages go from one to the other by hand, as the bus would carry them."""

from __future__ import annotations

import itertools
import json
import logging

import games
from mud.shell import parser
from mud.store import Store
from mud.world import messages
from mud.world.nodes import Remote
from mud.world.shared import Shared
from mud.world.world import World
from tests.mud.world.node_kit import Leases

NUMBERS = itertools.count(500)  # the tables' numbers, for every node of this module


def node(path: str, name: str, sent: list) -> World:
    world = World(Store(path))
    world.shared = Shared(world, name, send=lambda m: sent.append(json.loads(json.dumps(dict(m, node=name)))),
                          leases=Leases(NUMBERS))
    return world


def deliver(sent: list, to: World) -> list[dict]:
    out = list(sent)
    for message in out:
        to.shared.heard(message)
    sent.clear()
    return out


SAMPLES = [
    messages.Here(speaker="ann", room="tavern"), messages.Here(speaker="ann"),
    messages.RoomLine(room="tavern", speaker="ann", line="ann says: hi"), messages.Ooc(speaker="ann", line="hi"),
    messages.Tell(speaker="ann", whom="bob", line="hi"),
    messages.EndAccount(name="ann", uid="ab" * 16, why="deleted", line="gone"), messages.EndAccount(name="ann", why="kick"),
    messages.Recheck(),
    messages.Sitters(number=3, room="tavern", game="quest", sitters=["ann"], owner="north"),
    messages.Started(number=3, match=7, room="tavern", game="quest", owner="north"),
    messages.Moved(number=3, match=7, step=1, player="ann", verb="move", args=["n", 2], by_bot=True),
    messages.Said(number=3, line="ann says: hi", facts={"player": "ann"}, heard_by=None, unheard_by=["ann"]),
    messages.Told(number=3, line="bob leaves.", but="bob"), messages.Handed(number=3, player="ann", why="left"),
    messages.SeatAway(number=3, player="ann", gone=False), messages.Gone(number=3),
    messages.Owner(number=3, owner="south"),
    messages.Play(number=3, speaker="bob", room="tavern", dest="north", verb="move", steps=[{"DIR": "n"}], line="n"),
    messages.Sit(number=3, speaker="bob", dest="north"), messages.Start(number=3, speaker="bob", options="bots=2"),
    messages.Talk(number=3, speaker="bob", tone="emote", line="waves"),
    messages.SeatChange(number=3, speaker="bob", act="away"), messages.TellTable(number=3, line="hello"),
    messages.Answer(whom="bob", dest="south", lines=[["info", "You sit.", ""]], seat=3),
]


def test_every_kind_of_message_comes_back_as_itself_from_the_wire():
    assert {type(m) for m in SAMPLES} == set(messages.KINDS.values())
    for message in SAMPLES:
        wire = json.loads(json.dumps(dict(messages.encode(message), node="north")))
        assert messages.decode(wire) == type(message)(**{**message.__dict__, "node": "north"})


def test_a_malformed_message_is_logged_and_dropped_never_raised(caplog):
    bad = [None, [], {"kind": "nonsense"}, {"kind": "move", "number": 1}, {"kind": "move", "number": "1", "match": 1,
           "step": 1, "player": "a", "verb": "v"}, {"kind": "said", "number": 1, "heard_by": ["a", 2]},
           {"kind": "seat", "number": 1, "act": "explode"}, {"kind": "gone", "number": True},
           {"kind": "answer", "whom": "bob", "lines": "not a list"}]
    with caplog.at_level(logging.WARNING, logger="questmud.messages"):
        assert [messages.decode(data) for data in bad] == [None] * len(bad)
    assert len(caplog.records) == len(bad)
    world = World()
    shared, remote = Shared(world, "north", send=lambda m: None, leases=Leases(NUMBERS)), Remote(world, send=lambda m: None)
    for data in bad:  # the receivers drop them too
        shared.heard(data)
        remote.heard(data)


def test_a_game_command_typed_on_a_follower_is_run_by_the_owner_as_parsed_there(tmp_path, monkeypatch):
    for name in games.names():  # a game whose first turn is bob's, with a question to answer
        game = games.get(name)
        if game.min_players > 2 or game.max_players < 2:
            continue
        path = str(tmp_path / f"{name}.sqlite")
        to_south, to_north = [], []
        north, south = node(path, "north", to_south), node(path, "south", to_north)
        table = north.new_table(game.room)
        table.sitters.extend(["bob", "ann"])
        north.start_match(table, game, 0, 1, {}, "easy")
        if table.match.awaiting() == ["bob"]:
            break
    deliver(to_south, south)
    bob = south.connect("bob")  # back at his seat, on the node following the table
    assert bob.seated and bob.table.node == "north"
    deliver(to_north, north)
    line = bob.asked()["choices"][0][1]
    bob.flush()
    assert bob.handle(line) == [] and table.match.log == []
    monkeypatch.setattr(parser, "parse", lambda *a, **k: (_ for _ in ()).throw(AssertionError("parsed again")))
    asked = deliver(to_north, north)
    assert [m["kind"] for m in asked] == ["play"] and asked[0]["verb"] and asked[0]["steps"]
    assert len(table.match.log) >= 1 and table.match.log[0][0] == "bob"
    answers = [m for m in deliver(to_south, south) if m["kind"] == "answer"]
    assert [m["whom"] for m in answers] == ["bob"] and not bob.table.run.waits(bob)
    assert south.tables[table.id].match.log == table.match.log
