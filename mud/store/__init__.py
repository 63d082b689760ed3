"""The store: where accounts, matches and moderation are kept, on SQLite (one server) or PostgreSQL
(a world of several nodes), with one schema and one migration history for both.

* records.py -- what the store hands out (MatchRecord, Handover) and its errors;
* schema.py, statements.py -- the tables and the statements, written once in SQLAlchemy Core;
  sql.py -- their text for each engine, generated from them (``make store-sql``): what the stores run;
* base.py -- what every store does alike; sqlite.py, postgres.py -- each engine's connection,
  transactions and group commit; opening.py -- which one a server opens;
* revision.py -- is a database at the newest revision (the driver asked alone)? migrate.py,
  migrations/ -- Alembic's history, loaded and run only for one that is not;
* leases.py -- what only PostgreSQL can do: shared tables under leases (``store.shared_tables``);
* moderation.py, passwords.py -- roles, bans, mutes ...; passwords' hashing;
* backup.py, datalock.py -- ``mud backup`` / ``mud restore``, and one server per data directory.

``from mud.store import Store, StoreFailed, SNAPSHOT_EVERY`` is what the rest of questmud uses."""

from mud.store.opening import is_url, open_store
from mud.store.records import (CANNOT_SAVE, PLACEHOLDER, SNAPSHOT_EVERY, AccountGone, Handover, MatchRecord,
                               StoreError, StoreFailed)
from mud.store.sqlite import VERSION, Store

__all__ = ["CANNOT_SAVE", "PLACEHOLDER", "SNAPSHOT_EVERY", "VERSION", "Handover", "MatchRecord", "Store",
           "StoreError", "StoreFailed", "AccountGone", "is_url", "open_store"]
