"""Issue 30's three-node test, with real processes: three `mud serve` nodes on one PostgreSQL store
and one Redis bus. Players on different nodes meet, talk and see each other once in `who`; they
play a whole 10x match at one table; its node is killed (SIGKILL) mid-match, another takes the
table over from the store, and the match finishes there -- its moves exactly those of an
uninterrupted run of the same seed (the people's as they typed them, the bot's its own), and no
move a player was told of is lost. A node stopped (SIGSTOP) for a while stalls nobody else."""

from __future__ import annotations

import asyncio
import json
import re
import signal

import pytest

import games
from games.engine import Action
from mud.shell.table import Table
from tests.mud.server.test_pg_server import fresh_database
from tests.net_clients import RawClient, ServerProcess

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

pytest.importorskip("mud.server.nodes.bus", reason="redis-py is not installed (pip install questmud[scale])")

# the prompt of a question on a line surface: "(play or pass, 0-5) > "
QUESTION = re.compile(r"\(([a-z ,]+), ([0-9][0-9, \-]*)\) > $")
OVER = "(game over) > "


def node(tmp_path, name: str, store: str, redis_url: str) -> ServerProcess:
    return ServerProcess(str(tmp_path / name), "--store", store, "--bus", redis_url, "--node", name,
                         "--turn-time", "0").start()


def last_key(keys: str) -> str:
    """The highest answer of a prompt's keys ('0-5', '0, 2')."""
    return str(max(int(part.split("-")[-1]) for part in keys.split(",") if part.strip()))


class Player:
    """A telnet player who answers each question with its last answer, until the match is over."""

    def __init__(self, name: str) -> None:
        self.name, self.client, self.seen = name, None, ""

    async def connect(self, port: int) -> str:
        self.client = await RawClient.connect(port)
        got = await self.client.login(self.name)
        got += await self.client.expect(r"> $")
        self.client.mark -= len(got.rsplit("\n", 1)[-1])  # the prompt is read again by play()
        return got

    async def play(self, stop) -> None:
        """Answer until the match is over or ``stop()``; a dropped connection ends the call. As a
        person would: at most one answer a quarter second, and a question left standing after a
        quiet second is answered again (a line the server's throttle dropped)."""
        client, standing, sent = self.client, None, 0.0
        while not stop():
            try:
                got = await client.expect(r"\) > $|^> $|\n> $", timeout=1.0)
            except AssertionError:
                got = ""  # a quiet second
            except (ConnectionError, OSError):
                return
            self.seen += got
            if OVER in got[-20:]:
                return
            if got:
                asked = QUESTION.search(got)
                standing = last_key(asked.group(2)) if asked else None
                told = client.text[-400:]  # (awaited with no question: passing is all there is)
                if asked is None and got.endswith("(your turn) > ") and re.search(r": 'pass'", told):
                    standing = "pass"  # nothing to play at 10x: no question of one answer, the line says 'pass'
            now = asyncio.get_running_loop().time()
            if standing is not None and now - sent >= 0.25:
                client.send(standing)
                sent = now


def stored(store: str, match_id: int | None = None) -> tuple[int, list[tuple]]:
    import psycopg
    with psycopg.connect(store) as conn:
        if match_id is None:
            match_id = conn.execute("SELECT max(id) FROM matches").fetchone()[0]
        return match_id, conn.execute("SELECT player, verb, args, by_bot FROM moves WHERE match = %s ORDER BY seq",
                                      (match_id,)).fetchall()


def record(store: str, match_id: int) -> tuple:
    import psycopg
    with psycopg.connect(store) as conn:
        return conn.execute("SELECT game, seed, options, humans, bots, level, status FROM matches WHERE id = %s",
                            (match_id,)).fetchone()


def uninterrupted(rec: tuple, moves: list[tuple]) -> Table:
    """The match played again in one process without a break: the people's moves as stored, the
    bots thinking for themselves."""
    game, seed, options, humans, bots, level, _status = rec
    again = Table(games.get(game), json.loads(humans), json.loads(bots), seed, json.loads(options), level)
    again.start()
    for player, verb, args, by_bot in moves:
        if not by_bot:
            again.submit(player, Action(verb, tuple(json.loads(args))))
    return again


async def test_three_nodes_one_world_one_match_its_node_killed(postgres_url, redis_url, tmp_path):
    store = fresh_database(postgres_url)
    north, south, east = (node(tmp_path, name, store, redis_url) for name in ("north", "south", "east"))
    alice, bob, carol = Player("alice"), Player("bob"), Player("carol")
    try:
        await alice.connect(north.telnet_port)
        await bob.connect(south.telnet_port)
        await carol.connect(east.telnet_port)
        await asyncio.sleep(0.5)
        listed = await alice.client.ask("who")
        assert "3 connected" in listed and all(listed.count(n) == 1 for n in ("alice", "bob", "carol")), listed
        await bob.client.ask("say hello from the south")
        assert "bob says: hello from the south" in await carol.client.quiet(0.5)
        for player in (alice, bob, carol):
            await player.client.ask("go tavern")
        await alice.client.ask("sit")
        number = re.search(r"You sit at table (\d+)", alice.client.text).group(1)
        await asyncio.sleep(0.3)
        assert f"Table {number} (10x): open; sitting: alice" in await bob.client.ask("tables")
        for player in (bob, carol):
            assert f"You sit at table {number}" in await player.client.ask(f"sit {number}", idle=0.6)
        alice.client.send("start bots=1 seed=5")
        await asyncio.sleep(0.5)

        # play until some moves are stored, then kill the table's node
        done = asyncio.Event()
        tasks = [asyncio.create_task(p.play(done.is_set)) for p in (alice, bob, carol)]
        for _ in range(300):
            if len(stored(store)[1]) >= 20:
                break
            await asyncio.sleep(0.1)
        match_id, before = stored(store)
        assert len(before) >= 20
        north.kill9()
        await asyncio.wait_for(tasks[0], 15)  # alice's connection dropped with her node
        told = {p.name: p for p in (bob, carol)}
        # bob and carol keep their seats: another node takes the table over within seconds
        for _ in range(150):
            if all("play goes on" in p.client.text for p in told.values()):
                break
            await asyncio.sleep(0.1)
        assert all("play goes on" in p.client.text for p in told.values())
        back = await alice.connect(east.telnet_port)  # alice comes back on another node
        assert f"You are back at table {number}" in back
        tasks[0] = asyncio.create_task(alice.play(done.is_set))
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), 60)
        except asyncio.TimeoutError:  # who the match waits for, and what each player last read
            state = uninterrupted(record(store, match_id), stored(store, match_id)[1])
            raise AssertionError(f"waiting for {state.awaiting()}\n" + "\n\n".join(f"{p.name}: {p.client.text[-1500:]}" for p in (alice, bob, carol)))
        rec = record(store, match_id)
        assert rec[-1] == "over"
        _, after = stored(store, match_id)
        assert after[:len(before)] == before  # nothing stored was lost
        again = uninterrupted(rec, after)
        assert again.over
        assert [(p, a.verb, list(a.args)) for p, a in again.log] == \
            [(p, v, json.loads(a)) for p, v, a, _b in after]  # the bots played as if nothing had happened
        for player in (bob, carol):  # connected throughout: each read every line meant for them alone, in order
            flat, at = " ".join(player.client.text.split()), 0
            for event in again.events:
                if event.to == (player.name,):
                    found = flat.find(" ".join(str(event.text).split()), at)
                    assert found >= 0, (player.name, event.text)
                    at = found + 1
        for player in (alice, bob, carol):
            mine = sum(1 for p, v, _a, b in after if p == player.name and v == "play" and not b)
            told_placed = len(re.findall(r"You place (?!nothing)", player.client.text))
            assert told_placed <= mine, player.name
    finally:
        for server in (north, south, east):
            server.stop()


async def test_a_stalled_node_stalls_nobody_else(postgres_url, redis_url, tmp_path):
    """SIGSTOP the node running a table, past its lease: the other node takes the table over and its
    player plays on; the stalled node, back, finds the table run elsewhere and follows it, its
    player goes on there, and the match ends as an uninterrupted run would."""
    store = fresh_database(postgres_url)
    north, south = (node(tmp_path, name, store, redis_url) for name in ("north", "south"))
    alice, bob = Player("alice"), Player("bob")
    try:
        await alice.connect(north.telnet_port)
        await bob.connect(south.telnet_port)
        for player in (alice, bob):
            await player.client.ask("go tavern")
        await bob.client.ask("sit")
        number = re.search(r"You sit at table (\d+)", bob.client.text).group(1)
        await asyncio.sleep(0.3)
        assert f"You sit at table {number}" in await alice.client.ask(f"sit {number}", idle=0.6)
        bob.client.send("start bots=2 seed=9")
        await asyncio.sleep(0.5)
        done = asyncio.Event()
        tasks = [asyncio.create_task(p.play(done.is_set)) for p in (alice, bob)]
        for _ in range(300):
            if len(stored(store)[1]) >= 12:
                break
            await asyncio.sleep(0.1)
        south.proc.send_signal(signal.SIGSTOP)
        try:
            for _ in range(150):
                if "play goes on" in alice.client.text:
                    break
                await asyncio.sleep(0.1)
            assert "play goes on" in alice.client.text  # north runs it now
            await asyncio.sleep(1.0)  # alice plays on while south is stopped
        finally:
            south.proc.send_signal(signal.SIGCONT)
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), 120)
        except asyncio.TimeoutError:
            raise AssertionError("\n\n".join(f"{p.name}: {p.client.text[-1500:]}" for p in (alice, bob)))
        match_id, after = stored(store)
        rec = record(store, match_id)
        assert rec[-1] == "over"
        again = uninterrupted(rec, after)
        assert [(p, a.verb, list(a.args)) for p, a in again.log] == [(p, v, json.loads(a)) for p, v, a, _b in after]
    finally:
        for server in (north, south):
            server.stop()
