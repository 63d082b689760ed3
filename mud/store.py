"""Storage of the server in one SQLite file: accounts, every match's append-only log, snapshots.

A match is stored as what is needed to play it again exactly: its game, seed, options and seats,
then every accepted action in order (people's and bots'). A move is written -- and committed --
before anyone is told it happened, so a move a player saw acknowledged survives ``kill -9``.
Snapshots (a pickle of the table every ``SNAPSHOT_EVERY`` moves) make resuming fast; the log alone
is always enough. WAL mode with ``synchronous=NORMAL``: a commit survives the process dying.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import pickle
import sqlite3
import time
from dataclasses import dataclass

from games.engine import Action

SNAPSHOT_EVERY = 100  # moves between snapshots
SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}

SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    name TEXT PRIMARY KEY COLLATE NOCASE, salt BLOB, hash BLOB, created REAL, room TEXT);
CREATE TABLE IF NOT EXISTS ssh_keys (
    name TEXT COLLATE NOCASE, key TEXT, added REAL, PRIMARY KEY (name, key));
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY, game TEXT, room TEXT, seed INTEGER, options TEXT,
    humans TEXT, bots TEXT, level TEXT, status TEXT, created REAL, finished REAL, table_no INTEGER);
CREATE TABLE IF NOT EXISTS moves (
    match INTEGER, seq INTEGER, player TEXT, verb TEXT, args TEXT, by_bot INTEGER, at REAL,
    PRIMARY KEY (match, seq));
CREATE TABLE IF NOT EXISTS snapshots (
    match INTEGER, seq INTEGER, blob BLOB, PRIMARY KEY (match, seq));
"""


def hash_password(password: str, salt: bytes | None = None) -> tuple[bytes, bytes]:
    salt = salt or os.urandom(16)
    return salt, hashlib.scrypt(password.encode("utf-8"), salt=salt, **SCRYPT)


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


class Store:
    def __init__(self, path: str):
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None)  # autocommit; explicit transactions below
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        """Columns added since a database was made (a store from an older questmud keeps working)."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(matches)")}
        if "table_no" not in columns:
            self.db.execute("ALTER TABLE matches ADD COLUMN table_no INTEGER")

    def close(self) -> None:
        self.db.close()

    # --- accounts -----------------------------------------------------------------------------
    def account(self, name: str) -> dict | None:
        row = self.db.execute("SELECT name, salt, hash, room FROM accounts WHERE name = ?", (name,)).fetchone()
        return None if row is None else {"name": row[0], "salt": row[1], "hash": row[2], "room": row[3]}

    def create_account(self, name: str, password: str | None, hashed: tuple[bytes, bytes] | None = None) -> None:
        salt, digest = hashed or (hash_password(password) if password else (b"", b""))
        self.db.execute("INSERT INTO accounts (name, salt, hash, created, room) VALUES (?, ?, ?, ?, ?)",
                        (name, salt, digest, time.time(), None))

    def set_password(self, name: str, password: str) -> None:
        salt, digest = hash_password(password)
        self.db.execute("UPDATE accounts SET salt = ?, hash = ? WHERE name = ?", (salt, digest, name))

    def check_password(self, name: str, password: str) -> bool:
        acc = self.account(name)
        if acc is None or not acc["hash"]:
            return False
        return hmac.compare_digest(hash_password(password, acc["salt"])[1], acc["hash"])

    def set_room(self, name: str, room: str) -> None:
        self.db.execute("UPDATE accounts SET room = ? WHERE name = ?", (room, name))

    def add_key(self, name: str, key: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO ssh_keys (name, key, added) VALUES (?, ?, ?)",
                        (name, key, time.time()))

    def keys(self, name: str) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT key FROM ssh_keys WHERE name = ?", (name,))]

    # --- matches ------------------------------------------------------------------------------
    def create_match(self, game: str, room: str, seed: int, options: dict, humans: list[str],
                     bots: list[str], level: str, table_no: int | None = None) -> int:
        cur = self.db.execute(
            "INSERT INTO matches (game, room, seed, options, humans, bots, level, status, created, table_no)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, 'playing', ?, ?)",
            (game, room, seed, json.dumps(options), json.dumps(humans), json.dumps(bots), level, time.time(),
             table_no))
        return cur.lastrowid

    def log_move(self, match: int, seq: int, player: str, action: Action, by_bot: bool) -> None:
        self.db.execute("INSERT INTO moves (match, seq, player, verb, args, by_bot, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (match, seq, player, action.verb, json.dumps(list(action.args)), int(by_bot), time.time()))

    def moves(self, match: int, after: int = 0) -> list[tuple[int, str, Action]]:
        rows = self.db.execute("SELECT seq, player, verb, args FROM moves WHERE match = ? AND seq > ? ORDER BY seq",
                               (match, after))
        return [(seq, player, Action(verb, tuple(json.loads(args)))) for seq, player, verb, args in rows]

    def finish(self, match: int, status: str = "over") -> None:
        self.db.execute("UPDATE matches SET status = ?, finished = ? WHERE id = ?", (status, time.time(), match))

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
        return None if row is None else self._record(row)

    def matches_of(self, name: str, limit: int = 20) -> list[MatchRecord]:
        """The newest matches ``name`` sat at (as a person), newest first, whatever their status."""
        rows = self.db.execute(f"SELECT {self._RECORD} FROM matches WHERE EXISTS (SELECT 1 FROM json_each(humans)"
                               " WHERE lower(json_each.value) = lower(?)) ORDER BY id DESC LIMIT ?", (name, limit))
        return [self._record(r) for r in rows]

    # --- snapshots ----------------------------------------------------------------------------
    def save_snapshot(self, match: int, seq: int, snap: tuple) -> None:
        """A snapshot is written by this server only, from its own objects: pickle is safe here."""
        blob = pickle.dumps(snap, protocol=pickle.HIGHEST_PROTOCOL)
        self.db.execute("INSERT OR REPLACE INTO snapshots (match, seq, blob) VALUES (?, ?, ?)", (match, seq, blob))
        self.db.execute("DELETE FROM snapshots WHERE match = ? AND seq < ?", (match, seq))

    def latest_snapshot(self, match: int) -> tuple[int, tuple] | None:
        row = self.db.execute("SELECT seq, blob FROM snapshots WHERE match = ? ORDER BY seq DESC LIMIT 1",
                              (match,)).fetchone()
        if row is None:
            return None
        try:
            return row[0], pickle.loads(row[1])
        except Exception:  # a snapshot from an older version of the code: the log is enough
            return None
