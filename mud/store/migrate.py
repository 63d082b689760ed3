"""Bring a store's schema to the newest: Alembic's migrations (mud/store/migrations), one history for
both engines, run by the store as it opens.

Each revision runs in its own transaction (SQLite: ``BEGIN IMMEDIATE``, so another process's write
waits; PostgreSQL: transactional DDL, under an advisory lock so nodes starting together migrate
once). A database from before Alembic is brought on by revision 0001, made to find what is missing.

The old numbered versions stay as a mark: SQLite's ``user_version`` and PostgreSQL's
``questmud_schema`` are set to ``MARK`` (mud/store/records.py) once migrated, above the old code's
last (4), so a questmud from before this one refuses the database ("from a newer questmud") rather
than misread it; and a database whose mark, or whose Alembic revision, this code does not know is
refused the same way.

Loaded only for a database that is not at the newest revision (mud/store/revision.py): Alembic and
SQLAlchemy are not imported by a store opening a current one. Their errors leave here as the
driver's own (sqlite3's, psycopg's), which the stores already turn into one line for the operator."""

from __future__ import annotations

import logging
import os
from contextlib import contextmanager
from typing import Iterator

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.pool import StaticPool

from mud.store.records import MARK, StoreError

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "migrations")
LOCK = 0x71756573  # PostgreSQL's advisory lock the nodes migrate under ("ques")
# Alembic says at INFO which implementation it uses, at every start: the server's log keeps its warnings only
logging.getLogger("alembic").setLevel(logging.WARNING)


@contextmanager
def _driver_errors() -> Iterator[None]:
    """SQLAlchemy's wrapper of a driver's error taken off: the store catches its driver's own."""
    try:
        yield
    except sa.exc.DBAPIError as err:
        raise err.orig from err


def config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", SCRIPTS)
    return cfg


def head() -> str:
    return ScriptDirectory.from_config(config()).get_current_head()


def upgrade(connection: sa.Connection, where: str) -> None:
    """Run what is missing up to the head; refuse (StoreError) a database from a newer questmud."""
    script = ScriptDirectory.from_config(config())
    for rev in MigrationContext.configure(connection).get_current_heads():
        try:
            known = script.get_revision(rev) is not None
        except Exception:  # noqa: BLE001 -- alembic's "no such revision", in its several kinds
            known = False
        if not known:
            raise StoreError(f"{where} is from a newer questmud (schema {rev}; this one knows {head()})")
    connection.commit()
    cfg = config()
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")
    connection.commit()


def sqlite_upgrade(db, where: str) -> None:
    """Migrate an SQLite database through its own DB-API connection ``db`` (a ``:memory:`` one is
    only reachable so), each revision between ``BEGIN IMMEDIATE`` and ``COMMIT``."""
    engine = sa.create_engine("sqlite://", creator=lambda: db, poolclass=StaticPool)

    @sa.event.listens_for(engine, "begin")
    def _begin(conn) -> None:  # (Python's sqlite3 in autocommit begins nothing itself)
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    with _driver_errors(), engine.connect() as conn:
        upgrade(conn, where)


def postgresql_upgrade(url: str, where: str, timeout: float) -> None:
    """Migrate a PostgreSQL database on a connection of its own, under the nodes' advisory lock."""
    engine = sa.create_engine("postgresql+psycopg://" + url.split("://", 1)[1], poolclass=sa.NullPool,
                              connect_args={"connect_timeout": max(1, int(timeout))})
    try:
        with _driver_errors(), engine.connect() as conn:
            conn.exec_driver_sql("SELECT pg_advisory_lock(%s)", (LOCK,))
            conn.commit()
            try:
                old = conn.exec_driver_sql("SELECT to_regclass('questmud_schema')").scalar()
                mark = conn.exec_driver_sql("SELECT max(version) FROM questmud_schema").scalar() if old else 0
                if (mark or 0) > MARK:
                    raise StoreError(f"{where} is from a newer questmud (schema {mark}; this one knows {MARK})")
                conn.commit()
                upgrade(conn, where)
                conn.exec_driver_sql("CREATE TABLE IF NOT EXISTS questmud_schema (version INTEGER NOT NULL)")
                conn.exec_driver_sql("DELETE FROM questmud_schema")
                conn.exec_driver_sql("INSERT INTO questmud_schema VALUES (%s)", (MARK,))
                conn.commit()
            finally:
                conn.rollback()
                conn.exec_driver_sql("SELECT pg_advisory_unlock(%s)", (LOCK,))
                conn.commit()
    finally:
        engine.dispose()
