"""The log an operator reads (issue 40, item 20): one line for each login and logout on every
surface -- telnet, SSH and the web --, each dropped connection, each match's start and end, all in
one format; and ``mud serve --log-format json``, one JSON object a line, for log shippers.

A real ``mud serve`` in its own process: alice plays over telnet (a new account, a match of Quest
with two bots, which she leaves to them: they play it to its end), bob over SSH (``ssh -T``), carol
in a browser (the web's login form, then the page's WebSocket, which she closes: a drop)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sys
import time

import aiohttp
import asyncssh
import pytest

from mud.ops import oplog
from mud.server.telnet import front as telnet
from mud.server.core import Config, Server
from mud.server.upkeep.files import JsonFormatter
from tests.net_clients import RawClient, ServerProcess, free_port, ssh_enter
from tests.telnet_clients import Client, log_in

PASSWORD = "secret1"


async def in_the_log(path: str, pattern: str, timeout: float = 60.0) -> str:
    """Wait until a line of the log matches ``pattern``; the log's text."""
    end = time.monotonic() + timeout
    while True:
        text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        if re.search(pattern, text):
            return text
        if time.monotonic() > end:
            raise AssertionError(f"no {pattern!r} in the log:\n{text[-3000:]}")
        await asyncio.sleep(0.1)


async def an_evening(server: ServerProcess, web_port: int, log: str) -> None:
    """alice (telnet), bob (ssh -T) and carol (a browser) come and go; alice's match ends."""
    alice = await RawClient.connect(server.telnet_port)
    await alice.login("alice")
    for line in ("n", "sit"):
        await alice.command(line)
    await alice.command("start bots=2 seed=1 rules=basic", r"\(your turn\) > ")
    await alice.command("leave")  # a bot takes her seat; the bots play the match to its end
    await in_the_log(log, r"match_end")
    await alice.command("quit", r"Goodbye")

    conn = await asyncssh.connect("127.0.0.1", server.ssh_port, username="bob", password=PASSWORD,
                                  known_hosts=None, client_keys=None, agent_path=None)
    proc = await conn.create_process(term_type=None)
    await ssh_enter(proc)
    proc.stdin.write("quit\n")
    await asyncio.wait_for(proc.stdout.read(), 10)
    conn.close()

    base = f"http://127.0.0.1:{web_port}"
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        form = {"name": "carol", "password": PASSWORD, "again": PASSWORD}
        async with http.post(f"{base}/login", data=form, headers={"Origin": base}, allow_redirects=False) as made:
            assert made.status in (302, 303)
        async with http.get(f"{base}/play") as page:
            ticket = re.search(r'/ws/([\w-]+)"', await page.text()).group(1)
        socket = await http.ws_connect(f"{base}/ws/{ticket}", headers={"Origin": base})
        await asyncio.wait_for(socket.receive(), 10)  # the first frame: she is in
        await in_the_log(log, r"login\W.*carol")
        await socket.close()  # the tab closed: a dropped connection
    await in_the_log(log, r"logout\W.*carol")


@pytest.fixture
async def evening(tmp_path, request):
    """The evening's log, in the format asked for."""
    data, web_port = str(tmp_path / "data"), free_port()
    server = ServerProcess(data, "--web-port", str(web_port), "--tui-workers", "0", "--log-format", request.param,
                           ssh=True).start()
    log = os.path.join(data, "server.log")
    try:
        await an_evening(server, web_port, log)
    finally:
        server.stop()
    return open(log, encoding="utf-8").read()


def event_lines(text: str) -> list[str]:
    """The operator's events of a text log: what follows "INFO questmud.xxx: "."""
    return [line.split(": ", 1)[1] for line in text.splitlines()
            if " INFO questmud." in line and line.split(": ", 1)[1].split(" ")[0] in oplog.EVENTS]


@pytest.mark.parametrize("evening", ["text"], indirect=True)
async def test_every_login_logout_drop_and_match_is_one_line_in_one_format(evening):
    lines = event_lines(evening)
    expected = [
        r"account player=alice surface=telnet address=127\.0\.0\.1",
        r"login player=alice surface=telnet address=127\.0\.0\.1 .*colour=",
        r"match_start match=1 game=quest table=1 players=alice bots=2",
        r"takeover match=1 game=quest table=1 player=alice why=left",
        r"match_end match=1 game=quest table=1 moves=\d+ winners=\S+",
        r"logout player=alice surface=telnet address=127\.0\.0\.1 cause=quit seconds=\d+",
        r"account player=bob surface=ssh address=127\.0\.0\.1",
        r'login player=bob surface=ssh address=127\.0\.0\.1 term="none \(ssh -T\)"',
        r"logout player=bob surface=ssh address=127\.0\.0\.1 cause=quit seconds=\d+",
        r"account player=carol surface=web address=127\.0\.0\.1",
        r"login player=carol surface=web address=127\.0\.0\.1",
        r"logout player=carol surface=web address=127\.0\.0\.1 cause=drop seconds=\d+",
    ]
    at = 0
    for pattern in expected:  # each once, in the order they happened
        found = [i for i, line in enumerate(lines) if re.fullmatch(pattern + ".*", line)]
        assert len(found) == 1, (pattern, lines)
        assert found[0] >= at, (pattern, lines)
        at = found[0]
    assert not any("logged in over" in line or "idle for" in line for line in evening.splitlines())


@pytest.mark.parametrize("evening", ["json"], indirect=True)
async def test_the_json_log_is_one_object_a_line_with_the_events_fields(evening):
    records = [json.loads(line) for line in evening.splitlines()]  # every line one JSON object
    assert all({"time", "level", "logger", "event", "fields", "message"} <= set(r) for r in records)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", r["time"]) for r in records)
    events = [(r["event"], r["fields"]) for r in records if r["event"] != "log"]

    def one(event: str, **fields) -> dict:
        found = [f for e, f in events if e == event and all(f.get(k) == v for k, v in fields.items())]
        assert len(found) == 1, (event, fields, events)
        return found[0]

    for name, surface in (("alice", "telnet"), ("bob", "ssh"), ("carol", "web")):
        one("account", player=name, surface=surface, address="127.0.0.1")
        one("login", player=name, surface=surface, address="127.0.0.1")
    assert isinstance(one("login", player="alice")["colour"], bool)  # values keep their JSON types
    assert one("logout", player="alice")["cause"] == "quit"
    assert one("logout", player="bob")["cause"] == "quit"
    assert one("logout", player="carol")["cause"] == "drop"
    assert isinstance(one("logout", player="carol")["seconds"], int)
    assert one("match_start", game="quest", table=1) == {"match": 1, "game": "quest", "table": 1,
                                                         "players": ["alice"], "bots": 2}
    end = one("match_end", game="quest", match=1)
    assert end["moves"] > 0 and isinstance(end["winners"], list) and end["winners"]
    one("takeover", player="alice", why="left")
    started = next(r for r in records if r["event"] == "log" and "listening" in r["message"])
    assert started["level"] == "INFO" and started["fields"] == {}  # a plain line: event "log", no fields


def test_a_field_a_client_chose_cannot_forge_a_line_or_reach_a_terminal():
    record = logging.LogRecord("questmud.telnet", logging.INFO, __file__, 1, "%s", None, None)
    forged = "xterm\n2026-11-24 08:00:00,000 INFO questmud.server: account admin\x1b]0;pwned\x07" + "x" * 500
    fields = {"player": "alice", "term": forged}
    caught: list = []

    class Keep(logging.Handler):
        def emit(self, record):
            caught.append(record)
    logger = logging.getLogger("questmud.test.oplog")
    logger.addHandler(Keep())
    logger.setLevel(logging.INFO)
    oplog.note(logger, "login", None, **fields)
    record = caught[0]
    text = record.getMessage()
    assert "\n" not in text and "\x1b" not in text and len(text) < 200
    assert text.startswith('login player=alice term="xterm\\n2026')  # quoted, escaped, cut
    shown = JsonFormatter().format(record)
    assert "\n" not in shown and "\x1b" not in shown and json.loads(shown)["fields"]["term"].startswith("xterm\n")


async def test_a_second_login_and_the_shutdown_say_why_a_session_ended(tmp_path, caplog, monkeypatch):
    monkeypatch.setattr(telnet, "NEGOTIATE_WAIT", 0.3)
    caplog.set_level(logging.INFO, logger="questmud")
    server = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=0, data_dir=str(tmp_path)))
    await server.start()
    try:
        first = await Client.connect(server.ports["telnet"])
        await log_in(first, "dana")
        second = await Client.connect(server.ports["telnet"])
        await log_in(second, "dana", new=False)  # the same name from elsewhere: the first session ends
        assert await first.closed()
    finally:
        await server.stop()
    logged = [r.getMessage() for r in caplog.records if getattr(r, "event", "") == "logout"]
    assert [re.search(r"cause=(\w+)", line).group(1) for line in logged] == ["elsewhere", "shutdown"], logged


@pytest.mark.parametrize("form", ["text", "json"])
async def test_the_log_says_when_the_server_started_and_why_it_stopped(tmp_path, form):
    """server_start (version, ports, data folder, node) and server_stop (the signal, how many
    sessions it ended): the log's last lines are no longer a logout with nothing after it."""
    data = str(tmp_path / "data")
    server = ServerProcess(data, "--log-format", form, "--node", "north").start()
    log = os.path.join(data, "server.log")
    alice = await RawClient.connect(server.telnet_port)
    await alice.login("alice")
    await in_the_log(log, r"login\W.*alice")
    said = server.stop()
    assert "mud serve: stopped (SIGTERM); 1 session(s) ended; every match is saved." in said, said
    text = open(log, encoding="utf-8").read()
    if form == "json":
        records = [json.loads(line) for line in text.splitlines()]
        events = [(r["event"], r["fields"]) for r in records if r["event"] != "log"]
    else:
        events = [(line.split(" ", 1)[0], line) for line in
                  (line.split(": ", 1)[1] for line in text.splitlines() if " INFO questmud." in line)
                  if line.split(" ", 1)[0] in oplog.LOGGED]
    names = [e for e, _ in events]
    assert names[0] == "server_start" and names[-1] == "server_stop", names
    assert names.index("logout") < names.index("server_stop")
    start, stop = events[0][1], events[-1][1]
    if form == "json":
        assert start["telnet"] == server.telnet_port and start["data"] == data and start["node"] == "north"
        assert start["version"] and "ssh" not in start  # (no SSH listener asked for)
        assert stop == {"reason": "SIGTERM", "sessions": 1}
    else:
        assert re.fullmatch(rf"server_start version=\S+ node=north host=127\.0\.0\.1 telnet={server.telnet_port} "
                            rf"data={re.escape(data)}", start), start
        assert stop == "server_stop reason=SIGTERM sessions=1"


@pytest.mark.parametrize("form", ["text", "json"])
async def test_a_refused_login_is_a_line_in_the_logs_format(tmp_path, form, caplog):
    """A banned name turned away (issue 40, round three): ``refused what=login ...``, key=value in
    the text log, an event with its fields in the JSON one -- not a sentence of its own."""
    from mud.store import moderation as modstore
    from mud.server.upkeep.files import FORMAT, SafeFormatter
    caplog.set_level(logging.INFO, logger="questmud")
    server = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=0, data_dir=str(tmp_path)))
    await server.start()
    try:
        assert (await server.login("eve", PASSWORD, "127.0.0.1"))[0]
        modstore.ban(server.store, "name", "eve", None, "admin", "spam")
        ok, said = await server.login("eve", PASSWORD, "127.0.0.1")
        assert not ok and "banned" in str(said).lower()
    finally:
        await server.stop()
    caught = caplog.records
    record = next(r for r in caught if getattr(r, "event", "") == "refused")
    if form == "text":
        line = SafeFormatter(FORMAT).format(record).split(": ", 1)[1]
        assert line == "refused what=login player=eve address=127.0.0.1 why=banned ban=name:eve", line
    else:
        shown = json.loads(JsonFormatter().format(record))
        assert shown["event"] == "refused"
        assert shown["fields"] == {"what": "login", "player": "eve", "address": "127.0.0.1", "why": "banned",
                                   "ban": "name:eve"}
    assert not [r for r in caught if r.getMessage().startswith("refused ") and not hasattr(r, "event")]


@pytest.mark.parametrize("form", ["text", "json"])
async def test_mud_admin_writes_its_act_in_the_running_servers_log(tmp_path, form):
    """``mud admin grant`` (another process, the server running) appends its act to server.log, in
    the format the server writes it in; the server's own lines go on after it."""
    data = str(tmp_path / "data")
    server = ServerProcess(data, "--log-format", form).start()
    log = os.path.join(data, "server.log")
    try:
        alice = await RawClient.connect(server.telnet_port)
        await alice.login("alice")
        await in_the_log(log, r"login\W.*alice")
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "mud.cli", "admin", "--data", data, "grant", "alice", "moderator",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(proc.communicate(), 30)
        assert proc.returncode == 0 and b"alice is now a moderator." in out, err
    finally:
        server.stop()
    lines = open(log, encoding="utf-8").read().splitlines()
    if form == "json":
        records = [json.loads(line) for line in lines]  # every line one object, the admin's too
        events = [r["event"] for r in records]
        act = records[events.index("moderation")]
        assert act["logger"] == "questmud.moderation" and act["level"] == "INFO"
        assert act["fields"]["act"] == "grant" and act["fields"]["whom"] == "alice"
        assert act["fields"]["why"] == "moderator" and act["fields"]["by"].startswith("admin")
    else:
        events = [line.split(": ", 1)[1].split(" ")[0] for line in lines if ": " in line]
        act = next(line for line in lines if " questmud.moderation: " in line)
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO questmud.moderation: "
                            r"moderation act=grant by=admin\S* whom=alice why=moderator", act), act
    assert events.index("login") < events.index("moderation") < events.index("server_stop")
