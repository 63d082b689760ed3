"""The reports desk: how many reports one player may file, and repeats folded into the first.

Issue 42 (finding 9) found 24 reports filed in a second, each pushed to every moderator and each
stored. The desk stands between ``report`` (mud/world/moderation.py) and the store: a player files at
most ``PER_MINUTE`` reports a minute; a report on the same player again within ``FOLD_SECONDS`` is
folded into the first (not stored again, no moderator told again); the store keeps the newest
``KEPT`` (mud/store/moderation.py drops the oldest past it). What it remembers is per node and in
memory: a reporter on two nodes has two desks' allowance, which still bounds a flood.
"""

from __future__ import annotations

import weakref

PER_MINUTE = 3  # reports one player may file in a minute (folded repeats do not count)
FOLD_SECONDS = 600.0  # a report on the same player within this is folded into the first
KEPT = 1000  # reports the store keeps; past it the oldest are dropped
REMEMBERED = 10_000  # reporters remembered before the desk forgets those idle past the fold window

_desks: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


class ReportDesk:
    """One world's recent reports, per reporter: when each was filed, and on whom."""

    def __init__(self, clock) -> None:
        self.clock = clock
        self.filed: dict[str, list[tuple[float, str]]] = {}  # reporter -> [(when, whom)] in the fold window

    def verdict(self, who: str, whom: str) -> str:
        """``"file"``: store it and tell the moderators; ``"fold"``: the same report stands already;
        ``"wait"``: this player has filed their reports for the minute."""
        now = self.clock()
        recent = [(t, w) for t, w in self.filed.get(who.lower(), ()) if now - t < FOLD_SECONDS]
        if recent:
            self.filed[who.lower()] = recent
        else:
            self.filed.pop(who.lower(), None)
        if any(w == whom.lower() for _t, w in recent):
            return "fold"
        if sum(1 for t, _w in recent if now - t < 60) >= PER_MINUTE:
            return "wait"
        return "file"

    def filed_now(self, who: str, whom: str) -> None:
        now = self.clock()
        if len(self.filed) >= REMEMBERED:
            self.filed = {k: v for k, v in self.filed.items() if now - v[-1][0] < FOLD_SECONDS}
        self.filed.setdefault(who.lower(), []).append((now, whom.lower()))


def desk_of(world) -> ReportDesk:
    """The world's desk, made on its first report (on the world's own clock)."""
    desk = _desks.get(world)
    if desk is None:
        desk = _desks[world] = ReportDesk(world.clock)
    return desk
