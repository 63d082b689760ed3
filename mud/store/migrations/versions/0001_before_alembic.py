"""The schema as questmud made it before Alembic (issue 41): each engine's four numbered steps.

Made where missing, so a database at any of the old numbered versions (SQLite's ``user_version``
0-4, PostgreSQL's ``questmud_schema`` 0-4), or an empty one, ends here alike. Frozen: the schema
grows by new revisions after this one, never by editing it.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

SQLITE = [  # (table, its CREATE): names COLLATE NOCASE, as they were
    ("accounts", "CREATE TABLE accounts (name TEXT PRIMARY KEY COLLATE NOCASE, salt BLOB, hash BLOB, created REAL,"
                 " room TEXT)"),
    ("ssh_keys", "CREATE TABLE ssh_keys (name TEXT COLLATE NOCASE, key TEXT, added REAL, PRIMARY KEY (name, key))"),
    ("matches", "CREATE TABLE matches (id INTEGER PRIMARY KEY, game TEXT, room TEXT, seed INTEGER, options TEXT,"
                " humans TEXT, bots TEXT, level TEXT, status TEXT, created REAL, finished REAL, table_no INTEGER)"),
    ("moves", "CREATE TABLE moves (match INTEGER, seq INTEGER, player TEXT, verb TEXT, args TEXT, by_bot INTEGER,"
              " at REAL, PRIMARY KEY (match, seq))"),
    ("snapshots", "CREATE TABLE snapshots (match INTEGER, seq INTEGER, blob BLOB, PRIMARY KEY (match, seq))"),
    ("handovers", "CREATE TABLE handovers (match INTEGER, seq INTEGER, player TEXT, why TEXT, at REAL)"),
    ("roles", "CREATE TABLE roles (name TEXT PRIMARY KEY COLLATE NOCASE, role TEXT, by TEXT, at REAL)"),
    ("bans", "CREATE TABLE bans (id INTEGER PRIMARY KEY, kind TEXT, target TEXT COLLATE NOCASE, until REAL, by TEXT,"
             " reason TEXT, at REAL, lifted REAL)"),
    ("mutes", "CREATE TABLE mutes (name TEXT PRIMARY KEY COLLATE NOCASE, until REAL, by TEXT, reason TEXT, at REAL)"),
    ("audit", "CREATE TABLE audit (id INTEGER PRIMARY KEY, at REAL, who TEXT, act TEXT, whom TEXT, why TEXT)"),
    ("ignores", "CREATE TABLE ignores (name TEXT COLLATE NOCASE, other TEXT COLLATE NOCASE, at REAL,"
                " PRIMARY KEY (name, other))"),
    ("reports", "CREATE TABLE reports (id INTEGER PRIMARY KEY, at REAL, who TEXT, whom TEXT, text TEXT)"),
]
SQLITE_INDEXES = ["CREATE INDEX IF NOT EXISTS handovers_match ON handovers (match)",
                  "CREATE INDEX IF NOT EXISTS bans_target ON bans (kind, target)"]

POSTGRESQL = [  # names as typed, found with lower(name)
    ("accounts", "CREATE TABLE accounts (name TEXT PRIMARY KEY, salt BYTEA, hash BYTEA, created DOUBLE PRECISION,"
                 " room TEXT)"),
    ("ssh_keys", "CREATE TABLE ssh_keys (name TEXT, key TEXT, added DOUBLE PRECISION, PRIMARY KEY (name, key))"),
    ("matches", "CREATE TABLE matches (id BIGINT PRIMARY KEY, game TEXT, room TEXT, seed BIGINT, options TEXT,"
                " humans TEXT, bots TEXT, level TEXT, status TEXT, created DOUBLE PRECISION,"
                " finished DOUBLE PRECISION, table_no INTEGER)"),
    ("moves", "CREATE TABLE moves (match BIGINT, seq INTEGER, player TEXT, verb TEXT, args TEXT, by_bot INTEGER,"
              " at DOUBLE PRECISION, PRIMARY KEY (match, seq))"),
    ("snapshots", "CREATE TABLE snapshots (match BIGINT, seq INTEGER, blob BYTEA, PRIMARY KEY (match, seq))"),
    ("handovers", "CREATE TABLE handovers (id BIGSERIAL PRIMARY KEY, match BIGINT, seq INTEGER, player TEXT,"
                  " why TEXT, at DOUBLE PRECISION)"),
    ("roles", "CREATE TABLE roles (name TEXT PRIMARY KEY, role TEXT, by TEXT, at DOUBLE PRECISION)"),
    ("bans", "CREATE TABLE bans (id BIGSERIAL PRIMARY KEY, kind TEXT, target TEXT, until DOUBLE PRECISION, by TEXT,"
             " reason TEXT, at DOUBLE PRECISION, lifted DOUBLE PRECISION)"),
    ("mutes", "CREATE TABLE mutes (name TEXT PRIMARY KEY, until DOUBLE PRECISION, by TEXT, reason TEXT,"
              " at DOUBLE PRECISION)"),
    ("audit", "CREATE TABLE audit (id BIGSERIAL PRIMARY KEY, at DOUBLE PRECISION, who TEXT, act TEXT, whom TEXT,"
              " why TEXT)"),
    ("ignores", "CREATE TABLE ignores (name TEXT, other TEXT, at DOUBLE PRECISION, PRIMARY KEY (name, other))"),
    ("reports", "CREATE TABLE reports (id BIGSERIAL PRIMARY KEY, at DOUBLE PRECISION, who TEXT, whom TEXT, text TEXT)"),
    ("questmud_batches", "CREATE TABLE questmud_batches (token TEXT PRIMARY KEY, at DOUBLE PRECISION)"),
    ("tables", "CREATE TABLE tables (number INTEGER PRIMARY KEY, room TEXT, game TEXT, node TEXT,"
               " until TIMESTAMPTZ, match BIGINT)"),
]
POSTGRESQL_AFTER = [
    "CREATE UNIQUE INDEX IF NOT EXISTS accounts_name ON accounts (lower(name))",
    "CREATE INDEX IF NOT EXISTS matches_status ON matches (status)",
    "CREATE INDEX IF NOT EXISTS handovers_match ON handovers (match)",
    "CREATE INDEX IF NOT EXISTS bans_target ON bans (kind, lower(target))",
    "ALTER TABLE matches ADD COLUMN IF NOT EXISTS node TEXT",
    "CREATE SEQUENCE IF NOT EXISTS table_ids",
]


def upgrade() -> None:
    bind = op.get_bind()
    have = set(sa.inspect(bind).get_table_names())
    postgres = bind.dialect.name == "postgresql"
    for table, sql in POSTGRESQL if postgres else SQLITE:
        if table not in have:
            op.execute(sql)
    if not postgres:
        if "table_no" not in {c["name"] for c in sa.inspect(bind).get_columns("matches")}:  # (a file of before 2)
            op.execute("ALTER TABLE matches ADD COLUMN table_no INTEGER")
        for sql in SQLITE_INDEXES:
            op.execute(sql)
        return
    for sql in POSTGRESQL_AFTER:
        op.execute(sql)
    if bind.exec_driver_sql("SELECT to_regclass('match_ids')").scalar() is None:  # numbers from the sequence
        op.execute("CREATE SEQUENCE match_ids")
        op.execute("SELECT setval('match_ids', (SELECT coalesce(max(id), 0) + 1 FROM matches), false)")
