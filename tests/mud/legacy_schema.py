"""The schema questmud made before one store (issue 41), kept as the test's fixture: SQLite's and
PostgreSQL's numbered steps as that code ran them, so a test can make a database "made by the old
code" and open it with today's store (tests/mud/test_store_schema.py)."""

from __future__ import annotations

import sqlite3

try:
    import psycopg
except ImportError:  # (the scale extra: only where a PostgreSQL test runs)
    psycopg = None

SQLITE_SCHEMA_1 = """
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
SQLITE_STEPS = [  # user_version n after step n
    SQLITE_SCHEMA_1,
    "ALTER TABLE matches ADD COLUMN table_no INTEGER;",
    "CREATE TABLE IF NOT EXISTS handovers (match INTEGER, seq INTEGER, player TEXT, why TEXT, at REAL);"
    "CREATE INDEX IF NOT EXISTS handovers_match ON handovers (match);",
    "CREATE TABLE IF NOT EXISTS roles (name TEXT PRIMARY KEY COLLATE NOCASE, role TEXT, by TEXT, at REAL);"
    "CREATE TABLE IF NOT EXISTS bans (id INTEGER PRIMARY KEY, kind TEXT, target TEXT COLLATE NOCASE,"
    " until REAL, by TEXT, reason TEXT, at REAL, lifted REAL);"
    "CREATE INDEX IF NOT EXISTS bans_target ON bans (kind, target);"
    "CREATE TABLE IF NOT EXISTS mutes (name TEXT PRIMARY KEY COLLATE NOCASE, until REAL, by TEXT,"
    " reason TEXT, at REAL);"
    "CREATE TABLE IF NOT EXISTS audit (id INTEGER PRIMARY KEY, at REAL, who TEXT, act TEXT, whom TEXT, why TEXT);"
    "CREATE TABLE IF NOT EXISTS ignores (name TEXT COLLATE NOCASE, other TEXT COLLATE NOCASE, at REAL,"
    " PRIMARY KEY (name, other));"
    "CREATE TABLE IF NOT EXISTS reports (id INTEGER PRIMARY KEY, at REAL, who TEXT, whom TEXT, text TEXT);",
]

PG_SCHEMA_1 = """
CREATE TABLE accounts (name TEXT PRIMARY KEY, salt BYTEA, hash BYTEA, created DOUBLE PRECISION, room TEXT);
CREATE UNIQUE INDEX accounts_name ON accounts (lower(name));
CREATE TABLE ssh_keys (name TEXT, key TEXT, added DOUBLE PRECISION, PRIMARY KEY (name, key));
CREATE TABLE matches (id BIGINT PRIMARY KEY, game TEXT, room TEXT, seed BIGINT, options TEXT, humans TEXT,
    bots TEXT, level TEXT, status TEXT, created DOUBLE PRECISION, finished DOUBLE PRECISION, table_no INTEGER);
CREATE INDEX matches_status ON matches (status);
CREATE TABLE moves (match BIGINT, seq INTEGER, player TEXT, verb TEXT, args TEXT, by_bot INTEGER,
    at DOUBLE PRECISION, PRIMARY KEY (match, seq));
CREATE TABLE snapshots (match BIGINT, seq INTEGER, blob BYTEA, PRIMARY KEY (match, seq));
CREATE TABLE handovers (id BIGSERIAL PRIMARY KEY, match BIGINT, seq INTEGER, player TEXT, why TEXT,
    at DOUBLE PRECISION);
CREATE INDEX handovers_match ON handovers (match);
CREATE TABLE roles (name TEXT PRIMARY KEY, role TEXT, by TEXT, at DOUBLE PRECISION);
CREATE TABLE bans (id BIGSERIAL PRIMARY KEY, kind TEXT, target TEXT, until DOUBLE PRECISION, by TEXT,
    reason TEXT, at DOUBLE PRECISION, lifted DOUBLE PRECISION);
CREATE INDEX bans_target ON bans (kind, lower(target));
CREATE TABLE mutes (name TEXT PRIMARY KEY, until DOUBLE PRECISION, by TEXT, reason TEXT, at DOUBLE PRECISION);
CREATE TABLE audit (id BIGSERIAL PRIMARY KEY, at DOUBLE PRECISION, who TEXT, act TEXT, whom TEXT, why TEXT);
CREATE TABLE ignores (name TEXT, other TEXT, at DOUBLE PRECISION, PRIMARY KEY (name, other));
CREATE TABLE reports (id BIGSERIAL PRIMARY KEY, at DOUBLE PRECISION, who TEXT, whom TEXT, text TEXT);
CREATE TABLE questmud_batches (token TEXT PRIMARY KEY, at DOUBLE PRECISION)
"""
PG_STEPS = [  # questmud_schema's version n after step n
    PG_SCHEMA_1,
    "CREATE SEQUENCE IF NOT EXISTS match_ids;"
    "SELECT setval('match_ids', (SELECT coalesce(max(id), 0) + 1 FROM matches), false)",
    "ALTER TABLE matches ADD COLUMN IF NOT EXISTS node TEXT",
    "CREATE SEQUENCE IF NOT EXISTS table_ids;"
    "CREATE TABLE IF NOT EXISTS tables (number INTEGER PRIMARY KEY, room TEXT, game TEXT, node TEXT,"
    " until TIMESTAMPTZ, match BIGINT)",
]
# what the old code wrote, as it wrote it: an account, a match of two moves, two handovers at one move
ROWS = [
    "INSERT INTO accounts (name, salt, hash, created, room) VALUES ('Alice', NULL, NULL, 1.0, 'gate')",
    "INSERT INTO ssh_keys (name, key, added) VALUES ('{key_name}', 'ssh-ed25519 AAAA alice', 2.0)",
    "INSERT INTO matches (id, game, room, seed, options, humans, bots, level, status, created, table_no)"
    " VALUES (1, 'quest', 'gate', 7, '{{}}', '[\"Alice\"]', '[\"bot1\"]', 'normal', 'playing', 3.0, 4)",
    "INSERT INTO moves (match, seq, player, verb, args, by_bot, at) VALUES (1, 1, 'Alice', 'move', '[\"n\"]', 0, 4.0)",
    "INSERT INTO moves (match, seq, player, verb, args, by_bot, at) VALUES (1, 2, 'bot1', 'roll', '[]', 1, 5.0)",
    "INSERT INTO handovers (match, seq, player, why, at) VALUES (1, 2, 'Alice', 'left', 6.0)",
    "INSERT INTO handovers (match, seq, player, why, at) VALUES (1, 2, 'Alice', 'back', 7.0)",
    "INSERT INTO roles (name, role, by, at) VALUES ('Alice', 'moderator', 'root', 8.0)",
]


def old_sqlite(path: str, version: int = 4, rows: bool = True) -> None:
    """An SQLite file as the old code left it at ``version`` (its user_version), with ROWS."""
    db = sqlite3.connect(path)
    for step in SQLITE_STEPS[:version]:
        db.executescript(step)
    db.execute(f"PRAGMA user_version = {version}")
    if rows:
        for sql in ROWS[:(8 if version >= 4 else 5)]:
            db.execute(sql.format(key_name="Alice"))
    db.commit()
    db.close()


def old_postgres(url: str) -> None:
    """A PostgreSQL database as the old code left it (schema 4, ``questmud_schema``), with ROWS."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE questmud_schema (version INTEGER NOT NULL)")
        for step in PG_STEPS:
            for sql in step.split(";"):
                if sql.strip():
                    conn.execute(sql)
        conn.execute("INSERT INTO questmud_schema VALUES (4)")
        for sql in ROWS:
            conn.execute(sql.format(key_name="alice"))
        conn.execute("SELECT setval('match_ids', 2, false)")
