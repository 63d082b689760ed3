"""One schema and one migration history for both engines (issue 41): a database made by the old
code (tests/mud/legacy_schema.py) opens with today's store and keeps every row; a migrated database
has every table and column mud/store/schema.py names; a migrated one is refused by the old code."""

from __future__ import annotations

import sqlite3

import pytest
import sqlalchemy as sa

from games.engine import Action
from mud.store import VERSION, Handover, Store, StoreError
from mud.store import migrate
from mud.store.schema import metadata
from tests.mud.legacy_schema import old_postgres, old_sqlite
from tests.mud.server.test_pg_server import fresh_database


def columns_missing(inspector) -> list[str]:
    """What schema.py names that the database lacks: table.column."""
    have = set(inspector.get_table_names())
    missing = []
    for table in metadata.tables.values():
        if table.name not in have:
            missing.append(table.name)
            continue
        cols = {c["name"] for c in inspector.get_columns(table.name)}
        missing += [f"{table.name}.{c.name}" for c in table.columns if c.name not in cols]
    return missing


def assert_old_rows_kept(store) -> None:
    """The rows legacy_schema.ROWS wrote, read through today's store."""
    assert store.account("alice")["room"] == "gate"
    assert store.keys("ALICE") == ["ssh-ed25519 AAAA alice"]
    (rec,) = store.matches()
    assert (rec.id, rec.table_no, rec.humans) == (1, 4, ["Alice"])
    assert store.moves(1) == [(1, "Alice", Action("move", ("n",))), (2, "bot1", Action("roll", ()))]
    assert store.match(1).handovers == [Handover(2, "Alice", "left"), Handover(2, "Alice", "back")]
    assert [m.id for m in store.matches_of("alice")] == [1]


@pytest.mark.parametrize("version", [2, 3, 4])  # (1: tests/mud/store/test_store.py, an older database)
def test_an_sqlite_file_made_by_the_old_code_opens_migrated_with_its_rows(tmp_path, version):
    path = str(tmp_path / "old.db")
    old_sqlite(path, version)
    store = Store(path)
    assert store.version() == VERSION
    if version == 4:
        assert_old_rows_kept(store)
    store.log_move(1, 3, "Alice", Action("move", ("e",)), False)
    store.hand_over(1, 3, "Alice", "away")
    if version >= 3:
        assert store.match(1).handovers[-1] == Handover(3, "Alice", "away")
    store.close()
    again = Store(path)
    assert len(again.moves(1)) == 3 and again.match(1).table_no == 4
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        assert columns_missing(sa.inspect(engine)) == []
    finally:
        engine.dispose()


def test_a_migrated_sqlite_file_is_refused_by_the_old_code(tmp_path):
    """The old code refused a user_version above its 4: the mark says 5 once migrated."""
    path = str(tmp_path / "q.db")
    Store(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == migrate.MARK > 4
    assert db.execute("SELECT version_num FROM alembic_version").fetchone()[0] == migrate.head()
    db.execute("UPDATE alembic_version SET version_num = '9999'")  # a newer questmud's revision
    db.commit()
    db.close()
    with pytest.raises(StoreError) as err:
        Store(path)
    assert "newer questmud" in str(err.value) and "\n" not in str(err.value)


def test_a_postgresql_database_made_by_the_old_code_opens_migrated_with_its_rows(postgres_url):
    pgstore = pytest.importorskip("mud.store.postgres", reason="psycopg is not installed")
    url = fresh_database(postgres_url)
    old_postgres(url)
    store = pgstore.PgStore(url)
    try:
        assert store.version() == migrate.MARK
        assert_old_rows_kept(store)
        assert store.create_match("quest", "gate", 1, {}, ["bob"], [], "normal") == 2  # the old sequence goes on
    finally:
        store.close()
    engine = sa.create_engine("postgresql+psycopg://" + url.split("://", 1)[1], poolclass=sa.NullPool)
    try:
        assert columns_missing(sa.inspect(engine)) == []
    finally:
        engine.dispose()


def test_a_fresh_postgresql_database_gets_the_schema_once_from_two_stores(postgres_url):
    pgstore = pytest.importorskip("mud.store.postgres", reason="psycopg is not installed")
    url = fresh_database(postgres_url)
    first, second = pgstore.PgStore(url), pgstore.PgStore(url)  # (the second finds it at the head)
    try:
        first.create_account("ann", None)
        assert second.account("ANN")["name"] == "ann" and second.version() == migrate.MARK
    finally:
        first.close()
        second.close()
