"""Tables shared by the nodes of one world (issue 30), in one process: one node runs a table, players
on the others see it, sit at it, start it, play, talk, watch and get up there, and each node's copy
shows every player what the table's own node shows. (A node's death: test_world_of_nodes.py.)"""

from __future__ import annotations

import asyncio

import pytest

from mud.server.core import Config, Server
from tests.mud.server.test_pg_server import fresh_database

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

pytest.importorskip("mud.server.nodes.bus", reason="redis-py is not installed (pip install questmud[scale])")


async def nodes_of(names, store, redis_url, tmp_path, **settings):
    servers = []
    for name in names:
        server = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=0, store=store, node=name,
                               bus=redis_url, data_dir=str(tmp_path / name)))
        for key, value in settings.items():
            setattr(server.config.settings, key, value)
        await server.start()
        servers.append(server)
    return servers


async def until(check, timeout: float = 8.0):
    for _ in range(int(timeout / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not in time")


async def within(awaitable, seconds: float, what: str):
    """``awaitable``'s result, or a failure that says what did not finish (a generous bound: a stalled
    start, stop or store wait fails the test where it stalled instead of hanging the lane)."""
    try:
        return await asyncio.wait_for(awaitable, seconds)
    except asyncio.TimeoutError:
        raise AssertionError(f"{what} did not finish in {seconds:.0f} s") from None


async def stopped(*servers) -> None:
    """Every server stopped, each within a bound; the first that did not, named afterwards."""
    late = []
    for server in servers:
        try:
            await within(server.stop(), 60, f"stopping node {server.config.node}")
        except AssertionError as stuck:
            late.append(str(stuck))
    assert not late, "; ".join(late)


def said(ws) -> str:
    return "\n".join(line.text for line in ws.flush())


async def play_on(players, match_of, turns: int = 3000, until_moves: int = 0) -> list[str]:
    """Each player answers their question with its last answer, until the match is over; the lines typed."""
    typed = []
    for _ in range(turns):
        if match_of().over or until_moves and len(match_of().log) >= until_moves:
            return typed
        moved = False
        for ws in players:
            asked = ws.asked()
            if asked and asked.get("choices"):
                line = asked["choices"][-1][1]
                typed.append(f"{ws.name}: {line}")
                ws.flush()  # (read: a line typed now is not stale)
                answer = ws.handle(line)
                moved = True
                assert not [x for x in answer if x.kind == "error"], answer
                await until(lambda: ws.asked() != asked or match_of().over, 5)
        if not moved:
            await asyncio.sleep(0.02)
    raise AssertionError("the match did not end")


async def test_players_of_three_nodes_sit_play_talk_and_watch_at_one_table(postgres_url, redis_url, tmp_path):
    store = fresh_database(postgres_url)
    north, south, east = await nodes_of(("north", "south", "east"), store, redis_url, tmp_path, turn_timeout=0)
    try:
        alice, bob, carol = north.world.connect("alice"), south.world.connect("bob"), east.world.connect("carol")
        for ws in (alice, bob, carol):
            ws.handle("go tavern")
        alice.handle("sit")
        await until(lambda: south.world.tables and east.world.tables)
        number = next(iter(north.world.tables))
        assert number in south.world.tables and south.world.tables[number].node == "north"
        bob.handle(f"sit {number}")
        await until(lambda: bob.table is not None)
        carol.handle(f"sit {number}")
        await until(lambda: carol.table is not None)
        assert north.world.tables[number].sitters == ["alice", "bob", "carol"]
        assert "bob sits at table" in said(alice)
        dave = east.world.connect("dave")
        dave.handle("go tavern")
        assert "you will watch it from its start" in " ".join(line.text for line in dave.handle(f"watch {number}"))
        carol.handle("start bots=1 seed=11")
        await until(lambda: all(ws.seated for ws in (alice, bob, carol)))
        assert "A game of 10x begins" in said(bob)
        bob.handle("say good luck")
        await until(lambda: "bob says: good luck" in said(carol) or False, 5)
        table = north.world.tables[number]
        await play_on((alice, bob, carol), lambda: table.match, until_moves=12)
        await until(lambda: len(south.world.tables[number].match.log) == len(table.match.log))
        copy = south.world.tables[number].match
        for name in ("alice", "bob", "carol", ""):  # each sees on another node what the table's node shows
            assert copy.view(name) == table.match.view(name)
        assert [e.text for e in copy.events if e.kind not in ("say", "emote")] == \
            [e.text for e in table.match.events if e.kind not in ("say", "emote")]
        assert dave.inner is not None and dave.inner.player is None  # watching from the start, on its copy
        bob.handle("leave")  # up from another node's table: a bot plays the seat there
        await until(lambda: table.match.seats["bob"].bot and copy.seats["bob"].bot)
        assert bob.table is None
        await north.stop()  # a clean stop ends its leases: another node runs the table within a beat or two
        await until(lambda: any(not s.world.tables[number].node for s in (south, east)), timeout=4)
        await until(lambda: "play goes on" in said(carol))
    finally:
        for server in (north, south, east):
            if server.world is not None and server.store is not None:
                await server.stop()


async def test_postgresql_gone_for_longer_than_a_lease_moves_no_table(redis_url, tmp_path):
    """The store away past every lease, then back: each node keeps running its own table (none
    takes another's, though all leases lapsed together), and play goes on at both."""
    from tests.engines import Postgres, started
    engine = Postgres()
    started(engine, pytest.skip)
    try:
        north, south = await within(nodes_of(("north", "south"), engine.url, redis_url, tmp_path, turn_timeout=0),
                                    60, "starting the two nodes")
        try:
            alice, bob = north.world.connect("alice"), south.world.connect("bob")
            for ws in (alice, bob):
                ws.handle("go tavern")
                ws.handle("sit")
                ws.handle("start bots=1")
            await until(lambda: alice.seated and bob.seated, 30)
            engine.halt()  # (pg_ctl, bounded by tests/engines.py's 60 s)
            await asyncio.sleep(4.5)  # past the 3 s lease, every node failing to renew
            engine.resume()
            await asyncio.sleep(5)  # a lease's time and more, with the store back
            assert north.world.shared.taken == 0 and south.world.shared.taken == 0
            assert not north.world.tables[alice.table.id].node and not south.world.tables[bob.table.id].node
            for ws in (alice, bob):
                ws.flush()
                await until(lambda: (ws.asked() or {}).get("choices"), 30)  # (the question, once the store is back)
                ws.handle(ws.asked()["choices"][-1][1])
                assert "error" not in [line.kind for line in ws.flush()]
        finally:
            await stopped(north, south)
    finally:
        engine.stop()


async def alice_sits(north: Server, south: Server):
    """alice (north) and bob (south) in the Tavern, alice at a new table the south node has heard of."""
    alice, bob = north.world.connect("alice"), south.world.connect("bob")
    for ws in (alice, bob):
        ws.handle("go tavern")
    alice.handle("sit")
    await until(lambda: south.world.tables)
    return alice, bob, next(iter(north.world.tables.values()))


async def test_a_player_of_another_node_is_told_their_turn_timed_out(postgres_url, redis_url, tmp_path):
    """The table's node runs the turn clock for every seat: a player of another node who lets it run
    out is told, as on one node, and a bot plays that turn."""
    store = fresh_database(postgres_url)
    north, south = await nodes_of(("north", "south"), store, redis_url, tmp_path, turn_timeout=1.0)
    try:
        alice, bob, table = await alice_sits(north, south)
        bob.handle(f"sit {table.id}")
        await until(lambda: bob.table is not None)
        alice.handle("start bots=0")
        await until(lambda: bob.seated)
        heard = []
        await until(lambda: heard.extend(line.text for line in bob.flush()) or
                    "Time is up: a bot plays this turn for you." in heard, timeout=8)
    finally:
        for server in (north, south):
            await server.stop()


async def test_a_sitter_who_walked_off_before_the_answer_is_not_left_sitting(postgres_url, redis_url, tmp_path):
    """bob (another node) asks to sit and walks away before the answer: the table's node gets him up
    again, so nobody waits at the table for a player who is not there."""
    store = fresh_database(postgres_url)
    north, south = await nodes_of(("north", "south"), store, redis_url, tmp_path)
    try:
        alice, bob, table = await alice_sits(north, south)
        bob.handle(f"sit {table.id}")
        bob.handle("w")
        heard = []
        await until(lambda: heard.extend(line.text for line in alice.flush()) or  # seated there, as asked ...
                    any("bob sits at table" in text for text in heard))
        await until(lambda: table.sitters == ["alice"])  # ... and up again, once his node heard he had gone
        assert bob.table is None and south.world.tables[table.id].sitters == ["alice"]
    finally:
        for server in (north, south):
            await server.stop()
