"""Issue 42, findings 11 and 12, with real processes: `mud serve` nodes on one PostgreSQL store and
a Redis bus. With the bus down, a game command at a table another node runs is refused in plain
words (no "Something went wrong", no traceback in the log); a node that stalls and wakes to find its
table run elsewhere sends its players and watchers only what they have not read, not the whole
match again."""

from __future__ import annotations

import asyncio
import os
import re
import signal

import pytest

from tests.engines import Redis, started
from tests.mud.server.nodes.test_world_of_nodes import Player, node
from tests.mud.server.test_pg_server import fresh_database

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

pytest.importorskip("mud.server.nodes.bus", reason="redis-py is not installed (pip install questmud[scale])")

BEGINS = "A game of 10x begins"


async def seated(owner: Player, others: list[Player], watcher: Player | None = None) -> str:
    """``owner`` opens a table in the Tavern (so their node runs it), ``others`` sit at it, ``watcher``
    watches it; a 10x match with a bot starts. Returns the table's number."""
    for player in [owner, *others] + ([watcher] if watcher else []):
        await player.client.ask("go tavern")
    await owner.client.ask("sit")
    number = re.search(r"You sit at table (\d+)", owner.client.text).group(1)
    await asyncio.sleep(0.3)
    for player in others:
        assert f"You sit at table {number}" in await player.client.ask(f"sit {number}", idle=0.6)
    if watcher is not None:
        await watcher.client.ask(f"watch {number}", idle=0.6)
    owner.client.send("start bots=1 seed=9")
    for player in [owner, *others]:
        await player.client.expect(BEGINS)
    return number


async def test_with_the_bus_down_a_command_at_another_nodes_table_is_refused_plainly(postgres_url, tmp_path):
    bus = Redis()
    started(bus, pytest.skip)
    store = fresh_database(postgres_url)
    north, south = (node(tmp_path, name, store, bus.url) for name in ("north", "south"))
    try:
        bob, alice = Player("bob"), Player("alice")
        await bob.connect(south.telnet_port)
        await alice.connect(north.telnet_port)
        await seated(bob, [alice])  # south runs the table; alice plays it from north
        await alice.client.quiet(0.5)
        bus.halt()
        for _ in range(50):  # (the node finds the bus gone within a second or two)
            said = await alice.client.ask("pass", idle=0.5)
            if "out of reach right now" in said:
                break
            await asyncio.sleep(0.2)
        assert "out of reach right now" in said, said
        assert "Something went wrong" not in alice.client.text
    finally:
        north.stop()
        south.stop()
        bus.stop()
    with open(os.path.join(tmp_path, "north", "server.log"), encoding="utf-8") as log:
        assert "Traceback" not in log.read()


async def test_a_node_that_stalls_and_wakes_sends_its_people_only_what_they_have_not_read(postgres_url,
                                                                                          redis_url, tmp_path):
    store = fresh_database(postgres_url)
    north, south = (node(tmp_path, name, store, redis_url) for name in ("north", "south"))
    try:
        bob, carol, alice = Player("bob"), Player("carol"), Player("alice")
        await bob.connect(south.telnet_port)
        await carol.connect(south.telnet_port)
        await alice.connect(north.telnet_port)
        await seated(bob, [alice], watcher=carol)  # south runs the table; carol watches it there
        await carol.client.expect(BEGINS)
        south.proc.send_signal(signal.SIGSTOP)
        try:
            await alice.client.expect("play goes on", timeout=15)  # north took the table over
            await asyncio.sleep(1.0)
        finally:
            south.proc.send_signal(signal.SIGCONT)
        await bob.client.expect("play goes on", timeout=15)  # south woke, and follows the table now
        for player in (bob, carol):
            await player.client.quiet(1.0)
            assert player.client.text.count(BEGINS) == 1, player.client.text[-3000:]
        assert bob.client.text.count("play goes on") == 1  # (told once, not again when the new owner says so)
    finally:
        north.stop()
        south.stop()
