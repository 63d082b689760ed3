"""Issue 42, finding 2, with real processes: three `mud serve` nodes on one PostgreSQL store and one
Redis bus. An account has one live session in the whole world: a login on one node ends the one on
another ("connected from elsewhere", as on one node); a moderator's kick and ban on any node end the
target's session wherever it is, and a banned player is heard no more; `who` lists each person once
on every node, its count the names it lists."""

from __future__ import annotations

import asyncio
import re

import pytest

from mud.cli import main as cli
from tests.mud.server.nodes.test_account_nodes import logged_in
from tests.mud.server.nodes.test_world_of_nodes import node
from tests.mud.server.test_pg_server import fresh_database
from tests.net_clients import PASSWORD, RawClient

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

pytest.importorskip("mud.server.nodes.bus", reason="redis-py is not installed (pip install questmud[scale])")


async def hung_up(client: RawClient, timeout: float = 5.0) -> str:
    """Everything the server said until it closed the connection (an AssertionError if it did not)."""
    try:
        await client.expect(r"(?!)", timeout)  # (matches nothing: reads until the end)
    except ConnectionError:
        return client.text
    raise AssertionError(f"still connected: {client.text[-500:]!r}")


async def listed(client: RawClient, expected: set[str]) -> tuple[int, list[str]]:
    """`who` asked until it names ``expected`` (presence travels): (the count it says, the names listed)."""
    for _ in range(40):
        said = await client.ask("who")
        count = re.search(r"(\d+) connected:", said)
        names = re.findall(r"^  (\w+)(?: \(you\))?:", said, re.M)
        if count and set(names) == expected:
            return int(count.group(1)), names
        await asyncio.sleep(0.1)
    raise AssertionError(f"who never listed {sorted(expected)}: {said!r}")


async def test_one_session_per_account_in_the_world_and_kick_and_ban_reach_every_node(postgres_url, redis_url,
                                                                                      tmp_path):
    store = fresh_database(postgres_url)
    a, b, c = (node(tmp_path, name, store, redis_url) for name in ("a", "b", "c"))
    try:
        first = await logged_in(a.telnet_port, "dupz")
        ear = await logged_in(c.telnet_port, "ear1")
        await listed(ear, {"dupz", "ear1"})
        again = await logged_in(b.telnet_port, "dupz")  # the same account on another node
        assert "You connected from elsewhere; this session ends." in await hung_up(first)
        for where in (again, ear):  # one line per person, and the count says as many, on every node
            count, names = await listed(where, {"dupz", "ear1"})
            assert count == len(names) == 2, names

        mod = await logged_in(c.telnet_port, "mod1")
        assert cli.main(["admin", "--store", store, "grant", "mod1", "moderator"]) == 0
        solo = await logged_in(a.telnet_port, "solo1")
        await listed(mod, {"dupz", "ear1", "mod1", "solo1"})
        assert "solo1 is kicked out" in await mod.ask("kick solo1 spamming")  # on another node than c
        assert "You are disconnected by a moderator: spamming." in await hung_up(solo)

        solo = await logged_in(a.telnet_port, "solo1")
        await listed(mod, {"dupz", "ear1", "mod1", "solo1"})
        await solo.ask("ooc hello all")
        await ear.expect("hello all", timeout=5)
        assert "solo1 is banned" in await mod.ask("ban solo1 for 1h flooding")
        assert "This account is banned" in await hung_up(solo)
        await listed(ear, {"dupz", "ear1", "mod1"})
        refused = await RawClient.connect(b.telnet_port)  # and no node lets them in again
        await refused.expect(r"Name: $")
        refused.send("solo1")
        await refused.expect(r"(?i)password")
        refused.send(PASSWORD)
        assert "banned" in await hung_up(refused, 10)
    finally:
        for server in (a, b, c):
            server.stop()
