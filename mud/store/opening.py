"""Which store a server opens: the SQLite file in its data directory (the default: nothing to set
up), or PostgreSQL (``mud serve --store postgresql://...``: several nodes share one world, issue 30).

The PostgreSQL store needs psycopg, the optional extra ``questmud[scale]``; without it, asking for
it is a one-line StoreError, and a server on SQLite never needs it."""

from __future__ import annotations

from mud.store.records import StoreError
from mud.store.sqlite import Store

try:
    from mud.store import postgres as pgstore
except ImportError:  # questmud[scale] is not installed: only the SQLite store
    pgstore = None

SCHEMES = ("postgresql://", "postgres://")


def is_url(where: str) -> bool:
    return where.startswith(SCHEMES)


def open_store(where: str, server: bool = False, node: str = ""):
    """A store at ``where``: a PostgreSQL URL, or the path of an SQLite file. ``server``: the world's
    own -- one server a PostgreSQL store, or one of its nodes under the name ``node`` (an SQLite
    file is kept to one server by its data folder's lock)."""
    if not is_url(where):
        return Store(where)
    if pgstore is None:
        raise StoreError("the PostgreSQL store needs psycopg: pip install 'questmud[scale]'")
    store = pgstore.PgStore(where)
    if server:
        try:
            store.hold_world(node)
        except StoreError:
            store.close()
            raise
    return store
