"""``mud serve --metrics-port``: a real server, real telnet players, scraped over HTTP in the
Prometheus text format -- sessions by surface, commands and their latency, matches running by game,
store writes, refused logins by reason, logged errors; logins, accounts and disconnects, matches
started and finished, turn timeouts, bot takeovers and moderation acts (issue 40, item 19), every
counter at 0 from the first scrape; one registry per server; loopback by default."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time

import aiohttp
import asyncssh
import pytest
from prometheus_client.parser import text_string_to_metric_families

import games
from mud.cli import args as cli_args
from mud.ops import oplog
from mud.store import moderation as modstore
from mud.server import metrics
from mud.server.telnet import front as telnet
from mud.server.core import Config, Server
from mud.server.clients.lines import Limits
from mud.world import session as world_session
from tests.mud.server.test_hardening import full_disk
from tests.mud.store.test_power_cut import CommitFails
from tests.telnet_clients import Client, Raw, log_in
from tests.net_clients import ssh_enter


@pytest.fixture(autouse=True)
def quick_negotiation(monkeypatch):
    monkeypatch.setattr(telnet, "NEGOTIATE_WAIT", 0.3)


@pytest.fixture
async def start(tmp_path):
    servers = []

    async def make(metrics_port: int | None = 0, folder: str = "data", ssh: bool = False, web: bool = False,
                   **limits) -> Server:
        config = Config(host="127.0.0.1", ssh_port=0 if ssh else None, telnet_port=0, data_dir=str(tmp_path / folder),
                        web_port=0 if web else None,
                        limits=Limits(**limits), metrics_port=metrics_port)
        server = Server(config)
        await server.start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        if server.store is not None:
            await server.stop()


async def scrape(server: Server, path: str = "/metrics") -> tuple[int, str, str]:
    host, port = server.metrics.address
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://{host}:{port}{path}") as reply:
            return reply.status, reply.headers.get("Content-Type", ""), await reply.text()


async def samples(server: Server) -> dict[tuple[str, tuple], float]:
    """Every sample of one scrape: (name, sorted labels) -> value."""
    status, kind, text = await scrape(server)
    assert status == 200 and kind.startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(got: dict, name: str, **labels) -> float:
    return got.get((name, tuple(sorted(labels.items()))), 0.0)


async def until(check, timeout: float = 5.0) -> None:
    """Scrapes are taken when the server has done what the client just saw answered."""
    for _ in range(int(timeout / 0.05)):
        if await check():
            return
        await asyncio.sleep(0.05)
    assert await check()


# --- the numbers move ---------------------------------------------------------------------------------
async def test_commands_sessions_and_store_writes_move_as_a_telnet_player_plays(start):
    server = await start()
    before = await samples(server)
    assert value(before, "questmud_sessions", surface="telnet") == 0
    assert value(before, "questmud_commands_total", surface="telnet") == 0
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "alice")  # the account is written to the store
    got = await samples(server)
    assert value(got, "questmud_sessions", surface="telnet") == 1
    assert value(got, "questmud_store_write_seconds_count") > value(before, "questmud_store_write_seconds_count")
    assert value(got, "questmud_store_commit_seconds_count") > value(before, "questmud_store_commit_seconds_count")
    for line in ("look", "who", "say hello", "frobnicate"):
        a.send(line)
        await a.expect("> ")
    got = await samples(server)
    assert value(got, "questmud_commands_total", surface="telnet") == 4  # an unknown command is a command too
    assert value(got, "questmud_command_seconds_count") == 4
    assert 0 < value(got, "questmud_command_seconds_sum") < 4
    assert value(got, "questmud_command_seconds_bucket", le="+Inf") == 4
    a.send("quit")
    await a.closed()

    async def gone():
        return value(await samples(server), "questmud_sessions", surface="telnet") == 0
    await until(gone)


async def test_a_match_started_over_telnet_is_running_and_its_moves_are_timed_writes(start):
    server = await start()
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "alice")
    a.send("n")
    await a.expect("> ")
    a.send("sit")
    await a.expect("> ")
    before = await samples(server)
    assert value(before, "questmud_matches_running", game="quest") == 0
    a.send("start bots=3 seed=1 rules=basic")
    await a.expect("(your turn) > ")
    got = await samples(server)
    assert value(got, "questmud_matches_running", game="quest") == 1
    assert value(got, "questmud_matches_running", game="tenx") == 0
    writes = value(got, "questmud_store_write_seconds_count")
    a.send("pass")  # the bots answer: every move is a committed write
    await a.expect("(your turn) > ")
    assert value(await samples(server), "questmud_store_write_seconds_count") >= writes + 4


async def test_refused_logins_are_counted_by_reason(start):
    server = await start(login_attempts=2)
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "alice")
    a.send("quit")
    await a.closed()
    b = await Raw.connect(server.ports["telnet"])
    for answer in ("Wrong password.", "Wrong password.", "wait a minute"):  # the third try is not checked
        await b.expect("Name: ")
        b.send("alice")
        await b.expect("Password: ")
        b.send("wrong")
        await b.expect(answer)
    got = await samples(server)
    assert value(got, "questmud_refused_logins_total", reason="password") == 2
    assert value(got, "questmud_refused_logins_total", reason="throttled") == 1


def test_refusals_are_read_by_their_reason():
    assert metrics.refusal_reason("Wrong password.") == "password"
    assert metrics.refusal_reason("A name is 2-16 letters, digits, - or _, starting with a letter.") == "name"
    assert metrics.refusal_reason("The name 'bot1' is reserved; choose another.") == "name"
    assert metrics.refusal_reason("Too many new accounts from your address this hour; try again later.") \
        == "accounts_per_hour"
    assert metrics.refusal_reason("You are banned until 2026-12-01 10:00 UTC.") == "banned"
    assert metrics.refusal_reason("Something nobody foresaw.") == "other"


async def test_a_logged_exception_is_an_error(start, monkeypatch):
    server = await start()
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "alice")

    def broken(*_args, **_kw):
        raise RuntimeError("a bug in the parser")
    monkeypatch.setattr(world_session.parser, "parse", broken)
    a.send("look")
    assert "it was logged" in await a.expect("> ")  # the player loses one command, the server counts it
    got = await samples(server)
    assert value(got, "questmud_errors_total", logger="questmud.session") == 1
    logging.getLogger("questmud.test").warning("a warning is no error")
    assert value(await samples(server), "questmud_errors_total", logger="questmud.test") == 0


async def test_ssh_lines_are_counted_under_their_own_surface(start):
    server = await start(ssh=True)
    conn = await asyncssh.connect("127.0.0.1", server.ports["ssh"], username="dave", password="secret1",
                                  known_hosts=None, client_keys=None, agent_path=None)
    proc = await conn.create_process(term_type=None)  # ssh -T: the line interface
    await ssh_enter(proc)
    for line in ("look", "who"):
        proc.stdin.write(line + "\n")
        await asyncio.wait_for(proc.stdout.readuntil("> "), 8)
    got = await samples(server)
    assert value(got, "questmud_sessions", surface="ssh") == 1
    assert value(got, "questmud_sessions", surface="telnet") == 0
    assert value(got, "questmud_commands_total", surface="ssh") == 2
    assert value(got, "questmud_commands_total", surface="telnet") == 0
    conn.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", server.ports["ssh"], username="dave", password="wrong",
                               known_hosts=None, client_keys=None, agent_path=None)
    assert value(await samples(server), "questmud_refused_logins_total", reason="password") >= 1


async def test_a_browser_session_and_a_full_world_are_counted(start):
    server = await start(web=True)
    web = f"http://127.0.0.1:{server.ports['web']}"
    origin = {"Origin": web}
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        form = {"name": "erin", "password": "pw1234", "again": "pw1234"}
        await http.post(f"{web}/login", data=form, headers=origin, allow_redirects=False)

        async def play():
            async with http.get(f"{web}/play") as page:
                ticket = re.search(r'/ws/([\w-]+)"', await page.text()).group(1)
            return await http.ws_connect(f"{web}/ws/{ticket}", headers=origin)
        socket = await play()
        await asyncio.wait_for(socket.receive(), 10)
        await socket.send_str(json.dumps(["stdin", "who\r"]))

        async def ran():
            return value(await samples(server), "questmud_commands_total", surface="web") == 1
        await until(ran)  # typed in the browser's TUI: the same handle, counted under its surface
        assert value(await samples(server), "questmud_sessions", surface="web") == 1
        await socket.close()

        async def closed():
            return not server.sessions
        await until(closed)
        server.limits.max_sessions = 0
        socket = await play()
        assert b"The world is full" in (await asyncio.wait_for(socket.receive(), 10)).data
        await socket.close()
    assert value(await samples(server), "questmud_refused_logins_total", reason="full") == 1


# --- what an operator alerts on (issue 40, item 19) ----------------------------------------------------
async def test_every_counter_is_there_at_zero_from_the_first_scrape_with_each_label_it_may_have(start):
    """A series that appears with its first event hides that event from increase(): the first error,
    the first ban, the first dropped player must each be a step from 0."""
    server = await start(ssh=True, web=True)
    got = await samples(server)

    def zero(name: str, **labels) -> bool:
        return got.get((name, tuple(sorted(labels.items())))) == 0.0

    for logger in ("questmud.server", "questmud.telnet", "questmud.ssh", "questmud.web", "questmud.world",
                   "questmud.session", "questmud.store", "questmud.moderation"):
        assert zero("questmud_errors_total", logger=logger), logger
    for reason in ("password", "throttled", "banned", "full", "store", "other"):
        assert zero("questmud_refused_logins_total", reason=reason), reason
    for surface in ("ssh", "telnet", "web"):
        assert zero("questmud_logins_total", surface=surface)
        assert zero("questmud_accounts_created_total", surface=surface)
    for cause in oplog.CAUSES:
        assert zero("questmud_disconnects_total", cause=cause), cause
    for game in games.CATALOGUE:
        for name in ("questmud_matches_started_total", "questmud_matches_finished_total",
                     "questmud_turn_timeouts_total", "questmud_matches_running"):
            assert zero(name, game=game), (name, game)
        for why in oplog.TAKEOVERS:
            assert zero("questmud_bot_takeovers_total", game=game, why=why)
    for act in ("kick", "ban", "ban_address", "unban", "mute", "unmute", "announce", "grant", "revoke"):
        assert zero("questmud_moderation_acts_total", act=act), act
    assert zero("questmud_store_failures_total", op="write") and zero("questmud_store_failures_total", op="commit")
    assert zero("questmud_store_failing")
    assert value(got, "questmud_sessions_max") == 1000
    build = [labels for (name, labels) in got if name == "questmud_build_info"]
    assert len(build) == 1 and dict(build[0])["version"] and got[("questmud_build_info", build[0])] == 1


async def test_logins_accounts_and_disconnects_are_counted_by_surface_and_cause(start):
    server = await start(ssh=True)
    ann = await Client.connect(server.ports["telnet"])
    await log_in(ann, "ann")  # a new account over telnet
    ann.send("quit")
    await ann.closed()
    ann = await Client.connect(server.ports["telnet"])
    await log_in(ann, "ann", new=False)
    ann.close()  # the connection drops
    conn = await asyncssh.connect("127.0.0.1", server.ports["ssh"], username="bob", password="pw1234",
                                  known_hosts=None, client_keys=None, agent_path=None)
    proc = await conn.create_process(term_type=None)
    await ssh_enter(proc)
    modstore.grant(server.store, "bob", "moderator", "test")
    cid = await Client.connect(server.ports["telnet"])
    await log_in(cid, "cid")
    proc.stdin.write("kick cid\n")
    await asyncio.wait_for(proc.stdout.readuntil("kicked out"), 8)
    assert await cid.closed()
    server.limits.idle_timeout = 60.0
    server._close_idle(now=time.monotonic() + 3600)  # bob typed nothing for an hour

    async def counted():
        got = await samples(server)
        return value(got, "questmud_disconnects_total", cause="idle") == 1 and not server.sessions
    await until(counted)
    conn.close()
    got = await samples(server)
    assert value(got, "questmud_accounts_created_total", surface="telnet") == 2  # ann, cid
    assert value(got, "questmud_accounts_created_total", surface="ssh") == 1  # bob
    assert value(got, "questmud_logins_total", surface="telnet") == 3
    assert value(got, "questmud_logins_total", surface="ssh") == 1
    assert value(got, "questmud_disconnects_total", cause="quit") == 1
    assert value(got, "questmud_disconnects_total", cause="drop") == 1
    assert value(got, "questmud_disconnects_total", cause="kick") == 1
    assert value(got, "questmud_moderation_acts_total", act="kick") == 1
    assert value(got, "questmud_moderation_acts_total", act="grant") == 1


async def test_matches_started_and_finished_turn_timeouts_and_takeovers_are_counted_by_game(start):
    server = await start()
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "alice")
    for line in ("n", "sit"):
        a.send(line)
        await a.expect("> ")
    a.send("start bots=2 seed=1 rules=basic")
    await a.expect("(your turn) > ")
    server.world.tick(now=time.monotonic() + 10 * 3600)  # alice's time is up: a bot plays her turn
    got = await samples(server)
    assert value(got, "questmud_matches_started_total", game="quest") == 1
    assert value(got, "questmud_turn_timeouts_total", game="quest") >= 1
    assert value(got, "questmud_matches_finished_total", game="quest") == 0
    a.send("leave")  # a bot takes her seat, and the bots play the match to its end

    async def over():
        return value(await samples(server), "questmud_matches_finished_total", game="quest") == 1
    await until(over, timeout=60)
    got = await samples(server)
    assert value(got, "questmud_bot_takeovers_total", game="quest", why="left") == 1
    assert value(got, "questmud_matches_running", game="quest") == 0


async def test_a_store_that_cannot_write_or_commit_is_seen(start):
    server = await start()
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "alice")
    disk = full_disk(server.store)
    disk.full = True
    a.send("n")  # the room a player stands in is written to their account: refused by the full disk
    await a.expect("> ")
    disk.full = False
    got = await samples(server)
    assert value(got, "questmud_store_failures_total", op="write") >= 1
    assert value(got, "questmud_store_failing") == 0  # nothing held: the write was refused at once
    server.store.db = commits = CommitFails(server.store.db)
    commits.full = True
    a.send("s")  # written, but its commit fails: the answer is held until the disk has room

    async def held():
        got = await samples(server)
        return value(got, "questmud_store_failing") == 1 and value(got, "questmud_store_failures_total", op="commit")
    await until(held)
    commits.full = False

    async def again():
        return value(await samples(server), "questmud_store_failing") == 0
    await until(again, timeout=10)


# --- the port -----------------------------------------------------------------------------------------
async def test_each_server_has_its_own_registry(start):
    one = await start(folder="one")
    two = await start(folder="two")
    a = await Client.connect(one.ports["telnet"])
    await log_in(a, "alice")
    a.send("look")
    await a.expect("> ")
    assert value(await samples(one), "questmud_commands_total", surface="telnet") == 1
    assert value(await samples(two), "questmud_commands_total", surface="telnet") == 0
    assert value(await samples(two), "questmud_sessions", surface="telnet") == 0


async def test_the_metrics_port_is_loopback_and_answers_only_get_metrics(start):
    server = await start()
    host, port = server.metrics.address
    assert host == "127.0.0.1" and port > 0
    status, _kind, text = await scrape(server, "/")
    assert status == 404
    async with aiohttp.ClientSession() as http:
        async with http.post(f"http://{host}:{port}/metrics", data=b"x" * 1000) as reply:
            assert reply.status == 405
    raw = await Raw.connect(port)  # bytes that are no HTTP at all: one answer, then the door closes
    raw.send(b"\xff\xfe\x00garbage\r\n\r\n")
    assert await raw.closed()
    assert b"400" in raw.data.split(b"\r\n")[0]
    status, _kind, text = await scrape(server)
    assert status == 200 and "questmud_sessions" in text


async def test_without_a_metrics_port_nothing_listens_and_nothing_is_counted(start):
    server = await start(metrics_port=None)
    assert server.metrics.address is None
    a = await Client.connect(server.ports["telnet"])
    await log_in(a, "alice")
    a.send("look")
    assert "Crossroads" in await a.expect("> ")


def test_mud_serve_puts_metrics_on_loopback_unless_told():
    parser = cli_args.build_parser()
    args = parser.parse_args(["serve", "--host", "0.0.0.0", "--metrics-port", "9100"])
    assert (args.metrics_port, args.metrics_host) == (9100, "127.0.0.1")
    args = parser.parse_args(["serve", "--metrics-port", "9100", "--metrics-host", "10.0.0.5"])
    assert args.metrics_host == "10.0.0.5"
    assert parser.parse_args(["serve"]).metrics_port is None


def test_a_timing_counts_a_value_in_every_bucket_at_or_above_it():
    timing = metrics.Timing((0.001, 0.01, 0.1))
    for seconds in (0.0005, 0.001, 0.05, 3.0):  # 0.001 is "le 0.001": on the bound counts
        timing.observe(seconds)
    family = timing.family("t_seconds", "test")
    got = {s.labels["le"]: s.value for s in family.samples if s.name == "t_seconds_bucket"}
    assert got == {"0.001": 2, "0.01": 2, "0.1": 3, "+Inf": 4}
    assert {s.name: s.value for s in family.samples}["t_seconds_count"] == 4
    assert abs({s.name: s.value for s in family.samples}["t_seconds_sum"] - 3.0515) < 1e-9


@pytest.mark.parametrize("port", ["70000", "-1", "nine"])
def test_a_metrics_port_out_of_range_is_one_line_of_usage(port, capsys):
    with pytest.raises(SystemExit) as ended:
        cli_args.build_parser().parse_args(["serve", "--metrics-port", port])
    assert ended.value.code == 2
    assert "a port is a number from 0 to 65535" in capsys.readouterr().err
