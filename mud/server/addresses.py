"""What each address may open: connections at once, connections a minute, accounts an hour; and
the sockets the whole process may hold before it runs out of file descriptors.

Every surface counts through the server (``Server.connection_opened``/``connection_closed``), so the
caps hold across SSH, telnet and the browser together. Loopback is not capped when trusted: there
everyone on the machine (and every tunnel) shares one address.

A socket is counted from its accept (``Server.socket_opened``: telnet, SSH before its handshake, and
every HTTP connection, a WebSocket's included), not once it has logged in: sockets are what run a
process out of descriptors (issue 42, findings 6 and 10). The web's HTTP connections have their own
cap per address, wider than the sessions' (a browser opens several for one page).
"""

from __future__ import annotations

import ipaddress
import resource
import time
from collections import Counter

from mud.server.clients.lines import Limits
from mud.shell.words import _


class AddressCaps:
    """The counts per address, and the refusals they lead to (``note`` logs one, mud/ops/oplog.py)."""

    def __init__(self, limits: Limits, note) -> None:
        self.limits, self.note = limits, note
        self.connections: Counter = Counter()  # address -> connections open, any surface
        self.creations: dict[str, list[float]] = {}  # address -> when it created accounts
        self.connects: dict[str, list[float]] = {}  # address -> when it connected (the last minute)

    def capped(self, address: str) -> bool:
        """Do the per-address caps apply to ``address``?"""
        if not self.limits.trust_loopback:
            return True
        try:
            return not ipaddress.ip_address(address).is_loopback
        except ValueError:
            return True

    def opened(self, address: str) -> str | None:
        """Count a new connection; the reason it is refused (too many from its address), or None."""
        if not self.capped(address):
            self.connections[address] += 1
            return None
        if self.limits.per_address and self.connections[address] >= self.limits.per_address:
            self.note("refused", what="connection", address=address, why="per_address", open=self.connections[address])
            return _("Too many connections from your address; close one and try again.")
        if self.limits.connects_per_minute:
            now = time.monotonic()
            recent = [t for t in self.connects.get(address, []) if now - t < 60]
            if len(recent) >= self.limits.connects_per_minute:
                self.connects[address] = recent
                return _("Too many connections from your address this minute; wait a little.")
            recent.append(now)
            self.connects[address] = recent
            if len(self.connects) > 10_000:  # forget addresses not seen for a minute
                self.connects = {a: ts for a, ts in self.connects.items() if now - ts[-1] < 60}
        self.connections[address] += 1
        return None

    def closed(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

    def may_create(self, address: str) -> bool:
        """May ``address`` make one more account this hour?"""
        cap = self.limits.accounts_per_hour
        if not cap or not self.capped(address):
            return True
        now = time.monotonic()
        recent = [t for t in self.creations.pop(address, []) if now - t < 3600]
        if recent:
            self.creations[address] = recent
        return len(recent) < cap

    def created(self, address: str) -> None:
        if self.capped(address):
            self.creations.setdefault(address, []).append(time.monotonic())


def http_cap(limits: Limits) -> int:
    """HTTP connections at once from one address: a browser opens up to 6 for a page, and each
    WebSocket is one more; so twice the sessions' cap and a page's worth (0: no cap)."""
    return 2 * limits.per_address + 8 if limits.per_address else 0


class Sockets:
    """The sockets held, every surface together, against the descriptors the process may open
    (``RLIMIT_NOFILE``): past ``most`` a new one is refused with a line, before accept() itself
    fails; the store, the log, the listeners and the TUI workers keep the ``reserve``. Running full
    is logged once, and its end once (``note``), never once per refusal."""

    def __init__(self, caps: AddressCaps, note, most: int | None = None) -> None:
        self.caps, self.note = caps, note
        if most is None:
            soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
            soft = 1 << 20 if soft == resource.RLIM_INFINITY else soft
            most = max(16, soft - max(48, soft // 8))
        self.most = most
        self.held = 0
        self.http: Counter = Counter()  # address -> HTTP connections open
        self.full = False  # refusing for want of descriptors (logged once until it drains)
        self.accept_failed = -60.0  # when accept() last ran out of descriptors (logged once a minute)

    def opened(self, address: str, web: bool = False) -> str | None:
        """Count a socket just accepted; why it must be closed at once, or None."""
        if self.held >= self.most:
            if not self.full:
                self.full = True
                self.note("descriptors", state="full", sockets=self.held, most=self.most)
            return _("The server is full right now; try again in a little while.")
        if web:
            cap = http_cap(self.caps.limits)
            if cap and self.caps.capped(address) and self.http[address] >= cap:
                self.caps.note("refused", what="http", address=address, why="per_address", open=self.http[address])
                return _("Too many connections from your address; close one and try again.")
            self.http[address] += 1
        self.held += 1
        return None

    def closed(self, address: str, web: bool = False) -> None:
        self.held -= 1
        if web:
            self.http[address] -= 1
            if self.http[address] <= 0:
                del self.http[address]
        if self.full and self.held < self.most * 0.9:
            self.full = False
            self.note("descriptors", state="ok", sockets=self.held, most=self.most)

    def loop_trouble(self, loop, context: dict) -> None:
        """The loop's own errors (its exception handler). accept() out of descriptors, which asyncio
        retries a second later, is one line a minute at most, without a traceback; the rest are
        handled as asyncio would."""
        error = context.get("exception")
        if isinstance(error, OSError) and "accept" in context.get("message", ""):
            now = time.monotonic()
            if now - self.accept_failed >= 60:
                self.note("descriptors", state="accept_failed", error=error.strerror or str(error), sockets=self.held)
            self.accept_failed = now
            return
        loop.default_exception_handler(context)
