"""A player seated at a table logs in on another node (issue 42, finding 2): their old session
ends and the new one takes the seat, whatever order the table's node hears the two nodes in. The
old node's "away" can reach the table's node after the new node's "back": the table's node does
not believe it, so nobody's seat waits for a player who is there (nor goes to a bot). Three worlds
share one SQLite file; the bus is tests/mud/world/test_sit_across_nodes.py's, delivered by hand."""

from __future__ import annotations

import games
from tests.mud.world.test_sit_across_nodes import Bus

GAME = games.get("10x")


def test_a_seated_player_moving_to_another_node_keeps_their_seat_whatever_the_order_heard(tmp_path):
    bus = Bus()
    path = str(tmp_path / "world.sqlite")
    north, south, east = bus.node(path, "north"), bus.node(path, "south"), bus.node(path, "east")
    north.store.create_account("alice", "pw12")  # (one store for the three)
    table = north.new_table(GAME.room)
    north.host.sitters(table)
    alice = south.connect("alice")
    alice.room = GAME.room
    bus.deliver()
    alice.handle(f"sit {table.id}")
    bus.deliver()
    alice.handle("start bots=1 seed=3")
    bus.deliver()
    assert alice.seated and table.match is not None
    again = east.connect("alice")  # its 'back' is queued before south hears it must end the old one
    bus.deliver()
    assert alice.closed and alice.ended_by == "elsewhere"
    assert again.seated and again.table.id == table.id
    assert "alice" not in table.away and not table.match.seats["alice"].bot
    told = [line.text for line in again.flush()]
    assert not [text for text in told if "lost the connection" in text], told
