"""The store's schema, one for both engines, as SQLAlchemy Core tables: what the queries
(mud/store/statements.py, mud/store/moderation.py) are written against.

The database gets it from the migrations (mud/store/migrations/versions: Alembic's, appended and
never edited); tests/mud/test_store_schema.py checks that a migrated database on each engine has
every table and column named here. Names are found in any case with ``lower(name)`` on both
engines (an index on ``lower(name)`` where a name is looked up); SQLite's columns keep their
``COLLATE NOCASE`` from before, which changes nothing for those queries."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Double, FetchedValue, Integer, LargeBinary, MetaData, Table, Text

metadata = MetaData()
# ids: BIGINT on PostgreSQL, INTEGER PRIMARY KEY on SQLite (its rowid); a row's own id, numbered by the
# database (BIGSERIAL, rowid), is never written by the store: ``FetchedValue`` and ``implicit_returning=False``
# keep SQLAlchemy from writing it or asking for it back (RETURNING)
ID = BigInteger().with_variant(Integer(), "sqlite")


def own_id() -> Column:
    return Column("id", ID, primary_key=True, server_default=FetchedValue())



# ``uid``: the account's identity, made with it and never reused (a name deleted and made again is
# another account); what belongs to an account names its uid: a key's ``owner``, a web login's ``account``;
# ``lang``: the language the player reads (mud/shell/language.py), NULL until they are asked or choose
accounts = Table("accounts", metadata, Column("name", Text, primary_key=True), Column("salt", LargeBinary),
                 Column("hash", LargeBinary), Column("created", Double), Column("room", Text), Column("uid", Text),
                 Column("lang", Text))
ssh_keys = Table("ssh_keys", metadata, Column("name", Text, primary_key=True), Column("key", Text, primary_key=True),
                 Column("added", Double), Column("owner", Text))
# a browser's login, kept by the server (mud/server/web/logins.py): ``token`` is a hash of the cookie's
# secret (the cookie alone is no use to whoever reads this table), ``account`` the uid it logged in as
web_logins = Table("web_logins", metadata, Column("token", Text, primary_key=True), Column("account", Text),
                   Column("created", Double), Column("expires", Double))
matches = Table("matches", metadata, Column("id", ID, primary_key=True), Column("game", Text), Column("room", Text),
                Column("seed", BigInteger), Column("options", Text), Column("humans", Text), Column("bots", Text),
                Column("level", Text), Column("status", Text), Column("created", Double), Column("finished", Double),
                Column("table_no", Integer), Column("node", Text))
moves = Table("moves", metadata, Column("match", ID, primary_key=True), Column("seq", Integer, primary_key=True),
              Column("player", Text), Column("verb", Text), Column("args", Text), Column("by_bot", Integer),
              Column("at", Double))
snapshots = Table("snapshots", metadata, Column("match", ID, primary_key=True),
                  Column("seq", Integer, primary_key=True), Column("blob", LargeBinary))
handovers = Table("handovers", metadata, own_id(), Column("match", ID),
                  Column("seq", Integer), Column("player", Text), Column("why", Text), Column("at", Double),
                  implicit_returning=False)
roles = Table("roles", metadata, Column("name", Text, primary_key=True), Column("role", Text), Column("by", Text),
              Column("at", Double))
bans = Table("bans", metadata, own_id(), Column("kind", Text), Column("target", Text),
             Column("until", Double), Column("by", Text), Column("reason", Text), Column("at", Double),
             Column("lifted", Double),
             implicit_returning=False)
mutes = Table("mutes", metadata, Column("name", Text, primary_key=True), Column("until", Double), Column("by", Text),
              Column("reason", Text), Column("at", Double))
audit = Table("audit", metadata, own_id(), Column("at", Double), Column("who", Text),
              Column("act", Text), Column("whom", Text), Column("why", Text),
              implicit_returning=False)
ignores = Table("ignores", metadata, Column("name", Text, primary_key=True), Column("other", Text, primary_key=True),
                Column("at", Double))
reports = Table("reports", metadata, own_id(), Column("at", Double), Column("who", Text),
                Column("whom", Text), Column("text", Text),
                implicit_returning=False)
# PostgreSQL's alone (its migrations make them): questmud_batches (group commit's tokens, postgres.py),
# tables and the sequences match_ids, table_ids (the shared tables' leases, leases.py)
