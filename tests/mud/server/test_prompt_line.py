"""Issue 40, item 15: over telnet and ``ssh -T`` nothing is written on the prompt's line. A friend's
TinTin++ read "(play or pass, 0-4) > You say: where did alice go?": a line the client sent before the
last prompt came (typed ahead, two in one packet, an alias of several commands) left the cursor after
that prompt, and the answer went on there. News after a prompt starts on a fresh line too. Real
sockets on loopback: a raw one (as ``nc`` or a script), telnetlib3's client, asyncssh without a pty."""

from __future__ import annotations

import asyncio
import re

import asyncssh
import pytest
from telnetlib3 import GA, IAC

from mud.server.telnet import front as telnet
from mud.server.core import Config, Server
from mud.server.clients.lines import Limits
from tests.telnet_clients import Client, Raw, log_in
from tests.net_clients import ssh_enter

PROMPT_END = re.compile(rb"> (\xff\xf9|\xff\xef)?")  # a prompt, with its IAC GA or IAC EOR


@pytest.fixture(autouse=True)
def quick_negotiation(monkeypatch):
    monkeypatch.setattr(telnet, "NEGOTIATE_WAIT", 0.3)


@pytest.fixture
async def server(tmp_path):
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path), limits=Limits()))
    await srv.start()
    yield srv
    await srv.stop()


def after_prompts(data: bytes) -> list[bytes]:
    """What follows each prompt, up to the end of that line (empty: the prompt's line ends there)."""
    out = []
    for m in PROMPT_END.finditer(data):
        rest = data[m.end():]
        out.append(rest.split(b"\r\n", 1)[0] if rest else b"")
    return out


async def test_a_line_typed_ahead_is_answered_on_a_fresh_line_not_after_the_prompt(server):
    raw = await Raw.connect(server.ports["telnet"], answer=set())
    await raw.expect(b"Name: " + IAC + GA)
    raw.send("alice")
    await raw.expect(b"Password: ")
    raw.send("pw1234")
    await raw.expect(b"again: ")
    raw.send("pw1234")
    await raw.enter(prompt=b"> " + IAC + GA)
    raw.send(b"say where is bob?\r\nsay where did alice go?\r\n\r\nlook\r\n")  # one packet
    got = await raw.expect(b"The Crossroads")
    got += await raw.expect(b"> " + IAC + GA)
    assert b"You say: where is bob?" in got and b"You say: where did alice go?" in got
    assert after_prompts(got)[:-1] == [b""] * (len(after_prompts(got)) - 1), got  # each prompt ends its line
    assert b"> " + IAC + GA + b"You say" not in got and b"> " + IAC + GA + b"> " not in got
    raw.close()


async def test_a_line_typed_after_the_prompt_is_answered_without_an_empty_line(server):
    """A client that echoed the typed line and its Enter is on a fresh line already: no blank line."""
    raw = await Raw.connect(server.ports["telnet"], answer=set())
    await raw.expect(b"Name: ")
    raw.send("bob")
    await raw.expect(b"Password: ")
    raw.send("pw1234")
    await raw.expect(b"again: ")
    raw.send("pw1234")
    await raw.enter(prompt=b"> " + IAC + GA)
    raw.send("say hello")
    got = await raw.expect(b"> " + IAC + GA)
    assert b"You say: hello" in got.split(b"\r\n")[0], got  # (in colour: the client answered options)
    raw.close()


async def test_news_after_the_prompt_starts_on_a_fresh_line(server):
    port = server.ports["telnet"]
    a, b = await Client.connect(port), await Client.connect(port)
    await log_in(a, "alice")
    await log_in(b, "bob")
    await a.expect("bob arrives.")
    a.send("")  # a blank line: a fresh prompt (news under the last one is not followed by it again)
    await a.expect("> ")
    b.send("say where did alice go?")
    got = await a.expect("bob says: where did alice go?")
    assert got.startswith("\r\n") or got.startswith("\n"), repr(got)  # not on the prompt's line
    for conn in (a, b):
        conn.close()


async def test_ssh_without_a_pty_answers_a_line_typed_ahead_on_a_fresh_line(server):
    conn = await asyncssh.connect("127.0.0.1", server.ports["ssh"], username="carol", password="secret1",
                                  known_hosts=None, client_keys=None, agent_path=None)
    proc = await conn.create_process(term_type=None)
    await ssh_enter(proc)
    proc.stdin.write("say one\nsay two\n")  # one write: the second sent before the first's prompt
    got = await asyncio.wait_for(proc.stdout.readuntil("You say: two"), 8)
    assert "> You say" not in got and re.search(r"> \r\nYou say: two", got), repr(got)
    await asyncio.wait_for(proc.stdout.readuntil("> "), 8)
    proc.stdin.write("say three\n")  # after the prompt: straight under it
    got = await asyncio.wait_for(proc.stdout.readuntil("You say: three"), 8)
    assert got == "You say: three", repr(got)
    conn.close()


async def raw_player(server, name: str) -> Raw:
    """A raw socket logged in as a new account, its first prompt read."""
    raw = await Raw.connect(server.ports["telnet"], answer=set())
    await raw.expect(b"Name: ")
    raw.send(name)
    await raw.expect(b"Password: ")
    raw.send("pw1234")
    await raw.expect(b"again: ")
    raw.send("pw1234")
    await raw.enter(prompt=b"> " + IAC + GA)
    return raw


@pytest.mark.parametrize("act, said", [("kick dave cheating", b"You are disconnected by a moderator"),
                                       ("ban dave for 1d cheating", b"This account is banned until")])
async def test_a_kick_or_a_ban_is_said_on_a_fresh_line_not_on_the_prompts(server, act, said):
    """Issue 40 round three, item 3: "(your turn) > This account is banned until ...": the words a
    moderator's act sends after the prompt start a line of their own."""
    from mud.store import moderation as modstore
    server.store.create_account("alice", "pw1234")
    modstore.grant(server.store, "alice", "moderator", "test")
    dave = await raw_player(server, "dave")
    alice = await Client.connect(server.ports["telnet"])
    await log_in(alice, "alice", new=False)
    alice.send(act)
    await alice.expect("dave is ")
    got = await dave.expect(said)
    assert got.startswith(b"\r\n"), got  # the prompt's line was ended first
    assert await dave.closed()
    alice.close()


async def test_the_shutdown_notice_is_said_on_a_fresh_line_and_nothing_after_it(tmp_path):
    """Item 3 and 2: Ctrl+C on the server: its notice starts a line of its own, and nobody's leaving
    is told after it."""
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path), limits=Limits()))
    await srv.start()
    erin = await raw_player(srv, "erin")
    frank = await raw_player(srv, "frank")
    await erin.expect(b"frank arrives.")
    erin.send("")
    await erin.expect(b"> " + IAC + GA)
    await srv.stop()
    got = await erin.expect(b"Come back soon.")
    assert got.startswith(b"\r\n"), got
    assert await erin.closed()
    assert b"leaves" not in erin.data and b"lost the connection" not in erin.data, erin.data
    frank.close()


async def ssh_lines(server, name: str):
    """``ssh -T``: a new account's line interface, its first prompt read."""
    conn = await asyncssh.connect("127.0.0.1", server.ports["ssh"], username=name, password="secret1",
                                  known_hosts=None, client_keys=None, agent_path=None)
    proc = await conn.create_process(term_type=None)
    await ssh_enter(proc)
    return conn, proc


async def test_over_ssh_a_kick_is_said_on_a_fresh_line_not_on_the_prompts(server):
    from mud.store import moderation as modstore
    server.store.create_account("alice", "pw1234")
    modstore.grant(server.store, "alice", "moderator", "test")
    conn, proc = await ssh_lines(server, "gina")
    alice = await Client.connect(server.ports["telnet"])
    await log_in(alice, "alice", new=False)
    await asyncio.wait_for(proc.stdout.readuntil("alice arrives."), 8)
    proc.stdin.write("\n")
    await asyncio.wait_for(proc.stdout.readuntil("> "), 8)
    alice.send("kick gina")
    await alice.expect("gina is ")
    got = await asyncio.wait_for(proc.stdout.readuntil("by a moderator"), 8)
    assert got.startswith("\r\n") or got.startswith("\n"), repr(got)
    alice.close()
    conn.close()


async def test_over_ssh_the_shutdown_notice_is_said_on_a_fresh_line_and_nothing_after_it(tmp_path):
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path), limits=Limits()))
    await srv.start()
    conn, proc = await ssh_lines(srv, "hal")
    ian = await raw_player(srv, "ian")
    await asyncio.wait_for(proc.stdout.readuntil("ian arrives."), 8)
    proc.stdin.write("\n")
    await asyncio.wait_for(proc.stdout.readuntil("> "), 8)
    await srv.stop()
    got = await asyncio.wait_for(proc.stdout.read(), 8)
    assert got.startswith("\r\n") or got.startswith("\n"), repr(got)
    assert "shutting down" in got and "leaves" not in got and "lost the connection" not in got, repr(got)
    ian.close()
    conn.close()


async def test_news_under_a_standing_prompt_is_not_followed_by_the_same_prompt_again(server):
    """Item 4: "bob has chosen." / ">" / "carol has chosen." / ">": half the screen was prompts. A
    bare prompt nobody has answered yet, followed only by news, is not written again while it reads
    the same; a prompt that changed (the match began: the game's question) is, and so is one that
    asks the player something (it must stay in sight under the news); a typed line's answer ends
    with the prompt as always."""
    alice = await raw_player(server, "alice")
    bob = await raw_player(server, "bob")
    got = await alice.expect(b"bob arrives.")
    got += await alice.expect(b"\r\n")
    assert got.startswith(b"\r\n") and IAC + GA not in got, got  # the news under alice's first prompt
    for word in ("one", "two", "three"):  # three commands: three turns of the loop, three pieces of news
        bob.send(f"say {word}")
        await bob.expect(b"You say: " + word.encode())
    got = await alice.expect(b"three")
    got += await alice.expect(b"\r\n")
    assert [b"bob says: one", b"bob says: two", b"bob says: three"] == re.findall(rb"bob says: \w+", got), got
    assert b"> " not in got and IAC + GA not in got, got
    alice.send("east")
    await alice.expect(b"> " + IAC + GA)
    bob.send("east")
    await alice.expect(b"bob arrives")
    alice.send("sit")
    await alice.expect(b"You sit at table ")
    table = (await alice.expect(b" ")).strip()
    await alice.expect(b"> " + IAC + GA)
    bob.send(b"sit " + table + b"\r\nstart bots=0\r\n")
    got = await alice.expect(b"Place a card face down")
    got = await alice.expect(b"> " + IAC + GA)  # the match began: the game's prompt, new, is written
    assert b"(play or pass" in got.rsplit(b"\r\n", 1)[-1], got
    bob.send("1")  # a prompt that asks something is written again under news: it stays in sight
    got = await alice.expect(b"bob has chosen.")
    got += await alice.expect(b"> " + IAC + GA)
    assert b"(play or pass" in got.rsplit(b"\r\n", 1)[-1], got
    alice.send("say hi")
    got = await alice.expect(b"You say: hi")
    got = await alice.expect(b"> " + IAC + GA)  # an answer ends with the prompt
    for conn in (alice, bob):
        conn.close()


async def test_over_ssh_news_under_a_standing_prompt_is_not_followed_by_the_same_prompt_again(server):
    conn, proc = await ssh_lines(server, "kim")
    lee = await raw_player(server, "lee")
    await asyncio.wait_for(proc.stdout.readuntil("lee arrives."), 8)
    for word in ("one", "two", "three"):
        lee.send(f"say {word}")
        await lee.expect(b"You say: " + word.encode())
    got = await asyncio.wait_for(proc.stdout.readuntil("lee says: three\r\n"), 8)
    assert "lee says: one\r\nlee says: two\r\nlee says: three\r\n" in got and ">" not in got, repr(got)
    proc.stdin.write("look\n")
    got = await asyncio.wait_for(proc.stdout.readuntil("> "), 8)
    assert got.startswith("The Crossroads"), repr(got)  # typed on the fresh line the news left
    lee.close()
    conn.close()
