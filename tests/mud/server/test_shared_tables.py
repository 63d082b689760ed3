"""Tables shared by the nodes of one world (issue 30): one node runs a table, players on the others
sit at it, start it, play and talk there; when the running node dies another takes the match over
from the store and it finishes exactly as it would have without the death."""

from __future__ import annotations

import asyncio

import pytest

import games
from mud.server.core import Config, Server
from mud.table import Table
from tests.mud.server.test_pg_server import fresh_database

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

pytest.importorskip("mud.server.bus", reason="redis-py is not installed (pip install questmud[scale])")


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


def said(ws) -> str:
    return "\n".join(line.text for line in ws.flush())


def crash(server: Server) -> None:
    """As kill -9 would leave it, for the others: no more ticks, renewals or messages; nothing
    more committed; its connections to PostgreSQL and Redis gone without a word."""
    server._tick_task.cancel()
    for task in server.bus._tasks:
        task.cancel()
    server.store.close_unsaved()


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


def stored_moves(store: str, match_id: int) -> list[tuple]:
    import psycopg
    with psycopg.connect(store) as conn:
        return conn.execute("SELECT player, verb, args, by_bot FROM moves WHERE match = %s ORDER BY seq",
                            (match_id,)).fetchall()


def uninterrupted(match, moves) -> Table:
    """The same match played in one process without a break: its people's moves as stored, its bots
    thinking for themselves."""
    import json
    from games.engine import Action
    bots = [n for n, s in match.seats.items() if n.startswith("bot")]
    again = Table(match.game, [n for n in match.seats if n not in bots], bots, match.seed, match.options,
                  match.bot_level)
    again.start()
    for player, verb, args, by_bot in moves:
        if not by_bot:
            again.submit(player, Action(verb, tuple(json.loads(args))))
    return again


def game_events(match) -> list[tuple]:
    return [(e.kind, e.text, e.to, e.not_to) for e in match.events if e.kind not in ("say", "emote")]


async def test_players_of_three_nodes_play_one_table_and_its_node_dies(postgres_url, redis_url, tmp_path):
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
        carol.handle("start bots=1 seed=11")
        await until(lambda: all(ws.seated for ws in (alice, bob, carol)))
        assert "A game of 10x begins" in said(bob)
        bob.handle("say good luck")
        await until(lambda: "bob says: good luck" in said(carol) or False, 5)
        first = north.world.tables[number]
        await play_on((alice, bob, carol), lambda: first.match, until_moves=25)
        crash(north)  # the table's node dies mid-match
        await until(lambda: any(number in s.world.tables and not s.world.tables[number].node for s in (south, east)),
                    timeout=15)
        owner = next(s for s in (south, east) if not s.world.tables[number].node)
        await until(lambda: "play goes on" in said(bob))
        alice = east.world.connect("alice")  # back, on another node
        assert alice.seated
        table = owner.world.tables[number]
        await play_on((alice, bob, carol), lambda: table.match)
        moves = stored_moves(store, table.match_id)
        assert [(p, a.verb, list(a.args)) for p, a in table.match.log] == [(m[0], m[1], __import__("json").loads(m[2])) for m in moves]
        again = uninterrupted(table.match, moves)
        assert game_events(again) == game_events(table.match)
        assert again.log == table.match.log
    finally:
        for server in (north, south, east):
            await server.stop()
