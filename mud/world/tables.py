"""A table in a game room: people sit, one starts the match, bots fill the empty seats.

Before the start a table is just a list of sitters. Once started it holds a :class:`mud.shell.table.Table`
(the match), stored move by move, and one :class:`mud.shell.session.Session` per person's seat -- kept
while its player is away, so coming back shows what happened meanwhile from where they left off.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mud.shell.session import Session
from mud.shell.table import Table
from mud.shell.words import _, listed


@dataclass
class GameTable:
    id: int
    room: str
    game: str
    sitters: list[str] = field(default_factory=list)  # people, in the order they sat
    watchers: set[str] = field(default_factory=set)
    match: Table | None = None
    match_id: int | None = None
    seats: dict[str, Session] = field(default_factory=dict)  # a person's seat -> their session at the match
    away: dict[str, float] = field(default_factory=dict)  # seat -> since when its player is gone
    progress: float = 0.0  # when the match last moved (the turn timer counts from here)
    told_capped: bool = False  # the table was told its bots stopped (they never end the match)
    snapshot_seq: int = 0  # the move of the last snapshot
    left: set[str] = field(default_factory=set)  # seats whose players got up (a bot plays them)
    practice: bool = False  # the tutorial's table for one: no turn timeout, and leaving it clears it away
    will_watch: set[str] = field(default_factory=set)  # asked to watch before the start: they watch from it
    # how it runs (mud/world/runs.py): here (RunHere) or by another node, followed here (RunThere),
    # chosen when it is opened or followed; the world calls it without asking which
    run: Any = None

    @property
    def node(self) -> str:
        """The node running it, in a world of several; "": this one."""
        return self.run.owner

    @property
    def status(self) -> str:
        if self.match is None:
            return "open"
        return "over" if self.match.over else "playing"

    def humans(self) -> list[str]:
        return [n for n, s in self.match.seats.items() if not s.bot] if self.match else list(self.sitters)

    def describe(self, game_title: str, viewer: str = ""):
        """The table in a line, for ``viewer`` (who reads it): a seat whose player is gone is
        "(away)" to everyone else, but to that very player, reading it, "(your seat, waiting)" --
        they are not away, only up from it (local play's paused match, or the tutorial's)."""
        if self.match is None:
            if not self.sitters:
                return _("Table {table} ({game}): open; sitting: nobody yet.", table=self.id, game=game_title)
            return _("Table {table} ({game}): open; sitting: {players}.", table=self.id, game=game_title,
                     players=", ".join(self.sitters))
        seats = []
        for name, seat in self.match.seats.items():
            tag = None
            if name in self.seats:
                if name in self.away:
                    tag = _("{player} (your seat, waiting)", player=name) if name == viewer else _("{player} (away)", player=name)
                if seat.bot:
                    tag = _("{player} (bot playing)", player=name)
            elif seat.bot:
                tag = _("{player} ({level} bot)", player=name, level=seat.level)
            seats.append(tag or name)
        params = {"table": self.id, "game": game_title, "seats": listed(seats)}
        over = self.match.over
        if self.watchers:
            watching = ", ".join(sorted(self.watchers))
            return (_("Table {table} ({game}): over; seats: {seats}; watching: {watchers}.", watchers=watching, **params) if over
                    else _("Table {table} ({game}): playing; seats: {seats}; watching: {watchers}.", watchers=watching, **params))
        return (_("Table {table} ({game}): over; seats: {seats}.", **params) if over
                else _("Table {table} ({game}): playing; seats: {seats}.", **params))
