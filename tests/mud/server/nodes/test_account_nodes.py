"""Issue 42, finding 1, with real processes: two `mud serve` nodes on one PostgreSQL store and one
Redis bus. An account logged in on one node and then on the other has its first session ended at
once (the world's ``EndAccount`` over the bus: one live session per account in the world), so once
the account is deleted no session of it is left to add a key to the account a stranger makes next
under the name. (Two sessions left at once by a lost message, and a deletion or password change
ending the other: tests/mud/world/test_end_account.py.)"""

from __future__ import annotations

import re

import psycopg
import pytest

from tests.mud.server.nodes.test_world_of_nodes import node
from tests.mud.server.test_pg_server import fresh_database
from tests.net_clients import PASSWORD, QUESTION, RawClient

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

pytest.importorskip("mud.server.nodes.bus", reason="redis-py is not installed (pip install questmud[scale])")

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB attacker@evil"


async def logged_in(port: int, name: str, password: str = PASSWORD) -> RawClient:
    client = await RawClient.connect(port)
    await client.expect(r"Name: $")
    client.send(name)
    await client.expect(r"(?i)password")
    client.send(password)
    got = await client.expect(rf"(?i)again|\n> $|{QUESTION}")
    if "again" in got.lower():
        client.send(password)
        got = await client.expect(rf"\n> $|{QUESTION}")
    if re.search(QUESTION, got):  # an account with no language on record is asked it (issue 43)
        client.send("1")
        await client.expect(r"\n> $")
    return client


async def test_deleting_on_one_node_ends_the_session_on_the_other_before_it_can_hijack(postgres_url, redis_url,
                                                                                      tmp_path):
    store = fresh_database(postgres_url)
    a, b = (node(tmp_path, name, store, redis_url) for name in ("a", "b"))
    try:
        on_b = await logged_in(b.telnet_port, "xx1")
        on_a = await logged_in(a.telnet_port, "xx1")
        await on_b.expect("You connected from elsewhere; this session ends.", timeout=5)
        on_a.send(f"delete account {PASSWORD}")
        await on_a.expect("is deleted")
        stranger = await logged_in(a.telnet_port, "xx1", "strangers1")
        try:
            on_b.send(f"key add {KEY}")  # (its connection is closed: nothing runs)
        except (ConnectionError, OSError):
            pass
        stranger.send("keys")
        await stranger.expect("No SSH keys yet")
        with psycopg.connect(store) as conn:
            assert conn.execute("SELECT count(*) FROM ssh_keys").fetchone()[0] == 0
        pat_b = await logged_in(b.telnet_port, "pat1")
        pat_a = await logged_in(a.telnet_port, "pat1")
        await pat_b.expect("You connected from elsewhere; this session ends.", timeout=5)
        pat_a.send(f"password {PASSWORD} newpass9")
        await pat_a.expect("Your password is changed")
    finally:
        a.stop()
        b.stop()
