"""`mud serve --store postgresql://...`: a server keeps its accounts, where each player is and
its matches in PostgreSQL, and a server started again on the same store finds them (issue 30)."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from mud.cli import main as cli
from mud.store import moderation as modstore
from mud.server.core import Config, Server
from mud.store import StoreError
from tests.engines import Postgres, started
from tests.telnet_clients import Raw, log_in

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

pytest.importorskip("mud.store.postgres", reason="psycopg is not installed (pip install questmud[scale])")

DATABASES = itertools.count(1)


def fresh_database(url: str) -> str:
    """A new database on the session's PostgreSQL, for one test."""
    import psycopg
    name = f"server{next(DATABASES)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + "/" + name


async def test_a_server_on_postgresql_keeps_accounts_rooms_and_matches_over_a_restart(postgres_url, tmp_path):
    store = fresh_database(postgres_url)
    config = dict(host="127.0.0.1", ssh_port=None, telnet_port=0, store=store)
    first = Server(Config(data_dir=str(tmp_path / "a"), **config))
    await first.start()
    try:
        alice = await Raw.connect(first.ports["telnet"])
        await log_in(alice, "Alice")
        alice.send("e")  # the Tavern: 10x
        await alice.expect("Tavern")
        alice.send("sit")
        alice.send("start bots=1")
        await alice.expect("begins")
        alice.send("quit")
        await alice.expect("Goodbye")
        with pytest.raises(StoreError, match="another server runs the world"):  # one server a store, for now
            await Server(Config(data_dir=str(tmp_path / "c"), **config)).start()
    finally:
        await first.stop()
    second = Server(Config(data_dir=str(tmp_path / "b"), **config))  # another machine, the same store
    await second.start()
    try:
        again = await Raw.connect(second.ports["telnet"])
        shown = (await log_in(again, "alice", new=False)).decode()
        assert "Welcome to questmud, Alice" in shown and "Tavern" in shown  # where she left
        played = second.store.matches_of("alice")
        assert [(m.humans, m.bots) for m in played] == [(["Alice"], ["bot1"])]
        assert cli.main(["admin", "--store", store, "grant", "alice", "moderator"]) == 0  # from the shell ...
        for _ in range(40):  # ... and the running server sees it (read again within a tenth of a second)
            if modstore.role(second.store, "alice") == "moderator":
                break
            await asyncio.sleep(0.05)
        assert modstore.role(second.store, "alice") == "moderator"
    finally:
        await second.stop()


async def test_postgresql_gone_refuses_moves_and_logins_plainly_and_play_resumes_when_it_returns(tmp_path):
    """PostgreSQL stops mid-match: the player's move is refused with the usual message, `look` still
    answers, a login is told to come back later (no traceback anywhere); PostgreSQL back: the
    same move is made, and a server started again on the store finds it."""
    server = Postgres()
    started(server, pytest.skip)
    config = dict(host="127.0.0.1", ssh_port=None, telnet_port=0, store=server.url)
    try:
        await playing_through_an_outage(server, config, tmp_path)
    finally:
        server.stop()  # (also when an assertion failed with the server halted)


async def playing_through_an_outage(server, config: dict, tmp_path) -> None:
    world = Server(Config(data_dir=str(tmp_path / "a"), **config))
    await world.start()
    try:
        alice = await Raw.connect(world.ports["telnet"])
        await log_in(alice, "alice")
        alice.send("e")
        alice.send("sit")
        alice.send("start bots=1")
        await alice.expect("(type the number)")
        await alice.expect("> ")
        server.halt()
        alice.send("pass")
        assert b"your move was not made" in await alice.expect("not made", timeout=10)
        alice.send("look")  # (at the table: the match's view) -- a command that needs no store answers
        assert b"Waiting for alice" in await alice.expect("Waiting for alice", timeout=10)
        bob = await Raw.connect(world.ports["telnet"])
        await bob.expect("Name: ")
        bob.send("bob")
        await bob.expect("Password: ")
        bob.send("pw1234")
        assert b"try again later" in await bob.expect("later", timeout=15)
        server.resume()
        for _ in range(40):
            await asyncio.sleep(0.25)
            alice.data = b""  # (what came before)
            alice.send("pass")
            shown = await alice.expect("> ", timeout=10)
            if b"not made" not in shown:
                break
        assert b"not made" not in shown and b"pass" in shown, shown
    finally:
        await world.stop()
    again = Server(Config(data_dir=str(tmp_path / "b"), **config))
    await again.start()
    try:
        played = again.store.matches_of("alice")
        assert played and [m for _, m, _ in again.store.moves(played[0].id)].count("alice") >= 1
    finally:
        await again.stop()
