"""One client must not hurt the others (issue 16, items 1-2): against a real ``mud serve`` on
loopback, a bystander's round trip stays short while another connection sends garbage, and a
flood of blank lines at ``Name:`` is throttled from the first byte."""

from __future__ import annotations

import asyncio
import logging
import socket
import time

import pytest

from mud.server.telnet import front as telnet, incoming as telnet_input
from mud.server.core import Config, Server
from mud.server.clients.lines import Limits
from tests.attack_clients import KINDS, PLAYER_KINDS, bystander, percentiles, under_attack
from tests.net_clients import RawClient, ServerProcess, ssh_enter
from tests.telnet_clients import Client, Raw, log_in

SECONDS = 2.0  # of garbage per kind (a round trip every 10 ms: ~150 of them, p99 is not the worst)
P99_MS = 50.0


@pytest.fixture(scope="module")
def serving(tmp_path_factory):
    server = ServerProcess(str(tmp_path_factory.mktemp("attack")), "--rate", "1000").start()
    yield server
    server.stop()


async def round_trips(serving, kind: str, name: str, login: str | None = None) -> tuple[float, float, float]:
    """A bystander's round trips (p50, p99, worst, in ms) while ``kind`` of garbage is sent. Measured
    again once when the first run misses the bound: on two cores shared with the suite's other
    worker, one stall of this machine can push a single run's p99 over it, while a server that the
    garbage really slows misses it in both runs."""
    for attempt in range(2):
        me = await bystander(serving.telnet_port, f"{name}{attempt}")
        try:
            extra = {"login": f"{login}{attempt}"} if login else {}
            times = await under_attack(serving.telnet_port, kind, me, SECONDS, gap=0.01, **extra)
        finally:
            me.close()
        assert len(times) >= 50
        p50, p99, worst = percentiles(times)
        if p99 < P99_MS:
            break
    return p50, p99, worst


@pytest.mark.parametrize("kind", list(KINDS))
async def test_a_bystander_hardly_notices_garbage(serving, kind):
    p50, p99, worst = await round_trips(serving, kind, "watcher" + str(list(KINDS).index(kind)))
    assert p99 < P99_MS, f"{kind}: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms"


@pytest.mark.parametrize("kind", PLAYER_KINDS)
async def test_a_bystander_hardly_notices_a_player_sending_garbage(serving, kind):
    p50, p99, worst = await round_trips(serving, kind, "seer" + str(len(kind)), login="mal" + str(len(kind)))
    assert p99 < P99_MS, f"{kind}: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms"


async def test_blank_lines_at_the_name_prompt_are_throttled(serving):
    raw = await RawClient.connect(serving.telnet_port)
    try:
        await raw.expect("Name: ")
        start = time.monotonic()
        for _ in range(4):
            raw.writer.write(b"\r\n" * 8192)
        await asyncio.sleep(1.0)
        got = await raw.quiet(0.1)
        prompts = got.count("Name: ")
        # 10 at once, then 2 a second (LOGIN_LINES): never one prompt per blank line
        assert 5 <= prompts <= 10 + 2 * (time.monotonic() - start) + 2, prompts
    finally:
        raw.close()


# --- limits per address, idle sessions, keepalive (item 3) --------------------------------------------
@pytest.fixture
async def start(tmp_path, monkeypatch):
    monkeypatch.setattr(telnet, "NEGOTIATE_WAIT", 0.3)  # raw sockets never answer: do not wait long
    servers = []

    async def make(**limits) -> Server:
        server = Server(Config(ssh_port=None, telnet_port=0, data_dir=str(tmp_path),
                               limits=Limits(trust_loopback=False, **limits)))
        await server.start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        await server.stop()


async def connect_from(address: str, port: int) -> Raw:
    """A raw client whose connection comes from ``address`` (any 127.x.y.z is this machine)."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    return await Raw.connect(port, sock=sock)


async def test_idle_sockets_from_one_address_do_not_lock_out_others(start):
    server = await start(max_sessions=2, per_address=3)  # at most 2 x 2 connections in all
    port = server.ports["telnet"]
    hogs = [await connect_from("127.0.0.1", port) for _ in range(5)]  # 2 x max_sessions + 1
    for hog in hogs[:3]:
        await hog.expect("Name: ")
    for hog in hogs[3:]:
        assert b"Too many connections from your address" in await hog.expect("address")
        assert await hog.closed()
    newcomer = await connect_from("127.0.0.2", port)
    assert b"Welcome" in await log_in(newcomer, "newbie")
    for hog in hogs[:3]:
        hog.close()


async def test_an_idle_player_is_disconnected_and_keeps_the_seat(start):
    server = await start(idle_timeout=0.5)
    port = server.ports["telnet"]
    idle, busy = await Raw.connect(port), await Raw.connect(port)
    await log_in(idle, "sleepy")
    await log_in(busy, "busy")
    end = time.monotonic() + 3
    while time.monotonic() < end:  # busy types now and then
        busy.send("look")
        await busy.expect("> ")
        await asyncio.sleep(0.2)
        if server.world.session("sleepy") is None:
            break
    assert b"typed nothing" in await idle.expect("typed nothing")
    assert await idle.closed()
    assert server.world.session("sleepy") is None and server.world.session("busy") is not None


async def test_telnet_connections_have_tcp_keepalive(start):
    server = await start()
    client = await Raw.connect(server.ports["telnet"])
    await client.expect("Name: ")
    sockets = [proto._transport.get_extra_info("socket") for proto in server.telnet.protocols]
    assert sockets
    for sock in sockets:
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
        if hasattr(socket, "TCP_KEEPIDLE"):
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == telnet_input.KEEPALIVE[0]
    client.close()


# --- log injection (item 7) ---------------------------------------------------------------------------
async def test_what_a_client_names_itself_reaches_the_log_escaped_and_cut(start, tmp_path):
    from mud.server.upkeep.files import setup_logging
    (tmp_path / "logs").mkdir()
    handler = setup_logging(str(tmp_path / "logs"))
    try:
        server = await start()
        forged = "\n2026-11-24 08:00:00,000 INFO questmud.server: account admin created\x1b]0;pwned\x07\x1b[2J"
        client = await Client.connect(server.ports["telnet"], term="xterm" + forged + "x" * 2000)
        client.writer.send_gmcp("Core.Hello", {"client": "Mud" + forged + "y" * 64_000, "version": "1"})
        assert "Welcome" in await log_in(client, "alice")
        client.send("quit")
        await client.closed()
        handler.flush()
        text = (tmp_path / "logs" / "server.log").read_text()
        assert "login player=alice surface=telnet" in text
        assert "\x1b" not in text and "\x07" not in text
        assert not any(line.split(" ", 3)[-1].startswith("questmud.server: account admin")
                       for line in text.splitlines())
        assert max(len(line) for line in text.splitlines()) < 2200
        line = next(x for x in text.splitlines() if "login player=alice surface=telnet" in x)
        assert 'term="xterm\\n2026' in line and len(line) < 400  # quoted, escaped, and cut short
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()


async def test_an_address_that_keeps_reconnecting_waits(start):
    server = await start(connects_per_minute=4)
    port = server.ports["telnet"]
    for _ in range(4):
        quick = await connect_from("127.0.0.3", port)
        await quick.expect("Name: ")
        quick.close()
    again = await connect_from("127.0.0.3", port)
    assert b"this minute" in await again.expect("this minute")
    other = await connect_from("127.0.0.4", port)
    await other.expect("Name: ")
    other.close()


async def test_ssh_connections_and_accounts_are_capped_per_address(tmp_path):
    import asyncssh
    server = Server(Config(ssh_port=0, telnet_port=None, data_dir=str(tmp_path),
                           limits=Limits(trust_loopback=False, per_address=2, accounts_per_hour=1)))
    await server.start()
    port = server.ports["ssh"]

    async def connect(address: str, name: str):
        return await asyncssh.connect("127.0.0.1", port, username=name, password="secret1", known_hosts=None,
                                      client_keys=None, agent_path=None, local_addr=(address, 0))
    try:
        first = await connect("127.0.0.5", "ann")  # creates ann
        with pytest.raises((asyncssh.Error, OSError)):
            await connect("127.0.0.5", "bea")  # a second account from that address this hour
        for _ in range(100):  # the refused connection is gone on the server's side too
            if server.connections["127.0.0.5"] == 1:
                break
            await asyncio.sleep(0.02)
        second = await connect("127.0.0.5", "ann")
        with pytest.raises((asyncssh.Error, OSError)):
            await asyncio.wait_for(connect("127.0.0.5", "ann"), 5)  # a third connection at once
        third = await connect("127.0.0.6", "bea")  # another address
        for conn in (first, second, third):
            conn.close()
    finally:
        await server.stop()


async def test_blank_lines_over_ssh_without_a_pty_are_paced(tmp_path):
    import asyncssh
    server = Server(Config(ssh_port=0, telnet_port=None, data_dir=str(tmp_path)))
    await server.start()
    try:
        conn = await asyncssh.connect("127.0.0.1", server.ports["ssh"], username="flood", password="secret1",
                                      known_hosts=None, client_keys=None, agent_path=None)
        proc = await conn.create_process(term_type=None)
        await ssh_enter(proc)
        start = time.monotonic()
        for _ in range(4):
            proc.stdin.write("\r\n" * 8192)
        got = ""
        end = start + 1.0
        while time.monotonic() < end:
            try:
                got += await asyncio.wait_for(proc.stdout.read(65536), end - time.monotonic())
            except asyncio.TimeoutError:
                break
        prompts = got.count("> ")
        # 40 at once, then 20 a second (four times --rate): never one prompt per blank line
        assert 10 <= prompts <= 40 + 20 * (time.monotonic() - start) + 5, prompts
        conn.close()
    finally:
        await server.stop()
