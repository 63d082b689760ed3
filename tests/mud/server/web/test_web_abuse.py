"""Issue 42 on the web port, over raw HTTP: an over-long name is refused as telnet refuses it
(finding 13); plain HTTP beyond loopback is said on the console, not only in server.log (finding 15)."""

from __future__ import annotations

import os
import subprocess
import sys

import aiohttp
import pytest

from mud.server.clients.lines import Limits
from mud.server.core import Config, Server
from tests.net_clients import ROOT, free_port
from tests.mud.server.web.test_web import origin, url


@pytest.fixture
async def served(tmp_path):
    srv = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=None, web_port=0, data_dir=str(tmp_path),
                        limits=Limits(trust_loopback=False)))
    await srv.start()
    yield srv
    await srv.stop()


async def test_an_over_long_name_on_the_form_is_refused_not_cut(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        for name in ("a" * 5000, "a" * 17, "alice" + "x" * 20):
            form = {"name": name, "password": "pw1234", "again": "pw1234"}
            answer = await http.post(url(served, "/login"), data=form, headers=origin(served), allow_redirects=False)
            page = await answer.text()
            assert answer.status == 400 and "A name is 2-16 letters" in page, name[:20]
            assert "a" * 17 not in page  # what is shown again is no page of the attacker's
        assert not served.account_exists("a" * 16) and not served.account_exists("alicexxxxxxxxxxx")
        assert served.store.account("a" * 16) is None


def test_plain_http_beyond_loopback_is_said_on_the_console(tmp_path):
    cmd = [sys.executable, "-m", "mud.cli", "serve", "--data", str(tmp_path), "--host", "0.0.0.0",
           "--telnet-port", "-1", "--ssh-port", "-1", "--web-port", str(free_port())]
    proc = subprocess.Popen(cmd, cwd=ROOT, stderr=subprocess.PIPE, text=True, env=os.environ.copy())
    try:
        first = proc.stderr.readline()
    finally:
        proc.terminate()
        rest = proc.stderr.read()
        proc.wait(20)
    assert "listening" in first, first + rest
    warning = next((line for line in rest.splitlines() if "plain HTTP" in line), "")
    assert "--web-cert" in warning and rest.index(warning) < rest.index("stopped"), rest
