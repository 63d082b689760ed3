"""Failed passwords against a real server's login (issue 28, "Accounts"): they slow down per account
and per address, an attacker failing from one address cannot stop the owner logging in from another
(at most slowed, by a bounded amount, when many addresses attack at once), a burst of tries in
parallel counts as the same tries in a row, and the log records every failure -- never a password."""

from __future__ import annotations

import asyncio
import logging
import time

import aiohttp
import pytest

from mud.server.core import Config, Server
from mud.server.clients.lines import Limits
from mud.server.logins import TOO_MANY_FAILURES, WRONG_PASSWORD
from tests.mud.server.web.test_web import log_in, served, url  # noqa: F401 (served: a fixture)
from tests.net_clients import RawClient

WRONG = WRONG_PASSWORD  # the messages (issue 43): each surface words them for its reader
REFUSED = TOO_MANY_FAILURES


@pytest.fixture
async def gate(tmp_path):
    """A started server (no listeners: its login is what every surface calls) with alice and bob."""
    server = Server(Config(ssh_port=None, telnet_port=None, data_dir=str(tmp_path),
                           limits=Limits(login_attempts=5, address_attempts=20, login_delay_max=0.2)))
    await server.start()
    for name in ("alice", "bob"):
        assert (await server.login(name, "right-pw", "192.0.2.1"))[0]
    yield server
    await server.stop()


async def test_an_attacker_at_one_address_does_not_stop_the_owner_at_another(gate):
    answers = [(await gate.login("alice", f"guess{i}", "10.0.0.9"))[1] for i in range(40)]
    assert answers[:5] == [WRONG] * 5 and set(answers[5:]) == {REFUSED}  # checked 5 times, then refused
    assert (await gate.login("alice", "right-pw", "10.0.0.9")) == (False, REFUSED)  # even right, from there
    began = time.monotonic()
    assert await gate.login("alice", "right-pw", "198.51.100.7") == (True, "")  # the owner, from home
    assert time.monotonic() - began < 0.4  # and not slowed: one address never slows an account
    assert (await gate.login("bob", "right-pw", "10.0.0.9"))[0]  # others behind that address are let in


async def test_a_burst_of_tries_in_parallel_counts_as_the_same_tries_in_a_row(gate):
    answers = await asyncio.gather(*(gate.login("alice", f"guess{i}", "10.0.0.9") for i in range(20)))
    assert [m for _, m in answers].count(WRONG) == 5  # no more passwords checked than one at a time
    assert [m for _, m in answers].count(REFUSED) == 15
    assert not gate.checking  # nothing left behind


async def test_many_addresses_at_once_slow_the_account_a_bounded_amount_never_lock_it(gate):
    for i in range(6):  # a botnet: 6 addresses, 2 failures each, 12 on the account this minute
        for _ in range(2):
            assert (await gate.login("alice", "guess", f"10.1.0.{i}"))[1] == WRONG
    assert gate.guard.delay("alice") == 0.2  # 3 s, capped by login_delay_max (10 s by default)
    began = time.monotonic()
    assert await gate.login("alice", "right-pw", "198.51.100.7") == (True, "")
    assert 0.2 <= time.monotonic() - began < 1.5


async def test_every_failed_login_is_logged_with_its_address_never_its_password(gate, caplog):
    with caplog.at_level(logging.INFO, logger="questmud.server"):
        for i in range(6):
            await gate.login("alice", f"hunter{i}", "10.0.0.9")
        await gate.login("not a name!", "whatever-pw", "10.0.0.8")
    logged = caplog.text
    # each in the operator's log format (mud/ops/oplog.py): the event, then key=value
    assert "login_failed player=alice address=10.0.0.9 why=password same_name=5 same_address=5 same_account=5" \
        in logged
    assert "throttled address=10.0.0.9 player=alice seconds=60 why=failures" in logged
    assert "login_failed address=10.0.0.8 why=bad_name" in logged
    assert "hunter" not in logged and "whatever-pw" not in logged


# --- over telnet: password and delete account on a line surface ---------------------------------------
async def test_over_telnet_password_asks_for_the_old_one_and_delete_account_hangs_up(server, caplog):
    port = server.ports["telnet"]
    alice = await RawClient.connect(port)
    await alice.login("alice", "first-pw")
    await alice.expect(r"> ")
    assert "Wrong password. Your password is unchanged." in await alice.command("password nope second-pw")
    assert "Your password is changed" in await alice.command("password first-pw second-pw")
    with caplog.at_level(logging.INFO):
        said = await alice.command("delete account second-pw", r"Goodbye\.")
    assert "Your account alice is deleted" in said
    with pytest.raises(ConnectionError):
        await alice.expect(r"> ", timeout=5)  # the server hung up
    assert server.store.account("alice") is None
    again = await RawClient.connect(port)
    await again.expect(r"(?i)name")
    again.send("alice")
    assert "Nobody is called alice yet" in await again.expect(r"(?i)password")  # the name is free again
    assert "second-pw" not in caplog.text and "account alice deleted" in caplog.text


async def answered(ws, line: str) -> list:
    """``line`` run in a served world, its answer awaited: a password's check runs in the server's
    hashing pool and its answer comes as a line later."""
    said = ws.handle(line)
    for _ in range(500):
        if said:
            return said
        await asyncio.sleep(0.01)
        said = ws.flush()
    raise AssertionError(f"{line!r} was never answered")


async def test_a_deleted_accounts_browser_cookie_no_longer_opens_the_game(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        assert (await log_in(http, served)).status == 303
        assert (await http.get(url(served, "/play"), allow_redirects=False)).status == 200
        alice = served.world.connect("alice")
        assert "is deleted" in (await answered(alice, "delete account pw1234"))[-1].text
        page = await http.get(url(served, "/play"), allow_redirects=False)
        assert page.status == 303 and page.headers["Location"] == "/"
