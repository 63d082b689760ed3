"""The account's own secrets, in the world: ``password OLD NEW``, ``key add|list|remove`` and
``delete account PASSWORD``.

What asks for the password asks for it on the line itself, the same on every surface (the TUI, telnet,
``ssh -T``): a session left open at a keyboard is not enough to take the account, nor to delete it.
Such a line is never written anywhere whole -- the TUI shows and keeps ``password ********`` and the
log the same (mud/world/secrets.py); the log says only that it happened. Wrong passwords here count
per account, as logins do: after ``WRONG_MAX`` in ``WRONG_WINDOW`` seconds the account's verbs that
ask for it wait, without checking, and one check per account runs at a time.

The hashes (the old password checked, the new one hashed) are slow on purpose, so the world does not
do them in its loop: it asks ``World.hashing`` (mud/world/hashing.py), which on a server runs them in
the logins' hashing pool. The answer comes back as a line later (:class:`Reply`); the account is
checked again then, and a session ended meanwhile changes nothing.

Deleting an account removes what is its own (mud/store/records.py ``PERSONAL``: the account row with its
password hash and room, its SSH keys, its web logins ...), and in each match it sat at puts a placeholder
in its seat (``gone-1``), so replays still play; an unfinished match's seat goes to a bot. A mute or a
ban stays on the name for its term: it binds the person, not the row.

A session acts for the account it logged in as (``ws.uid``, its identity), never for whoever holds
its name now: each verb here first checks the account is still that one, and the store checks the
uid again in the very statement that writes (mud/store/base.py), so a session left open on another
node after a deletion cannot touch the account someone makes next under the name. Deleting the
account and changing its password end its other sessions everywhere, web logins included
(``World.end_account``; the store ends the web logins).
"""

from __future__ import annotations

import logging
from typing import Callable
from weakref import WeakKeyDictionary

from games.engine import RuleError, said
from mud.shell.session import Line
from mud.shell.words import _
from mud.store import StoreFailed
from mud.world import tablecmds
from mud.world.tablecmds import public_key

log = logging.getLogger("questmud.accounts")

WRONG_MAX = 3  # wrong passwords typed in the world, per account ...
WRONG_WINDOW = 300.0  # ... in this many seconds; then its password verbs wait out the window
_WRONG: "WeakKeyDictionary[object, dict[str, list[float]]]" = WeakKeyDictionary()  # world -> name -> times
_BUSY: "WeakKeyDictionary[object, set[str]]" = WeakKeyDictionary()  # world -> names whose password is being checked
PASSWORD_USAGE = (_("Usage: password <old> <new> (for passwords with spaces: password <old> = <new>). Your password is unchanged."))


GONE = _("Your account is no longer there (deleted, or its name taken again); nothing was changed.")


def _store(ws):
    """The store, for an account that is still the one ``ws`` logged in as (else a RuleError)."""
    store = ws.world.store
    if store is None:
        raise RuleError(_("There are no accounts here."))
    if ws.uid is None or store.uid_of(ws.name) != ws.uid:
        raise RuleError(GONE)
    return store


def _recent_wrong(ws) -> list[float]:
    now = ws.world.clock()
    times = [t for t in _WRONG.setdefault(ws.world, {}).get(ws.name.lower(), []) if now - t < WRONG_WINDOW]
    _WRONG[ws.world][ws.name.lower()] = times
    return times


class Reply:
    """The answer of a verb whose password check runs in the world's hashing (mud/world/hashing.py):
    returned by the verb when the check answered at once (in place), else pushed to the session when
    it comes, as a line later, like any news. One check per account at a time (``_BUSY``), so the
    limit of wrong tries counts every try."""

    def __init__(self, ws, what: str) -> None:
        self.ws, self.what = ws, what
        self.lines: list[Line] | None = None  # given before the verb returned
        self.returned = False

    def step(self, work: Callable) -> Callable:
        """The callback for a hash's answer: ``work(answer)`` runs, and its lines are the reply (None:
        it went on to another hash, whose step replies). A session ended meanwhile does nothing."""
        def answered(answer) -> None:
            if self.ws.closed:
                log.info("%s left before their password was checked: nothing was done", self.ws.name)
                return self.give([])
            try:
                if answer is None:
                    raise RuleError(_("Your password could not be checked just now; try again. {what}", what=self.what))
                lines = work(answer)
            except (RuleError, StoreFailed) as err:
                lines = [Line("error", said(err))]
            except Exception:  # a bug costs this command, never the session or the world
                log.exception("the password verb of %s failed", self.ws.name)
                lines = [Line("error", _("Something went wrong with that command; it was logged. Try another."))]
            if lines is not None:
                self.give(lines)
        return answered

    def give(self, lines: list[Line]) -> None:
        _BUSY.get(self.ws.world, set()).discard(self.ws.name.lower())
        if not self.returned:
            self.lines = lines
            return
        for line in lines:
            self.ws.push(line)
        if self.ws.closed and lines:  # (an account deleted: its last words said, the connection ends)
            self.ws.world.hang_up(self.ws)

    def taken(self) -> list[Line]:
        """What the verb returns: the answer if it came, else nothing yet."""
        self.returned = True
        return self.lines or []


def _checked(ws, password: str, what: str, right: Callable[[], "list[Line] | None"], reply: Reply) -> list[Line]:
    """Has the account's password checked, then ``right()`` runs if it is right (its lines the
    reply); wrong, it is counted. Past the limit, or with a check of this account under way, it is
    refused unchecked."""
    if len(_recent_wrong(ws)) >= WRONG_MAX:
        raise RuleError(_("Too many wrong passwords; wait a few minutes. {what}", what=what))
    busy = _BUSY.setdefault(ws.world, set())
    if ws.name.lower() in busy:
        raise RuleError(_("Your last password is still being checked: wait for its answer. {what}", what=what))
    store = _store(ws)
    account = store.account(ws.name)

    def answered(good: bool) -> "list[Line] | None":
        if not good:
            _recent_wrong(ws).append(ws.world.clock())
            log.info("%s typed a wrong password in the world (%s)", ws.name, str(what).split(":")[0].lower())
            raise RuleError(_("Wrong password. {what}", what=what))
        _store(ws)  # (still the account that logged in: checked again after the wait)
        return right()

    busy.add(ws.name.lower())
    try:
        ws.world.hashing.check(store, account, password, reply.step(answered))
    except BaseException:  # not even asked: the next try is not kept waiting for it
        busy.discard(ws.name.lower())
        raise
    return reply.taken()


def old_and_new(text: str) -> tuple[str, str]:
    """The two passwords of ``password``: two words, or either side of ' = ' (spaces allowed)."""
    if " = " in text:
        old, new = (part.strip() for part in text.split(" = ", 1))
    else:
        words = text.split()
        if len(words) != 2:
            raise RuleError(PASSWORD_USAGE)
        old, new = words
    if not old or not new:
        raise RuleError(PASSWORD_USAGE)
    return old, new


def password(ws, slots: dict) -> list[Line]:
    old, new = old_and_new(slots.get("TEXT", ""))
    if len(new) < 4:
        raise RuleError(_("A password needs at least 4 characters. Your password is unchanged."))
    reply = Reply(ws, _("Your password is unchanged."))

    def hash_new() -> None:
        ws.world.hashing.hash(new, reply.step(lambda hashed: _change(ws, new, hashed)))

    return _checked(ws, old, reply.what, hash_new, reply)


def _change(ws, new: str, hashed: tuple[bytes, bytes]) -> list[Line]:
    _store(ws).set_password(ws.name, new, ws.uid, hashed=hashed)  # (its web logins end with it)
    ended = ws.world.end_account(ws.name, ws.uid, "password", Line(
        "error", "Your password was changed from another session: log in again with the new one."), but=ws)
    log.info("%s changed their password (%d other session(s) here ended)", ws.name, ended)
    return [Line("info", _("Your password is changed: use the new one from your next login. Your other sessions and web logins are ended."))]


def key(ws, slots: dict) -> list[Line]:
    store = _store(ws)
    words = slots.get("TEXT", "").split(None, 1)
    if not words or words[0].lower() in ("list", "show"):
        keys = store.keys(ws.name)
        if not keys:
            return [Line("info", _("No SSH keys yet. Add one: key add <the line of your id_ed25519.pub>."))]
        return [Line("info", _("{n}. {key}...", n=i, key=k[:60])) for i, k in enumerate(keys, 1)] + [
            Line("info", _("'key remove N' forgets key N."))]
    verb = words[0].lower()
    if verb in ("remove", "rm", "delete", "del") and len(words) == 2:
        return _remove_key(ws, store, words[1].strip())
    if verb != "add" or len(words) < 2:
        raise RuleError(_("Usage: key add <public key line>, key remove <number>, or keys."))
    line = public_key(words[1])
    if line is None:
        raise RuleError(_("That is not a public key: paste one line such as 'ssh-ed25519 AAAA... you@host'."))
    store.add_key(ws.name, line, ws.uid)
    log.info("%s added an SSH key (%s)", ws.name, line.split()[0])
    return [Line("info", _("Key added: you can now log in over SSH with it, no password asked."))]


def _remove_key(ws, store, which: str) -> list[Line]:
    keys = store.keys(ws.name)
    if which.isdigit() and len(which) <= 4 and 1 <= int(which) <= len(keys):
        chosen = keys[int(which) - 1]
    else:
        given = public_key(which)
        chosen = next((k for k in keys if given and k.split()[:2] == given.split()[:2]), None)
    if chosen is None:
        if not keys:
            raise RuleError(_("No such key of yours (numbers: none: you have no keys). 'keys' lists them."))
        raise RuleError(_("No such key of yours (numbers: 1 to {n}). 'keys' lists them.", n=len(keys)))
    store.remove_key(ws.name, chosen, ws.uid)
    log.info("%s removed an SSH key (%s)", ws.name, chosen.split()[0])
    return [Line("info", _("Key removed: it no longer logs you in."))]


def delete_account(ws, slots: dict) -> list[Line]:
    """``delete account PASSWORD``: the account and what is its own go; matches keep a placeholder."""
    _store(ws)
    given = slots.get("TEXT", "")
    if not given:  # asked, not counted as a wrong one
        raise RuleError(_("To delete your account for good, type: delete account <your password>."))
    reply = Reply(ws, _("Your account is not deleted."))
    return _checked(ws, given, reply.what, lambda: _delete(ws), reply)


def _delete(ws) -> list[Line]:
    store = _store(ws)
    world, name, uid = ws.world, ws.name, ws.uid
    if ws.table is not None:
        tablecmds.leave(ws)  # get up first: a seat at a match being played goes to a bot
    placed = store.delete_account(name, uid)  # StoreFailed: nothing deleted, the player is told
    for gt in list(world.tables.values()):
        if gt.match_id in placed and gt.match is not None and name in gt.match.seats:
            if gt.match.over:  # only watched now: its replay is the store's
                continue
            fresh = world.rename_seat(gt, name, placed[gt.match_id])
            world.tell_table(fresh, Line("info", _("{player} deleted their account; a bot plays their seat as {seat}.", player=name, seat=placed[gt.match_id])))
    _WRONG.get(world, {}).pop(name.lower(), None)
    world.end_account(name, uid, "deleted", Line("error", _("This account was deleted from another session.")), but=ws)
    ws.closed = ws.quitting = True
    log.info("account %s deleted (%d match(es) now name a placeholder)", name, len(placed))
    return [Line("info", _("Your account {player} is deleted: its password, SSH keys and place are gone, and the matches you played name a placeholder instead of you. Goodbye.", player=name))]
