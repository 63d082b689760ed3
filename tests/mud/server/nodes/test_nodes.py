"""Two `mud serve` nodes of one world (issue 30, so far): one PostgreSQL store, one Redis bus.
Players on different nodes see each other in `who` (once each), hear each other's `say`, `ooc`,
comings and goings, and reach each other with `tell` and `reply`; a node that stops takes its
players out of the others' `who`; two nodes may not share a name."""

from __future__ import annotations

import asyncio

import pytest

from mud.server.core import Config, Server
from mud.store import StoreError
from tests.mud.server.test_pg_server import fresh_database
from tests.telnet_clients import Raw, log_in

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

pytest.importorskip("mud.server.nodes.bus", reason="redis-py is not installed (pip install questmud[scale])")


async def until_said(conn, text: str) -> str:
    return (await conn.expect(text, timeout=5)).decode()


async def count_of(conn) -> str:
    """`who`'s answer, from its count of those connected to the prompt after their names."""
    conn.send("who")
    before = (await conn.expect(" connected:")).decode()
    return before.rsplit("\n", 1)[-1] + (await conn.expect("> ")).decode()


async def test_players_on_two_nodes_meet_talk_and_see_each_other(postgres_url, redis_url, tmp_path):
    store = fresh_database(postgres_url)
    nodes = []
    for name in ("north", "south"):
        server = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=0, store=store, node=name,
                               bus=redis_url, data_dir=str(tmp_path / name)))
        await server.start()
        nodes.append(server)
    north, south = nodes
    try:
        with pytest.raises(StoreError, match="as node north"):  # a name is one node's
            await Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=0, store=store, node="north",
                                bus=redis_url, data_dir=str(tmp_path / "again"))).start()
        alice = await Raw.connect(north.ports["telnet"])
        await log_in(alice, "alice")
        bob = await Raw.connect(south.ports["telnet"])
        await log_in(bob, "bob")
        await until_said(alice, "bob arrives.")  # the same room (the Crossroads), another node
        await asyncio.sleep(0.2)
        alice.send("look")
        assert "Here: bob." in await until_said(alice, "Here:") + await until_said(alice, "\n")
        listed = await count_of(alice)
        assert "2 connected" in listed and listed.count("bob") == 1 and listed.count("alice") == 1
        alice.send("say hello from the north")
        assert "alice says: hello from the north" in await until_said(bob, "north")
        bob.send("tell alice psst")
        assert "bob tells you: psst" in await until_said(alice, "psst")
        alice.send("reply back at you")
        assert "alice tells you: back at you" in await until_said(bob, "back at you")
        alice.send("ooc anyone?")
        assert "[ooc] alice: anyone?" in await until_said(bob, "anyone?")
        bob.send("e")
        assert "bob goes to the Tavern" in await until_said(alice, "Tavern")
        bob.send("say nobody here")
        bob.send("quit")
        await bob.expect("Goodbye")
        for _ in range(40):
            await asyncio.sleep(0.1)
            listed = await count_of(alice)
            if "bob" not in listed:
                break
        assert "1 connected" in listed and "bob" not in listed
        assert "nobody here" not in alice.data.decode(errors="replace")  # said in another room
    finally:
        for server in nodes:
            await server.stop()


async def test_redis_gone_pauses_talk_between_nodes_with_a_notice_and_tables_keep_playing(postgres_url, tmp_path):
    """The bus's Redis killed: a speaker is told the other nodes do not hear them, their own node
    still does, and a match goes on; Redis back: the nodes hear each other again by themselves."""
    from tests.engines import Redis, started
    redis = Redis()
    started(redis, pytest.skip)
    store = fresh_database(postgres_url)
    nodes = []
    try:
        for name in ("east", "west"):
            server = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=0, store=store, node=name,
                                   bus=redis.url, data_dir=str(tmp_path / name)))
            await server.start()
            nodes.append(server)
        east, west = nodes
        alice, carol = await Raw.connect(east.ports["telnet"]), await Raw.connect(east.ports["telnet"])
        await log_in(alice, "alice")
        await log_in(carol, "carol")
        bob = await Raw.connect(west.ports["telnet"])
        await log_in(bob, "bob")
        await until_said(alice, "bob arrives.")
        redis.halt()
        for _ in range(50):
            if not east.bus.up:
                break
            await asyncio.sleep(0.1)
        alice.send("say can anyone hear me")
        told = await until_said(alice, "do not hear you right now")
        assert "You say: can anyone hear me" in told
        assert "alice says: can anyone hear me" in await until_said(carol, "hear me")  # her own node does
        alice.send("e")
        alice.send("sit")
        alice.send("start bots=1")
        await alice.expect("(type the number)")
        alice.data = b""
        alice.send("pass")
        assert "not made" not in await until_said(alice, "> ")  # the match goes on, stored
        redis.resume()
        for _ in range(100):
            if east.bus.up and west.bus.up and "alice" in west.world.remote.people:
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.5)  # (the listeners subscribe again within a second)
        bob.send("tell alice we are back")
        assert "bob tells you: we are back" in await until_said(alice, "we are back")
    finally:
        for server in nodes:
            await server.stop()
        redis.stop()
