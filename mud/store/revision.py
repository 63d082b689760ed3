"""Is a database at the schema this code knows? Answered with the driver alone as a store opens
(mud/store/sqlite.py, mud/store/postgres.py), so a database at the current revision -- every start
but the first after an upgrade -- is opened without loading SQLAlchemy or Alembic; only one behind
(or new, or one this code cannot place) loads the migrations, mud/store/migrate.py.

A database is current when its mark (SQLite's ``user_version``, PostgreSQL's ``questmud_schema``)
is ``MARK`` (mud/store/records.py) and Alembic's ``alembic_version`` holds the newest revision alone (``sql.HEAD``,
generated from the migrations with the statements). Anything else goes to the migrations, which
bring it on or refuse it ("from a newer questmud")."""

from __future__ import annotations

from types import ModuleType

from mud.store.records import MARK
from mud.store.sql import HEAD


def current(mark: int | None, revisions: list[str]) -> bool:
    """Does a database of this mark and these Alembic revisions need no migration?"""
    return mark == MARK and revisions == [HEAD]


def migrations() -> ModuleType:
    """mud/store/migrate.py, loaded only here and only for a database that is not current: it
    imports Alembic and SQLAlchemy, some 250 ms before ``mud play``'s first frame (the one import
    inside a function in the store: tests/test_layers.py's LATE_IMPORTS)."""
    from mud.store import migrate
    return migrate
