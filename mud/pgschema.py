"""The PostgreSQL store's schema (mud/pgstore.py): numbered migrations, appended and never edited.

Migration n (1-based) brings the schema from version n-1 to n; the store runs each in its own
transaction under an advisory lock, so nodes starting together migrate once, and records the
version in ``questmud_schema``."""

SCHEMA_1 = """
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

# 2: match numbers from a sequence, so nodes creating matches at once never choose the same
SEQUENCE_2 = """
CREATE SEQUENCE IF NOT EXISTS match_ids;
SELECT setval('match_ids', (SELECT coalesce(max(id), 0) + 1 FROM matches), false)
"""

# 3: the node running each match, in a world of several (issue 30)
NODES_3 = "ALTER TABLE matches ADD COLUMN IF NOT EXISTS node TEXT"

# 4: tables shared by the nodes, each run by one node under a lease (mud/leases.py)
TABLES_4 = """
CREATE SEQUENCE IF NOT EXISTS table_ids;
CREATE TABLE IF NOT EXISTS tables (number INTEGER PRIMARY KEY, room TEXT, game TEXT, node TEXT,
    until TIMESTAMPTZ, match BIGINT)
"""

# Migration n (1-based) brings the schema from version n-1 to n; a new one is appended, never edited.
MIGRATIONS = [SCHEMA_1, SEQUENCE_2, NODES_3, TABLES_4]
VERSION = len(MIGRATIONS)
