"""What each address may open: connections at once, connections a minute, accounts an hour.

Every surface counts through the server (``Server.connection_opened``/``connection_closed``), so the
caps hold across SSH, telnet and the browser together. Loopback is not capped when trusted: there
everyone on the machine (and every tunnel) shares one address.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter

from mud.server.clients.lines import Limits


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
            return "Too many connections from your address; close one and try again."
        if self.limits.connects_per_minute:
            now = time.monotonic()
            recent = [t for t in self.connects.get(address, []) if now - t < 60]
            if len(recent) >= self.limits.connects_per_minute:
                self.connects[address] = recent
                return "Too many connections from your address this minute; wait a little."
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
