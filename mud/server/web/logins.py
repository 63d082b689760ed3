"""A browser's logins and tickets (issue 42): what a cookie and a terminal page stand for.

* A **login** is a session the server keeps, not a secret the browser carries: the cookie holds a
  random token, and the store (so every node of a world sees it) holds only a hash of it, with the
  identity (uid) of the account it logged in as, when it was made and when it ends (``LOGIN_TTL``
  after it was made, whatever is done with it). It ends earlier by logout (``POST /logout``), a
  password change, a ban or the account's deletion (mud/store/base.py, mud/world/moderation.py); and
  a login whose account is no longer that uid (deleted, its name made again by someone else) lets
  nobody in. Each account keeps its ``KEPT`` newest logins; older ones end.
* A **ticket** is good once, for ``TICKET_TTL`` seconds, on this node: the terminal page holds one
  and its WebSocket needs it. Each account holds at most ``PER_ACCOUNT`` live tickets and each
  address ``PER_ADDRESS`` (their oldest go first), so one account asking for pages in a loop evicts
  only its own tickets, never another browser's.
"""

from __future__ import annotations

import hashlib
import secrets
import time

from mud.store.records import StoreFailed

LOGIN_TTL = 12 * 3600.0  # seconds a web login lasts from the moment it was made
KEPT = 10  # live web logins per account: a further login ends the oldest
PRUNE_EVERY = 60.0  # seconds between sweeps of logins out of date from the store
TICKET_TTL = 30.0  # seconds a terminal page's ticket is good for, once
PER_ACCOUNT = 8  # live tickets per account (its oldest go first)
PER_ADDRESS = 256  # live tickets per address, whatever the accounts
MOST_TICKETS = 20_000  # live tickets on this node at most (reached only from many addresses at once)


def digest(token: str) -> str:
    """What the store keeps of a cookie's token: reading the table gives nobody a login."""
    return hashlib.sha256(token.encode()).hexdigest()


class StoredLogins:
    """Web logins in the store (``gate.store``), behind opaque cookies."""

    def __init__(self, store, clock=time.time) -> None:
        self.store, self.clock = store, clock
        self._welcome: dict[str, str] = {}  # token's digest -> words said once (a new account's), this node
        self._pruned = 0.0

    def issue(self, name: str, uid: str, welcome: str = "") -> str | None:
        """A new login as the account ``uid``: its cookie's token, or None (the account is gone, or
        the store out of reach)."""
        token, now = secrets.token_urlsafe(32), self.clock()
        try:
            if now - self._pruned >= PRUNE_EVERY:
                self._pruned = now
                self.store.prune_web_logins(now)
            if not self.store.add_web_login(digest(token), uid, now, now + LOGIN_TTL, KEPT):
                return None
        except StoreFailed:
            return None
        if welcome:
            self._welcome[digest(token)] = welcome
        return token

    def look(self, token: str | None) -> tuple[str, str, str] | None:
        """(name, uid, welcome) of a live login whose account is still the one it logged in as; the
        welcome is said once. None: no such login (ended, out of date, the account gone)."""
        if not token or len(token) > 64:
            return None
        try:
            found = self.store.web_login(digest(token), self.clock())
        except StoreFailed:
            return None
        if found is None:
            self._welcome.pop(digest(token), None)
            return None
        return found[0], found[1], self._welcome.pop(digest(token), "")

    def live(self, login: str, uid: str) -> bool:
        """Is the login of this digest still live, as the account ``uid``? (A ticket's WebSocket
        opens only then: a login ended meanwhile opens nothing.)"""
        try:
            found = self.store.web_login(login, self.clock())
        except StoreFailed:
            return False
        return found is not None and found[1] == uid

    def end(self, token: str | None) -> None:
        """Log out: the login ends on every node."""
        if token and len(token) <= 64:
            self._welcome.pop(digest(token), None)
            try:
                self.store.end_web_login(digest(token))
            except StoreFailed:  # (the store out of reach: the login ends at its time, or at the next logout)
                pass


class Tickets:
    """One-time tickets, bounded per account and per address (see the module's doc)."""

    def __init__(self, ttl: float = TICKET_TTL, clock=time.monotonic) -> None:
        self.ttl, self.clock = ttl, clock
        # ticket -> (name, uid, address, until, welcome, the login's digest it was issued for)
        self._held: dict[str, tuple[str, str, str, float, str, str]] = {}
        self._groups: dict[tuple[str, str], dict[str, None]] = {}  # ("uid"|"address", value) -> its tickets, oldest first

    def issue(self, name: str, uid: str, address: str, welcome: str = "", login: str = "") -> str:
        now = self.clock()
        self._sweep(now)
        key = secrets.token_urlsafe(24)
        self._held[key] = (name, uid, address, now + self.ttl, welcome, login)
        for group, most in ((("uid", uid), PER_ACCOUNT), (("address", address), PER_ADDRESS)):
            mine = self._groups.setdefault(group, {})
            mine[key] = None
            while len(mine) > most:
                self._drop(next(iter(mine)))
        while len(self._held) > MOST_TICKETS:
            self._drop(next(iter(self._held)))
        return key

    def take(self, key: str | None) -> tuple[str, str, str, str] | None:
        """(name, uid, welcome, login) of a good ticket, used up by taking it; None for any other."""
        if not key or len(key) > 64 or key not in self._held:
            return None
        name, uid, _address, until, welcome, login = self._held[key]
        self._drop(key)
        return (name, uid, welcome, login) if self.clock() <= until else None

    def __len__(self) -> int:
        return len(self._held)

    def _sweep(self, now: float) -> None:
        """Tickets out of date go (the oldest are first: they all live as long)."""
        while self._held:
            key = next(iter(self._held))
            if self._held[key][3] >= now:
                return
            self._drop(key)

    def _drop(self, key: str) -> None:
        _name, uid, address, *_rest = self._held.pop(key)
        for group in (("uid", uid), ("address", address)):
            mine = self._groups.get(group)
            if mine is not None:
                mine.pop(key, None)
                if not mine:
                    del self._groups[group]
