"""The store's SQL, written once in SQLAlchemy Core (mud/store/schema.py) -- every statement the
store and its moderation tables run -- and the generator of mud/store/sql.py, their text as each
engine runs it: SQLite's ``:name`` and psycopg's ``%(name)s``, both given a dict. Nothing is
rewritten by hand from one engine's SQL to the other's.

    python -m mud.store.statements      (or ``make store-sql``): write mud/store/sql.py again

Why generated text, not compiled as the store starts: SQLAlchemy costs ``mud play`` some 135 ms of
imports and compiling before its first frame, for text that only changes when this file does
(docs/decisions.md, "The store starts without SQLAlchemy"); tests/mud/test_store_sql.py fails while
sql.py differs from what these statements compile to, so they stay the one truth. Why text on the
driver's own connection, not SQLAlchemy's ``Connection.execute``: the stores own their transactions
(group commit, a failed batch written again, PostgreSQL's batch tokens), and SQLAlchemy's execute
costs about 10 us more a statement than the driver's (docs/decisions.md, "One store")."""

from __future__ import annotations

import os
import sys
from typing import Callable

from sqlalchemy import bindparam, delete, func, literal_column, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.dialects.postgresql import psycopg as pg_psycopg
from sqlalchemy.engine.interfaces import BindTyping
from sqlalchemy.sql import ClauseElement

from mud.store import migrate
from mud.store.records import PERSONAL
from mud.store.schema import (accounts, audit, bans, handovers, ignores, matches, metadata, moves, mutes, reports,
                              roles, snapshots, ssh_keys, web_logins)

Statement = tuple[ClauseElement, tuple[str, ...] | None]  # a statement, and an INSERT's or UPDATE's columns
TARGET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sql.py")


def name_is(column, key: str = "name"):
    """A name found in any case (as SQLite's NOCASE did; on both engines an index on lower(name))."""
    return func.lower(column) == func.lower(bindparam(key))


def seats_like(key: str = "pattern"):
    """Matches whose people may include a name (``pattern``: '%"name"%' lowercased); the caller keeps
    those that do (a JSON list read alike on both engines, where each has its own JSON functions)."""
    return func.lower(matches.c.humans).like(bindparam(key))


def is_account(key: str = "uid"):
    """The account row is still the one of that uid (not deleted, not made again under the name)."""
    return accounts.c.uid == bindparam(key)


def owned(*values, account: bool = False):
    """A row for the account ``name`` of uid ``uid`` as it is now: ``values`` then its uid, one row
    or none (``account``: the uid alone names it, for a web login)."""
    named = [] if account else [name_is(accounts.c.name)]
    return select(*values, accounts.c.uid).where(*named, is_account())


RECORD = (matches.c.id, matches.c.game, matches.c.room, matches.c.seed, matches.c.options, matches.c.humans,
          matches.c.bots, matches.c.level, matches.c.status, matches.c.table_no, matches.c.created)


def store_statements(ins: Callable) -> dict[str, Statement]:
    """mud/store/base.py's, by name; ``ins``: the engine's INSERT (its ON CONFLICT)."""
    snap = ins(snapshots)
    return {
        "account": (select(accounts.c.name, accounts.c.salt, accounts.c.hash, accounts.c.room, accounts.c.uid,
                           accounts.c.lang).where(name_is(accounts.c.name)), None),
        "create_account": (ins(accounts), ("name", "salt", "hash", "created", "room", "uid")),
        # what a session writes for its account names the account's uid too: a name deleted and made
        # again (another uid) is not touched, checked in the statement itself (no gap to race through)
        "set_password": (update(accounts).where(name_is(accounts.c.name, "who"), is_account()), ("salt", "hash")),
        # a login's rehash at today's cost: only over the hash it checked (a password changed meanwhile stays)
        "upgrade_password": (update(accounts).where(name_is(accounts.c.name, "who"),
                                                    accounts.c.hash == bindparam("old")), ("salt", "hash")),
        "set_room": (update(accounts).where(name_is(accounts.c.name, "who")), ("room",)),
        # the player's language, kept for the account they logged in as (a name made again starts unasked)
        "set_language": (update(accounts).where(name_is(accounts.c.name, "who"), is_account()), ("lang",)),
        "add_key": (ins(ssh_keys).from_select(["name", "key", "added", "owner"], owned(
            bindparam("name"), bindparam("key"), bindparam("added"))).on_conflict_do_nothing(), None),
        "keys": (select(ssh_keys.c.key).join(accounts, ssh_keys.c.owner == accounts.c.uid)
                 .where(name_is(accounts.c.name)).order_by(ssh_keys.c.added, ssh_keys.c.key), None),
        "remove_key": (delete(ssh_keys).where(name_is(ssh_keys.c.name), ssh_keys.c.key == bindparam("key"),
                                              ssh_keys.c.owner == bindparam("uid")), None),
        "drop_account": (delete(accounts).where(name_is(accounts.c.name), is_account())
                         .returning(accounts.c.name), None),
        # a browser's login (mud/server/web/logins.py): made only for the account as it is now
        "add_web_login": (web_logins.insert().from_select(["token", "created", "expires", "account"], owned(
            bindparam("token"), bindparam("created"), bindparam("expires"), account=True)), None),
        "web_login": (select(accounts.c.name, accounts.c.uid).join(web_logins, web_logins.c.account == accounts.c.uid)
                      .where(web_logins.c.token == bindparam("token"), web_logins.c.expires > bindparam("now")), None),
        "end_web_login": (delete(web_logins).where(web_logins.c.token == bindparam("token")), None),
        "end_web_logins": (delete(web_logins).where(web_logins.c.account == bindparam("uid")), None),
        "trim_web_logins": (delete(web_logins).where(
            web_logins.c.account == bindparam("uid"), web_logins.c.token.not_in(
                select(web_logins.c.token).where(web_logins.c.account == bindparam("uid"))
                .order_by(web_logins.c.created.desc()).limit(bindparam("keep")))), None),
        "prune_web_logins": (delete(web_logins).where(web_logins.c.expires <= bindparam("now")), None),
        # a match
        "next_match": (select(func.coalesce(func.max(matches.c.id), literal_column("0")) + literal_column("1")),
                       None),
        "create_match": (ins(matches), ("id", "game", "room", "seed", "options", "humans", "bots", "level",
                                        "status", "created", "table_no", "node")),
        "log_move": (ins(moves), ("match", "seq", "player", "verb", "args", "by_bot", "at")),
        "moves_by": (select(moves.c.seq, moves.c.player, moves.c.verb, moves.c.args, moves.c.by_bot)
                     .where(moves.c.match == bindparam("m"), moves.c.seq > bindparam("after"))
                     .order_by(moves.c.seq), None),
        "finish": (update(matches).where(matches.c.id == bindparam("m")), ("status", "finished")),
        "matches": (select(*RECORD).where(matches.c.status == bindparam("s"),
                                          matches.c.node.is_not_distinct_from(bindparam("n")))
                    .order_by(matches.c.id), None),
        "match": (select(*RECORD).where(matches.c.id == bindparam("m")), None),
        "matches_like": (select(*RECORD).where(seats_like()).order_by(matches.c.id.desc()), None),
        "hand_over": (ins(handovers), ("match", "seq", "player", "why", "at")),
        "handovers": (select(handovers.c.seq, handovers.c.player, handovers.c.why)
                      .where(handovers.c.match == bindparam("m")).order_by(handovers.c.id), None),
        "save_snapshot": (snap.on_conflict_do_update(index_elements=["match", "seq"],
                                                     set_={"blob": snap.excluded.blob}), ("match", "seq", "blob")),
        "prune_snapshots": (delete(snapshots).where(snapshots.c.match == bindparam("m"),
                                                    snapshots.c.seq < bindparam("before")), None),
        "latest_snapshot": (select(snapshots.c.seq, snapshots.c.blob).where(snapshots.c.match == bindparam("m"))
                            .order_by(snapshots.c.seq.desc()).limit(1), None),
        # an account deleted: its seats given a placeholder, its own rows deleted (mud/store/base.py)
        "seats_of": (select(matches.c.id, matches.c.humans, matches.c.bots).where(seats_like()), None),
        "set_humans": (update(matches).where(matches.c.id == bindparam("m")), ("humans",)),
        "moves_of": (select(moves.c.seq, moves.c.player, moves.c.args).where(moves.c.match == bindparam("m")), None),
        "rename_move": (update(moves).where(moves.c.match == bindparam("m"), moves.c.seq == bindparam("s")),
                        ("player", "args")),
        "rename_handovers": (update(handovers).where(handovers.c.match == bindparam("m"),
                                                     handovers.c.player == bindparam("was")), ("player",)),
        "drop_snapshots": (delete(snapshots).where(snapshots.c.match == bindparam("m")), None),
        # an account's own rows, from each of records.PERSONAL's tables (base.py's delete_account)
        **{f"forget_{table}_{column}": (delete(metadata.tables[table])
                                        .where(name_is(metadata.tables[table].c[column])), None)
           for table, column in PERSONAL},
    }


def moderation_statements() -> dict[str, Statement]:
    """mud/store/moderation.py's, by name (run through ``store.rows`` and ``store.write``)."""
    lift_bans = update(bans).where(bans.c.kind == bindparam("k"), name_is(bans.c.target, "target"),
                                   bans.c.lifted.is_(None))
    return {
        "add_audit": (audit.insert(), ("at", "who", "act", "whom", "why")),
        "audits": (select(audit.c.at, audit.c.who, audit.c.act, audit.c.whom, audit.c.why)
                   .order_by(audit.c.id.desc()).limit(bindparam("limit")), None),
        "roles_now": (select(roles.c.name, roles.c.role), None),
        "drop_role": (delete(roles).where(name_is(roles.c.name)), None),
        "add_role": (roles.insert(), ("name", "role", "by", "at")),
        "roles_list": (select(roles.c.name, roles.c.role, roles.c.by, roles.c.at).order_by(roles.c.name), None),
        "lift_bans": (lift_bans, ("lifted",)),
        "unban": (lift_bans.where(or_(bans.c.until.is_(None), bans.c.until > bindparam("now"))), ("lifted",)),
        "add_ban": (bans.insert(), ("kind", "target", "until", "by", "reason", "at")),
        "bans": (select(bans.c.kind, bans.c.target, bans.c.until, bans.c.by, bans.c.reason, bans.c.at)
                 .where(bans.c.lifted.is_(None), or_(bans.c.until.is_(None), bans.c.until > bindparam("now")))
                 .order_by(bans.c.id), None),
        "drop_mute": (delete(mutes).where(name_is(mutes.c.name)), None),
        "add_mute": (mutes.insert(), ("name", "until", "by", "reason", "at")),
        "muted": (select(mutes.c.until).where(name_is(mutes.c.name)), None),
        "mutes": (select(mutes.c.name, mutes.c.until, mutes.c.by, mutes.c.reason)
                  .where(or_(mutes.c.until.is_(None), mutes.c.until > bindparam("now"))).order_by(mutes.c.at), None),
        "ignored": (select(ignores.c.other).where(name_is(ignores.c.name)), None),
        "ignoring": (select(ignores.c.name).where(name_is(ignores.c.name), name_is(ignores.c.other, "other")), None),
        "add_ignore": (ignores.insert(), ("name", "other", "at")),
        "unignore": (delete(ignores).where(name_is(ignores.c.name), name_is(ignores.c.other, "other")), None),
        "add_report": (reports.insert(), ("at", "who", "whom", "text")),
        "reports": (select(reports.c.at, reports.c.who, reports.c.whom, reports.c.text)
                    .order_by(reports.c.id.desc()).limit(bindparam("limit")), None),
        # past ``keep`` reports the oldest go (issue 42: a flood of reports cannot fill the disk)
        "trim_reports": (delete(reports).where(reports.c.id <= select(reports.c.id).order_by(reports.c.id.desc())
                                                .offset(bindparam("keep")).limit(1).scalar_subquery()), None),
    }


def _postgresql():
    """psycopg's dialect, without the casts it adds to each bound value (psycopg types them itself)."""
    dialect = pg_psycopg.dialect()
    dialect.bind_typing = BindTyping.NONE
    return dialect


# each engine: its dialect, its INSERT (ON CONFLICT is each dialect's own)
ENGINES = {"SQLITE": (sqlite.dialect(paramstyle="named"), sqlite.insert),
           "POSTGRESQL": (_postgresql(), postgresql.insert)}


def compiled(engine: str) -> dict[str, tuple[str, dict]]:
    """Every statement in ``engine``'s text, by name: (text, the values it carries itself -- a LIMIT's)."""
    dialect, ins = ENGINES[engine]
    texts = {}
    for name, (stmt, columns) in {**store_statements(ins), **moderation_statements()}.items():
        done = stmt.compile(dialect=dialect, column_keys=list(columns) if columns else None)
        # (a column's bound value with none given is SQLAlchemy's REQUIRED symbol: the caller gives it)
        carried = {k: v for k, v in done.params.items() if type(v) in (int, float, str, bytes)}
        texts[name] = (str(done), carried)
    return texts


HEADER = '''"""The store's SQL as each engine runs it -- GENERATED from the SQLAlchemy Core statements of
mud/store/statements.py: do not edit. Regenerate: ``make store-sql`` (python -m mud.store.statements);
tests/mud/test_store_sql.py fails while this file differs from what those statements compile to.

Each statement by name: (its text, the values it carries itself -- a LIMIT's), run with a dict of its
parameters (SQLite's ``:name``, psycopg's ``%(name)s``). ``HEAD``: the newest Alembic revision
(mud/store/migrations): a database there is opened without loading SQLAlchemy or Alembic."""
'''
WIDTH = 104  # a text's pieces, so each line stays within 120


def _pieces(text: str) -> list[str]:
    """``text`` cut into pieces of about WIDTH characters, at its line ends and spaces (joined, it is ``text``)."""
    pieces = []
    for line in text.splitlines(keepends=True):
        piece = ""
        for word in line.split(" "):
            if piece and len(piece) + len(word) > WIDTH:
                pieces.append(piece)
                piece = ""
            piece += word + " "
        pieces.append(piece[:-1])
    return [p for p in pieces if p]


def render() -> str:
    """The source of mud/store/sql.py, as the statements compile today."""
    out = [HEADER, f"HEAD = {migrate.head()!r}  # the newest Alembic revision\n"]
    for engine in ENGINES:
        out.append(f"{engine} = {{")
        for name, (text, carried) in compiled(engine).items():
            pieces = _pieces(text)
            assert "".join(pieces) == text
            out.append(f"    {name!r}: (")
            out += [f"        {piece!r}" for piece in pieces]
            out[-1] += ","
            out.append(f"        {carried!r}),")
        out.append("}\n")
    return "\n".join(out)


if __name__ == "__main__":
    with open(TARGET, "w", encoding="utf-8") as f:
        f.write(render())
    print(f"wrote {TARGET}", file=sys.stderr)
