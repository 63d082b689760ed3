"""A sit at a table another node runs is heard in the room on every node (issue 41: the node that
runs the table seats the sitter with the same code as its own players', and the room's people on
the other nodes read it as they read any line said in the room). Three worlds share one SQLite
file; the bus is a list delivered by hand, each message to the node(s) it is for."""

from __future__ import annotations

import itertools
import json

import games
from mud.store import Store
from mud.world import messages
from mud.world.nodes import Remote
from mud.world.shared import Shared
from mud.world.world import World
from tests.mud.world.node_kit import Leases

GAME = games.get("quest")

NUMBERS = itertools.count(700)  # the tables' numbers, for every node of this module


class Bus:
    """Every node's messages, delivered in order to the others (or to ``dest`` alone)."""

    def __init__(self) -> None:
        self.worlds: dict[str, World] = {}
        self.queue: list[dict] = []

    def node(self, path: str, name: str) -> World:
        world = World(Store(path))
        send = lambda m: self.queue.append(json.loads(json.dumps(dict(m, node=name))))  # noqa: E731
        world.shared = Shared(world, name, send=send, leases=Leases(NUMBERS))
        world.remote = Remote(world, send=send)
        self.worlds[name] = world
        return world

    def deliver(self) -> None:
        while self.queue:
            data = self.queue.pop(0)
            for name, world in self.worlds.items():
                if name == data["node"] or data.get("dest") not in (None, name):
                    continue
                message = messages.decode(data)
                if isinstance(message, (messages.TableMessage, messages.Answer)):
                    world.host.hear(message)
                elif message is not None:
                    world.others.hear(message)


def test_a_sit_at_another_nodes_table_is_heard_in_the_room_on_every_node_but_by_the_sitter(tmp_path):
    bus = Bus()
    path = str(tmp_path / "world.sqlite")
    north, south, east = bus.node(path, "north"), bus.node(path, "south"), bus.node(path, "east")
    table = north.new_table(GAME.room)
    north.host.sitters(table)
    alice, carol = south.connect("alice"), east.connect("carol")
    alice.room = carol.room = GAME.room
    bus.deliver()
    alice.flush(), carol.flush()
    assert south.tables[table.id].node == "north"
    alice.handle(f"sit {table.id}")
    bus.deliver()
    heard = [line.text for line in carol.flush()]
    assert f"alice sits at table {table.id}." in heard
    mine = [line.text for line in alice.flush()]
    assert any(text.startswith(f"You sit at table {table.id}") for text in mine)
    assert f"alice sits at table {table.id}." not in mine
    assert table.sitters == ["alice"]
