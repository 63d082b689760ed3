"""Which store a server opens: the SQLite file in its data directory (the default: nothing to set
up), or PostgreSQL (``mud serve --store postgresql://...``: several nodes share one world, issue 30).

The PostgreSQL store needs psycopg, the optional extra ``questmud[scale]``; without it, asking for
it is a one-line StoreError, and a server on SQLite never needs it: mud/store/postgres.py (psycopg,
some 80 ms of imports) is loaded only when a PostgreSQL URL is opened, so ``import mud.store`` (which
``mud play`` does before its first frame) does not pay for it."""

from __future__ import annotations

from types import ModuleType

from mud.store.records import StoreError
from mud.store.sqlite import Store

SCHEMES = ("postgresql://", "postgres://")


def is_url(where: str) -> bool:
    return where.startswith(SCHEMES)


def open_store(where: str, server: bool = False, node: str = ""):
    """A store at ``where``: a PostgreSQL URL, or the path of an SQLite file. ``server``: the world's
    own -- one server a PostgreSQL store, or one of its nodes under the name ``node`` (an SQLite
    file is kept to one server by its data folder's lock)."""
    if not is_url(where):
        return Store(where)
    store = postgresql().PgStore(where)
    if server:
        try:
            store.hold_world(node)
        except StoreError:
            store.close()
            raise
    return store


def postgresql() -> ModuleType:
    """mud/store/postgres.py, loaded when first asked for (tests/test_layers.py's LATE_IMPORTS)."""
    try:
        from mud.store import postgres
    except ImportError:  # questmud[scale] is not installed: only the SQLite store
        raise StoreError("the PostgreSQL store needs psycopg: pip install 'questmud[scale]'") from None
    return postgres
