"""Moderation through a real server on 127.0.0.1: a kick or ban closes the connection at once, a
banned account or address is refused over telnet, SSH (password and key) and the web, told until
when; a kicked player comes back; ``mud admin`` grants a role while the server runs."""

from __future__ import annotations

import asyncio
import logging
import os
import sys

import aiohttp
import asyncssh
import pytest

from mud.store import moderation as modstore
from mud.server.core import Config, Server
from tests.mud.server.ssh.test_ssh import Lines, connect
from tests.telnet_clients import Client, log_in

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


@pytest.fixture
async def server(tmp_path):
    """Telnet, SSH and the web on free ports; alice is a moderator (her password pw1234)."""
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, web_port=0, data_dir=str(tmp_path)))
    await srv.start()
    srv.store.create_account("alice", "pw1234")
    modstore.grant(srv.store, "alice", "moderator", "test")
    yield srv
    await srv.stop()


async def telnet(srv, name: str, new: bool = False):
    conn = await Client.connect(srv.ports["telnet"])
    await log_in(conn, name, new=new)
    return conn


async def typed(conn, line: str, until: str) -> str:
    conn.send(line)
    return await conn.expect(until)


class Banner(asyncssh.SSHClient):
    """An SSH client keeping what the server says before login (why it was refused)."""
    said: list[str] = []

    def auth_banner_received(self, msg: str, lang: str) -> None:
        Banner.said.append(msg)


async def test_kick_and_ban_close_the_telnet_session_and_a_ban_refuses_every_way_in(server, caplog):
    caplog.set_level(logging.INFO, logger="questmud")
    key = asyncssh.generate_private_key("ssh-ed25519")
    alice = await telnet(server, "alice")
    bob = await telnet(server, "bob", new=True)
    server.store.add_key("bob", key.export_public_key("openssh").decode().strip())

    await typed(alice, "kick bob flooding", "bob is kicked out")
    await bob.expect("You are disconnected by a moderator: flooding. You may log in again.")
    assert await bob.closed()
    bob = await telnet(server, "bob")  # a kick is no ban
    await typed(alice, "ban bob for 1d insults", "bob is banned until")
    await bob.expect("This account is banned until")
    assert await bob.closed()
    assert server.world.session("bob") is None

    again = await Client.connect(server.ports["telnet"])  # telnet: told, until when, and why
    await again.expect("Name: ")
    again.send("bob")
    await again.expect("Password: ")
    again.send("pw1234")
    told = await again.expect("insults.")
    assert "This account is banned until " in told and " UTC: insults." in told
    assert await again.closed()  # no other "Name: ": a ban is said once, and the connection ends

    Banner.said = []
    with pytest.raises(asyncssh.PermissionDenied):  # SSH with the password: refused, told why
        await asyncssh.connect("127.0.0.1", server.ports["ssh"], username="bob", password="pw1234",
                               known_hosts=None, client_keys=None, agent_path=None, client_factory=Banner)
    assert any("This account is banned until" in said for said in Banner.said)

    conn = await connect(server.ports["ssh"], "bob", None, keys=[key])  # a key skips the password ...
    proc = await conn.create_process(term_type=None)
    out = await asyncio.wait_for(proc.stdout.read(), 8)  # ... but not the ban: told, and closed
    assert "This account is banned until" in out and "Welcome to questmud" not in out
    conn.close()
    assert server.world.session("bob") is None

    acts = [row[1:4] for row in modstore.audits(server.store)]
    assert ("alice", "kick", "bob") in acts and ("alice", "ban", "bob") in acts
    logged = caplog.text
    assert "moderation act=kick by=alice whom=bob why=flooding" in logged
    assert "refused what=login player=bob address=127.0.0.1 why=banned ban=name:bob" in logged
    assert "logout player=bob surface=telnet address=127.0.0.1 cause=kick" in logged  # then, logged in again:
    assert "logout player=bob surface=telnet address=127.0.0.1 cause=ban" in logged
    alice.close()


async def test_a_banned_address_is_refused_over_telnet_and_ssh_until_unbanned(server):
    modstore.ban(server.store, "address", "127.0.0.0/8", None, "test", "abuse")
    conn = await Client.connect(server.ports["telnet"])
    await conn.expect("Name: ")
    conn.send("carol")
    await conn.expect("Password: ")
    conn.send("pw1234")
    await conn.expect("again: ")
    conn.send("pw1234")
    assert "Your address is banned for good: abuse." in (await conn.expect("abuse.")).replace("\r\n", " ")
    assert await conn.closed()
    assert server.store.account("carol") is None  # no account made from a banned address
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.ports["ssh"], "alice", "pw1234")
    modstore.unban(server.store, "address", "127.0.0.0/8", "test")
    lines, greeting = await Lines.open(server.ports["ssh"], "alice", "pw1234")
    assert "Welcome to questmud, alice" in greeting
    lines.conn.close()


async def test_a_banned_account_is_refused_on_the_web_login_and_its_open_page(server):
    base = f"http://127.0.0.1:{server.ports['web']}"
    head = {"Origin": base}
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        form = {"name": "dora", "password": "pw1234", "again": "pw1234"}
        async with http.post(f"{base}/login", data=form, headers=head, allow_redirects=False) as made:
            assert made.status in (302, 303)
        async with http.get(f"{base}/play") as page:  # a ticket taken before the ban
            ticket = (await page.text()).split("/ws/")[1].split('"')[0]
        modstore.ban(server.store, "name", "dora", None, "alice", "cheating")
        socket = await http.ws_connect(f"{base}/ws/{ticket}", headers=head)
        said = b""
        async for message in socket:
            said += message.data if isinstance(message.data, bytes) else str(message.data).encode()
        assert b"This account is banned for good: cheating." in said
        form = {"name": "dora", "password": "pw1234"}
        async with http.post(f"{base}/login", data=form, headers=head, allow_redirects=False) as refused:
            assert refused.status == 403 and "This account is banned for good: cheating." in await refused.text()
    assert server.world.session("dora") is None


async def test_mud_admin_grants_a_role_while_the_server_runs_and_it_counts_at_once(server):
    bob = await telnet(server, "bob", new=True)
    assert "Unknown command 'bans'" in await typed(bob, "bans", "> ")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "mud.cli", "admin", "--data", server.config.data_dir, "grant", "bob", "moderator",
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 0, err
    assert b"bob is now a moderator." in out
    assert "No ban is in force." in await typed(bob, "bans", "> ")
    assert ("admin:", "grant", "bob") == tuple(x if i else x[:6] for i, x in
                                               enumerate(modstore.audits(server.store)[0][1:4]))
    bob.close()


async def test_a_kick_closes_an_ssh_session_at_once_and_the_player_may_come_back(server):
    lines, _ = await Lines.open(server.ports["ssh"], "erin")
    alice = await telnet(server, "alice")
    await typed(alice, "kick erin enough", "erin is kicked out")
    out = await asyncio.wait_for(lines.proc.stdout.read(), 8)  # the channel ends
    assert "You are disconnected by a moderator: enough. You may log in again." in out
    assert server.world.session("erin") is None
    again, greeting = await Lines.open(server.ports["ssh"], "erin")
    assert "Welcome to questmud, erin" in greeting
    again.conn.close()
    alice.close()


async def test_a_kick_closes_a_browser_session_at_once(server):
    base = f"http://127.0.0.1:{server.ports['web']}"
    head = {"Origin": base}
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        form = {"name": "dora", "password": "pw1234", "again": "pw1234"}
        async with http.post(f"{base}/login", data=form, headers=head, allow_redirects=False):
            pass
        async with http.get(f"{base}/play") as page:
            ticket = (await page.text()).split("/ws/")[1].split('"')[0]
        socket = await http.ws_connect(f"{base}/ws/{ticket}?width=80&height=24", headers=head)
        for _ in range(200):  # the player is in the world
            if server.world.session("dora") is not None:
                break
            await asyncio.sleep(0.05)
        alice = server.world.connect("alice")  # a moderator typing in the world
        assert alice.handle("kick dora cheating")[-1].text == "dora is kicked out (they may log in again)."
        said = b""
        async for message in socket:  # the socket closes by itself
            said += message.data if isinstance(message.data, bytes) else str(message.data).encode()
        assert server.world.session("dora") is None and socket.closed
        assert b"You are disconnected by a moderator: cheating." in said
        server.world.disconnect(alice)
