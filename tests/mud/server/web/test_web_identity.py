"""Issue 42's web and account findings against a real ``mud serve`` (one node, SQLite), over raw
HTTP (aiohttp's client) and telnet: a browser's login is a session the server keeps, bound to the
account's identity, so an old cookie logs into nobody once the name is someone else's (finding 3),
a password change and a logout end it (finding 4); one account asking for pages in a loop cannot
evict another browser's ticket (finding 7); a mute outlives the account's deletion (finding 5)."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys

import aiohttp
import pytest

from tests.net_clients import ROOT, ServerProcess, free_port
from tests.telnet_clients import Raw, log_in as telnet_in

pytestmark = pytest.mark.slow  # (each starts a server process)


@pytest.fixture
def served(tmp_path):
    web = free_port()
    server = ServerProcess(str(tmp_path), "--web-port", str(web)).start()
    server.web = f"http://127.0.0.1:{web}"
    yield server
    server.stop()


def browser() -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def web_in(http, srv, name: str, password: str = "pw1234", new: bool = True) -> int:
    form = {"name": name, "password": password} | ({"again": password} if new else {})
    async with http.post(srv.web + "/login", data=form, headers={"Origin": srv.web}, allow_redirects=False) as done:
        return done.status


async def ticket(http, srv) -> str | None:
    """A fresh ticket from the terminal page, or None (sent to the login form)."""
    async with http.get(srv.web + "/play", allow_redirects=False) as page:
        if page.status != 200:
            return None
        return re.search(r'/ws/([\w-]+)"', await page.text()).group(1)


async def opens(http, srv, key: str) -> bool:
    """Does the WebSocket open with this ticket?"""
    try:
        socket = await http.ws_connect(f"{srv.web.replace('http', 'ws')}/ws/{key}", headers={"Origin": srv.web})
    except aiohttp.WSServerHandshakeError:
        return False
    await socket.close()
    return True


async def telnet(srv, name: str, password: str = "pw1234", new: bool = False) -> Raw:
    conn = await Raw.connect(srv.telnet_port)
    await telnet_in(conn, name, password, new)
    return conn


async def test_finding_3_an_old_cookie_logs_into_nobody_once_the_name_is_another_account(served):
    async with browser() as old:
        assert await web_in(old, served, "zed2") == 303
        assert await ticket(old, served) is not None
        gone = await telnet(served, "zed2")
        gone.send("delete account pw1234")
        await gone.expect("is deleted")
        async with browser() as stranger:
            assert await web_in(stranger, served, "zed2", "stranger1") == 303  # someone else makes zed2
            assert await ticket(old, served) is None  # the old cookie: sent to the login form
            assert await ticket(stranger, served) is not None


async def test_finding_4_a_password_change_and_a_logout_end_the_web_login(served):
    async with browser() as http:
        assert await web_in(http, served, "pat") == 303
        kept = await ticket(http, served)
        conn = await telnet(served, "pat")
        conn.send("password pw1234 pw5678")
        await conn.expect("Your password is changed")
        assert await ticket(http, served) is None
        assert not await opens(http, served, kept)  # nor does a ticket of the ended login's open the game
        assert await web_in(http, served, "pat", "pw5678", new=False) == 303
        async with http.post(served.web + "/logout", headers={"Origin": "http://evil.example"},
                             allow_redirects=False) as forged:
            assert forged.status == 403
        assert await ticket(http, served) is not None  # a page elsewhere cannot log anyone out
        async with http.post(served.web + "/logout", headers={"Origin": served.web}, allow_redirects=False) as out:
            assert out.status == 303 and out.headers["Location"] == "/"
        assert await ticket(http, served) is None


async def test_finding_7_one_account_asking_for_pages_in_a_loop_leaves_others_tickets_working(served):
    async with browser() as victim, browser() as flood:
        assert await web_in(victim, served, "vic") == 303
        assert await web_in(flood, served, "flood") == 303
        fresh = await ticket(victim, served)

        async def loop(count: int) -> None:
            for _ in range(count):
                async with flood.get(served.web + "/play", allow_redirects=False) as page:
                    assert page.status == 200
                    await page.read()
        await asyncio.gather(*(loop(20_050 // 5) for _ in range(5)))
        assert await opens(victim, served, fresh)


async def test_finding_5_a_mute_outlives_deleting_and_making_the_account_again(served):
    mod = await telnet(served, "mod1", new=True)
    await telnet(served, "mm1", new=True)
    subprocess.run([sys.executable, "-m", "mud.cli", "admin", "--data", served.data, "grant", "mod1", "moderator"],
                   cwd=ROOT, check=True, capture_output=True)
    mod.send("mute mm1 for 1d")
    await mod.expect("mm1 is muted until")
    again = await telnet(served, "mm1")
    again.send("delete account pw1234")
    await again.expect("is deleted")
    made = await telnet(served, "mm1", "other99", new=True)
    made.send("say hello")
    await made.expect("You are muted until")
    mod.send("bans")
    await mod.expect("1 muted:")
    await mod.expect("mm1: until")
