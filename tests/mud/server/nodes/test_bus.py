"""The bus between nodes (mud/server/nodes/bus.py) on a real Redis: who is online on every node, a
message from one node heard by the others (not by itself), a dead node's players gone from `who`
within its time to live, and a node that stops cleanly gone at once."""

from __future__ import annotations

import asyncio

import pytest

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

bus = pytest.importorskip("mud.server.nodes.bus", reason="redis-py is not installed (pip install questmud[scale])")


async def until(check, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if await check() if asyncio.iscoroutinefunction(check) else check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never came")


async def test_nodes_see_each_others_players_and_hear_each_others_messages(redis_url):
    heard: dict[str, list] = {"a": [], "b": []}
    a = bus.Bus(redis_url, "a", heard["a"].append, ttl=2)
    b = bus.Bus(redis_url, "b", heard["b"].append, ttl=2)
    await a.start()
    await b.start()
    try:
        await a.arrive("alice", "crossroads")
        await b.arrive("bob", "tavern")
        assert await b.who() == {"alice": ("a", "crossroads"), "bob": ("b", "tavern")}
        await asyncio.sleep(0.2)  # (both listening)
        assert await a.publish({"kind": "say", "room": "crossroads", "speaker": "alice", "line": "hi"})
        await until(lambda: heard["b"])
        assert heard["b"] == [{"kind": "say", "room": "crossroads", "speaker": "alice", "line": "hi", "node": "a"}]
        assert heard["a"] == []  # its own node delivered it itself
        await a.leave("alice")
        assert "alice" not in await b.who()
    finally:
        await a.stop()
        await b.stop()


async def test_a_dead_node_leaves_who_within_its_time_to_live_and_a_stopped_one_at_once(redis_url):
    a = bus.Bus(redis_url, "dying", lambda m: None, ttl=1)
    b = bus.Bus(redis_url, "watcher", lambda m: None, ttl=1)
    c = bus.Bus(redis_url, "leaving", lambda m: None, ttl=30)
    for node in (a, b, c):
        await node.start()
    try:
        await a.arrive("alice", "crossroads")
        await c.arrive("carol", "gate")
        assert set(await b.who()) == {"alice", "carol"}
        await c.stop()  # a clean stop
        assert set(await b.who()) == {"alice"}
        for task in a._tasks:  # as kill -9 would: no more heartbeats, nothing cleaned up
            task.cancel()

        async def alice_gone() -> bool:
            return "alice" not in await b.who()
        await until(alice_gone, seconds=4)
    finally:
        await a.redis.aclose()
        await b.stop()


async def test_redis_gone_pauses_talk_and_the_node_comes_back_by_itself():
    """Redis killed: publishing says False (the caller tells the player talk is paused) and who
    answers with this node's own players; Redis back (empty, without persistence): within a
    heartbeat the node's players are listed again and its messages go through."""
    from tests.engines import Redis, started
    server = Redis()
    started(server, pytest.skip)
    heard: list = []
    a = bus.Bus(server.url, "a", lambda m: None, ttl=1)
    b = bus.Bus(server.url, "b", heard.append, ttl=1)
    try:
        await a.start()
        await b.start()
        await a.arrive("alice", "crossroads")
        server.halt()
        assert not await a.publish({"kind": "say", "line": "lost"}) and not a.up
        assert await a.who() == {"alice": ("a", "crossroads")}
        server.resume()

        async def back() -> bool:
            return a.up and "alice" in await b.who()
        await until(back, seconds=8)
        await asyncio.sleep(1.5)  # (b's listener subscribes again within a second)
        assert await a.publish({"kind": "say", "line": "back"})
        await until(lambda: heard)
        assert [m["line"] for m in heard] == ["back"]
    finally:
        for node in (a, b):
            await node.stop()
        server.stop()
