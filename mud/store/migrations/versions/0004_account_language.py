"""The language each player reads (issue 43): ``accounts.lang``, one of mud/shell/language.py's
``LANGS``, NULL for an account that has not been asked yet (every account stored before this), so
its next SSH or telnet login asks once, or takes what the client says.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    if "lang" not in {c["name"] for c in sa.inspect(bind).get_columns("accounts")}:
        op.execute("ALTER TABLE accounts ADD COLUMN lang TEXT")
