"""Storage of the server in one SQLite file: accounts, every match's append-only log, snapshots.

A match is stored as what is needed to play it again exactly: its game, seed, options and seats,
then every accepted action in order (people's and bots'). A move is written -- and committed --
before anyone is told it happened, so a move a player saw acknowledged survives ``kill -9`` and a
power cut. Snapshots (a pickle of the table every ``SNAPSHOT_EVERY`` moves) make resuming fast; the
log alone is always enough. WAL mode with ``synchronous=FULL``: a commit is on the disk (fsynced)
when it returns.

Two ways to write. By default each write is its own transaction, committed at once (local play,
command files, tools). A server sets ``batched``: writes join one open transaction and
:meth:`Store.commit` ends it -- *group commit*, one fsync for every move written since the last one
(mud/server/durable.py commits once per turn of the event loop and holds every byte to clients
until then). ``on_pending`` hears when a batch opens, so the server can schedule its commit. A
commit that fails (a full disk) is rolled back, its writes are written again at once into a new
transaction (this connection keeps seeing them) and the next commit tries again: nothing in it was
acknowledged, so nothing acknowledged is lost.

Opening checks the file (``PRAGMA quick_check``) and brings its schema up to ``VERSION`` (SQLite's
``user_version``) through ``MIGRATIONS``; a file that cannot be opened, is damaged or comes from a
newer questmud raises :class:`StoreError` with one line for the operator. A write that fails (a
full disk, say) raises :class:`StoreFailed`, whose text a player can read; nothing half-written
stays behind, and the next write tries again.
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import pickle
import sqlite3
import time
from dataclasses import dataclass, field
from typing import Callable

from games.engine import Action
from mud.passwords import hash_password

SNAPSHOT_EVERY = 100  # moves between snapshots
# Every connection, the server's and the tools' alike. FULL: the WAL is fsynced at each commit, so
# an acknowledged move survives a power cut (docs/decisions.md).
PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA busy_timeout=5000")
log = logging.getLogger("questmud.store")

CANNOT_SAVE = "The server cannot save right now; that was not done. Try again in a little while."


class StoreError(Exception):
    """The store cannot be used: one line saying why (a damaged file, a read-only directory ...)."""


class StoreFailed(StoreError):
    """A write failed (the disk is full, say); the text is for the player. Nothing was written."""


SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS accounts (
    name TEXT PRIMARY KEY COLLATE NOCASE, salt BLOB, hash BLOB, created REAL, room TEXT);
CREATE TABLE IF NOT EXISTS ssh_keys (
    name TEXT COLLATE NOCASE, key TEXT, added REAL, PRIMARY KEY (name, key));
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY, game TEXT, room TEXT, seed INTEGER, options TEXT,
    humans TEXT, bots TEXT, level TEXT, status TEXT, created REAL, finished REAL);
CREATE TABLE IF NOT EXISTS moves (
    match INTEGER, seq INTEGER, player TEXT, verb TEXT, args TEXT, by_bot INTEGER, at REAL,
    PRIMARY KEY (match, seq));
CREATE TABLE IF NOT EXISTS snapshots (
    match INTEGER, seq INTEGER, blob BLOB, PRIMARY KEY (match, seq));
"""


def _add_table_no(db: sqlite3.Connection) -> None:
    # stores made before versions existed may have the column already (user_version 0)
    if "table_no" not in {row[1] for row in db.execute("PRAGMA table_info(matches)")}:
        db.execute("ALTER TABLE matches ADD COLUMN table_no INTEGER")


def _add_handovers(db: sqlite3.Connection) -> None:
    # when a person's seat went to a bot or came back: matches and replays say so (issue 26)
    db.execute("CREATE TABLE IF NOT EXISTS handovers (match INTEGER, seq INTEGER, player TEXT, why TEXT, at REAL)")
    db.execute("CREATE INDEX IF NOT EXISTS handovers_match ON handovers (match)")


def _add_moderation(db: sqlite3.Connection) -> None:
    # running in public (issue 28): roles above a player, bans, mutes, the audit of every act,
    # each player's ignore list and their reports (queries in mud/modstore.py)
    for sql in (
        "CREATE TABLE IF NOT EXISTS roles (name TEXT PRIMARY KEY COLLATE NOCASE, role TEXT, by TEXT, at REAL)",
        "CREATE TABLE IF NOT EXISTS bans (id INTEGER PRIMARY KEY, kind TEXT, target TEXT COLLATE NOCASE,"
        " until REAL, by TEXT, reason TEXT, at REAL, lifted REAL)",
        "CREATE INDEX IF NOT EXISTS bans_target ON bans (kind, target)",
        "CREATE TABLE IF NOT EXISTS mutes (name TEXT PRIMARY KEY COLLATE NOCASE, until REAL, by TEXT,"
        " reason TEXT, at REAL)",
        "CREATE TABLE IF NOT EXISTS audit (id INTEGER PRIMARY KEY, at REAL, who TEXT, act TEXT, whom TEXT, why TEXT)",
        "CREATE TABLE IF NOT EXISTS ignores (name TEXT COLLATE NOCASE, other TEXT COLLATE NOCASE, at REAL,"
        " PRIMARY KEY (name, other))",
        "CREATE TABLE IF NOT EXISTS reports (id INTEGER PRIMARY KEY, at REAL, who TEXT, whom TEXT, text TEXT)",
    ):
        db.execute(sql)


# Migration n (1-based) brings a store from version n-1 to n; a new one is appended, never edited.
MIGRATIONS = [
    lambda db: [db.execute(sql) for sql in SCHEMA_1.split(";") if sql.strip()],  # 1: accounts, keys, matches ...
    _add_table_no,  # 2: the number players know a table by
    _add_handovers,  # 3: when each seat went to a bot (or back to its person)
    _add_moderation,  # 4: roles, bans, mutes, audit, ignores, reports (issue 28)
]
# got up; away past the grace time; took the seat back; (one turn) the time was up, a bot played it
HANDOVER_WHY = ("left", "away", "back", "time")
# What is an account's own, deleted with it: (table, a column naming it); a later table that names
# accounts adds its rows here (one per column), and one this file lacks is skipped.
PERSONAL = (("accounts", "name"), ("ssh_keys", "name"),
            ("ignores", "name"), ("ignores", "other"),  # whom they ignore, and who ignored them (moderation)
            ("roles", "name"),  # a role must not pass to the next account of that name
            ("mutes", "name"))  # (a ban stays: it keeps the name from being made again)
PLACEHOLDER = "gone-"  # a deleted account's seat in the matches it played: gone-1 (a name nobody may take)
VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class Handover:
    """A person's seat changed hands after ``seq`` moves: to a bot (``why`` 'left' or 'away') or
    back to them ('back'); or for one turn only ('time': their time was up and a bot played the turn
    that move ``seq + 1`` begins; the seat stays theirs)."""
    seq: int
    player: str
    why: str

    @property
    def to_bot(self) -> bool:
        """The seat is a bot's from here (until 'back')."""
        return self.why in ("left", "away")

    @property
    def for_a_turn(self) -> bool:
        return self.why == "time"


@dataclass
class MatchRecord:
    id: int
    game: str
    room: str
    seed: int
    options: dict
    humans: list[str]
    bots: list[str]
    level: str
    status: str
    table_no: int | None = None  # the number players know the table by (kept over a restart)
    created: float = 0.0
    handovers: list[Handover] = field(default_factory=list)  # filled by Store.match and Store.matches_of


class StoreRules:
    """What every store does alike, apart from its SQL: SQLite's here, PostgreSQL's in mud/pgstore.py."""

    # The operator's events the store's own functions note (moderation acts, mud/modstore.py) go
    # here too: a server puts its metrics' ear (mud/oplog.py).
    on_note: Callable[[str, dict], None] | None = None

    def moves(self, match: int, after: int = 0) -> list[tuple[int, str, Action]]:
        """The match's moves after the ``after``-th, in order: (seq, player, action). ``moves_by`` adds
        to each whether a bot made it (a bot's seat, or a person's a bot played), for resuming."""
        return [(seq, player, action) for seq, player, action, _by_bot in self.moves_by(match, after)]

    def check_password(self, name: str, password: str) -> bool:
        acc = self.account(name)  # (no account, or one without a password: False)
        return bool(acc and acc["hash"]) and hmac.compare_digest(hash_password(password, acc["salt"])[1], acc["hash"])

    @staticmethod
    def placeholder(humans: list[str], bots: list[str], name: str) -> tuple[str, set[str]]:
        """(the placeholder for ``name`` in a match of these seats, how the match spelt the name)."""
        taken = {n.lower() for n in humans + bots}
        gone = next(f"{PLACEHOLDER}{k}" for k in range(1, len(taken) + 2) if f"{PLACEHOLDER}{k}" not in taken)
        return gone, {h for h in humans if h.lower() == name.lower()}

    @staticmethod
    def renamed(args: str, spelt: set[str], gone: str) -> str:
        """A move's arguments (JSON) with the name put out of them ('give alice 2 gold')."""
        return json.dumps([gone if isinstance(a, str) and a in spelt else a for a in json.loads(args)])

    @staticmethod
    def check_why(why: str) -> None:  # (a handover's)
        if why not in HANDOVER_WHY:
            raise ValueError(f"a handover is one of {HANDOVER_WHY}, not {why!r}")

    @staticmethod
    def snapshot_blob(snap: tuple) -> bytes:
        """A snapshot is written by this server only, from its own objects: pickle is safe here."""
        return pickle.dumps(snap, protocol=pickle.HIGHEST_PROTOCOL)

    @staticmethod
    def snapshot_of(seq: int, blob: bytes) -> tuple[int, tuple] | None:
        try:
            return seq, pickle.loads(bytes(blob))
        except Exception:  # from an older version of the code: the log is enough
            return None


class Store(StoreRules):
    shares_tables = False  # several nodes cannot run one world's tables on it (no leases, no row locks)

    def __init__(self, path: str, connect: Callable[[str], object] | None = None):
        """``connect``: how to open the file (tests give another SQLite binding, to cut its power)."""
        self.path = path
        self.batched = False  # a server's group commit: writes wait for commit() (see the module doc)
        self.on_pending: Callable[[], None] | None = None  # told when a batch opens
        self.commits = 0  # transactions committed (batches, or single writes)
        self._batch: list[tuple[str, tuple]] = []  # the writes of the open batch, to write again if it fails
        try:
            if path != ":memory:" and not os.path.exists(path):
                os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))  # private from the start
            # autocommit; explicit transactions below
            self.db = connect(path) if connect else sqlite3.connect(path, isolation_level=None)
        except (OSError, sqlite3.Error) as err:
            raise StoreError(f"cannot open {path}: {getattr(err, 'strerror', None) or err}") from None
        try:
            self._check()
            for pragma in PRAGMAS:
                self.db.execute(pragma)
            self._migrate()
            # can it be written at all (a read-only file or directory)? Rewriting the version is harmless
            self.db.execute(f"PRAGMA user_version = {self.version()}")
        except sqlite3.Error as err:
            self.db.close()
            raise StoreError(f"cannot use {path}: {err}") from None
        except StoreError:
            self.db.close()
            raise

    def _check(self) -> None:
        """Never run on a damaged file: what is wrong, or nothing."""
        rows = [r[0] for r in self.db.execute("PRAGMA quick_check")]
        if rows != ["ok"]:
            raise StoreError(f"{self.path} is damaged ({rows[0][:120] if rows else 'no answer'}); "
                             "restore it from a backup or move it away")

    def _migrate(self) -> None:
        """Bring the schema to VERSION, each step in its own transaction (a store from an older
        questmud keeps working; one from a newer questmud is refused rather than misread)."""
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise StoreError(f"{self.path} is from a newer questmud (schema {version}; this one knows "
                             f"{VERSION})")
        for number in range(version + 1, VERSION + 1):
            self.db.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[number - 1](self.db)
                self.db.execute(f"PRAGMA user_version = {number}")
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def _write(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        """One write: committed at once, or (``batched``) part of the open batch until ``commit``.
        A failure (the disk is full ...) raises StoreFailed, and the write is not made."""
        try:
            if not self.batched:
                cur = self.db.execute(sql, args)
                self.commits += 1
                return cur
            opening = not self._batch
            if opening and not self._in_transaction():
                self.db.execute("BEGIN")
            cur = self.db.execute(sql, args)
        except sqlite3.Error as err:
            log.warning("a write to %s failed: %s", self.path, err)
            if self.batched and not self._batch and self._in_transaction():
                self.db.execute("ROLLBACK")  # a batch that never began: no lock kept for nothing
            raise StoreFailed(CANNOT_SAVE) from err
        self._batch.append((sql, args))
        if opening and self.on_pending is not None:
            self.on_pending()
        return cur

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
            for sql, args in self._batch:
                self.db.execute(sql, args)
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

    # --- SQL both engines read alike (``?`` for each argument: mud/modstore.py) -----------------
    def rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        return self.db.execute(sql, args).fetchall()

    def write(self, sql: str, args: tuple = ()) -> int:  # (as _write; the rows it touched)
        return self._write(sql, args).rowcount

    def changed(self) -> int | None:
        """A number another connection's commit changes (data_version); None: no such number."""
        return self.db.execute("PRAGMA data_version").fetchone()[0]

    # --- accounts -----------------------------------------------------------------------------
    def account(self, name: str) -> dict | None:
        row = self.db.execute("SELECT name, salt, hash, room FROM accounts WHERE name = ?", (name,)).fetchone()
        return None if row is None else {"name": row[0], "salt": row[1], "hash": row[2], "room": row[3]}

    def create_account(self, name: str, password: str | None, hashed: tuple[bytes, bytes] | None = None) -> None:
        salt, digest = hashed or (hash_password(password) if password else (b"", b""))
        self._write("INSERT INTO accounts (name, salt, hash, created, room) VALUES (?, ?, ?, ?, ?)",
                    (name, salt, digest, time.time(), None))

    def set_password(self, name: str, password: str) -> None:
        salt, digest = hash_password(password)
        self._write("UPDATE accounts SET salt = ?, hash = ? WHERE name = ?", (salt, digest, name))

    def set_room(self, name: str, room: str) -> None:
        """Where the player is, for their next login: a convenience, so a failure is only logged."""
        try:
            self._write("UPDATE accounts SET room = ? WHERE name = ?", (room, name))
        except StoreFailed:
            pass

    def add_key(self, name: str, key: str) -> None:
        self._write("INSERT OR IGNORE INTO ssh_keys (name, key, added) VALUES (?, ?, ?)", (name, key, time.time()))

    def keys(self, name: str) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT key FROM ssh_keys WHERE name = ? ORDER BY added, key", (name,))]

    def remove_key(self, name: str, key: str) -> bool:
        """Forget one of ``name``'s SSH keys (its line as ``keys`` lists it); False if it was not theirs."""
        return self._write("DELETE FROM ssh_keys WHERE name = ? AND key = ?", (name, key)).rowcount > 0

    def delete_account(self, name: str) -> dict[int, str]:
        """Delete ``name``'s rows (PERSONAL) and put a placeholder in its stead in every match it sat
        at (seats, moves, handovers; snapshots go), so replays still play: all of it in one
        transaction, or none (StoreFailed). Returns each match's placeholder (one per match, so a
        person's matches are not linked to one another: ``StoreRules.placeholder``)."""
        low = name.lower()
        try:
            self.db.execute("BEGIN IMMEDIATE")
            placed = {match: self._put_placeholder(match, name) for (match,) in self.db.execute(
                "SELECT id FROM matches WHERE EXISTS (SELECT 1 FROM json_each(humans)"
                " WHERE lower(json_each.value) = ?)", (low,)).fetchall()}
            have = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            for table, column in PERSONAL:
                if table in have:  # a table a later schema (or a newer helper) brings
                    self.db.execute(f"DELETE FROM {table} WHERE lower({column}) = ?", (low,))
            self.db.execute("COMMIT")
        except sqlite3.Error as err:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            log.warning("deleting an account in %s failed: %s", self.path, err)
            raise StoreFailed(CANNOT_SAVE) from err
        return placed

    def _put_placeholder(self, match: int, name: str) -> str:
        """In one match: ``name`` (any case) becomes a placeholder; that placeholder is returned."""
        humans, bots = (json.loads(v) for v in self.db.execute(
            "SELECT humans, bots FROM matches WHERE id = ?", (match,)).fetchone())
        gone, spelt = self.placeholder(humans, bots, name)
        self.db.execute("UPDATE matches SET humans = ? WHERE id = ?",
                        (json.dumps([gone if h in spelt else h for h in humans]), match))
        for seq, player, args in self.db.execute("SELECT seq, player, args FROM moves WHERE match = ?",
                                                 (match,)).fetchall():
            new_args = self.renamed(args, spelt, gone)
            if player in spelt or new_args != args:
                self.db.execute("UPDATE moves SET player = ?, args = ? WHERE match = ? AND seq = ?",
                                (gone if player in spelt else player, new_args, match, seq))
        self.db.execute(f"UPDATE handovers SET player = ? WHERE match = ? AND player IN "
                        f"({', '.join('?' * len(spelt))})", (gone, match, *spelt))
        self.db.execute("DELETE FROM snapshots WHERE match = ?", (match,))
        return gone

    # --- matches ------------------------------------------------------------------------------
    def create_match(self, game: str, room: str, seed: int, options: dict, humans: list[str],
                     bots: list[str], level: str, table_no: int | None = None) -> int:
        # the id is chosen here, not by SQLite, so a batch written again after a failed commit keeps it
        number = self.db.execute("SELECT coalesce(max(id), 0) + 1 FROM matches").fetchone()[0]
        self._write(
            "INSERT INTO matches (id, game, room, seed, options, humans, bots, level, status, created, table_no)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'playing', ?, ?)",
            (number, game, room, seed, json.dumps(options), json.dumps(humans), json.dumps(bots), level,
             time.time(), table_no))
        return number

    def log_move(self, match: int, seq: int, player: str, action: Action, by_bot: bool) -> None:
        self._write("INSERT INTO moves (match, seq, player, verb, args, by_bot, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (match, seq, player, action.verb, json.dumps(list(action.args)), int(by_bot), time.time()))

    def moves_by(self, match: int, after: int = 0) -> list[tuple[int, str, Action, bool]]:
        rows = self.db.execute("SELECT seq, player, verb, args, by_bot FROM moves WHERE match = ? AND seq > ?"
                               " ORDER BY seq", (match, after))
        return [(seq, who, Action(verb, tuple(json.loads(args))), bool(bot)) for seq, who, verb, args, bot in rows]

    def finish(self, match: int, status: str = "over") -> None:
        self._write("UPDATE matches SET status = ?, finished = ? WHERE id = ?", (status, time.time(), match))

    def matches(self, status: str = "playing") -> list[MatchRecord]:
        rows = self.db.execute("SELECT id, game, room, seed, options, humans, bots, level, status, table_no"
                               " FROM matches WHERE status = ? ORDER BY id", (status,))
        return [MatchRecord(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]), json.loads(r[6]), r[7], r[8],
                            r[9]) for r in rows]

    _RECORD = "id, game, room, seed, options, humans, bots, level, status, table_no, created"

    @staticmethod
    def _record(r) -> MatchRecord:
        return MatchRecord(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]), json.loads(r[6]), r[7], r[8],
                           r[9], r[10] or 0.0)

    def match(self, match: int) -> MatchRecord | None:
        row = self.db.execute(f"SELECT {self._RECORD} FROM matches WHERE id = ?", (match,)).fetchone()
        if row is None:
            return None
        rec = self._record(row)
        rec.handovers = self.handovers(rec.id)
        return rec

    def matches_of(self, name: str, limit: int = 20) -> list[MatchRecord]:
        """The newest matches ``name`` sat at (as a person), newest first, whatever their status."""
        rows = self.db.execute(f"SELECT {self._RECORD} FROM matches WHERE EXISTS (SELECT 1 FROM json_each(humans)"
                               " WHERE lower(json_each.value) = lower(?)) ORDER BY id DESC LIMIT ?", (name, limit))
        found = [self._record(r) for r in rows]
        for rec in found:
            rec.handovers = self.handovers(rec.id)
        return found

    # --- seats handed to bots -----------------------------------------------------------------
    def hand_over(self, match: int, seq: int, player: str, why: str) -> None:
        """``player``'s seat went to a bot after ``seq`` moves (``why``: 'left', 'away') or came back
        to them ('back'). Only told later (matches, replays): a failed write is logged, the game goes on."""
        self.check_why(why)
        try:
            self._write("INSERT INTO handovers (match, seq, player, why, at) VALUES (?, ?, ?, ?, ?)",
                        (match, seq, player, why, time.time()))
        except StoreFailed:
            pass

    def handovers(self, match: int) -> list[Handover]:
        """The match's seat changes, in the order they happened."""
        rows = self.db.execute("SELECT seq, player, why FROM handovers WHERE match = ? ORDER BY rowid", (match,))
        return [Handover(seq, player, why) for seq, player, why in rows]

    # --- snapshots ----------------------------------------------------------------------------
    def save_snapshot(self, match: int, seq: int, snap: tuple) -> None:
        blob = self.snapshot_blob(snap)
        self._write("INSERT OR REPLACE INTO snapshots (match, seq, blob) VALUES (?, ?, ?)", (match, seq, blob))
        self._write("DELETE FROM snapshots WHERE match = ? AND seq < ?", (match, seq))

    def latest_snapshot(self, match: int) -> tuple[int, tuple] | None:
        row = self.db.execute("SELECT seq, blob FROM snapshots WHERE match = ? ORDER BY seq DESC LIMIT 1",
                              (match,)).fetchone()
        return None if row is None else self.snapshot_of(row[0], row[1])
