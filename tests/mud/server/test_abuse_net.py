"""Issue 42's denial of service, against real ``mud serve`` processes on loopback. 127.0.0.1 plays a
same-host HTTPS proxy (or a bystander) and 127.0.0.2, 127.0.0.3 other machines: Linux answers for
all of 127.0.0.0/8, and a client socket may be bound to any of them."""

from __future__ import annotations

import asyncio
import os
import resource
import subprocess
import sys
import tempfile

import aiohttp
import pytest

from tests.mud.server.ssh.test_ssh import connect
from tests.net_clients import ROOT, RawClient, ServerProcess, free_port

pytestmark = pytest.mark.slow


class Web:
    """`mud serve` with a web port (and no SSH), its data in a temporary directory."""

    def __init__(self, *extra: str):
        self.dir = tempfile.TemporaryDirectory()
        self.web_port = free_port()
        self.server = ServerProcess(self.dir.name, "--web-port", str(self.web_port), *extra).start()

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.web_port}{path}"

    def close(self) -> str:
        said = self.server.stop()
        self.dir.cleanup()
        return said


def browser(source: str = "127.0.0.1") -> aiohttp.ClientSession:
    """An HTTP client whose connections come from ``source``."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0), force_close=True),
                                 cookie_jar=aiohttp.CookieJar(unsafe=True))


async def post_login(http, web: Web, name: str, password: str, forwarded: str | None = None, new=False) -> int:
    headers = {"Origin": f"http://127.0.0.1:{web.web_port}"}
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    form = {"name": name, "password": password} | ({"again": password} if new else {})
    async with http.post(web.url("/login"), data=form, headers=headers, allow_redirects=False) as answer:
        return answer.status


async def test_behind_a_trusted_proxy_the_login_throttle_counts_each_client_not_the_proxy():
    """Finding 8: 20 bad logins through the same-host proxy locked everyone out for a minute."""
    web = Web("--trusted-proxy", "127.0.0.1")
    try:
        async with browser() as proxy:
            assert await post_login(proxy, web, "alice", "pw1234", "198.51.100.7", new=True) == 303
            for i in range(5):
                assert await post_login(proxy, web, f"victim{i}", "pw-of-their-own", f"192.0.2.{i}", new=True) == 303
            for i in range(25):  # mallory, somewhere out there, tries many names through the proxy
                await post_login(proxy, web, f"victim{i % 5}", "wrong-pw", "203.0.113.9")
            assert await post_login(proxy, web, "victim9", "wrong-pw", "203.0.113.9") == 429  # mallory waits
            assert await post_login(proxy, web, "alice", "pw1234", "198.51.100.7") == 303  # alice does not
            assert await post_login(proxy, web, "bob", "pw1234", "192.0.2.44", new=True) == 303  # nor a newcomer
        async with browser("127.0.0.2") as stranger:  # not the proxy: its X-Forwarded-For is not believed
            for i in range(25):
                await post_login(stranger, web, f"victim{i % 5}", "wrong-pw", "198.51.100.7")
        async with browser() as proxy:
            assert await post_login(proxy, web, "alice", "pw1234", "198.51.100.7") == 303
    finally:
        said = web.close()
    assert "Traceback" not in said


async def test_bad_logins_from_loopback_do_not_lock_out_other_names():
    """Finding 8, without a proxy configured: loopback is many people (a tunnel, a proxy)."""
    web = Web()
    try:
        async with browser() as local:
            assert await post_login(local, web, "alice", "pw1234", new=True) == 303
            for i in range(5):
                assert await post_login(local, web, f"victim{i}", "pw-of-their-own", new=True) == 303
            for i in range(25):
                await post_login(local, web, f"victim{i % 5}", "wrong-pw")
            assert await post_login(local, web, "alice", "pw1234") == 303
        bystander = await RawClient.connect(web.server.telnet_port)
        assert "Welcome" in await bystander.login("alice", "pw1234")
        bystander.close()
    finally:
        web.close()


async def half_sent(port: int, source: str, how_many: int) -> list:
    """``how_many`` connections from ``source``, each a request whose headers never end (slowloris)."""
    held = []
    for _ in range(how_many):
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        except OSError:
            continue  # (refused at the door is fine too)
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n")
        held.append((reader, writer))
    return held


async def closed_by_server(connections, within: float) -> int:
    """How many of ``connections`` the server closed within ``within`` seconds (read: EOF or reset)."""
    async def ended(reader) -> bool:
        try:
            while await asyncio.wait_for(reader.read(4096), within):
                pass
            return True
        except (asyncio.TimeoutError, TimeoutError):
            return False
        except OSError:
            return True
    return sum(await asyncio.gather(*(ended(r) for r, _w in connections)))


async def bystander_page(web: Web) -> int:
    async with browser() as http, http.get(web.url("/"), timeout=aiohttp.ClientTimeout(total=10)) as page:
        await page.text()
        return page.status


async def test_half_sent_requests_are_capped_per_address_and_cut_off_while_others_are_served():
    """Finding 6: 300 half-sent requests from one address were all held for 120 s."""
    web = Web("--cap-loopback")
    try:
        held = await half_sent(web.web_port, "127.0.0.2", 300)
        assert await bystander_page(web) == 200  # a bystander's page is served meanwhile ...
        player = await RawClient.connect(web.server.telnet_port)  # ... and a telnet login
        assert "Welcome" in await player.login("alice", "pw1234")
        # past the cap per address, refused at once; the rest cut off once their headers are late
        assert await closed_by_server(held, within=25) == len(held)
        assert await bystander_page(web) == 200
        player.close()
        for _r, writer in held:
            writer.close()
    finally:
        said = web.close()
    assert "Traceback" not in said


async def test_ssh_connections_count_from_their_accept_and_a_handshake_not_begun_is_cut_off():
    """Finding 6, SSH: 32 connections from one address were held until the 60 s login timeout."""
    with tempfile.TemporaryDirectory() as data:
        server = ServerProcess(data, "--cap-loopback", ssh=True).start()
        try:
            held = []
            for _ in range(32):
                reader, writer = await asyncio.open_connection("127.0.0.1", server.ssh_port, local_addr=("127.0.0.2", 0))
                held.append((reader, writer))
            conn = await asyncio.wait_for(connect(server.ssh_port, "alice", "pw1234"), 20)
            conn.close()  # logged in: a bystander from another address is let in meanwhile
            assert await closed_by_server(held, within=25) == 32
        finally:
            said = server.stop()
        assert "Traceback" not in said


class Starved(ServerProcess):
    """`mud serve` allowed only ``files`` open descriptors (``ulimit -n``)."""

    def __init__(self, data: str, files: int, *extra: str):
        super().__init__(data, *extra)
        self.files = files

    def start(self) -> "Starved":
        def low_ulimit() -> None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (self.files, self.files))
        cmd = [sys.executable, "-m", "mud.cli", "serve", "--data", self.data, "--telnet-port",
               str(self.telnet_port), "--ssh-port", "-1", *self.extra]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stderr=subprocess.PIPE, text=True, preexec_fn=low_ulimit)
        line = self.proc.stderr.readline()
        if "listening" not in line:
            raise RuntimeError(f"mud serve did not start: {line}{self.proc.stderr.read()}")
        return self


async def test_out_of_descriptors_new_connections_are_refused_politely_and_the_held_ones_served():
    """Finding 10: with ulimit -n 1024 a flood used every descriptor; telnet got no Name: prompt, the
    web stopped answering, and stderr filled with 105 MB of "Too many open files" in 70 s."""
    with tempfile.TemporaryDirectory() as data:
        web_port = free_port()
        server = Starved(data, 256, "--web-port", str(web_port)).start()
        try:
            player = await RawClient.connect(server.telnet_port)
            assert "Welcome" in await player.login("alice", "pw1234")
            flood = await half_sent(web_port, "127.0.0.1", 400)  # loopback: no per-address cap
            late = await RawClient.connect(server.telnet_port)  # refused in words, not left hanging
            assert "The server is full" in await late.expect(r"try again", timeout=10)
            assert "alice" in await player.command("who")  # the one already in is served
            for _r, writer in flood:
                writer.close()
            await asyncio.sleep(1.0)
            again = await RawClient.connect(server.telnet_port)  # and once the flood is gone, come in
            assert "Welcome" in await again.login("bob", "pw1234")
            player.close(), again.close(), late.close()
        finally:
            said = server.stop()
        log = open(os.path.join(data, "server.log"), encoding="utf-8").read()
    assert log.count("descriptors state=full") == 1 and "descriptors state=ok" in log
    assert "Too many open files" not in said and "Traceback" not in said and "Traceback" not in log
