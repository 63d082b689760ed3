"""`mud backup` while the server runs and `mud restore` while it is stopped (issue 28, "Backups").

The backup under load: two people play Quest over telnet against a real `mud serve` while the backup
runs beside it, in its own process; the copy passes `PRAGMA integrity_check` and holds every move
committed -- so every move acknowledged, since a move is committed before anyone is told -- before
the backup began.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import stat
import subprocess
import sys

import pytest

from mud.ops import datalock
from mud.cli.backup import DB
from mud.server.core import Config, Server
from mud.store import Store
from tests.mud.store.test_recovery import seated
from tests.net_clients import ROOT, RawClient, ServerProcess

MOVES = "SELECT match, seq, player, verb, args FROM moves ORDER BY match, seq"


def mud(*args: str, cwd: str = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [ROOT, os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "mud.cli", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, env=env)


async def mud_async(*args: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "mud.cli", *args, cwd=ROOT,
                                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode, out.decode(), err.decode()


def rows(path: str, sql: str = MOVES) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


async def keep_playing(clients: list[RawClient], stop: asyncio.Event, answered: list[int]) -> None:
    """Moves and screens, each command waiting for its answer, until told to stop (under the
    server's 5 commands a second per session)."""
    lines = ["peek", "n", "e", "s", "w", "act", "stop"]
    while not stop.is_set():
        for client in clients:
            await client.command(lines[answered[0] % len(lines)])
            answered[0] += 1
        await asyncio.sleep(0.25)


async def test_a_backup_under_load_is_sound_and_holds_every_move_committed_before_it_began(tmp_path):
    data, copy = str(tmp_path / "data"), str(tmp_path / "copy.db")
    server = ServerProcess(data, "--turn-time", "0").start()
    try:
        alice, bob = await seated(server.telnet_port, "alice", "bob")
        await alice.command("start bots=2 seed=3 rules=basic", r"A game of Quest")
        stop, answered = asyncio.Event(), [0]
        load = asyncio.create_task(keep_playing([alice, bob], stop, answered))
        await asyncio.sleep(1.0)
        before = rows(os.path.join(data, DB))  # committed (so everything acknowledged) before the backup
        began = answered[0]
        code, out, err = await mud_async("backup", "--data", data, copy)
        during = answered[0] - began
        stop.set()
        await load
    finally:
        server.stop()
    assert code == 0, err
    assert "integrity ok" in out and "2 account(s)" in out
    assert len(before) > 0 and during > 0  # the players went on meanwhile, answered
    assert rows(copy, "PRAGMA integrity_check") == [("ok",)]
    held = rows(copy)
    assert held[:len(before)] == before  # every committed move, the same, in order
    assert not os.path.exists(copy + ".part") and not os.path.exists(copy + "-wal")  # one whole file
    assert os.stat(copy).st_mode & 0o777 == 0o600  # it holds password hashes


async def test_restore_is_refused_while_the_server_runs_and_puts_the_backup_back_once_stopped(tmp_path):
    data, copy = str(tmp_path / "data"), str(tmp_path / "copy.db")
    server = ServerProcess(data).start()
    try:
        alice = await RawClient.connect(server.telnet_port)
        await alice.login("alice")
        await alice.command("quit", r"Goodbye")
        assert mud("backup", "--data", data, copy).returncode == 0
        bob = await RawClient.connect(server.telnet_port)  # after the backup: the restore forgets bob
        await bob.login("bob")
        refused = mud("restore", copy, "--data", data)
        assert refused.returncode == 1 and refused.stdout == ""
        assert "is running on this data directory" in refused.stderr and "stop it first" in refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1  # one line, no traceback
        with pytest.raises(RuntimeError, match=r"mud serve: a server \(pid \d+\) is running on this data directory"):
            ServerProcess(data).start()  # nor a second server on the same files
    finally:
        server.stop()
    done = mud("restore", copy, "--data", data)
    assert done.returncode == 0, done.stderr
    kept = [n for n in os.listdir(data) if n.startswith(DB + ".before-restore-") and not n.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and "kept as" in done.stdout
    names = [r[0] for r in rows(os.path.join(data, DB), "SELECT name FROM accounts ORDER BY name")]
    assert names == ["alice"]
    assert ("bob",) in rows(os.path.join(data, kept[0]), "SELECT name FROM accounts")  # the old one, untouched
    again = ServerProcess(data).start()  # and the server runs on the restored file
    try:
        alice = await RawClient.connect(again.telnet_port)
        assert "Wrong password" not in await alice.login("alice")
    finally:
        again.stop()


def test_backup_and_restore_say_in_one_line_what_is_wrong(tmp_path):
    empty = mud("backup", "--data", str(tmp_path / "nothing"), str(tmp_path / "x.db"))
    assert empty.returncode == 1 and "no server database" in empty.stderr and "Traceback" not in empty.stderr
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    bad = mud("restore", str(junk), "--data", str(tmp_path / "data"))
    assert bad.returncode == 1 and "cannot restore" in bad.stderr and "Traceback" not in bad.stderr
    assert not os.path.exists(tmp_path / "data" / DB)  # nothing was put in place
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    foreign = mud("restore", str(other), "--data", str(tmp_path / "data"))
    assert foreign.returncode == 1 and "not a questmud server's database" in foreign.stderr


async def test_one_server_per_data_directory(tmp_path):
    first = Server(Config(ssh_port=None, telnet_port=0, data_dir=str(tmp_path)))
    await first.start()
    try:
        second = Server(Config(ssh_port=None, telnet_port=0, data_dir=str(tmp_path)))
        with pytest.raises(datalock.DataDirBusy, match="running on this data directory"):
            await second.start()
        assert datalock.in_use(str(tmp_path)) is not None
    finally:
        await first.stop()
    assert datalock.in_use(str(tmp_path)) is None  # stopped: the directory is free


def a_server_database(data: str) -> None:
    """A data directory as `mud serve` leaves it, with one account (made by the store alone)."""
    os.makedirs(data, mode=0o700)
    store = Store(os.path.join(data, DB))
    store.create_account("alice", "pw1234")
    store.close()


def test_a_backup_into_a_directory_prints_the_file_it_wrote(tmp_path):
    data, shelf = str(tmp_path / "data"), tmp_path / "backups"
    a_server_database(data)
    shelf.mkdir()
    done = mud("backup", "--data", data, str(shelf) + "/")
    assert done.returncode == 0, done.stderr
    written = [str(shelf / n) for n in os.listdir(shelf)]
    assert len(written) == 1 and written[0].endswith(".db")
    assert done.stdout.startswith(f"mud backup: {written[0]}: 1 account(s)")  # the dated file, not the folder
    named = mud("backup", "--data", data, "copy.db", cwd=str(tmp_path))  # a relative name: where it went
    assert named.stdout.startswith(f"mud backup: {tmp_path / 'copy.db'}: ")


@pytest.mark.parametrize("exists", [False, True], ids=["a new folder", "an empty folder made by mkdir"])
def test_a_restore_into_a_new_folder_leaves_it_as_serve_makes_it(tmp_path, exists):
    data, copy, fresh = str(tmp_path / "data"), str(tmp_path / "copy.db"), tmp_path / "fresh"
    a_server_database(data)
    assert mud("backup", "--data", data, copy).returncode == 0
    if exists:
        fresh.mkdir(mode=0o755)
    done = mud("restore", copy, "--data", str(fresh))
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o700  # it holds password hashes, as serve keeps it
    assert sorted(os.listdir(fresh)) == [DB]  # no stale server.lock naming the restore's pid, no part file
    assert stat.S_IMODE((fresh / DB).stat().st_mode) == 0o600


async def test_a_stopped_server_leaves_no_lock_file_and_a_killed_one_blocks_nothing(tmp_path):
    server = Server(Config(ssh_port=None, telnet_port=0, data_dir=str(tmp_path)))
    await server.start()
    assert os.path.exists(datalock.lock_path(str(tmp_path)))
    await server.stop()
    assert not os.path.exists(datalock.lock_path(str(tmp_path)))
    stale = datalock.hold(str(tmp_path))  # a lock file left behind (kill -9) ...
    os.close(stale)
    assert datalock.in_use(str(tmp_path)) is None  # ... holds nothing
    again = datalock.hold(str(tmp_path))
    datalock.release(again, str(tmp_path))


async def test_a_restored_server_keeps_its_ssh_host_key(tmp_path):
    """The backup carries the SSH host key (inside the one file): restored into a new folder, the
    server offers the same key, so no SSH user is told the host key changed."""
    from mud.server.ssh import front as ssh
    data, copy, fresh = str(tmp_path / "data"), str(tmp_path / "copy.db"), tmp_path / "fresh"
    a_server_database(data)
    before = ssh.host_key(data).get_fingerprint()  # made as the first serve makes it
    assert mud("backup", "--data", data, copy).returncode == 0
    assert sorted(os.listdir(tmp_path)) == ["copy.db", "data"]  # one file to keep, the key inside it
    done = mud("restore", copy, "--data", str(fresh))
    assert done.returncode == 0, done.stderr
    assert "SSH host key" in done.stdout
    key = fresh / ssh.HOST_KEY
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    server = Server(Config(ssh_port=0, telnet_port=None, data_dir=str(fresh)))
    await server.start()
    try:
        assert ssh.host_key(str(fresh)).get_fingerprint() == before
        assert rows(str(fresh / DB), "SELECT name FROM accounts") == [("alice",)]
    finally:
        await server.stop()
    assert "backup_files" not in {r[0] for r in rows(str(fresh / DB), "SELECT name FROM sqlite_master")}


def test_a_restore_keeps_the_host_key_it_replaces(tmp_path):
    from mud.server.ssh import front as ssh
    data, copy, other = str(tmp_path / "data"), str(tmp_path / "copy.db"), str(tmp_path / "other")
    a_server_database(data)
    a_server_database(other)
    ours, theirs = ssh.host_key(data).get_fingerprint(), ssh.host_key(other).get_fingerprint()
    assert mud("backup", "--data", data, copy).returncode == 0
    assert mud("restore", copy, "--data", other).returncode == 0
    assert ssh.host_key(other).get_fingerprint() == ours
    kept = [n for n in os.listdir(other) if n.startswith(ssh.HOST_KEY + ".before-restore-")]
    assert len(kept) == 1 and ssh.asyncssh.read_private_key(os.path.join(other, kept[0])).get_fingerprint() == theirs
