"""The store in PostgreSQL (``mud serve --store postgresql://...``): the interface of mud/store.py,
for a world of several nodes that share accounts and match logs (issue 30).

Same contract as the SQLite store (tests/mud/test_store_contract.py runs the same behaviours on
both): a move is written and committed before anyone is told; ``batched`` writes join one open
transaction until :meth:`PgStore.commit` (group commit, one round trip and one WAL flush per batch);
a commit that fails is rolled back and its writes are made again in a new transaction, so nothing
acknowledged is lost and the next commit tries again. A write that cannot be made raises
:class:`~mud.store.StoreFailed`, whose text a player can read.

Connections come from psycopg's pool: the store works on one of them (its reads see its own
batch, as SQLite's one connection does) and takes a fresh one when the server went away and came
back. The schema is brought to ``VERSION`` by ``MIGRATIONS`` (mud/pgschema.py: appended to, never edited),
each step in its own transaction under an advisory lock, so nodes starting together migrate once.

Names are kept as typed and found in any case (``lower(name)``), as SQLite's ``COLLATE NOCASE``
finds them. psycopg is imported only here, and only by a server given ``--store postgresql://``:
the drivers are the optional extra ``questmud[scale]``.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from typing import Callable

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from games.engine import Action
from mud.passwords import hash_password
from mud.pgschema import MIGRATIONS, VERSION
from mud.store import CANNOT_SAVE, Handover, MatchRecord, StoreError, StoreFailed, StoreRules

log = logging.getLogger("questmud.store")

LOCK = 0x71756573  # the advisory lock the nodes migrate under ("ques")
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

# What is an account's own, deleted with it: as mud/store.py's PERSONAL (names kept lowercased
# where SQLite compared them without case: roles, mutes and ignores hold names as typed).
PERSONAL = (("accounts", "name"), ("ssh_keys", "name"), ("ignores", "name"), ("ignores", "other"),
            ("roles", "name"), ("mutes", "name"))
_RECORD = "id, game, room, seed, options, humans, bots, level, status, table_no, created"


def redacted(url: str) -> str:
    """The URL without its password, for logs and messages."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://?"
    return f"postgresql://{info.get('user', '')}@{info.get('host', '')}:{info.get('port', '5432')}/{info.get('dbname', '')}"


class PgStore(StoreRules):
    """The store in PostgreSQL: the methods of :class:`mud.store.Store`."""

    shares_tables = True  # the nodes of one world share its tables (leases: mud/leases.py)

    def __init__(self, url: str, connect_timeout: float = 10.0, pool_size: int = 4):
        self.path = redacted(url)
        self.batched = False
        self.on_pending: Callable[[], None] | None = None
        self.commits = 0
        self._batch: list[tuple[str, tuple]] = []
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
            self.pool.open(wait=True, timeout=connect_timeout)
            self._migrate()
        except (psycopg.Error, PoolTimeout) as err:
            self.pool.close()
            raise StoreError(f"cannot use the store at {self.path}: {str(err).strip().splitlines()[0]}") from None

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

    def _migrate(self) -> None:
        with self.pool.connection() as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS questmud_schema (version INTEGER NOT NULL)")
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
                row = conn.execute("SELECT version FROM questmud_schema").fetchone()
                if row is None:
                    conn.execute("INSERT INTO questmud_schema VALUES (0)")
            for number in range(1, VERSION + 1):
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
                    version = conn.execute("SELECT version FROM questmud_schema").fetchone()[0]
                    if version > VERSION:
                        raise StoreError(f"{self.path} is from a newer questmud (schema {version}; this one "
                                         f"knows {VERSION})")
                    if version >= number:
                        continue
                    for sql in MIGRATIONS[number - 1].split(";"):
                        if sql.strip():
                            conn.execute(sql)
                    conn.execute("UPDATE questmud_schema SET version = %s", (number,))

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
        return self._read("SELECT version FROM questmud_schema")[0][0]

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        try:
            conn = self._connection()
            if self._batch:
                self._hold_batch(conn)  # this store's reads see its own batch
            return conn.execute(sql, args).fetchall()
        except (psycopg.Error, PoolTimeout) as err:
            log.warning("a read from %s failed: %s", self.path, err)
            self._recover()
            raise StoreFailed(CANNOT_SAVE) from err

    def _write(self, sql: str, args: tuple = ()) -> int:
        """One write: committed at once, or (``batched``) part of the open batch until ``commit``.
        Returns the rows it touched. A failure raises StoreFailed, and the write is not made (a
        batch's other writes are kept: made again in a new transaction when next needed)."""
        try:
            conn = self._connection()
            if self.batched:
                self._hold_batch(conn)
            opening = self.batched and not self._batch
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

    # --- SQL both engines read alike (mud/modstore.py) ------------------------------------------
    def rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        """The rows of a query written for both engines (``?`` for each argument: none of those
        queries has a ``?`` or ``%`` of its own)."""
        return self._read(sql.replace("?", "%s"), args)

    def write(self, sql: str, args: tuple = ()) -> int:
        return self._write(sql.replace("?", "%s"), args)

    def apart(self, sql: str, args: tuple = ()) -> list[tuple]:
        """One statement in a transaction of its own, on another connection than the batch's,
        committed at once; a row lock it would wait for more than ``LOCK_WAIT`` is a failure
        (StoreFailed), never a stalled loop. The leases of shared tables (mud/leases.py): a batch
        holding a table's row until the loop's next turn must not make another node's statement
        wait on the same loop."""
        try:
            with self.pool.connection(timeout=GLANCE if self._gone else WAIT) as conn, conn.transaction():
                conn.execute(f"SET LOCAL lock_timeout = '{int(LOCK_WAIT * 1000)}ms'")
                return conn.execute(sql.replace("?", "%s"), args).fetchall()
        except (psycopg.Error, PoolTimeout) as err:
            log.warning("a statement to %s failed: %s", self.path, err)
            raise StoreFailed(CANNOT_SAVE) from err

    def changed(self) -> int | None:
        return None  # (no cheap counter of other connections' commits: modstore reads roles again)

    # --- accounts -----------------------------------------------------------------------------
    def account(self, name: str) -> dict | None:
        rows = self._read("SELECT name, salt, hash, room FROM accounts WHERE lower(name) = lower(%s)", (name,))
        if not rows:
            return None
        row = rows[0]
        return {"name": row[0], "salt": bytes(row[1] or b""), "hash": bytes(row[2] or b""), "room": row[3]}

    def create_account(self, name: str, password: str | None, hashed: tuple[bytes, bytes] | None = None) -> None:
        salt, digest = hashed or (hash_password(password) if password else (b"", b""))
        self._write("INSERT INTO accounts (name, salt, hash, created, room) VALUES (%s, %s, %s, %s, %s)",
                    (name, salt, digest, time.time(), None))

    def set_password(self, name: str, password: str) -> None:
        salt, digest = hash_password(password)
        self._write("UPDATE accounts SET salt = %s, hash = %s WHERE lower(name) = lower(%s)", (salt, digest, name))

    def set_room(self, name: str, room: str) -> None:
        try:
            self._write("UPDATE accounts SET room = %s WHERE lower(name) = lower(%s)", (room, name))
        except StoreFailed:
            pass

    def add_key(self, name: str, key: str) -> None:
        self._write("INSERT INTO ssh_keys (name, key, added) VALUES (lower(%s), %s, %s) ON CONFLICT DO NOTHING",
                    (name, key, time.time()))

    def keys(self, name: str) -> list[str]:
        return [r[0] for r in self._read("SELECT key FROM ssh_keys WHERE name = lower(%s) ORDER BY added, key",
                                         (name,))]

    def remove_key(self, name: str, key: str) -> bool:
        return self._write("DELETE FROM ssh_keys WHERE name = lower(%s) AND key = %s", (name, key)) > 0

    def delete_account(self, name: str) -> dict[int, str]:
        """As mud/store.py's: personal rows deleted and a placeholder put in the matches, in one
        transaction (all of it, or none and StoreFailed)."""
        low = name.lower()
        try:
            conn = self._connection()
            with conn.transaction():
                found = conn.execute("SELECT id FROM matches WHERE EXISTS (SELECT 1 FROM"
                                     " jsonb_array_elements_text(humans::jsonb) AS h WHERE lower(h) = %s)",
                                     (low,)).fetchall()
                placed = {match: self._put_placeholder(conn, match, name) for (match,) in found}
                for table, column in PERSONAL:
                    conn.execute(f"DELETE FROM {table} WHERE lower({column}) = %s", (low,))
        except (psycopg.Error, PoolTimeout) as err:
            log.warning("deleting an account in %s failed: %s", self.path, err)
            self._lost()
            raise StoreFailed(CANNOT_SAVE) from err
        return placed

    def _put_placeholder(self, conn, match: int, name: str) -> str:
        humans, bots = (json.loads(v) for v in conn.execute(
            "SELECT humans, bots FROM matches WHERE id = %s", (match,)).fetchone())
        gone, spelt = self.placeholder(humans, bots, name)
        conn.execute("UPDATE matches SET humans = %s WHERE id = %s",
                     (json.dumps([gone if h in spelt else h for h in humans]), match))
        for seq, player, args in conn.execute("SELECT seq, player, args FROM moves WHERE match = %s",
                                              (match,)).fetchall():
            new_args = self.renamed(args, spelt, gone)
            if player in spelt or new_args != args:
                conn.execute("UPDATE moves SET player = %s, args = %s WHERE match = %s AND seq = %s",
                             (gone if player in spelt else player, new_args, match, seq))
        conn.execute("UPDATE handovers SET player = %s WHERE match = %s AND player = ANY(%s)",
                     (gone, match, list(spelt)))
        conn.execute("DELETE FROM snapshots WHERE match = %s", (match,))
        return gone

    # --- matches ------------------------------------------------------------------------------
    def create_match(self, game: str, room: str, seed: int, options: dict, humans: list[str],
                     bots: list[str], level: str, table_no: int | None = None) -> int:
        # the id chosen here, as in mud/store.py (a batch written again keeps it), from a sequence:
        # nodes creating matches at once never choose the same (a number skipped by a failed write
        # stays unused)
        number = self._read("SELECT nextval('match_ids')")[0][0]
        self._write("INSERT INTO matches (id, game, room, seed, options, humans, bots, level, status, created,"
                    " table_no, node) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, 'playing', %s, %s, %s)",
                    (number, game, room, seed, json.dumps(options), json.dumps(humans), json.dumps(bots), level,
                     time.time(), table_no, self.node or None))
        return number

    def log_move(self, match: int, seq: int, player: str, action: Action, by_bot: bool) -> None:
        """A move; in a world of nodes only by the node holding its table's lease, whose row the
        insert locks until the batch commits, so no node takes the table meanwhile (mud/leases.py).
        Refused (StoreFailed, the move undone) when the lease or the move's number is another's."""
        if not self._write(
                "INSERT INTO moves (match, seq, player, verb, args, by_bot, at) SELECT %s, %s, %s, %s, %s, %s, %s"
                " WHERE %s = '' OR EXISTS (SELECT 1 FROM tables WHERE match = %s AND node = %s FOR KEY SHARE)"
                " OR NOT EXISTS (SELECT 1 FROM tables WHERE match = %s) ON CONFLICT (match, seq) DO NOTHING",
                (match, seq, player, action.verb, json.dumps(list(action.args)), int(by_bot), time.time(),
                 self.node, match, self.node, match)):
            raise StoreFailed("This table is run by another server now; your move was not made. Look again.")

    def moves_by(self, match: int, after: int = 0) -> list[tuple[int, str, Action, bool]]:
        rows = self._read("SELECT seq, player, verb, args, by_bot FROM moves WHERE match = %s AND seq > %s"
                          " ORDER BY seq", (match, after))
        return [(seq, who, Action(verb, tuple(json.loads(args))), bool(bot)) for seq, who, verb, args, bot in rows]

    def finish(self, match: int, status: str = "over") -> None:
        self._write("UPDATE matches SET status = %s, finished = %s WHERE id = %s", (status, time.time(), match))

    @staticmethod
    def _record(r) -> MatchRecord:
        return MatchRecord(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]), json.loads(r[6]), r[7], r[8],
                           r[9], r[10] or 0.0)

    def matches(self, status: str = "playing") -> list[MatchRecord]:
        # a node's own (a lone server's: those no node made)
        rows = self._read(f"SELECT {_RECORD} FROM matches WHERE status = %s AND node IS NOT DISTINCT FROM %s"
                          " ORDER BY id", (status, self.node or None))
        return [self._record(r) for r in rows]

    def match(self, match: int) -> MatchRecord | None:
        rows = self._read(f"SELECT {_RECORD} FROM matches WHERE id = %s", (match,))
        if not rows:
            return None
        rec = self._record(rows[0])
        rec.handovers = self.handovers(rec.id)
        return rec

    def matches_of(self, name: str, limit: int = 20) -> list[MatchRecord]:
        rows = self._read(f"SELECT {_RECORD} FROM matches WHERE EXISTS (SELECT 1 FROM"
                          " jsonb_array_elements_text(humans::jsonb) AS h WHERE lower(h) = lower(%s))"
                          " ORDER BY id DESC LIMIT %s", (name, limit))
        found = [self._record(r) for r in rows]
        for rec in found:
            rec.handovers = self.handovers(rec.id)
        return found

    # --- seats handed to bots -----------------------------------------------------------------
    def hand_over(self, match: int, seq: int, player: str, why: str) -> None:
        self.check_why(why)
        try:
            self._write("INSERT INTO handovers (match, seq, player, why, at) VALUES (%s, %s, %s, %s, %s)",
                        (match, seq, player, why, time.time()))
        except StoreFailed:
            pass

    def handovers(self, match: int) -> list[Handover]:
        rows = self._read("SELECT seq, player, why FROM handovers WHERE match = %s ORDER BY id", (match,))
        return [Handover(seq, player, why) for seq, player, why in rows]

    # --- snapshots ----------------------------------------------------------------------------
    def save_snapshot(self, match: int, seq: int, snap: tuple) -> None:
        blob = self.snapshot_blob(snap)
        self._write("INSERT INTO snapshots (match, seq, blob) VALUES (%s, %s, %s)"
                    " ON CONFLICT (match, seq) DO UPDATE SET blob = excluded.blob", (match, seq, blob))
        self._write("DELETE FROM snapshots WHERE match = %s AND seq < %s", (match, seq))

    def latest_snapshot(self, match: int) -> tuple[int, tuple] | None:
        rows = self._read("SELECT seq, blob FROM snapshots WHERE match = %s ORDER BY seq DESC LIMIT 1", (match,))
        return self.snapshot_of(rows[0][0], rows[0][1]) if rows else None
