"""``mud backup --data DIR FILE`` and ``mud restore FILE --data DIR``: the server's database copied out
while it runs, and put back while it is stopped.

The copy is SQLite's online backup (``sqlite3.Connection.backup``) made in one step: it reads one
consistent snapshot of the database -- every transaction committed before it began, nothing
half-written -- while the server goes on writing (WAL mode: a reader never waits for a writer, nor
a writer for it). A move is committed before anyone is told of it (mud/store/sqlite.py), so every move
acknowledged before the backup began is in the copy. The copy is written beside its destination,
checked (``PRAGMA integrity_check``), made a single self-contained file (rollback journal, no
``-wal``) and only then renamed into place: a backup that fails leaves no half-file behind.

A restored server must be the same server, not only the same database: its SSH host key too, or
every SSH client is told the host key changed. The files of CARRIED travel inside the copy, in a
table of their own (``backup_files``: name, mode, content) that only a backup has; a restore
writes them back (their mode, 0600) and drops the table. One file to keep, as before, and as
private as the database it is in (which holds password hashes already).

Restoring swaps the database file, which must never happen under a running server: the server
holds ``DIR/server.lock`` (mud/ops/datalock.py) and ``mud restore`` refuses while it is held, and holds
it itself meanwhile so no server starts half-way. The database it replaces is kept beside it
(``questmud.db.before-restore-<time>``, with its ``-wal``), never deleted.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
import time
from dataclasses import dataclass

import platformdirs

from mud.ops import datalock
from mud.store.sqlite import VERSION

DB = "questmud.db"  # the server's database in its data directory (mud/server/core.py)
TABLES = ("accounts", "matches", "moves")  # a file without these is not a questmud server's
CARRIED = ("ssh_host_key",)  # files of the data directory a backup carries (mud/server/ssh/front.py HOST_KEY)
FILES = "backup_files"  # the table that carries them, in a backup only
FILE_NAMES = {"ssh_host_key": "SSH host key"}  # as the operator's line names them


class BackupError(Exception):
    """One line for the operator: why nothing was copied (or restored)."""


@dataclass
class Copied:
    """What a backup or a restore holds, for the operator's one line."""
    accounts: int
    matches: int
    moves: int
    seconds: float
    path: str = ""  # the file written (a backup into a directory: the dated file made there)
    files: tuple[str, ...] = ()  # the files of CARRIED it holds

    def __str__(self) -> str:
        carried = "".join(f"; the {FILE_NAMES.get(n, n)}" for n in self.files)
        return (f"{self.accounts} account(s), {self.matches} match(es), {self.moves} move(s){carried}; "
                f"integrity ok; {self.seconds:.2f} s")


def data_dir(given: str | None) -> str:
    """The server's data directory: ``--data`` or the default of ``mud serve``."""
    return os.path.abspath(os.path.expanduser(given or platformdirs.user_data_dir("questmud", appauthor=False)))


def _fsync(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _checked(db: sqlite3.Connection, what: str) -> tuple[int, int, int]:
    """(accounts, matches, moves) of a sound questmud database; BackupError otherwise."""
    rows = [r[0] for r in db.execute("PRAGMA integrity_check")]
    if rows != ["ok"]:
        raise BackupError(f"{what} fails its integrity check: {(rows or ['no answer'])[0][:120]}")
    have = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not set(TABLES) <= have:
        raise BackupError(f"{what} is not a questmud server's database (no {', '.join(sorted(set(TABLES) - have))})")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > VERSION:
        raise BackupError(f"{what} is from a newer questmud (schema {version}; this one knows {VERSION})")
    return tuple(db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES)


def backup(data: str, dest: str) -> Copied:
    """Copy ``data``'s database to ``dest``, the server running or not. Raises BackupError."""
    began = time.monotonic()
    source = os.path.join(data, DB)
    dest = os.path.abspath(dest)
    if not os.path.isfile(source):
        raise BackupError(f"there is no server database in {data} (no {DB})")
    if os.path.isdir(dest):
        dest = os.path.join(dest, time.strftime("questmud-%Y%m%d-%H%M%S.db", time.gmtime()))
    if os.path.exists(dest) and os.path.samefile(dest, source):
        raise BackupError("the backup cannot be the database itself; name another file")
    part = dest + ".part"
    try:
        if os.path.exists(part):
            os.remove(part)
        os.close(os.open(part, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))  # it holds password hashes
        src = sqlite3.connect(source, timeout=30)
        try:
            out = sqlite3.connect(part)
            try:
                src.backup(out)  # pages=-1: the whole database in one step, one consistent snapshot
                out.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
                files = _carry(out, data)
                counts = _checked(out, "the copy")
            finally:
                out.close()
        finally:
            src.close()
        _fsync(part)
        os.replace(part, dest)
        _fsync(os.path.dirname(dest))
    except (OSError, sqlite3.Error) as err:
        _remove(part)
        raise BackupError(f"cannot back up to {dest}: {getattr(err, 'strerror', None) or err}") from None
    except BackupError:
        _remove(part)
        raise
    return Copied(*counts, time.monotonic() - began, dest, files)


def _carry(out: sqlite3.Connection, data: str) -> tuple[str, ...]:
    """Put the files of CARRIED that ``data`` has into the copy (BackupError if one cannot be read)."""
    out.execute(f"CREATE TABLE {FILES} (name TEXT PRIMARY KEY, mode INTEGER, content BLOB)")
    for name in CARRIED:
        path = os.path.join(data, name)
        if os.path.exists(path):
            with open(path, "rb") as f:
                out.execute(f"INSERT INTO {FILES} VALUES (?, ?, ?)", (name, 0o600, f.read()))
    out.commit()
    return tuple(r[0] for r in out.execute(f"SELECT name FROM {FILES}"))


def _carried(check: sqlite3.Connection) -> list[tuple[str, int, bytes]]:
    """The files a backup carries (none in a backup made before they were), taken out of it."""
    if not check.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (FILES,)).fetchone():
        return []
    found = [(n, m, c) for n, m, c in check.execute(f"SELECT name, mode, content FROM {FILES}") if n in CARRIED]
    check.execute(f"DROP TABLE {FILES}")
    check.commit()
    return found


def _put_back(data: str, name: str, content: bytes, stamp: str) -> None:
    """Write a carried file into ``data``, 0600; one it replaces (if different) is kept, never deleted."""
    path = os.path.join(data, name)
    if os.path.exists(path):
        with open(path, "rb") as f:
            if f.read() == content:
                return
        os.replace(path, path + stamp)
    part = path + ".restoring"
    _remove(part)
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(content)
    _fsync(part)
    os.replace(part, path)


def _remove(path: str) -> None:
    for name in (path, path + "-journal"):
        try:
            os.remove(name)
        except OSError:
            pass


def restore(backup_file: str, data: str) -> tuple[Copied, str | None]:
    """Put ``backup_file`` in place of ``data``'s database, no server running on it; (what it holds,
    where the replaced database was kept, if there was one). Raises BackupError."""
    began = time.monotonic()
    if not os.path.isfile(backup_file):
        raise BackupError(f"there is no file {backup_file}")
    busy = datalock.in_use(data) if os.path.isdir(data) else None
    if busy:
        raise BackupError(f"{busy}: stop it first (Ctrl+C or SIGTERM), then restore")
    try:
        datalock.prepare_data_dir(data)  # as mud serve makes it: 0700
        lock = datalock.hold(data)  # no server starts while the file is swapped
    except OSError as err:
        raise BackupError(f"cannot restore into {data}: {err.strerror or err}") from None
    try:
        db = os.path.join(data, DB)
        part = db + ".restoring"
        try:
            shutil.copyfile(backup_file, part)
            os.chmod(part, 0o600)
            check = sqlite3.connect(part)
            try:
                counts = _checked(check, backup_file)
                files = _carried(check)
            finally:
                check.close()
            _fsync(part)
        except (OSError, sqlite3.Error) as err:
            _remove(part)
            raise BackupError(f"cannot restore {backup_file}: {getattr(err, 'strerror', None) or err}") from None
        except BackupError:
            _remove(part)
            raise
        kept = None
        stamp = time.strftime(".before-restore-%Y%m%d-%H%M%S", time.gmtime())
        try:  # (first: if a file cannot be written, the database is still the one that was there)
            for name, _mode, content in files:
                _put_back(data, name, content, stamp)
        except OSError as err:
            _remove(part)
            raise BackupError(f"cannot restore {name} into {data}: {err.strerror or err}") from None
        if os.path.exists(db):  # kept, with its WAL (which may hold its last commits), never deleted
            kept = db + stamp
            for tail in ("", "-wal", "-shm"):
                if os.path.exists(db + tail):
                    os.replace(db + tail, kept + tail)
        os.replace(part, db)
        _fsync(data)
    finally:
        datalock.release(lock, data)  # the lock file goes too: none left naming this process
    return Copied(*counts, time.monotonic() - began, files=tuple(n for n, _m, _c in files)), kept


def add_parsers(sub) -> None:
    """The two subcommands of ``mud``."""
    back = sub.add_parser("backup", help="copy the server's database to FILE, while it runs")
    back.add_argument("file", metavar="FILE", help="the copy (a directory: a dated file in it)")
    back.add_argument("--data", default=None, metavar="DIR", help="the server's data directory (as for mud serve)")
    rest = sub.add_parser("restore", help="put a backup in place of the server's database (the server stopped)")
    rest.add_argument("file", metavar="FILE", help="a file made by mud backup")
    rest.add_argument("--data", default=None, metavar="DIR", help="the server's data directory (as for mud serve)")


def cmd_backup(args) -> int:
    try:
        copied = backup(data_dir(args.data), args.file)
    except BackupError as err:
        print(f"mud backup: {err}", file=sys.stderr)
        return 1
    print(f"mud backup: {copied.path}: {copied}")  # the file itself, wherever FILE pointed
    return 0


def cmd_restore(args) -> int:
    data = data_dir(args.data)
    try:
        copied, kept = restore(args.file, data)
    except BackupError as err:
        print(f"mud restore: {err}", file=sys.stderr)
        return 1
    print(f"mud restore: {os.path.join(data, DB)} is now {args.file}: {copied}")
    if kept:
        print(f"mud restore: the database it replaced is kept as {kept}")
    return 0
