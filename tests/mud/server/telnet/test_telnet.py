"""The telnet surface with real clients on loopback: telnetlib3's client, raw sockets (as ``nc``),
and bytes no client should send."""

from __future__ import annotations

import asyncio
import random
import socket

import pytest
from telnetlib3 import DO, ECHO, EOR, GA, IAC
from telnetlib3.telopt import NOP, SB, TTYPE, WILL, WONT

from mud.server.telnet import front as telnet, player as telnet_player
from mud.server.core import Config, Server
from mud.server.clients.lines import Limits
from mud.world.session import MAX_PENDING
from tests.telnet_clients import Client, Raw, log_in

CMD_EOR = bytes([239])


@pytest.fixture(autouse=True)
def quick_negotiation(monkeypatch):
    monkeypatch.setattr(telnet, "NEGOTIATE_WAIT", 0.3)  # raw sockets never answer: do not wait long


@pytest.fixture
async def start(tmp_path):
    servers = []

    async def make(**limits) -> Server:
        config = Config(host="127.0.0.1", ssh_port=None, telnet_port=0, data_dir=str(tmp_path),
                        limits=Limits(**limits))
        server = Server(config)
        await server.start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        if server.store is not None:  # not stopped by the test itself
            await server.stop()


@pytest.fixture
async def server(start):
    return await start()


async def wrong_password(client, name: str) -> None:
    await client.expect("Name: ")
    client.send(name)
    await client.expect("Password: ")
    client.send("wrong")


# --- login --------------------------------------------------------------------------------------------
async def test_login_creates_an_account_then_checks_the_password(server):
    port = server.ports["telnet"]
    a = await Client.connect(port)
    await a.expect("Name: ")
    a.send("alice")
    assert "Nobody is called alice" in await a.expect("Password: ")
    assert a.writer.remote_option.enabled(ECHO)  # the password is not echoed
    a.send("pw1234")
    await a.expect("again: ")
    a.send("other")
    assert "differ" in await a.expect("Name: ")
    assert not server.account_exists("alice")
    a.send("alice")
    await a.expect("Password: ")
    a.send("pw1234")
    await a.expect("again: ")
    a.send("pw1234")
    seen = await a.enter()
    assert "your account is created" in seen and "Welcome to questmud, alice" in seen
    assert not a.writer.remote_option.enabled(ECHO)  # echo is back
    a.send("quit")
    assert await a.closed()
    assert not server.sessions and not server.world.online

    b = await Client.connect(port)
    assert "Welcome to questmud, alice" in await log_in(b, "ALICE", new=False)  # any case, one account
    assert server.world.session("alice").name == "alice"
    b.close()

    c = await Client.connect(port)
    for _ in range(3):
        await wrong_password(c, "alice")
        assert "Wrong password." in await c.expect("Wrong password.")
    assert "Too many tries" in await c.expect("Goodbye.")
    assert await c.closed()

    d = await Client.connect(port)  # 5 failures a minute for one name from one address, then it must wait
    for _ in range(2):
        await wrong_password(d, "alice")
        await d.expect("Wrong password.")
    await wrong_password(d, "alice")
    assert "wait a minute" in await d.expect("wait a minute")
    assert await d.closed()
    assert not server.sessions
    e = await Client.connect(port)  # ... but another name from that address is welcome
    assert "Welcome to questmud, bob" in await log_in(e, "bob")
    e.close()


async def test_the_same_account_elsewhere_ends_the_first_connection(server):
    port = server.ports["telnet"]
    first = await Client.connect(port)
    await log_in(first, "alice")
    second = await Client.connect(port)
    await log_in(second, "alice", new=False)
    assert "connected from elsewhere" in await first.expect("elsewhere")
    assert await first.closed()
    second.send("who")
    assert "1 connected" in await second.expect("> ")
    assert len(server.sessions) == 1


# --- playing ------------------------------------------------------------------------------------------
async def test_a_telnet_player_walks_sits_starts_and_plays(server):
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "alice")
    a.send("n")
    assert "Labyrinth gate" in await a.expect("> ")
    a.send("sit")
    assert "You sit at table 1" in await a.expect("> ")
    a.send("start bots=3 seed=1 rules=basic")
    seen = await a.expect("(your turn) > ")
    assert "begins" in seen and "It is your turn" in seen
    assert "\x1b[" in seen  # an xterm gets colours
    a.send("look")
    assert "(your turn) > " in await a.expect("> ")
    a.send("pass")
    seen = await a.expect("(your turn) > ")
    assert "bot2" in seen
    a.send("frobnicate")
    assert "(your turn) > " in await a.expect("> ")


async def test_prompts_end_with_ga_or_with_eor_when_agreed(server):
    port = server.ports["telnet"]
    plain = await Raw.connect(port, answer=set())
    await plain.expect(b"Name: " + IAC + GA)
    eor = await Raw.connect(port, answer={EOR})
    await eor.expect(b"Name: " + IAC + CMD_EOR)
    eor.send("bob")
    await eor.expect(b"Password: ")
    eor.send("pw1234")
    await eor.expect(b"again: ")
    eor.send("pw1234")
    await eor.enter(prompt=b"> " + IAC + CMD_EOR)
    assert WILL + ECHO in eor.seen and WONT + ECHO not in eor.seen  # echo off for the password only
    eor.writer.write(IAC + DO + ECHO)  # as PuTTY asks: refused, the client keeps echoing its lines
    eor.send("look")
    await eor.expect(b"> " + IAC + CMD_EOR)
    assert eor.seen[-1] == WONT + ECHO


async def test_two_players_chat(server):
    port = server.ports["telnet"]
    a, b = await Client.connect(port), await Client.connect(port)
    await log_in(a, "alice")
    await log_in(b, "bob")
    await a.expect("bob arrives.")  # (under the prompt that stands: not followed by it again)
    a.send("say hello bob")
    await a.expect("You say: hello bob")
    await b.expect("alice says: hello bob")
    b.send("tell alice psst")
    await a.expect("bob tells you: psst")
    b.send("ooc anyone for quest?")
    await a.expect("[ooc] bob: anyone for quest?")
    a.send("n")
    await b.expect("alice goes to the Labyrinth gate")
    b.send("say nobody hears this")
    a.send("ooc but this")
    await b.expect("[ooc] alice: but this")
    assert "nobody hears" not in await a.expect("> ")


# --- GMCP and MSSP -------------------------------------------------------------------------------------
def walk(data):
    yield data
    if isinstance(data, dict):
        for value in data.values():
            yield from walk(value)
    elif isinstance(data, list):
        for value in data:
            yield from walk(value)


async def test_gmcp_room_status_and_the_players_own_game_view(server):
    port = server.ports["telnet"]
    a, b = await Client.connect(port), await Client.connect(port)
    await log_in(a, "alice")
    await log_in(b, "bob")
    assert a.packages("Char.Name") == [{"name": "alice", "fullname": "alice"}]
    assert a.packages("Game.View") == [None]  # not at a table yet
    room = a.packages("Room.Info")[-1]
    assert room["id"] == "crossroads" and set(room["exits"]) >= {"n", "e", "s", "w", "u"}  # (d: the toy's Cellar, when registered)
    assert all(isinstance(num, int) for num in room["exits"].values())
    assert a.packages("Char.Status")[-1]["name"] == "alice"
    for who in (a, b):
        who.send("n")
        await who.expect("> ")
        who.send("sit")
        await who.expect("> ")
    a.send("start bots=2 seed=3 rules=basic")
    await a.expect("> ")
    for _ in range(3):  # a few turns, whoever's they are
        for who in (a, b):
            who.send("pass")
            await who.expect("> ")
    await asyncio.sleep(0.2)
    assert a.packages("Room.Info")[-1]["exits"] == {"s": 1}
    for who, name, other in ((a, "alice", "bob"), (b, "bob", "alice")):
        views = [v for v in who.packages("Game.View") if v]
        assert views and all(v["you"] == name and v["me"]["name"] == name for v in views)
        for view in views:
            for node in walk(view):
                if isinstance(node, dict):
                    assert "hands" not in node
                    assert "me" not in node or node["me"]["name"] == name
        assert who.packages("Char.Status")[-1].get("game")
    a.writer.send_gmcp("Core.Ping")
    for _ in range(50):
        if a.packages("Core.Ping"):
            break
        await asyncio.sleep(0.02)
    assert a.packages("Core.Ping") == [None]


async def test_mssp_by_telnet_option_and_in_plain_text(server):
    port = server.ports["telnet"]
    a = await Client.connect(port)
    await log_in(a, "alice")
    b = await Client.connect(port)
    await b.expect("Name: ")
    mssp = b.writer.mssp_data
    assert mssp["NAME"] == "questmud" and mssp["PLAYERS"] == "1"
    assert mssp["UPTIME"] == str(int(server.started)) and mssp["PORT"] == str(port)
    assert "CODEBASE" in mssp and "CRAWL DELAY" in mssp
    crawler = await Raw.connect(port)
    await crawler.expect("Name: ")
    crawler.send("MSSP-REQUEST")
    reply = (await crawler.expect("MSSP-REPLY-END")).decode()
    assert "NAME\tquestmud" in reply and "PLAYERS\t1" in reply
    assert await crawler.closed()


# --- raw sockets, bad bytes, slow readers ----------------------------------------------------------------
async def test_a_raw_socket_gets_plain_text(server):
    raw = await Raw.connect(server.ports["telnet"])
    first = await raw.expect("Name: ")
    assert first.startswith(IAC + DO + TTYPE) and IAC not in first[3:]
    raw.send(b"erin\n")
    await raw.expect("Password: ")
    raw.send(b"pw1234\n")
    await raw.expect("again: ")
    raw.send(b"pw1234\r\n")
    seen = await raw.enter()
    raw.send(b"look\n")
    seen += await raw.expect("> ")
    assert b"The Crossroads" in seen and b"\x1b" not in seen and IAC not in seen
    raw.send(b"quit\n")
    assert b"Goodbye." in await raw.expect("Goodbye.")
    assert await raw.closed()
    assert not server.world.online


async def test_a_script_piped_into_a_socket_is_answered_in_full(server):
    raw = await Raw.connect(server.ports["telnet"])
    raw.send(b"zed\rpw1234\r\npw1234\n1\nlook\r\x00ooc hi\nquit\n")  # CR, CR LF, LF and CR NUL ends (1: English)
    raw.writer.write_eof()  # as `printf ... | nc` does
    seen = await raw.expect("Goodbye.")
    assert b"The Crossroads" in seen and b"[ooc] zed: hi" in seen
    assert await raw.closed()


async def test_garbage_hurts_nobody_else(server):
    port = server.ports["telnet"]
    good = await Client.connect(port)
    await log_in(good, "alice")
    bad = await Raw.connect(port)
    await log_in(bad, "mallory")
    bad.send(b"x" * 100_000 + b"\n")
    assert b"too long" in await bad.expect("> ")
    bad.send(b"say a" + IAC + IAC + b"b\x00\x07\x1b[31mc\n")
    assert "You say: a\ufffdbc" in (await bad.expect("> ")).decode("utf-8", "replace")
    bad.send(b"say split" + IAC)  # an IAC command cut between two packets
    await asyncio.sleep(0.05)
    bad.send(NOP + b" fine\r")
    await asyncio.sleep(0.05)
    bad.send(b"\n")
    assert b"You say: split fine" in await bad.expect("> ")
    bad.send(b"say \xc3\x28\xa0\xa1 \xf0\x28\x8c\x28\n")  # invalid UTF-8
    await bad.expect("> ")
    rng = random.Random(5)
    for _ in range(20):
        bad.send(bytes(rng.randrange(256) for _ in range(2000)))
    bad.send(IAC + SB + bytes([201]) + b"Core.Hello {" + b"z" * 1000)  # SB without SE
    bad.send(IAC + SB + bytes([201]) + b"y" * 100_000)  # ... and far too long
    good.send("say still here")
    await good.expect("You say: still here")
    assert await bad.closed()
    for _ in range(50):
        if server.world.session("mallory") is None:
            break
        await asyncio.sleep(0.02)
    assert server.world.session("mallory") is None and len(server.sessions) == 1
    again = await Raw.connect(port)
    assert b"Welcome" in await log_in(again, "mallory", new=False)


async def test_a_slow_reader_does_not_grow_the_server(start):
    server = await start(rate=10_000, burst=10_000)
    port = server.ports["telnet"]
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    slow = await Raw.connect(port, sock=sock)
    await log_in(slow, "slow")
    spam = await Raw.connect(port)
    await log_in(spam, "spam")
    drain = asyncio.create_task(spam.reader.read(-1))  # the spammer reads all it gets
    ws = server.world.session("slow")
    transport = server.closers[ws].__self__.writer.transport
    # the kernel would otherwise take megabytes on loopback before the server sees anything
    transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 8192)
    line = "ooc " + "blah " * 170  # (the parser takes lines up to 1000 characters)
    most = 0
    for i in range(6):
        spam.send(("\r\n".join([line] * 500) + "\r\n").encode())
        await asyncio.sleep(0.2)
        most = max(most, transport.get_write_buffer_size())
        assert len(ws._pending) <= MAX_PENDING
    assert most <= telnet_player.OUT_LIMIT
    spam.send(b"ooc the end\r\n")  # the server takes turns between clients: wait for the flood's end
    player = server.closers[ws].__self__
    for _ in range(300):
        if any("the end" in x for x in player.backlog) or any("the end" in str(x.text) for x in ws._pending):
            break
        await asyncio.sleep(0.05)
    drain.cancel()
    other = await Client.connect(port)
    await log_in(other, "other")
    other.send("who")  # (it may come amid the flood's last lines: the server takes turns)
    await other.expect("connected:")
    assert "  slow:" in await other.expect("  spam:")
    seen = await slow.expect("lines were lost", timeout=10)  # reading again: told what it missed
    assert b"[ooc] spam" in seen


async def test_too_many_commands_at_once_are_refused_politely(server):
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "alice")
    for _ in range(40):
        a.send("who")
    seen = await a.expect("Slow down")
    assert seen.count("connected:") >= 15
    await asyncio.sleep(1.0)
    a.data = ""
    a.send("say and now?")
    assert "You say: and now?" in await a.expect("and now?\x1b[0m")


async def test_a_full_world_and_too_many_connections(start):
    server = await start(max_sessions=1)
    port = server.ports["telnet"]
    first = await Raw.connect(port)
    await log_in(first, "alice")
    second = await Raw.connect(port)
    third = await Raw.connect(port)  # twice max_sessions connections at most, logged in or not
    assert b"Too many connections" in await third.expect("Too many connections")
    assert await third.closed()
    await second.expect("Name: ")
    second.send("bob")
    await second.expect("Password: ")
    second.send("pw1234")
    await second.expect("again: ")
    second.send("pw1234")
    assert b"The world is full" in await second.expect("The world is full")
    assert await second.closed()
    first.send("who")
    assert b"1 connected" in await first.expect("> ")


async def test_stopping_the_server_says_goodbye(start):
    server = await start()
    port = server.ports["telnet"]
    playing = await Client.connect(port)
    await log_in(playing, "alice")
    waiting = await Raw.connect(port)
    await waiting.expect("Name: ")
    await server.stop()
    goodbye = await playing.expect("Come back soon.")
    assert "shutting down" in goodbye
    assert "game is saved" not in goodbye  # alice has no game: only a player at a match is told it is saved
    assert b"shutting down" in await waiting.expect("shutting down")
    assert await playing.closed() and await waiting.closed()


async def test_a_client_that_reports_no_width_reads_80_columns(server):
    """nc and other clients without NAWS get long lines wrapped at 80 columns, not one long line."""
    import re as _re
    raw = await Raw.connect(server.ports["telnet"])
    await log_in(raw, "wanda")
    raw.send("say " + "lorem ipsum " * 20)
    text = (await raw.expect("> ")).decode("utf-8", "replace")
    rows = [_re.sub(r"\x1b\[[0-9;]*m", "", row) for row in text.split("\r\n")]
    said = [row for row in rows if "lorem" in row]
    assert len(said) >= 3 and all(len(row) <= 80 for row in said), said
