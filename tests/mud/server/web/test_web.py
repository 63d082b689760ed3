"""The web surface over HTTP, without a browser: what protects it. The login form checks the
password before any WebSocket; a WebSocket needs a one-time ticket from a logged-in page and this
server's Origin; the pages carry a strict Content-Security-Policy and an HttpOnly, SameSite=Strict
cookie; the per-address caps, --max-sessions and flow control hold as for SSH."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import re
import ssl

import aiohttp
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from mud.server.core import Config, Server
from mud.server.clients.lines import Limits
from mud.server.web.front import COOKIE, Passes, loopback
from mud.server.web.logins import PER_ACCOUNT, Tickets
from mud.server.web.player import WRITE_HIGH
from mud.server.web.pages import login_page


@pytest.fixture
async def served(tmp_path):
    srv = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=None, web_port=0, data_dir=str(tmp_path),
                        limits=Limits(trust_loopback=False, per_address=4)))
    await srv.start()
    yield srv
    await srv.stop()


def url(srv, path: str = "/") -> str:
    return f"http://127.0.0.1:{srv.ports['web']}{path}"


def origin(srv) -> dict:
    return {"Origin": f"http://127.0.0.1:{srv.ports['web']}"}


async def log_in(http, srv, name="alice", password="pw1234", new=True):
    form = {"name": name, "password": password} | ({"again": password} if new else {})
    return await http.post(url(srv, "/login"), data=form, headers=origin(srv), allow_redirects=False)


async def ticket(http, srv) -> str:
    async with http.get(url(srv, "/play")) as page:
        text = await page.text()
    return re.search(r'/ws/([\w-]+)"', text).group(1)


async def test_every_page_carries_a_policy_allowing_only_its_own_origin(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http, http.get(url(served)) as page:
        policy = page.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "script-src 'self';" in policy
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy and "frame-ancestors 'none'" in policy
        assert page.headers["X-Content-Type-Options"] == "nosniff" and page.headers["Cache-Control"] == "no-store"
        assert "https://" not in await page.text()  # nothing from elsewhere: no CDN


async def test_a_new_name_is_asked_the_password_twice_and_a_login_sets_a_strict_cookie(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        first = await http.post(url(served, "/login"), data={"name": "alice", "password": "pw1234"},
                                headers=origin(served), allow_redirects=False)
        assert first.status == 200 and 'name="again"' in await first.text()  # asked again, not created
        assert not served.account_exists("alice")
        differ = await http.post(url(served, "/login"), headers=origin(served), allow_redirects=False,
                                 data={"name": "alice", "password": "pw1234", "again": "pw9999"})
        assert differ.status == 400 and "differ" in await differ.text()
        done = await log_in(http, served)
        assert done.status == 303 and done.headers["Location"] == "/play"
        cookie = done.headers["Set-Cookie"]
        assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
        assert served.account_exists("alice")
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        wrong = await log_in(http, served, password="nope", new=False)
        assert wrong.status == 403 and "Wrong password." in await wrong.text()
        assert (await http.get(url(served, "/play"), allow_redirects=False)).status == 303  # no cookie: the form


async def test_a_login_form_from_another_site_is_refused(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        forged = await http.post(url(served, "/login"), data={"name": "eve", "password": "pw1234", "again": "pw1234"},
                                 headers={"Origin": "http://evil.example"}, allow_redirects=False)
        assert forged.status == 403 and not served.account_exists("eve")


async def test_a_websocket_needs_this_origin_and_a_fresh_ticket_used_once(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await log_in(http, served)
        good = await ticket(http, served)
        with pytest.raises(aiohttp.WSServerHandshakeError) as wrong_origin:
            await http.ws_connect(url(served, f"/ws/{good}"), headers={"Origin": "http://evil.example"})
        assert wrong_origin.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as no_ticket:
            await http.ws_connect(url(served, "/ws/made-up"), headers=origin(served))
        assert no_ticket.value.status == 403
        socket = await http.ws_connect(url(served, f"/ws/{good}?width=80&height=24"), headers=origin(served))
        seen = b""
        while b"Crossroads" not in seen:
            seen += (await asyncio.wait_for(socket.receive(), 10)).data
        with pytest.raises(aiohttp.WSServerHandshakeError) as used:
            await http.ws_connect(url(served, f"/ws/{good}"), headers=origin(served))
        assert used.value.status == 403
        await socket.close()


def test_a_ticket_is_good_once_and_only_for_a_while():
    now = [0.0]
    tickets = Passes(30.0, once=True, clock=lambda: now[0])
    key = tickets.issue("alice", "")
    assert tickets.look(key) == ("alice", ("",)) and tickets.look(key) is None
    late = tickets.issue("alice", "")
    now[0] = 31.0
    assert tickets.look(late) is None and tickets.look(None) is None and tickets.look("x" * 500) is None


def test_one_account_asking_for_tickets_in_a_loop_evicts_only_its_own():
    now = [0.0]
    tickets = Tickets(30.0, clock=lambda: now[0])
    theirs = tickets.issue("bob", "uid-bob", "127.0.0.1")
    mine = [tickets.issue("eve", "uid-eve", "127.0.0.1") for _ in range(20_050)]
    assert len(tickets) == PER_ACCOUNT + 1  # eve's newest few, and bob's
    assert tickets.take(mine[0]) is None and tickets.take(mine[-1])[:2] == ("eve", "uid-eve")
    assert tickets.take(theirs)[:2] == ("bob", "uid-bob") and tickets.take(theirs) is None
    late = tickets.issue("bob", "uid-bob", "127.0.0.1")
    now[0] = 31.0
    assert tickets.take(late) is None and len(tickets) == PER_ACCOUNT - 1


def test_a_name_typed_on_the_form_comes_back_escaped():
    page = login_page("Wrong password.", '"><script>alert(1)</script>')
    assert "<script>alert" not in page and "&lt;script&gt;" in page


def test_plain_http_is_only_quiet_on_loopback():
    assert loopback("127.0.0.1") and loopback("::1") and loopback("localhost")
    assert not loopback("0.0.0.0") and not loopback("192.0.2.7")


async def test_the_per_address_cap_counts_websockets(served):
    served.limits.per_address = 1
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await log_in(http, served)
        first = await http.ws_connect(url(served, f"/ws/{await ticket(http, served)}"), headers=origin(served))
        with pytest.raises(aiohttp.WSServerHandshakeError) as capped:
            await http.ws_connect(url(served, f"/ws/{await ticket(http, served)}"), headers=origin(served))
        assert capped.value.status == 429
        await first.close()


async def test_a_full_world_says_so_in_the_terminal(served):
    served.limits.max_sessions = 0
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await log_in(http, served)
        socket = await http.ws_connect(url(served, f"/ws/{await ticket(http, served)}"), headers=origin(served))
        said = (await asyncio.wait_for(socket.receive(), 10)).data
        assert b"The world is full" in said
        await socket.close()


async def test_a_browser_that_stops_reading_cannot_grow_the_servers_memory(served):
    """A tab that takes no bytes (a stalled browser): its frames are dropped past WRITE_HIGH, and a
    bystander's commands are still answered at once."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await log_in(http, served)
        stalled = await http.ws_connect(url(served, f"/ws/{await ticket(http, served)}?width=500&height=200"),
                                        headers=origin(served), max_msg_size=0)
        stalled._response.connection.transport.pause_reading()  # reads nothing more
        player = next(iter(served._listeners[0].front.players))
        most = 0
        for i in range(400):  # each new size is a whole new screen: megabytes the tab never takes
            await stalled.send_json(["resize", {"width": 500 - i % 2, "height": 200}])
            await asyncio.sleep(0.01)
            most = max(most, player.backlog())
            if player._held:
                break
        assert player._held, "the server stopped sending frames to the stalled tab"
        assert player._queued <= WRITE_HIGH + 512 * 1024, player._queued  # at most a frame past the mark
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as other:
            await log_in(other, served, name="bob")
            bystander = await other.ws_connect(url(served, f"/ws/{await ticket(other, served)}"), headers=origin(served))
            await asyncio.wait_for(bystander.receive(), 10)
            started = asyncio.get_running_loop().time()
            await bystander.send_json(["stdin", "say still here\r"])
            seen = b""
            while b"still here" not in seen:
                seen += (await asyncio.wait_for(bystander.receive(), 5)).data
            assert asyncio.get_running_loop().time() - started < 2.0  # (generous: a loaded CI machine)
            await bystander.close()
        stalled._response.connection.transport.abort()  # (a close handshake would wait for the unread bytes)


async def test_failed_logins_are_throttled_as_over_ssh(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await log_in(http, served)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        for _ in range(served.limits.login_attempts):
            assert (await log_in(http, served, password="wrong", new=False)).status == 403
        blocked = await log_in(http, served, new=False)  # even the right password waits now
        assert blocked.status == 429 and "Too many failed logins" in await blocked.text()


async def test_an_idle_browser_is_closed_and_its_seat_waits(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await log_in(http, served)
        socket = await http.ws_connect(url(served, f"/ws/{await ticket(http, served)}"), headers=origin(served))
        await asyncio.wait_for(socket.receive(), 10)
        served.limits.idle_timeout = 60
        served._close_idle(now=10**9)
        said = b""
        while True:
            msg = await asyncio.wait_for(socket.receive(), 10)
            if msg.type != aiohttp.WSMsgType.BINARY:
                break
            said += msg.data
        assert b"You typed nothing for 1 minutes" in said and socket.closed
        assert not served.sessions


def self_signed(folder) -> tuple[str, str]:
    """A certificate for 127.0.0.1 and its key, made here (cryptography comes with asyncssh)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(1).not_valid_before(now).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return str(cert_file), str(key_file)


async def test_https_serves_wss_and_a_secure_cookie(tmp_path):
    cert, key = self_signed(tmp_path)
    srv = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=None, web_port=0, data_dir=str(tmp_path / "d"),
                        web_cert=cert, web_key=key))
    await srv.start()
    try:
        trust = ssl.create_default_context(cafile=cert)
        base = f"https://127.0.0.1:{srv.ports['web']}"
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                         connector=aiohttp.TCPConnector(ssl=trust)) as http:
            done = await http.post(base + "/login", data={"name": "alice", "password": "pw1234", "again": "pw1234"},
                                   headers={"Origin": base}, allow_redirects=False)
            assert done.status == 303 and "Secure" in done.headers["Set-Cookie"]
            page = await (await http.get(base + "/play")).text()
            found = re.search(r'"(wss://127\.0\.0\.1:\d+/ws/[\w-]+)"', page)
            assert found, page
            socket = await http.ws_connect(found.group(1), headers={"Origin": base})
            seen = b""
            while b"Crossroads" not in seen:
                seen += (await asyncio.wait_for(socket.receive(), 10)).data
            await socket.close()
    finally:
        await srv.stop()


async def test_with_tui_workers_a_browsers_screen_is_drawn_in_a_worker(tmp_path):
    srv = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=None, web_port=0, data_dir=str(tmp_path),
                        tui_workers=1))
    await srv.start()
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            await log_in(http, srv)
            socket = await http.ws_connect(url(srv, f"/ws/{await ticket(http, srv)}?width=80&height=24"),
                                           headers=origin(srv))
            seen = b""
            while b"Walk:" not in seen:
                seen += (await asyncio.wait_for(socket.receive(), 20)).data
            assert any(w.tuis for w in srv.tui_workers.workers)  # the app runs in the worker process
            await socket.send_json(["stdin", "say from a worker\r"])
            while b"from a worker" not in seen:
                seen += (await asyncio.wait_for(socket.receive(), 20)).data
            await socket.close()
    finally:
        await srv.stop()
