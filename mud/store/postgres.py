"""The store in PostgreSQL (``mud serve --store postgresql://...``): the interface of mud/store/base.py,
for a world of several nodes that share accounts and match logs (issue 30).

Same contract as the SQLite store (tests/mud/store/test_store_contract.py runs the same behaviours on
both): a move is written and committed before anyone is told; ``batched`` writes join one open
transaction until :meth:`PgStore.commit` (group commit, one round trip and one WAL flush per batch);
a commit that fails is rolled back and its writes are made again in a new transaction, so nothing
acknowledged is lost and the next commit tries again. A write that cannot be made raises
:class:`~mud.store.records.StoreFailed`, whose text a player can read.

The statements are the shared ones (mud/store/base.py), in the text generated for PostgreSQL
(mud/store/sql.py); only what PostgreSQL alone can do is written here: the shared tables' leases
and row locks (:meth:`PgStore.shared_tables`, mud/store/leases.py) and the world's lock
(:meth:`PgStore.hold_world`).

Connections come from psycopg's pool: the store works on one of them (its reads see its own
batch, as SQLite's one connection does) and takes a fresh one when the server went away and came
back. The schema is brought to the newest by the migrations both engines share (mud/store/migrate.py),
under an advisory lock, so nodes starting together migrate once; a database already at the newest
revision is only asked its revision (mud/store/revision.py), without loading the migrations.

Names are kept as typed and found in any case (``lower(name)``), as SQLite's ``COLLATE NOCASE``
finds them. psycopg is imported only here, and only by a server given ``--store postgresql://``:
the drivers are the optional extra ``questmud[scale]``.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from contextlib import contextmanager
from typing import Callable

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from games.engine import Action
from mud.store import revision, sql
from mud.store.base import Compiled, Queries, StoreRules
from mud.store.leases import Leases
from mud.store.records import CANNOT_SAVE, StoreError, StoreFailed

log = logging.getLogger("questmud.store")

WAIT, GLANCE = 2.0, 0.05  # seconds the loop waits for a connection: usually, and while the server is gone
# a connection whose server vanished without a word (a cut cable) is known dead within seconds, not
# TCP's minutes: libpq's keepalives and a limit on unacknowledged writes
KEEPALIVE = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 2,
             "tcp_user_timeout": 5000}
LOCK_WAIT = 0.2  # seconds a statement apart from the batch may wait for a row lock
# A batch stays open one turn of the loop; one left open this long belongs to a stopped node, and
# PostgreSQL ends it (its writes, never acknowledged, are made again if the node wakes), so the lock
# it holds on a shared table's lease cannot keep another node from taking the table over.
IDLE_BATCH_MS = 10_000
WORLD_LOCK = 0x776F726C  # held by the one server running the world on this store ("worl")

# A move, in a world of nodes, is stored only by the node holding its table's lease: the insert locks
# the lease's row until the batch commits, so no node takes the table meanwhile (leases.py)
GUARDED_MOVE = Compiled(
    "INSERT INTO moves (match, seq, player, verb, args, by_bot, at) SELECT %(match)s, %(seq)s, %(player)s,"
    " %(verb)s, %(args)s, %(by_bot)s, %(at)s WHERE %(node)s = '' OR EXISTS (SELECT 1 FROM tables WHERE"
    " match = %(match)s AND node = %(node)s FOR KEY SHARE) OR NOT EXISTS (SELECT 1 FROM tables WHERE"
    " match = %(match)s) ON CONFLICT (match, seq) DO NOTHING", {})
NEXT_MATCH = Compiled("SELECT nextval('match_ids')", {})  # nodes creating matches at once never share one


def redacted(url: str) -> str:
    """The URL without its password, for logs and messages."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://?"
    return f"postgresql://{info.get('user', '')}@{info.get('host', '')}:{info.get('port', '5432')}/{info.get('dbname', '')}"


class PgStore(StoreRules):
    """The store in PostgreSQL: the methods of :class:`mud.store.Store`, and the shared tables."""

    q = Queries(sql.POSTGRESQL)
    shares_tables = True  # the nodes of one world share its tables (leases: mud/store/leases.py)

    def __init__(self, url: str, connect_timeout: float = 10.0, pool_size: int = 4):
        self.path = redacted(url)
        self.batched = False
        self.on_pending: Callable[[], None] | None = None
        self.commits = 0
        self._batch: list[tuple[str, dict]] = []
        self._token = ""  # the open batch's, written in its transaction (see _hold_batch)
        self._since_prune = 0  # commits since old tokens were last deleted
        self._conn: psycopg.Connection | None = None
        self._world: psycopg.Connection | None = None  # holds WORLD_LOCK (hold_world)
        self._gone = False  # the last try to reach the server failed (see _connection)
        self.node = ""  # in a world of several nodes, this one's name (hold_world)
        self.pool = ConnectionPool(url, min_size=1, max_size=pool_size, open=False, name="questmud",
                                   kwargs={"autocommit": True, "connect_timeout": max(1, int(connect_timeout)),
                                           "options": f"-c idle_in_transaction_session_timeout={IDLE_BATCH_MS}",
                                           **KEEPALIVE})
        try:
            if not _current(url, connect_timeout):
                revision.migrations().postgresql_upgrade(url, self.path, connect_timeout)
            self.pool.open(wait=True, timeout=connect_timeout)
        except (psycopg.Error, PoolTimeout) as err:
            self.pool.close()
            raise StoreError(f"cannot use the store at {self.path}: {str(err).strip().splitlines()[0]}") from None
        except StoreError:
            self.pool.close()
            raise

    # --- connections and transactions ------------------------------------------------------------
    def _connection(self) -> psycopg.Connection:
        """The store's own connection; a new one from the pool when the last one was lost. The
        server's loop waits for this, so while the server is known to be gone the pool is only
        glanced at (its own threads reconnect): a command is refused at once, not after seconds."""
        conn = self._conn
        if conn is None or conn.closed or conn.broken:
            if conn is not None:
                self.pool.putconn(conn)
                self._conn = None
            self._conn = conn = self.pool.getconn(timeout=GLANCE if self._gone else WAIT)
            self._gone = False
        return conn

    def _lost(self) -> None:
        """The connection failed: hand it back (the pool drops a broken one)."""
        self._gone = True
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                if not conn.broken and conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                    conn.execute("ROLLBACK")
            except psycopg.Error:
                pass
            self.pool.putconn(conn)

    def hold_world(self, node: str = "") -> None:
        """Be the one server of this store's world, or (``node``) one node of it under that name:
        else StoreError. A server alone holds the world's lock; nodes share it, each holding its
        name's, and each runs only the matches it made (``node``). The locks are PostgreSQL's, on a
        connection kept for them, so they end with the server."""
        try:
            conn = self.pool.getconn(timeout=5.0)
            if not node:
                held = conn.execute("SELECT pg_try_advisory_lock(%s)", (WORLD_LOCK,)).fetchone()[0]
            else:
                held = conn.execute("SELECT pg_try_advisory_lock_shared(%s) AND pg_try_advisory_lock(%s, hashtext(%s))",
                                    (WORLD_LOCK, WORLD_LOCK, node)).fetchone()[0]
        except (psycopg.Error, PoolTimeout) as err:
            raise StoreError(f"cannot use the store at {self.path}: {err}") from None
        if not held:
            conn.close()  # (with whatever lock it got)
            self.pool.putconn(conn)
            raise StoreError(f"another server runs the world of {self.path}" + (f" as node {node}" if node else "")
                             + "; stop it first")
        self._world, self.node = conn, node

    def version(self) -> int:
        return self._read(Compiled("SELECT version FROM questmud_schema", {}), {})[0][0]

    def shared_tables(self, node: str) -> Leases:
        """The tables of a world of nodes, each run by one node under a lease (mud/store/leases.py)."""
        return Leases(self, node)

    def _read(self, q: Compiled, params: dict) -> list[tuple]:
        try:
            conn = self._connection()
            if self._batch:
                self._hold_batch(conn)  # this store's reads see its own batch
            return conn.execute(q.sql, q.params(params)).fetchall()
        except (psycopg.Error, PoolTimeout) as err:
            log.warning("a read from %s failed: %s", self.path, err)
            self._recover()
            raise StoreFailed(CANNOT_SAVE) from err

    def _write(self, q: Compiled, params: dict) -> int:
        """One write: committed at once, or (``batched``) part of the open batch until ``commit``.
        Returns the rows it touched. A failure raises StoreFailed, and the write is not made (a
        batch's other writes are kept: made again in a new transaction when next needed)."""
        try:
            conn = self._connection()
            if self.batched:
                self._hold_batch(conn)
            opening = self.batched and not self._batch
            sql, args = q.sql, q.params(params)
            count = conn.execute(sql, args).rowcount
        except (psycopg.Error, PoolTimeout) as err:
            log.warning("a write to %s failed: %s", self.path, err)
            self._recover()
            raise StoreFailed(CANNOT_SAVE) from err
        if not self.batched:
            self.commits += 1
            return count
        self._batch.append((sql, args))
        if opening and self.on_pending is not None:
            self.on_pending()
        return count

    def _hold_batch(self, conn) -> None:
        """Make sure a transaction on ``conn`` holds the batch: after a lost connection or a failed
        statement (which ends a PostgreSQL transaction, unlike SQLite's) it is begun again and the
        batch's writes made again -- unless the batch's commit did reach the server before its
        answer was lost (its token is there): then it is done."""
        if conn.info.transaction_status == psycopg.pq.TransactionStatus.INTRANS:
            return
        if self._stored(conn):
            self._batch.clear()
            self.commits += 1
        self._token = uuid.uuid4().hex
        conn.execute("BEGIN")
        conn.execute("INSERT INTO questmud_batches (token, at) VALUES (%s, %s)", (self._token, time.time()))
        for sql, args in self._batch:
            conn.execute(sql, args)

    def _stored(self, conn) -> bool:
        """Outside a transaction: was the open batch stored after all (its COMMIT's answer lost)?"""
        return bool(self._batch) and conn.execute("SELECT 1 FROM questmud_batches WHERE token = %s",
                                                  (self._token,)).fetchone() is not None

    def _recover(self) -> None:
        """After a failure: a lost connection goes back to the pool; a transaction ended by a failed
        statement is rolled back (the batch is made again when next needed)."""
        conn = self._conn
        if conn is None or conn.closed or conn.broken:
            self._lost()
            return
        try:
            if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                conn.execute("ROLLBACK")
        except psycopg.Error:
            self._lost()

    @property
    def pending(self) -> int:
        return len(self._batch)

    def commit(self) -> bool:
        """End the open batch in one transaction. False if it failed (logged): its writes are kept
        and made again in a new transaction when next needed; the next commit tries again."""
        if not self._batch:
            return True
        try:
            conn = self._connection()
            idle = conn.info.transaction_status != psycopg.pq.TransactionStatus.INTRANS
            if not (idle and self._stored(conn)):  # (stored after all: nothing to begin again)
                self._hold_batch(conn)
                conn.execute("COMMIT")
        except (psycopg.Error, PoolTimeout) as err:
            log.warning("a commit of %d writes to %s failed (tried again later): %s", len(self._batch),
                        self.path, err)
            self._recover()
            return False
        self._batch.clear()
        self.commits += 1
        self._prune()
        return True

    def _prune(self) -> None:
        """Forget batch tokens older than a day, now and then (a lost answer is known within seconds)."""
        self._since_prune += 1
        if self._since_prune < 1000:
            return
        self._since_prune = 0
        try:
            self._connection().execute("DELETE FROM questmud_batches WHERE at < %s", (time.time() - 86400,))
        except (psycopg.Error, PoolTimeout):
            self._recover()

    def close(self) -> None:
        if self._batch:
            self.commit()
        self.close_unsaved()

    def close_unsaved(self) -> None:
        self._batch.clear()
        self._lost()
        world, self._world = self._world, None
        if world is not None:
            world.close()  # (the lock goes with the connection)
        self.pool.close()

    # --- what PostgreSQL alone does ------------------------------------------------------------
    def apart(self, sql: str, args: dict) -> list[tuple]:
        """One statement in a transaction of its own, on another connection than the batch's,
        committed at once; a row lock it would wait for more than ``LOCK_WAIT`` is a failure
        (StoreFailed), never a stalled loop. The leases of shared tables (mud/store/leases.py): a batch
        holding a table's row until the loop's next turn must not make another node's statement
        wait on the same loop. ``sql`` is PostgreSQL's own (``%(name)s`` for each of ``args``)."""
        try:
            with self.pool.connection(timeout=GLANCE if self._gone else WAIT) as conn, conn.transaction():
                conn.execute(f"SET LOCAL lock_timeout = '{int(LOCK_WAIT * 1000)}ms'")
                return conn.execute(sql, args).fetchall()
        except (psycopg.Error, PoolTimeout) as err:
            log.warning("a statement to %s failed: %s", self.path, err)
            raise StoreFailed(CANNOT_SAVE) from err

    def changed(self) -> int | None:
        return None  # (no cheap counter of other connections' commits: modstore reads roles again)

    @contextmanager
    def _alone(self):
        try:
            conn = self._connection()
            with conn.transaction():
                yield lambda q, params: _fetched(conn.execute(q.sql, q.params(params)))
        except (psycopg.Error, PoolTimeout) as err:
            log.warning("a change to %s failed: %s", self.path, err)
            self._lost()
            raise StoreFailed(CANNOT_SAVE) from err

    def _next_match(self) -> int:
        # (a number skipped by a failed write stays unused)
        return self._read(NEXT_MATCH, {})[0][0]

    def log_move(self, match: int, seq: int, player: str, action: Action, by_bot: bool) -> None:
        """A move; in a world of nodes only by the node holding its table's lease (GUARDED_MOVE).
        Refused (StoreFailed, the move undone) when the lease or the move's number is another's."""
        if not self._write(GUARDED_MOVE, {"match": match, "seq": seq, "player": player, "verb": action.verb,
                                          "args": json.dumps(list(action.args)), "by_bot": int(by_bot),
                                          "at": time.time(), "node": self.node}):
            raise StoreFailed("This table is run by another server now; your move was not made. Look again.")


def _current(url: str, timeout: float) -> bool:
    """Is the database at the newest revision (mud/store/revision.py)? Asked on a connection of its
    own, as the migrations' is, before the pool opens: nothing to migrate, nothing loaded to migrate."""
    with psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(timeout))) as conn:
        marked, stamped = conn.execute("SELECT to_regclass('questmud_schema') IS NOT NULL,"
                                       " to_regclass('alembic_version') IS NOT NULL").fetchone()
        if not (marked and stamped):
            return False
        mark = conn.execute("SELECT max(version) FROM questmud_schema").fetchone()[0]
        revisions = [r[0] for r in conn.execute("SELECT version_num FROM alembic_version")]
    return revision.current(mark, revisions)


def _fetched(cur) -> list:
    """A statement's rows, or none (an UPDATE's cursor has no rows to fetch)."""
    return cur.fetchall() if cur.description is not None else []
