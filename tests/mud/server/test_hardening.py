"""Issue 16 in-process: names, the log, operators' files, storage faults, limits per address."""

from __future__ import annotations

import logging
import os
import random
import sqlite3
import stat
import subprocess
import sys

import pytest

from mud.cli.args import NAME as CLI_NAME
from mud.server.core import Config, Server
from mud.server.upkeep.files import prepare_data_dir, setup_logging
from mud.server.clients.lines import Limits, LoginGuard
from mud.store import VERSION, Store, StoreError
from tests.mud.legacy_schema import SQLITE_SCHEMA_1 as SCHEMA_1
from mud.world.session import valid_name
from mud.world.world import Settings, World
from tests.net_clients import ROOT
from tests.mud.store.test_store import fingerprint, start_match


@pytest.mark.parametrize("name", ["alice\n", "alice\r\n", "\nalice", "al\nice", "alice\x00", "alice "])
def test_a_name_is_checked_whole(name):
    assert valid_name(name) is not None
    assert CLI_NAME.fullmatch(name) is None


# --- storage faults (items 5-6) ----------------------------------------------------------------------
class FullDisk:
    """A store's connection whose writes fail as on a full disk while ``full`` (after ``allow``
    more writes): the failure is injected, no filesystem is filled."""

    def __init__(self, db):
        self.db, self.full, self.allow = db, False, 0

    def execute(self, sql, args=()):
        if self.full and sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            if self.allow <= 0:
                raise sqlite3.OperationalError("database or disk is full")
            self.allow -= 1
        return self.db.execute(sql, args)

    def __getattr__(self, name):
        return getattr(self.db, name)


def full_disk(store) -> FullDisk:
    store.db = FullDisk(store.db)
    return store.db


MOVES = ["stop", "act", "n", "e", "s", "w", "pass", "peek"]  # the turn ends soon: bots follow


def a_move(world, ws) -> list[str]:
    """Try commands until one is a move of ``ws`` (the log grows); the lines it answered."""
    match = world.tables[1].match
    for command in MOVES:
        before = len(match.log)
        lines = [line.text for line in ws.handle(command)]
        if len(match.log) > before:
            return lines
    raise AssertionError("no move found")


def test_a_move_on_a_full_disk_is_not_made_and_play_resumes_when_space_returns(tmp_path):
    path = str(tmp_path / "db.sqlite")
    world, store, (a, b) = start_match(path)
    match = world.tables[1].match
    disk = full_disk(store)
    disk.full = True
    mover = a if "alice" in match.awaiting() else b
    before, log = fingerprint(match), len(match.log)
    answers = [line.text for command in MOVES for line in mover.handle(command)]
    assert any("cannot save right now; your move was not made" in text for text in answers), answers
    assert not any("Something went wrong" in text for text in answers)
    assert fingerprint(match) == before and len(match.log) == log  # nothing happened
    assert mover.name in match.awaiting()  # still their turn, not a bot's forever
    disk.full = False
    a_move(world, mover)
    assert len(match.log) > log
    # a restart finds exactly the match the players see
    again = World(Store(path), Settings(), seeds=random.Random(2))
    assert again.resume() == 1
    assert fingerprint(next(iter(again.tables.values())).match) == fingerprint(match)


def test_bots_stopped_by_a_full_disk_go_on_when_space_returns(tmp_path):
    path = str(tmp_path / "db.sqlite")
    world, store, (a, b) = start_match(path)
    match = world.tables[1].match
    disk = full_disk(store)
    for _ in range(40):  # until a person's move is followed by a bot's
        mover = a if "alice" in match.awaiting() else b
        disk.full, disk.allow = True, 1  # the person's move is stored, then the disk is full
        log = len(match.log)
        a_move(world, mover)
        if any(match.seats[p].bot for p in match.awaiting()):
            break
        disk.full = False
    else:
        raise AssertionError("the bots never had to wait")
    assert len(match.log) == log + 1
    world.tick()  # still full: they wait, nothing breaks
    assert any(match.seats[p].bot for p in match.awaiting())
    disk.full = False
    world.tick()
    assert not any(match.seats[p].bot for p in match.awaiting()) or match.over
    again = World(Store(path), Settings(), seeds=random.Random(2))
    again.resume()
    assert fingerprint(next(iter(again.tables.values())).match) == fingerprint(match)


async def test_an_account_on_a_full_disk_gets_a_clear_answer(tmp_path):
    server = Server(Config(ssh_port=None, telnet_port=None, data_dir=str(tmp_path)))
    await server.start()
    try:
        full_disk(server.store).full = True
        ok, message = await server.login("newbie", "pw1234", "10.0.0.1")
        assert not ok and "cannot save right now" in str(message) and "not created" in str(message)
        server.store.db.full = False
        assert (await server.login("newbie", "pw1234", "10.0.0.1"))[0]
    finally:
        await server.stop()


def bad_database(tmp_path, how: str) -> str:
    """A data directory whose questmud.db is damaged in one way."""
    data = tmp_path / how
    data.mkdir()
    path = str(data / "questmud.db")
    if how == "random bytes":
        (data / "questmud.db").write_bytes(random.Random(3).randbytes(64 * 1024))
        return str(data)
    store = Store(path)
    for i in range(400):  # some pages of accounts
        store.create_account(f"user{i}", None, hashed=(b"s" * 16, random.Random(i).randbytes(32)))
    store.close()
    blob = bytearray((data / "questmud.db").read_bytes())
    assert len(blob) > 8 * 4096
    if how == "truncated":
        blob = blob[:len(blob) // 2 + 100]
    elif how == "a damaged page":
        blob[3 * 4096:4 * 4096] = random.Random(4).randbytes(4096)
    elif how == "from a newer questmud":
        blob[60:64] = (99).to_bytes(4, "big")  # user_version
    (data / "questmud.db").write_bytes(bytes(blob))
    return str(data)


@pytest.mark.parametrize("how", ["random bytes", "truncated", "a damaged page", "from a newer questmud"])
def test_a_bad_database_is_refused_with_one_line(tmp_path, how):
    data = bad_database(tmp_path, how)
    with pytest.raises(StoreError) as err:
        Store(os.path.join(data, "questmud.db"))
    assert "\n" not in str(err.value) and "questmud.db" in str(err.value)


def serve(data: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mud.cli", "serve", "--data", data, "--telnet-port", "0",
                           "--ssh-port", "-1"], capture_output=True, text=True, timeout=30, cwd=ROOT)


@pytest.mark.parametrize("how", ["random bytes", "a damaged page", "a file, not a directory", "read-only"])
def test_mud_serve_on_a_bad_data_directory_says_one_line_and_stops(tmp_path, how):
    if how == "a file, not a directory":
        data = str(tmp_path / "plain")
        open(data, "w").close()
    elif how == "read-only":
        if os.geteuid() == 0:
            pytest.skip("root writes in a read-only directory")
        data = str(tmp_path / "ro")
        os.mkdir(data, 0o500)
    else:
        data = bad_database(tmp_path, how)
    done = serve(data)
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mud serve: ") and "Traceback" not in done.stderr, done.stderr


def test_the_schema_has_a_version_and_old_stores_are_migrated(tmp_path):
    fresh = Store(str(tmp_path / "new.sqlite"))
    assert fresh.version() == VERSION >= 2
    old = sqlite3.connect(str(tmp_path / "old.sqlite"))  # a store of before the versions, table_no added
    old.executescript(SCHEMA_1)
    old.execute("ALTER TABLE matches ADD COLUMN table_no INTEGER")
    old.commit()
    old.close()
    store = Store(str(tmp_path / "old.sqlite"))
    assert store.version() == VERSION
    store.create_match("quest", "gate", 1, {}, ["ann"], ["bot1"], "normal", 4)
    assert store.matches()[0].table_no == 4


# --- operators' files (items 7-8) --------------------------------------------------------------------
def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


async def test_the_data_directory_is_private(tmp_path):
    data = tmp_path / "data"
    server = Server(Config(ssh_port=0, telnet_port=None, data_dir=str(data)))
    await server.start()
    try:
        server.store.create_account("alice", "pw1234")
        assert mode(data) == 0o700
        for name in os.listdir(data):  # questmud.db, its -wal and -shm, ssh_host_key
            assert mode(data / name) == 0o600, name
        handler = setup_logging(str(data))
        try:
            logging.getLogger("questmud.test").warning("hello")
            assert mode(data / "server.log") == 0o600
        finally:
            logging.getLogger().removeHandler(handler)
            handler.close()
    finally:
        await server.stop()
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    os.chmod(shared, 0o755)
    prepare_data_dir(str(shared))
    assert mode(shared) == 0o700


def test_client_text_is_logged_escaped_and_cut_and_the_log_rotates(tmp_path):
    handler = setup_logging(str(tmp_path), max_bytes=20_000, keep=2)
    logger = logging.getLogger("questmud.test")
    try:
        forged = "xterm\n2026-11-24 08:00:00 INFO questmud.server: account admin created\x1b[2J\x07" + "A" * 65536
        logger.info("alice logged in (term %s)", forged)
        handler.flush()
        text = (tmp_path / "server.log").read_text()
        assert text.count("\n") == 1 and "\x1b" not in text and "\x07" not in text
        assert "\\n2026-11-24" in text and "\\x1b[2J" in text and len(text) < 2200
        for i in range(200):
            logger.info("line %d %s", i, "z" * 200)
        assert os.path.exists(tmp_path / "server.log.1") and os.path.exists(tmp_path / "server.log.2")
        assert not os.path.exists(tmp_path / "server.log.3")
        assert all(mode(tmp_path / n) == 0o600 for n in ("server.log", "server.log.1", "server.log.2"))
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()


# --- limits per address (items 3-4) ------------------------------------------------------------------
class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_failed_logins_count_per_address_and_name():
    clock = Clock()
    guard = LoginGuard(Limits(login_attempts=3, address_attempts=8), clock)
    for _ in range(3):
        assert not guard.blocked("10.0.0.1", "alice")
        guard.failed("10.0.0.1", "alice")
    assert guard.blocked("10.0.0.1", "Alice")  # that name from that address waits ...
    assert not guard.blocked("10.0.0.1", "bob")  # ... not everyone behind the address
    assert not guard.blocked("10.0.0.2", "alice")  # ... nor the account from elsewhere
    assert guard.delay("alice") == 0
    for address in ("10.0.0.2", "10.0.0.3", "10.0.0.4"):
        guard.failed(address, "alice")
    assert guard.delay("alice") == 1  # twice the limit on one account, from anywhere: it slows
    guard.failed("10.0.0.5", "alice")
    assert guard.delay("alice") == 2
    for name in ("carol", "dave", "erin", "frank"):  # one address trying many names stops too
        guard.failed("10.0.0.9", name)
        guard.failed("10.0.0.9", name)
    assert guard.blocked("10.0.0.9", "zed") and guard.blocked("10.0.0.9")
    clock.now += 61
    assert not guard.blocked("10.0.0.1", "alice") and guard.delay("alice") == 0


async def test_accounts_per_address_per_hour(tmp_path):
    server = Server(Config(ssh_port=None, telnet_port=None, data_dir=str(tmp_path),
                           limits=Limits(accounts_per_hour=2, trust_loopback=False)))
    await server.start()
    try:
        assert (await server.login("ann", "pw1234", "10.0.0.1"))[0]
        assert (await server.login("ben", "pw1234", "10.0.0.1"))[0]
        ok, message = await server.login("cid", "pw1234", "10.0.0.1")
        assert not ok and "Too many new accounts" in str(message) and not server.account_exists("cid")
        assert (await server.login("ann", "pw1234", "10.0.0.1"))[0]  # logging in is not creating
        assert (await server.login("cid", "pw1234", "10.0.0.2"))[0]  # another address
    finally:
        await server.stop()


def test_the_idle_timeout_is_an_hour_except_on_loopback():
    from mud.cli.args import build_parser
    from mud.cli.main import idle_default
    assert idle_default("127.0.0.1") == 0 and idle_default("::1") == 0 and idle_default("localhost") == 0
    assert idle_default("0.0.0.0") == 3600 and idle_default("192.168.1.5") == 3600
    args = build_parser().parse_args(["serve", "--idle-timeout", "60", "--per-address", "3"])
    assert args.idle_timeout == 60 and args.per_address == 3 and args.accounts_per_hour == 5


def test_a_store_that_cannot_be_opened_says_why_in_one_line(tmp_path, capsys):
    with pytest.raises(StoreError) as err:
        Store(str(tmp_path))  # a directory, not a file
    assert "\n" not in str(err.value)
    data = bad_database(tmp_path, "a damaged page")
    os.rename(os.path.join(data, "questmud.db"), os.path.join(data, "local.db"))
    from mud.cli.main import main
    assert main(["play", "tenx", "--plain", "--data", data, "--new"]) == 2
    err_lines = capsys.readouterr().err.strip().splitlines()
    assert len(err_lines) == 1 and err_lines[0].startswith("mud play: ") and "damaged" in err_lines[0]


def test_a_read_only_database_is_refused_with_one_line(tmp_path, monkeypatch):
    """Root writes in a read-only directory, so the read-only file is SQLite's own mode=ro."""
    path = str(tmp_path / "questmud.db")
    Store(path).close()
    opened = sqlite3.connect
    monkeypatch.setattr("mud.store.sqlite.sqlite3.connect",
                        lambda p, **kw: opened(f"file:{p}?mode=ro", uri=True, **kw))
    with pytest.raises(StoreError) as err:
        Store(path)
    assert "\n" not in str(err.value) and "questmud.db" in str(err.value) and "readonly" in str(err.value)
