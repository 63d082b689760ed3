"""An account's identity (issue 42): a name is not a person. A name deleted and made again is a new
account, so what belonged to the old one must not pass to the new one.

* ``accounts.uid``: a random id made when the account is (never changed, never reused); every
  account already stored gets one now;
* ``ssh_keys.owner``: the uid of the account a key was added to; only a key whose owner is the
  name's account now logs in (a key left over from a deleted account lets nobody in);
* ``web_logins``: a browser's login kept by the server behind its cookie (only a hash of the
  cookie's token is kept), with the account's uid, so every node sees it and can end it.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

# a fresh random id per row, in each engine's own SQL (32 hex digits, as the store makes them)
NEW_UID = {"sqlite": "lower(hex(randomblob(16)))",
           "postgresql": "replace(gen_random_uuid()::text, '-', '')"}


def upgrade() -> None:
    bind = op.get_bind()
    engine = bind.dialect.name
    have = {c["name"] for c in sa.inspect(bind).get_columns("accounts")}
    if "uid" not in have:
        op.execute("ALTER TABLE accounts ADD COLUMN uid TEXT")
    op.execute(f"UPDATE accounts SET uid = {NEW_UID[engine]} WHERE uid IS NULL")
    op.execute("CREATE UNIQUE INDEX IF NOT EXISTS accounts_uid ON accounts (uid)")
    if "owner" not in {c["name"] for c in sa.inspect(bind).get_columns("ssh_keys")}:
        op.execute("ALTER TABLE ssh_keys ADD COLUMN owner TEXT")
    op.execute("UPDATE ssh_keys SET owner = (SELECT uid FROM accounts WHERE lower(accounts.name) ="
               " lower(ssh_keys.name)) WHERE owner IS NULL")
    op.execute("CREATE INDEX IF NOT EXISTS ssh_keys_owner ON ssh_keys (owner)")
    real = "DOUBLE PRECISION" if engine == "postgresql" else "REAL"
    op.execute(f"CREATE TABLE IF NOT EXISTS web_logins (token TEXT PRIMARY KEY, account TEXT NOT NULL,"
               f" created {real} NOT NULL, expires {real} NOT NULL)")
    op.execute("CREATE INDEX IF NOT EXISTS web_logins_account ON web_logins (account)")
