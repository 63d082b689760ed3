"""How the server checks a login (a mixin of :class:`mud.server.core.Server`): an account's password
or first creation, a key's owner, the limits on failures -- each try one at a time per name and
address, the slow hash in the fair line of mud/server/hashing.py, and the identity (uid) the password
was right for, which the session then opens as (issue 42)."""

from __future__ import annotations

import asyncio
import logging

from mud.ops import oplog
from mud.server.clients.lines import TOO_MANY_FAILURES, WRONG_PASSWORD, Checked
from mud.shell import language
from mud.shell.words import _
from mud.store import StoreFailed
from mud.world.session import valid_name

UNREACHABLE = _("The server cannot reach its accounts right now; try again later.")
log = logging.getLogger("questmud.server")


class LoginDesk:
    """The Server's login checks; it reads the server's ``store``, ``hashing``, ``guard``, ``caps``,
    ``checking``, ``limits``, ``metrics``, ``note`` and ``banned``."""

    async def login(self, name: str, password: str, address: str = "", told=None,
                    surface: str = "") -> Checked:
        """Check (or create) an account: :meth:`_login`, each refusal counted by the metrics;
        ``surface`` (ssh, telnet, web) is where an account made is said to come from. Its ``uid``:
        the identity the password was right for, which the session then opens as."""
        checked = Checked(*await self._checked_login(name, password, address, told, surface))
        if not checked[0]:
            self.metrics.login_refused(checked[1])
        return checked

    async def _checked_login(self, name: str, password: str, address: str = "", told=None,
                             surface: str = "") -> tuple:
        """Check (or, on the first login, create) an account: (ok, the message, safe to show[, the
        uid the password was right for]). The slow hashing waits its turn in a fair line and runs
        in a thread, so the world does not wait; ``told(n)``, if given, hears how many logins are
        ahead while it waits. Tries on one name from one address are checked one at a time, so a
        burst of them in parallel counts against the limits as the same tries in a row would."""
        address = address or "?"
        key = (address, name.lower())
        lock, users = self.checking.get(key, (asyncio.Lock(), 0))
        self.checking[key] = (lock, users + 1)
        try:
            async with lock:
                return await self._login(name, password, address, told, surface)
        except StoreFailed:  # the store is out of reach (PostgreSQL gone): nothing was done
            return False, UNREACHABLE
        finally:
            lock, users = self.checking[key]
            if users > 1:
                self.checking[key] = (lock, users - 1)
            else:  # the last try waiting on this name from there
                del self.checking[key]

    async def _login(self, name: str, password: str, address: str, told, surface: str) -> tuple:
        barred = self.banned(None, address)
        if barred:
            return False, barred
        reason = valid_name(name)
        if self.guard.blocked(address, None if reason else name):
            return False, TOO_MANY_FAILURES
        if reason:
            self._failed(address, None, "bad_name")
            return False, reason
        wait = self.guard.delay(name)
        if wait:  # many failures on this account lately, from anywhere: each try waits
            await asyncio.sleep(wait)
        acc = self.store.account(name)
        if acc is None:
            if len(password) < 4:
                return False, _("New account: choose a password of at least 4 characters.")
            if not self.caps.may_create(address):
                self.note("refused", what="account", player=name, address=address, why="accounts_per_hour")
                return False, _("Too many new accounts from your address this hour; try again later.")
            salt, digest = await self.hashing.hash(password, None, told)
            if self.store.account(name) is not None:  # created meanwhile by another connection
                return False, _("That name was just taken; choose another.")
            try:
                uid = self.store.create_account(name, password, hashed=(salt, digest))
            except StoreFailed:
                return False, _("The server cannot save right now, so your account was not created; try again later.")
            self.caps.created(address)
            self.note("account", player=name, surface=surface or None, address=address)
            return True, _("Welcome, {name}: your account is created. Remember your password.", name=name), uid
        right = await self.hashing.check(self.store, acc, password, told)  # (an older hash: upgraded)
        if not acc["hash"]:  # SSH keys only: refused after a hash all the same, so time does not say so
            self._failed(address, name, "keys_only")
            return False, WRONG_PASSWORD
        if right and self.store.uid_of(name) == acc["uid"]:  # (not made again by someone else while the
            # password was hashed: it is that account's password)
            barred = self.banned(name, address)
            return (False, barred) if barred else (True, "", acc["uid"])
        self._failed(address, name, "password", wait)
        return False, WRONG_PASSWORD

    def _failed(self, address: str, name: str | None, why: str, waited: float = 0.0) -> None:
        """Count a failed login and log it (never the password): who, from where, why (``bad_name``,
        ``keys_only``, ``password``), how many in the last minute: from there for the name, from
        there, on the account from anywhere; and how long it waited (the account's slowing)."""
        self.guard.failed(address, name)
        pair, from_there, on_name = self.guard.counts(address, name)
        self.note("login_failed", player=name, address=address, why=why, same_name=pair if name else None,
                  same_address=from_there, same_account=on_name if name else None, waited=waited or None)
        if self.guard.blocked(address, name) and (pair == self.limits.login_attempts
                                                   or from_there == self.limits.address_attempts):
            oplog.note(log, "throttled", self.metrics.heard, logging.WARNING, address=address,
                       player=name if pair == self.limits.login_attempts else None, seconds=60, why="failures")

    def account_lang(self, name: str, hint: str | None = None) -> str:
        """The language ``name``'s account reads (its own, on record), else ``hint`` (what its client
        said: SSH's LANG), else the server's for logins (``Config.lang``): for what is said to it
        without a session -- a wrong password, a full world, a ban."""
        try:
            kept = (self.store.account(name) or {}).get("lang")
        except StoreFailed:
            kept = None
        return language.parse(kept) or language.parse(hint) or self.config.lang

    def account_exists(self, name: str) -> bool:
        """(With the store out of reach: True, so the password is asked and the login says why.)"""
        try:
            return self.store.account(name) is not None
        except StoreFailed:
            return True

    def key_owner(self, name: str, key: str) -> str | None:
        """The uid of ``name``'s account if ``key`` (an OpenSSH public key line; its comment does not
        count) is one of its keys, else None. The uid is read first: a name made again between the
        two reads gives the old uid, which the session's start then refuses (never the reverse)."""
        want = key.split()[:2]
        try:
            uid = self.store.uid_of(name) if valid_name(name) is None else None
            keys = self.store.keys(name) if uid is not None else []
        except StoreFailed:  # the store out of reach: the password's way says why
            keys = []
        return uid if any(k.split()[:2] == want for k in keys) else None

