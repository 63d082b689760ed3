"""The store's SQL, written once in SQLAlchemy Core (mud/store/schema.py) and compiled once per
engine into the text its driver runs: SQLite's ``:name`` and psycopg's ``%(name)s``, both given a
dict. Nothing is rewritten by hand from one engine's SQL to the other's.

Why compiled text on the driver's own connection, not SQLAlchemy's ``Connection.execute``: the
stores own their transactions (the group commit of mud/server/durable.py, the batch written again
after a failed commit, PostgreSQL's batch tokens), and a committed move is the hot path:
SQLAlchemy's execute costs about 10 us more a statement than the driver's (docs/decisions.md, "One
store"), which is most of a move's CPU at ten moves a commit. What SQLAlchemy does here is what a
second copy of the SQL did before: say the statement once and let each engine's dialect spell it."""

from __future__ import annotations

from typing import Callable, NamedTuple

from sqlalchemy import bindparam, delete, func, literal_column, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.dialects.postgresql import psycopg as pg_psycopg
from sqlalchemy.engine.interfaces import BindTyping
from sqlalchemy.sql import ClauseElement

from mud.store.schema import accounts, handovers, matches, moves, snapshots, ssh_keys


class Compiled(NamedTuple):
    """A statement as one engine runs it: its text, and the values it carries itself (a LIMIT's)."""
    sql: str
    defaults: dict

    def params(self, given: dict) -> dict:
        return {**self.defaults, **given} if self.defaults else given


class Dialect:
    """One engine's spelling: compiles a Core statement once (kept by identity) to :class:`Compiled`."""

    def __init__(self, dialect, insert: Callable) -> None:
        self.dialect, self.insert = dialect, insert
        self.name = dialect.name
        self._cache: dict[int, tuple[ClauseElement, Compiled]] = {}

    def compile(self, stmt: ClauseElement, columns: tuple[str, ...] | None = None) -> Compiled:
        """``columns``: an INSERT's or UPDATE's columns, each bound under its own name."""
        kept = self._cache.get(id(stmt))
        if kept is not None and kept[0] is stmt:
            return kept[1]
        done = stmt.compile(dialect=self.dialect, column_keys=list(columns) if columns else None)
        carried = {k: v for k, v in done.params.items() if isinstance(v, (int, float, str, bytes))}
        compiled = Compiled(str(done), carried)
        self._cache[id(stmt)] = (stmt, compiled)
        return compiled


def _postgresql():
    """psycopg's dialect, without the casts it adds to each bound value (psycopg types them itself)."""
    dialect = pg_psycopg.dialect()
    dialect.bind_typing = BindTyping.NONE
    return dialect


SQLITE = Dialect(sqlite.dialect(paramstyle="named"), sqlite.insert)
POSTGRESQL = Dialect(_postgresql(), postgresql.insert)


def name_is(column, key: str = "name"):
    """A name found in any case (as SQLite's NOCASE did; on both engines an index on lower(name))."""
    return func.lower(column) == func.lower(bindparam(key))


def seats_like(key: str = "pattern"):
    """Matches whose people may include a name (``pattern``: '%"name"%' lowercased); the caller keeps
    those that do (a JSON list read alike on both engines, where each has its own JSON functions)."""
    return func.lower(matches.c.humans).like(bindparam(key))


RECORD = (matches.c.id, matches.c.game, matches.c.room, matches.c.seed, matches.c.options, matches.c.humans,
          matches.c.bots, matches.c.level, matches.c.status, matches.c.table_no, matches.c.created)


class Queries:
    """The store's statements in one engine's text (built once per engine: its INSERT ... ON CONFLICT)."""

    def __init__(self, d: Dialect) -> None:
        c = d.compile
        ins = d.insert
        self.account = c(select(accounts.c.name, accounts.c.salt, accounts.c.hash, accounts.c.room)
                         .where(name_is(accounts.c.name)))
        self.create_account = c(ins(accounts), ("name", "salt", "hash", "created", "room"))
        self.set_password = c(update(accounts).where(name_is(accounts.c.name, "who")), ("salt", "hash"))
        self.set_room = c(update(accounts).where(name_is(accounts.c.name, "who")), ("room",))
        self.add_key = c(ins(ssh_keys).on_conflict_do_nothing(), ("name", "key", "added"))
        self.keys = c(select(ssh_keys.c.key).where(name_is(ssh_keys.c.name))
                      .order_by(ssh_keys.c.added, ssh_keys.c.key))
        self.remove_key = c(delete(ssh_keys).where(name_is(ssh_keys.c.name), ssh_keys.c.key == bindparam("key")))
        # a match
        self.next_match = c(select(func.coalesce(func.max(matches.c.id), literal_column("0")) + literal_column("1")))
        self.create_match = c(ins(matches), ("id", "game", "room", "seed", "options", "humans", "bots", "level",
                                             "status", "created", "table_no", "node"))
        self.log_move = c(ins(moves), ("match", "seq", "player", "verb", "args", "by_bot", "at"))
        self.moves_by = c(select(moves.c.seq, moves.c.player, moves.c.verb, moves.c.args, moves.c.by_bot)
                          .where(moves.c.match == bindparam("m"), moves.c.seq > bindparam("after"))
                          .order_by(moves.c.seq))
        self.finish = c(update(matches).where(matches.c.id == bindparam("m")), ("status", "finished"))
        self.matches = c(select(*RECORD).where(matches.c.status == bindparam("s"),
                                               matches.c.node.is_not_distinct_from(bindparam("n")))
                         .order_by(matches.c.id))
        self.match = c(select(*RECORD).where(matches.c.id == bindparam("m")))
        self.matches_like = c(select(*RECORD).where(seats_like()).order_by(matches.c.id.desc()))
        self.hand_over = c(ins(handovers), ("match", "seq", "player", "why", "at"))
        self.handovers = c(select(handovers.c.seq, handovers.c.player, handovers.c.why)
                           .where(handovers.c.match == bindparam("m")).order_by(handovers.c.id))
        snap = ins(snapshots)
        self.save_snapshot = c(snap.on_conflict_do_update(index_elements=["match", "seq"],
                                                          set_={"blob": snap.excluded.blob}), ("match", "seq", "blob"))
        self.prune_snapshots = c(delete(snapshots).where(snapshots.c.match == bindparam("m"),
                                                         snapshots.c.seq < bindparam("before")))
        self.latest_snapshot = c(select(snapshots.c.seq, snapshots.c.blob).where(snapshots.c.match == bindparam("m"))
                                 .order_by(snapshots.c.seq.desc()).limit(1))
        # an account deleted: its seats given a placeholder (mud/store/base.py)
        self.seats_of = c(select(matches.c.id, matches.c.humans, matches.c.bots).where(seats_like()))
        self.set_humans = c(update(matches).where(matches.c.id == bindparam("m")), ("humans",))
        self.moves_of = c(select(moves.c.seq, moves.c.player, moves.c.args).where(moves.c.match == bindparam("m")))
        self.rename_move = c(update(moves).where(moves.c.match == bindparam("m"), moves.c.seq == bindparam("s")),
                             ("player", "args"))
        self.rename_handovers = c(update(handovers).where(handovers.c.match == bindparam("m"),
                                                          handovers.c.player == bindparam("was")), ("player",))
        self.drop_snapshots = c(delete(snapshots).where(snapshots.c.match == bindparam("m")))
