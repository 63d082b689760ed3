"""One schema on both engines (issue 41): the columns and indexes the shared queries need.

* SQLite gains ``matches.node`` (always NULL there: one server), so one query lists a server's matches;
* SQLite's ``handovers`` gets an ``id`` (its rowid kept, so the order is the same), as PostgreSQL's has;
* both find names with ``lower(name)``: SQLite gets indexes on ``lower(name)`` for accounts, and
  both for SSH keys (an SSH login looks its keys up).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    op.execute("CREATE INDEX IF NOT EXISTS ssh_keys_lower ON ssh_keys (lower(name))")
    if bind.dialect.name == "postgresql":
        return
    if "node" not in {c["name"] for c in sa.inspect(bind).get_columns("matches")}:
        op.execute("ALTER TABLE matches ADD COLUMN node TEXT")
    op.execute("CREATE INDEX IF NOT EXISTS accounts_lower ON accounts (lower(name))")
    if "id" in {c["name"] for c in sa.inspect(bind).get_columns("handovers")}:
        return
    op.execute("CREATE TABLE handovers_0002 (id INTEGER PRIMARY KEY, match INTEGER, seq INTEGER, player TEXT,"
               " why TEXT, at REAL)")
    op.execute("INSERT INTO handovers_0002 (id, match, seq, player, why, at)"
               " SELECT rowid, match, seq, player, why, at FROM handovers ORDER BY rowid")
    op.execute("DROP TABLE handovers")
    op.execute("ALTER TABLE handovers_0002 RENAME TO handovers")
    op.execute("CREATE INDEX handovers_match ON handovers (match)")
