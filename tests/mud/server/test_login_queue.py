"""Everyone logging in at once: password checks wait their turn in a fair line, say so, and the
wait does not count against the time a player has to type their login."""

from __future__ import annotations

import asyncio
import time

import pytest

from mud.server import hashing
from mud.server.telnet import front as telnet, player as telnet_player
from mud.server.core import Config, Server
from mud.server.hashing import HashQueue
from tests.telnet_clients import Raw, log_in


def slow_hash(seconds: float):
    def fake(password, salt=None):
        time.sleep(seconds)
        return salt or b"salt", password.encode()
    return fake


async def test_hashes_are_done_first_come_first_served_and_the_waiting_hear_their_place(monkeypatch):
    monkeypatch.setattr(hashing, "hash_password", slow_hash(0.05))
    line = HashQueue(workers=1)
    done, told = [], {}

    async def one(i):
        await line.hash(f"pw{i}", None, lambda n, i=i: told.setdefault(i, []).append(n))
        done.append(i)

    tasks = []
    for i in range(5):
        tasks.append(asyncio.create_task(one(i)))
        await asyncio.sleep(0)  # they arrive in this order
    await asyncio.gather(*tasks)
    assert done == [0, 1, 2, 3, 4]
    assert 0 not in told  # a free worker: no waiting, nothing said
    assert [told[i][0] for i in range(1, 5)] == [0, 1, 2, 3]  # 0: "you are next"
    assert line.busy == 0 and not line.line
    line.close()


async def test_a_login_that_gives_up_passes_its_place_on(monkeypatch):
    monkeypatch.setattr(hashing, "hash_password", slow_hash(0.05))
    line = HashQueue(workers=1)
    first = asyncio.create_task(line.hash("a"))
    await asyncio.sleep(0)
    quitter = asyncio.create_task(line.hash("b"))
    last = asyncio.create_task(line.hash("c"))
    await asyncio.sleep(0.01)
    quitter.cancel()
    assert (await last)[1] == b"c" and (await first)[1] == b"a"
    assert line.busy == 0
    line.close()


@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setattr(telnet, "NEGOTIATE_WAIT", 0.3)
    monkeypatch.setattr(hashing, "hash_password", slow_hash(0.4))
    server = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=0, data_dir=str(tmp_path)))
    server.hashing = HashQueue(workers=1)
    await server.start()
    yield server
    await server.stop()


async def test_telnet_logins_in_a_crowd_are_told_how_many_are_ahead(server, monkeypatch):
    monkeypatch.setattr(telnet_player, "LOGIN_TIME", 1.0)  # shorter than the last one waits in line
    port = server.ports["telnet"]
    clients = [await Raw.connect(port) for _ in range(4)]
    for i, c in enumerate(clients):
        await c.expect("Name: ")
        c.send(f"crowd{i}")
        await c.expect("Password: ")
        c.send("pw1234")
        await c.expect("again: ")
    for c in clients:
        c.send("pw1234")
        await asyncio.sleep(0.05)
    await clients[3].expect("Logging you in, 2 ahead of you...")
    for i, c in enumerate(clients):  # 4 x 0.4 s of hashing, more than LOGIN_TIME: nobody timed out
        got = await c.enter(timeout=10)
        assert b"Welcome, crowd" in got and b"timed out" not in got
    assert b"Logging you in" not in clients[0].data
    for c in clients:
        c.close()


async def test_the_login_clock_still_runs_while_typing(server, monkeypatch):
    monkeypatch.setattr(telnet_player, "LOGIN_TIME", 0.5)
    c = await Raw.connect(server.ports["telnet"])
    await c.expect("Name: ")
    await c.expect("Login timed out", timeout=3)
    c.close()


@pytest.mark.parametrize("cores, workers", [(None, 1), (1, 1), (2, 2), (4, 4), (16, 4)])
def test_a_storm_of_logins_hashes_on_every_core_up_to_four(monkeypatch, cores, workers):
    monkeypatch.setattr(hashing.os, "cpu_count", lambda: cores)
    assert hashing.default_workers() == workers  # (None: the count unknown, one)


async def test_two_workers_hash_two_logins_at_once(monkeypatch):
    monkeypatch.setattr(hashing, "hash_password", slow_hash(0.2))
    line = HashQueue(workers=2)
    told = []
    first = asyncio.create_task(line.hash("a", None, told.append))
    second = asyncio.create_task(line.hash("b", None, told.append))
    await asyncio.sleep(0.05)
    assert line.busy == 2 and not line.line  # both running, nobody waiting
    third = asyncio.create_task(line.hash("c", None, told.append))
    await asyncio.sleep(0.01)
    assert told == [0]  # the third waits, next in line
    assert [(await t)[1] for t in (first, second, third)] == [b"a", b"b", b"c"]
    assert line.busy == 0
    line.close()
