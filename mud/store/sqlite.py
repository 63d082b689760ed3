"""The store in one SQLite file (the default: nothing to set up): accounts, every match's
append-only log, snapshots, moderation's tables.

A match is stored as what is needed to play it again exactly: its game, seed, options and seats,
then every accepted action in order (people's and bots'). A move is written -- and committed --
before anyone is told it happened, so a move a player saw acknowledged survives ``kill -9`` and a
power cut. Snapshots (a pickle of the table every ``SNAPSHOT_EVERY`` moves) make resuming fast; the
log alone is always enough. WAL mode with ``synchronous=FULL``: a commit is on the disk (fsynced)
when it returns.

Two ways to write. By default each write is its own transaction, committed at once (local play,
command files, tools). A server sets ``batched``: writes join one open transaction and
:meth:`Store.commit` ends it -- *group commit*, one fsync for every move written since the last one
(mud/server/clients/durable.py commits once per turn of the event loop and holds every byte to clients
until then). ``on_pending`` hears when a batch opens, so the server can schedule its commit. A
commit that fails (a full disk) is rolled back, its writes are written again at once into a new
transaction (this connection keeps seeing them) and the next commit tries again: nothing in it was
acknowledged, so nothing acknowledged is lost.

Opening checks the file (``PRAGMA quick_check``) and brings its schema to the newest through the
migrations both engines share (mud/store/migrate.py, loaded only when the file is not at the newest
revision: mud/store/revision.py); a file that cannot be opened, is damaged or
comes from a newer questmud raises :class:`StoreError` with one line for the operator. A write that
fails (a full disk, say) raises :class:`StoreFailed`, whose text a player can read; nothing
half-written stays behind, and the next write tries again. The statements are the shared ones
(mud/store/base.py), run on Python's sqlite3 connection as the text generated for SQLite (mud/store/sql.py).
"""

from __future__ import annotations

import logging
import os
import sqlite3
from contextlib import contextmanager
from typing import Callable

from mud.store import revision, sql
from mud.store.base import Compiled, Queries, StoreRules
from mud.store.records import CANNOT_SAVE, MARK, StoreError, StoreFailed

# Every connection, the server's and the tools' alike. FULL: the WAL is fsynced at each commit, so
# an acknowledged move survives a power cut (docs/decisions.md).
PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA busy_timeout=5000")
VERSION = MARK  # SQLite's user_version once migrated (a newer one is refused)
log = logging.getLogger("questmud.store")


class Store(StoreRules):
    q = Queries(sql.SQLITE)

    def __init__(self, path: str, connect: Callable[[str], object] | None = None):
        """``connect``: how to open the file (tests give another SQLite binding, to cut its power)."""
        self.path = path
        self.batched = False  # a server's group commit: writes wait for commit() (see the module doc)
        self.on_pending: Callable[[], None] | None = None  # told when a batch opens
        self.commits = 0  # transactions committed (batches, or single writes)
        self._batch: list[tuple[str, dict]] = []  # the writes of the open batch, to write again if it fails
        try:
            if path != ":memory:" and not os.path.exists(path):
                os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))  # private from the start
            # autocommit; explicit transactions below
            self.db = sqlite3.connect(path, isolation_level=None) if connect is None else None
        except (OSError, sqlite3.Error) as err:
            raise StoreError(f"cannot open {path}: {getattr(err, 'strerror', None) or err}") from None
        try:
            if connect is not None:  # migrated first on Python's sqlite3 (Alembic's driver), then opened
                self._open_migrated(path)
                self.db = connect(path)
            else:
                self._check()
                self._settle(self.db)
            for pragma in PRAGMAS:
                self.db.execute(pragma)
            # can it be written at all (a read-only file or directory)? Rewriting the version is harmless
            self.db.execute(f"PRAGMA user_version = {VERSION}")
        except sqlite3.Error as err:
            self._close_quietly()
            raise StoreError(f"cannot use {path}: {err}") from None
        except StoreError:
            self._close_quietly()
            raise

    def _close_quietly(self) -> None:
        if self.db is not None:
            self.db.close()

    def _open_migrated(self, path: str) -> None:
        db = sqlite3.connect(path, isolation_level=None)
        try:
            self.db = db
            self._check()
            self._settle(db)
        finally:
            db.close()
            self.db = None

    def _check(self) -> None:
        """Never run on a damaged file: what is wrong, or nothing."""
        rows = [r[0] for r in self.db.execute("PRAGMA quick_check")]
        if rows != ["ok"]:
            raise StoreError(f"{self.path} is damaged ({rows[0][:120] if rows else 'no answer'}); "
                             "restore it from a backup or move it away")

    def _settle(self, db) -> None:
        """The schema brought to the newest (a store from an older questmud keeps working; one from
        a newer questmud is refused rather than misread)."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise StoreError(f"{self.path} is from a newer questmud (schema {version}; this one knows {VERSION})")
        db.execute("PRAGMA busy_timeout=5000")
        stamped = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'alembic_version'").fetchone()
        revisions = [r[0] for r in db.execute("SELECT version_num FROM alembic_version")] if stamped else []
        if revision.current(version, revisions):
            return  # (no migration: SQLAlchemy and Alembic stay unloaded)
        if 0 < version < VERSION and stamped:
            db.execute("DELETE FROM alembic_version")  # the old numbered code was here last: from the start
        revision.migrations().sqlite_upgrade(db, self.path)
        db.execute(f"PRAGMA user_version = {VERSION}")

    def version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    # --- the engine's part of mud/store/base.py ------------------------------------------------
    def _read(self, q: Compiled, params: dict) -> list[tuple]:
        return self.db.execute(q.sql, q.params(params)).fetchall()

    def _write(self, q: Compiled, params: dict) -> int:
        """One write: committed at once, or (``batched``) part of the open batch until ``commit``.
        A failure (the disk is full ...) raises StoreFailed, and the write is not made. Returns the
        rows it touched."""
        sql, params = q.sql, q.params(params)
        try:
            if not self.batched:
                cur = self.db.execute(sql, params)
                self.commits += 1
                return getattr(cur, "rowcount", -1)
            opening = not self._batch
            if opening and not self._in_transaction():
                self.db.execute("BEGIN")
            cur = self.db.execute(sql, params)
        except sqlite3.Error as err:
            log.warning("a write to %s failed: %s", self.path, err)
            if self.batched and not self._batch and self._in_transaction():
                self.db.execute("ROLLBACK")  # a batch that never began: no lock kept for nothing
            raise StoreFailed(CANNOT_SAVE) from err
        self._batch.append((sql, params))
        if opening and self.on_pending is not None:
            self.on_pending()
        return getattr(cur, "rowcount", -1)

    @contextmanager
    def _alone(self):
        try:
            self.db.execute("BEGIN IMMEDIATE")
            yield lambda q, params: self.db.execute(q.sql, q.params(params)).fetchall()
            self.db.execute("COMMIT")
        except sqlite3.Error as err:
            if self._in_transaction():
                self.db.execute("ROLLBACK")
            log.warning("a change to %s failed: %s", self.path, err)
            raise StoreFailed(CANNOT_SAVE) from err

    def _next_match(self) -> int:
        return self._read(self.q.next_match, {})[0][0]

    def changed(self) -> int | None:
        """A number another connection's commit changes (data_version); None: no such number."""
        return self.db.execute("PRAGMA data_version").fetchone()[0]

    # --- group commit -------------------------------------------------------------------------
    def _in_transaction(self) -> bool:
        return not self.db.getautocommit() if hasattr(self.db, "getautocommit") else self.db.in_transaction

    @property
    def pending(self) -> int:
        """Writes waiting for the next commit (batched only)."""
        return len(self._batch)

    def commit(self) -> bool:
        """End the open batch: one transaction, one fsync, for every write in it. False if it
        failed (logged): its writes are made again in a new transaction and wait for the next try."""
        if not self._batch:
            return True
        try:
            self.db.execute("COMMIT")
        except sqlite3.Error as err:
            log.warning("a commit of %d writes to %s failed (tried again later): %s", len(self._batch),
                        self.path, err)
            self._write_again()
            return False
        self._batch.clear()
        self.commits += 1
        return True

    def _write_again(self) -> None:
        """After a failed commit: a new transaction with the batch's writes, so this connection sees
        what it wrote and the next commit can store it (in memory until then: no disk needed)."""
        try:
            if self._in_transaction():
                self.db.execute("ROLLBACK")
            self.db.execute("BEGIN")
            for sql, params in self._batch:
                self.db.execute(sql, params)
        except sqlite3.Error as err:
            log.warning("the writes of a failed commit could not be made again yet: %s", err)

    def close(self) -> None:
        """Commit what waits (a clean stop), then close."""
        if self._batch:
            self.commit()
        self.db.close()

    def close_unsaved(self) -> None:
        """Close, dropping the open batch's writes (what failed half-way is not kept)."""
        self._batch.clear()
        if self._in_transaction():
            self.db.execute("ROLLBACK")
        self.db.close()
