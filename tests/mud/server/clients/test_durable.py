"""Group commit on the server: one commit (one fsync) for every write of a turn of the loop, and no
byte to a client before the commit that covers what it tells (mud/server/clients/durable.py). With a slow
disk, a telnet or SSH player hears of a move only once another connection can read it in the file."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time

import aiohttp
import asyncssh
import pytest

from games.engine import Action
from mud.server.clients import durable
from mud.server.core import Config, Server
from mud.server.clients.durable import GroupCommit
from mud.store import Store
from tests.mud.server.ssh.test_ssh import Lines
from tests.mud.server.web.test_web import log_in as web_log_in
from tests.mud.server.web.test_web import origin, ticket
from tests.mud.server.web.test_web import url as web_url
from tests.mud.store.test_power_cut import CommitFails, other_connection_moves
from tests.telnet_clients import Client, log_in

SLOW = 0.25  # seconds a commit takes on the slow disk


@pytest.fixture
def slow_disk(monkeypatch):
    """Every group commit happens SLOW seconds after its batch opened (as behind a slow fsync)."""
    def soon(self):
        if not self.scheduled:
            self.scheduled = True
            self.loop.call_later(SLOW, self.commit)
    monkeypatch.setattr(GroupCommit, "soon", soon)


async def turns(n: int = 3) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def test_one_commit_serves_every_write_made_in_one_turn_of_the_loop(tmp_path):
    path = str(tmp_path / "q.db")
    store = Store(path)
    group = GroupCommit(store)
    told: list[int] = []
    first = store.create_match("quest", "gate", 1, {}, ["alice"], ["bot1"], "normal")
    second = store.create_match("tenx", "hall", 2, {}, ["bob"], ["bot1"], "normal")
    for seq in range(1, 4):  # three players' moves, at two tables, in the same turn of the loop
        store.log_move(first, seq, "alice", Action("roll"), False)
        group.after(lambda seq=seq: told.append(other_connection_moves(path)))
        store.log_move(second, seq, "bob", Action("pass"), False)
    assert told == [] and other_connection_moves(path) == 0  # nobody is told before the commit
    await turns()
    assert told == [6, 6, 6]  # each told once all six were on the disk
    assert (group.batches, group.writes) == (1, 8)  # one commit for 2 matches and 6 moves


async def test_bytes_go_at_once_when_nothing_waits_for_the_disk(tmp_path):
    group = GroupCommit(Store(str(tmp_path / "q.db")))
    told = []
    group.after(lambda: told.append("now"))
    assert told == ["now"]
    await durable.durable(type("S", (), {"commits": group})())  # nothing to wait for: returns at once


async def test_answers_wait_while_the_disk_is_full_and_go_when_it_takes_them(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(durable, "RETRY", 0.05)
    path = str(tmp_path / "q.db")
    store = Store(path)
    group = GroupCommit(store)
    store.db = disk = CommitFails(store.db)
    disk.full = True
    match = store.create_match("quest", "gate", 1, {}, ["alice"], [], "normal")
    store.log_move(match, 1, "alice", Action("roll"), False)
    told = []
    group.after(lambda: told.append(other_connection_moves(path)))
    with caplog.at_level(logging.WARNING, "questmud.durable"):
        await asyncio.sleep(0.2)
        assert told == [] and group.failing  # held: a full disk never lets an unsaved move be told
        assert "cannot commit" in caplog.text
        disk.full = False
        await asyncio.sleep(0.2)
    assert told == [1] and not group.failing
    assert "commits again" in caplog.text


@pytest.fixture
async def server(tmp_path, slow_disk):
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path)))
    await srv.start()
    yield srv
    await srv.stop()


def committed(server) -> int:
    """Moves another process reads in the server's file now."""
    db = sqlite3.connect(f"{server.config.data_dir}/questmud.db")
    try:
        return db.execute("SELECT count(*) FROM moves").fetchone()[0]
    finally:
        db.close()


async def test_a_telnet_player_hears_of_moves_only_once_they_are_on_the_disk(server):
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "alice")
    for line in ("n", "sit"):
        a.send(line)
        await a.expect("> ")
    a.send("start bots=3 seed=1 rules=basic")
    await a.expect("(your turn) > ")
    match = server.world.tables[1].match
    assert len(match.log) > 0 and committed(server) == len(match.log)  # the bots' first moves
    began = time.monotonic()
    a.send("pass")
    seen = await a.expect("(your turn) > ")
    assert "bot2" in seen
    assert committed(server) == len(match.log)  # everything told is in the file
    assert time.monotonic() - began >= SLOW * 0.8  # the answer waited for the (slow) commit
    assert server.commits.batches >= 2 and server.commits.writes > server.commits.batches


async def test_an_ssh_player_hears_of_moves_only_once_they_are_on_the_disk(server):
    lines, _ = await Lines.open(server.ports["ssh"], "bob")
    await lines.cmd("n")
    await lines.cmd("sit")
    lines.proc.stdin.write("start bots=3 seed=2 rules=basic\n")
    await asyncio.wait_for(lines.proc.stdout.readuntil("(your turn) > "), 8)
    match = server.world.tables[1].match
    assert committed(server) == len(match.log)
    began = time.monotonic()
    lines.proc.stdin.write("pass\n")
    await asyncio.wait_for(lines.proc.stdout.readuntil("(your turn) > "), 8)
    assert committed(server) == len(match.log)
    assert time.monotonic() - began >= SLOW * 0.8
    lines.conn.close()


async def test_a_player_who_moves_then_quits_at_once_gets_every_word_before_the_hang_up(server):
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "carol")
    for line in ("n", "sit"):
        a.send(line)
        await a.expect("> ")
    a.send("start bots=1 seed=4 rules=basic")
    await a.expect(") > ")
    a.send("pass")
    a.send("quit")  # in the same turn of the loop: the hang-up waits for the commit like the words
    assert await a.closed(timeout=8)
    assert "You pass your turn." in a.data and "Goodbye." in a.data


async def test_a_browser_gets_nothing_while_a_write_waits_for_the_disk(tmp_path, slow_disk):
    srv = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=None, web_port=0, data_dir=str(tmp_path)))
    await srv.start()
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            await web_log_in(http, srv)
            socket = await http.ws_connect(web_url(srv, f"/ws/{await ticket(http, srv)}"), headers=origin(srv))
            await asyncio.wait_for(socket.receive(), 10)  # the first screen
            while True:  # and whatever else it draws at first
                try:
                    await asyncio.wait_for(socket.receive(), 1.0)
                except asyncio.TimeoutError:
                    break
            srv.store.create_match("quest", "gate", 1, {}, ["alice"], ["bot1"], "normal")  # a write waits
            began = time.monotonic()
            await socket.send_str('["stdin", "l"]')  # a key: the app draws it on its command line
            msg = await asyncio.wait_for(socket.receive(), 10)
            assert msg.type == aiohttp.WSMsgType.BINARY
            assert srv.store.pending == 0  # drawn only once the write was committed
            assert time.monotonic() - began >= SLOW * 0.8
            await socket.close()
    finally:
        await srv.stop()


async def test_an_ssh_screen_gets_nothing_while_a_write_waits_for_the_disk(server):
    conn = await asyncssh.connect("127.0.0.1", server.ports["ssh"], username="dave", password="secret1",
                                  known_hosts=None, client_keys=None, agent_path=None)
    proc = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
    while True:  # the first screens
        try:
            await asyncio.wait_for(proc.stdout.read(65536), 1.0)
        except asyncio.TimeoutError:
            break
    server.store.create_match("quest", "gate", 1, {}, ["dave"], ["bot1"], "normal")  # a write waits
    began = time.monotonic()
    proc.stdin.write(b"l")  # a key: the app draws it on its command line
    assert await asyncio.wait_for(proc.stdout.read(65536), 10)
    assert server.store.pending == 0  # drawn only once the write was committed
    assert time.monotonic() - began >= SLOW * 0.8
    conn.close()
