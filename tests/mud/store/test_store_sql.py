"""The store starts without SQLAlchemy (issue 41): its statements run as text generated from the
SQLAlchemy Core ones (mud/store/sql.py, from mud/store/statements.py), and a store opening a
database already at the current revision loads neither SQLAlchemy nor Alembic; one behind still
migrates (tests/mud/test_store_schema.py: every old version, on both engines)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mud.store import Store, migrate, sql, statements
from tests.mud.legacy_schema import old_sqlite
from tests.mud.server.test_pg_server import fresh_database

ROOT = Path(__file__).resolve().parents[3]

# A fresh interpreter: the store imported, a file opened, a match made and a move committed the
# server's way; then which of the migrations' libraries got loaded.
OPEN_AND_MOVE = textwrap.dedent("""
    import json, sys
    import mud.store
    from games.engine import Action

    store = mud.store.Store(sys.argv[1])
    store.batched = True
    match = store.create_match("quest", "gate", 1, {}, ["alice"], [], "normal")
    store.log_move(match, 1, "alice", Action("move", ("n",)), False)
    assert store.commit() and store.moves(match)[0][2] == Action("move", ("n",))
    store.close()
    print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "alembic")
                            or m == "mud.store.migrate")))
""")


def loaded_opening(path: Path) -> list[str]:
    out = subprocess.run([sys.executable, "-c", OPEN_AND_MOVE, str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


def test_the_generated_sql_is_what_the_core_statements_compile_to_today():
    """mud/store/sql.py is generated (make store-sql); the Core statements stay the one truth."""
    assert Path(sql.__file__).read_text(encoding="utf-8") == statements.render(), \
        "mud/store/sql.py is out of date: run `make store-sql` (python -m mud.store.statements)"


def test_the_generated_head_is_alembics_newest_revision():
    assert sql.HEAD == migrate.head()


def test_every_engine_has_every_statement_in_its_drivers_parameters():
    """SQLite's ``:name``, psycopg's ``%(name)s``: each engine's text is its own."""
    assert sql.SQLITE.keys() == sql.POSTGRESQL.keys()
    assert all(text and "%(" not in text for text, _ in sql.SQLITE.values())
    assert all(text and not re.search(r"(?<!:):[a-z]", text) for text, _ in sql.POSTGRESQL.values())


def test_a_store_at_the_current_revision_opens_and_moves_without_sqlalchemy_or_alembic(tmp_path):
    path = tmp_path / "q.db"
    Store(str(path)).close()  # made, and migrated to the head, by this process
    assert loaded_opening(path) == []


def test_a_store_behind_the_current_revision_loads_the_migrations_and_is_migrated(tmp_path):
    path = tmp_path / "old.db"
    old_sqlite(str(path), 4)
    assert "alembic" in loaded_opening(path)  # (its rows kept: tests/mud/test_store_schema.py)
    assert Store(str(path)).version() == migrate.MARK
    assert loaded_opening(path) == []  # migrated once: current from then on


def test_a_postgresql_store_at_the_current_revision_opens_without_the_migrations(postgres_url):
    pgstore = pytest.importorskip("mud.store.postgres", reason="psycopg is not installed")
    url = fresh_database(postgres_url)
    pgstore.PgStore(url).close()  # migrated to the head by this process
    code = ("import sys; from mud.store import open_store; open_store(sys.argv[1]).close();"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic')))")
    out = subprocess.run([sys.executable, "-c", code, url], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[]"]
