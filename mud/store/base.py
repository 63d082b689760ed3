"""What every store does alike, whichever engine keeps it: accounts, matches and their moves,
handovers and snapshots, in the statements of mud/store/statements.py, run as the text generated
from them for each engine (mud/store/sql.py): no SQLAlchemy is loaded to run them.

An engine's class (mud/store/sqlite.py, mud/store/postgres.py) gives the few things that differ:
how a statement is run (``_read``, ``_write``: its connection, its batch, its errors), a
transaction of its own for a deletion (``_alone``), where a new match's number comes from, and
what it can do besides (:meth:`StoreRules.shared_tables`)."""

from __future__ import annotations

import json
import pickle
import secrets
import time
from contextlib import AbstractContextManager
from typing import Callable, NamedTuple

from games.engine import Action
from mud.store.passwords import hash_password, verify
from mud.store.records import HANDOVER_WHY, PERSONAL, PLACEHOLDER, AccountGone, Handover, MatchRecord, StoreFailed


class Compiled(NamedTuple):
    """A statement as one engine runs it: its text, and the values it carries itself (a LIMIT's)."""
    sql: str
    defaults: dict

    def params(self, given: dict) -> dict:
        return {**self.defaults, **given} if self.defaults else given


class Queries:
    """One engine's statements, each an attribute by its name (``q.log_move``), from the text
    generated for that engine (mud/store/sql.py: SQLITE, POSTGRESQL)."""

    def __init__(self, texts: dict[str, tuple[str, dict]]) -> None:
        for name, (text, carried) in texts.items():
            setattr(self, name, Compiled(text, carried))

    def __getitem__(self, name: str) -> Compiled:
        return getattr(self, name)


class StoreRules:
    """The store's behaviour on any engine (tests/mud/store/test_store_contract.py runs it on both)."""

    q: Queries  # the engine's statements (mud/store/sql.py)
    node = ""  # in a world of several nodes, this one's name (PostgreSQL's hold_world)
    # The operator's events the store's own functions note (moderation acts, mud/store/moderation.py)
    # go here too: a server puts its metrics' ear (mud/ops/oplog.py).
    on_note: Callable[[str, dict], None] | None = None

    # --- the engine's part ------------------------------------------------------------------------
    def _read(self, q: Compiled, params: dict) -> list[tuple]:
        raise NotImplementedError

    def _write(self, q: Compiled, params: dict) -> int:
        raise NotImplementedError

    def _alone(self) -> AbstractContextManager[Callable[[Compiled, dict], list]]:
        """A transaction of its own, committed at its end (or rolled back, and StoreFailed)."""
        raise NotImplementedError

    def _next_match(self) -> int:
        raise NotImplementedError

    def shared_tables(self, node: str):
        """What only a store the nodes share can do: run tables under leases (mud/store/leases.py).
        The world asks for it: a :class:`~mud.store.leases.Leases` for ``node``, or None (this
        store is one server's, and its tables are its own)."""
        return None

    shares_tables = False  # (what shared_tables answers, without asking for leases)

    # --- statements of other modules (mud/store/moderation.py) ------------------------------------
    def rows(self, name: str, params: dict | None = None) -> list[tuple]:
        """The rows of the statement ``name`` (mud/store/statements.py's moderation_statements)."""
        return self._read(self.q[name], params or {})

    def write(self, name: str, params: dict | None = None) -> int:
        """A write (as ``_write``) of the statement ``name``: the rows it touched."""
        return self._write(self.q[name], params or {})

    # --- accounts -----------------------------------------------------------------------------
    # An account is its ``uid``, made with it and never reused; its name is only how people find it.
    # What a session writes for its account (a password, a key, the deletion) gives the uid it logged
    # in as, and the statement itself checks it: once the account is deleted, or its name made again
    # by someone else, the write touches nothing and AccountGone says so. ``uid`` None (``mud admin``,
    # tools): the account of that name now.
    def account(self, name: str) -> dict | None:
        rows = self._read(self.q.account, {"name": name})
        if not rows:
            return None
        row = rows[0]
        return {"name": row[0], "salt": bytes(row[1] or b""), "hash": bytes(row[2] or b""), "room": row[3],
                "uid": row[4], "lang": row[5]}

    def uid_of(self, name: str) -> str | None:
        """The identity of the account called ``name`` now (None: there is none)."""
        acc = self.account(name)
        return acc["uid"] if acc else None

    def _uid(self, name: str, uid: str | None) -> str:
        """``uid``, or the account of ``name``'s now; AccountGone when there is none."""
        uid = self.uid_of(name) if uid is None else uid
        if uid is None:
            raise AccountGone()
        return uid

    def check_password(self, name: str, password: str) -> bool:
        acc = self.account(name)  # (no account, or one without a password: False, after a hash all the same)
        return verify(password, acc["salt"] if acc else b"", acc["hash"] if acc else b"")

    def create_account(self, name: str, password: str | None, hashed: tuple[bytes, bytes] | None = None) -> str:
        """Make the account; returns its new uid (StoreFailed if the name is taken)."""
        salt, digest = hashed or (hash_password(password) if password else (b"", b""))
        uid = secrets.token_hex(16)
        self._write(self.q.create_account, {"name": name, "salt": salt, "hash": digest, "created": time.time(),
                                            "room": None, "uid": uid})
        return uid

    def set_password(self, name: str, password: str, uid: str | None = None,
                     hashed: tuple[bytes, bytes] | None = None) -> None:
        """A new password for the account ``uid`` (AccountGone if it is no more); its web logins end.
        ``hashed``: the password's (salt, digest), made already (off the world's loop)."""
        uid = self._uid(name, uid)
        salt, digest = hashed or hash_password(password)
        if not self._write(self.q.set_password, {"salt": salt, "hash": digest, "who": name, "uid": uid}):
            raise AccountGone()
        self.end_web_logins(uid)

    def upgrade_password(self, name: str, old: bytes, salt: bytes, digest: bytes) -> bool:
        """Store (salt, digest), the password just checked hashed anew at today's cost, in place of
        ``old``, the hash it was checked against -- unless that changed meanwhile (a new password
        is never undone). Not a password change: nothing the account holds is ended by it."""
        return self._write(self.q.upgrade_password, {"salt": salt, "hash": digest, "who": name, "old": old}) > 0

    def set_room(self, name: str, room: str) -> None:
        """Where the player is, for their next login: a convenience, so a failure is only logged."""
        try:
            self._write(self.q.set_room, {"room": room, "who": name})
        except StoreFailed:
            pass

    def set_language(self, name: str, lang: str, uid: str | None = None) -> None:
        """The language the account ``uid`` reads (mud/shell/language.py), for its next logins on any
        surface (AccountGone if it is no more)."""
        uid = self._uid(name, uid)
        if not self._write(self.q.set_language, {"lang": lang, "who": name, "uid": uid}):
            raise AccountGone()

    def add_key(self, name: str, key: str, uid: str | None = None) -> None:
        """An SSH key for the account ``uid`` (AccountGone if it is no more; a key it has: nothing)."""
        uid = self._uid(name, uid)
        if not self._write(self.q.add_key, {"name": name.lower(), "key": key, "added": time.time(), "uid": uid}):
            if self.uid_of(name) != uid:
                raise AccountGone()

    def keys(self, name: str) -> list[str]:
        """The keys of the account called ``name`` now (one left from a deleted account is not)."""
        return [r[0] for r in self._read(self.q.keys, {"name": name})]

    def remove_key(self, name: str, key: str, uid: str | None = None) -> bool:
        """Forget one of ``name``'s SSH keys (its line as ``keys`` lists it); False if it was not theirs."""
        uid = self._uid(name, uid)
        return self._write(self.q.remove_key, {"name": name, "key": key, "uid": uid}) > 0

    def delete_account(self, name: str, uid: str | None = None) -> dict[int, str]:
        """Delete the account ``uid`` (AccountGone if it is no more, and nothing is done): its row, its
        rows of PERSONAL and its web logins; put a placeholder in its stead in every match it sat at
        (seats, moves, handovers; snapshots go), so replays still play: all of it in one
        transaction, or none (StoreFailed). Returns each match's placeholder (one per match, so a
        person's matches are not linked to one another: ``placeholder``)."""
        uid = self._uid(name, uid)
        with self._alone() as run:
            if not run(self.q.drop_account, {"name": name, "uid": uid}):
                raise AccountGone()
            placed = {}
            for match, humans, bots in run(self.q.seats_of, {"pattern": seats_pattern(name)}):
                humans, bots = json.loads(humans), json.loads(bots)
                if any(h.lower() == name.lower() for h in humans):
                    placed[match] = self._put_placeholder(run, match, humans, bots, name)
            for table, column in PERSONAL:
                run(self.q[f"forget_{table}_{column}"], {"name": name})  # (named so by statements.py)
            run(self.q.end_web_logins, {"uid": uid})
        return placed

    # --- web logins (mud/server/web/logins.py) --------------------------------------------------
    def add_web_login(self, token: str, uid: str, created: float, expires: float, keep: int) -> bool:
        """A browser's login as the account ``uid`` (``token``: a hash of its cookie's secret), made
        only while that account is there; its logins beyond the newest ``keep`` end."""
        made = self._write(self.q.add_web_login, {"token": token, "uid": uid, "created": created,
                                                  "expires": expires}) > 0
        if made:
            self._write(self.q.trim_web_logins, {"uid": uid, "keep": keep})
        return made

    def web_login(self, token: str, now: float) -> tuple[str, str] | None:
        """(name, uid) of a live login whose account is still the one it logged in as, or None."""
        rows = self._read(self.q.web_login, {"token": token, "now": now})
        return (rows[0][0], rows[0][1]) if rows else None

    def end_web_login(self, token: str) -> None:
        self._write(self.q.end_web_login, {"token": token})

    def end_web_logins(self, uid: str) -> int:
        """End every web login of the account ``uid`` (a password changed, a ban, a deletion)."""
        return self._write(self.q.end_web_logins, {"uid": uid})

    def prune_web_logins(self, now: float) -> int:
        return self._write(self.q.prune_web_logins, {"now": now})

    def _put_placeholder(self, run, match: int, humans: list[str], bots: list[str], name: str) -> str:
        """In one match: ``name`` (any case) becomes a placeholder; that placeholder is returned."""
        gone, spelt = self.placeholder(humans, bots, name)
        run(self.q.set_humans, {"humans": json.dumps([gone if h in spelt else h for h in humans]), "m": match})
        for seq, player, args in run(self.q.moves_of, {"m": match}):
            new_args = self.renamed(args, spelt, gone)
            if player in spelt or new_args != args:
                run(self.q.rename_move, {"player": gone if player in spelt else player, "args": new_args,
                                         "m": match, "s": seq})
        for was in spelt:
            run(self.q.rename_handovers, {"player": gone, "m": match, "was": was})
        run(self.q.drop_snapshots, {"m": match})
        return gone

    @staticmethod
    def placeholder(humans: list[str], bots: list[str], name: str) -> tuple[str, set[str]]:
        """(the placeholder for ``name`` in a match of these seats, how the match spelt the name)."""
        taken = {n.lower() for n in humans + bots}
        gone = next(f"{PLACEHOLDER}{k}" for k in range(1, len(taken) + 2) if f"{PLACEHOLDER}{k}" not in taken)
        return gone, {h for h in humans if h.lower() == name.lower()}

    @staticmethod
    def renamed(args: str, spelt: set[str], gone: str) -> str:
        """A move's arguments (JSON) with the name put out of them ('give alice 2 gold')."""
        return json.dumps([gone if isinstance(a, str) and a in spelt else a for a in json.loads(args)])

    # --- matches ------------------------------------------------------------------------------
    def create_match(self, game: str, room: str, seed: int, options: dict, humans: list[str],
                     bots: list[str], level: str, table_no: int | None = None) -> int:
        # the id is chosen here, not by the database, so a batch written again after a failed commit keeps it
        number = self._next_match()
        self._write(self.q.create_match, {
            "id": number, "game": game, "room": room, "seed": seed, "options": json.dumps(options),
            "humans": json.dumps(humans), "bots": json.dumps(bots), "level": level, "status": "playing",
            "created": time.time(), "table_no": table_no, "node": self.node or None})
        return number

    def log_move(self, match: int, seq: int, player: str, action: Action, by_bot: bool) -> None:
        self._write(self.q.log_move, {"match": match, "seq": seq, "player": player, "verb": action.verb,
                                      "args": json.dumps(list(action.args)), "by_bot": int(by_bot),
                                      "at": time.time()})

    def moves(self, match: int, after: int = 0) -> list[tuple[int, str, Action]]:
        """The match's moves after the ``after``-th, in order: (seq, player, action). ``moves_by`` adds
        to each whether a bot made it (a bot's seat, or a person's a bot played), for resuming."""
        return [(seq, player, action) for seq, player, action, _by_bot in self.moves_by(match, after)]

    def moves_by(self, match: int, after: int = 0) -> list[tuple[int, str, Action, bool]]:
        rows = self._read(self.q.moves_by, {"m": match, "after": after})
        return [(seq, who, Action(verb, tuple(json.loads(args))), bool(bot)) for seq, who, verb, args, bot in rows]

    def finish(self, match: int, status: str = "over") -> None:
        self._write(self.q.finish, {"status": status, "finished": time.time(), "m": match})

    def matches(self, status: str = "playing") -> list[MatchRecord]:
        """The matches of this status this server runs (a node's own; a lone server's: those no node made)."""
        return [self._record(r) for r in self._read(self.q.matches, {"s": status, "n": self.node or None})]

    @staticmethod
    def _record(r) -> MatchRecord:
        return MatchRecord(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]), json.loads(r[6]), r[7], r[8],
                           r[9], r[10] or 0.0)

    def match(self, match: int) -> MatchRecord | None:
        rows = self._read(self.q.match, {"m": match})
        if not rows:
            return None
        rec = self._record(rows[0])
        rec.handovers = self.handovers(rec.id)
        return rec

    def matches_of(self, name: str, limit: int = 20) -> list[MatchRecord]:
        """The newest matches ``name`` sat at (as a person), newest first, whatever their status."""
        found = []
        for row in self._read(self.q.matches_like, {"pattern": seats_pattern(name)}):
            rec = self._record(row)
            if any(h.lower() == name.lower() for h in rec.humans):
                rec.handovers = self.handovers(rec.id)
                found.append(rec)
                if len(found) >= limit:
                    break
        return found

    # --- seats handed to bots -----------------------------------------------------------------
    def hand_over(self, match: int, seq: int, player: str, why: str) -> None:
        """``player``'s seat went to a bot after ``seq`` moves (``why``: 'left', 'away') or came back
        to them ('back'). Only told later (matches, replays): a failed write is logged, the game goes on."""
        if why not in HANDOVER_WHY:
            raise ValueError(f"a handover is one of {HANDOVER_WHY}, not {why!r}")
        try:
            self._write(self.q.hand_over, {"match": match, "seq": seq, "player": player, "why": why,
                                           "at": time.time()})
        except StoreFailed:
            pass

    def handovers(self, match: int) -> list[Handover]:
        """The match's seat changes, in the order they happened."""
        return [Handover(seq, player, why) for seq, player, why in self._read(self.q.handovers, {"m": match})]

    # --- snapshots ----------------------------------------------------------------------------
    def save_snapshot(self, match: int, seq: int, snap: tuple) -> None:
        # a snapshot is written by this server only, from its own objects: pickle is safe here
        blob = pickle.dumps(snap, protocol=pickle.HIGHEST_PROTOCOL)
        self._write(self.q.save_snapshot, {"match": match, "seq": seq, "blob": blob})
        self._write(self.q.prune_snapshots, {"m": match, "before": seq})

    def latest_snapshot(self, match: int) -> tuple[int, tuple] | None:
        rows = self._read(self.q.latest_snapshot, {"m": match})
        if not rows:
            return None
        try:
            return rows[0][0], pickle.loads(bytes(rows[0][1]))
        except Exception:  # from an older version of the code: the log is enough
            return None


def seats_pattern(name: str) -> str:
    """LIKE's pattern for a match whose people may include ``name`` (its JSON string, any case)."""
    return f"%{json.dumps(name.lower())}%"

