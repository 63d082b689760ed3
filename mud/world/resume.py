"""A stored match brought back as it stood at its last stored move (:meth:`World.resume`, after a
crash or on another node): from its latest snapshot, else its opening, then its logged moves after
that. Each bot's move is thought again by its bot (`mud.shell.table.Table.replay`), so the bots' randomness
and memory are where they were and the match plays on exactly as if it had never stopped."""

from __future__ import annotations

import logging
from typing import Collection

import games
from mud.shell.table import Table
from mud.world.tables import GameTable

log = logging.getLogger("questmud.world")

RECENT = 12  # lines of a match shown to a player coming back after a restart


def rebuilt(store, rec) -> Table:
    """``rec``'s match (a MatchRecord) from ``store``, up to its last stored move. Seats handed to a
    bot (the store's handovers) are bots while their moves are thought again, and stay so when the
    last hand-over left them to a bot, as in the match that never stopped (:func:`handed`)."""
    game = games.get(rec.game)
    match = Table(game, rec.humans, rec.bots, rec.seed, rec.options, rec.level)
    after = 0
    snap = store.latest_snapshot(rec.id)
    if snap is not None:
        after, data = snap
        match.restore(data)
        if len(match.log) != after:
            match = Table(game, rec.humans, rec.bots, rec.seed, rec.options, rec.level)
            after = 0
    if after == 0:
        match.start(settle=False)  # the opening events; the bots' moves are in the log
    handovers = list(store.handovers(rec.id))
    timed = timed_out(handovers)
    for seq, player, action, by_bot in store.moves_by(rec.id, after):
        while handovers and handovers[0].seq < seq:  # a seat changed hands before this move
            change = handovers.pop(0)
            if change.player in match.seats and not change.for_a_turn:
                match.set_bot(change.player, change.to_bot)
        match.replay(player, action, by_bot=by_bot, time_up=by_bot and (seq, player) in timed)
    for name, why in handed(store, rec).items():
        match.set_bot(name, why != "back")
    return match


def timed_out(handovers) -> set[tuple[int, str]]:
    """The moves (seq, player) that began a turn a bot played for a person whose time was up: the
    move after each 'time' handover, when a bot made it for that person (``moves_by``'s by_bot)."""
    return {(h.seq + 1, h.player) for h in handovers if h.for_a_turn}


def handed(store, rec) -> dict[str, str]:
    """Each person's last hand-over of their seat in ``rec``'s match: 'left' or 'away' (a bot plays
    their seat) or 'back' (theirs again); a person never handed over is not in it (a turn a bot
    played when their time was up hands no seat over)."""
    return {h.player: h.why for h in store.handovers(rec.id) if h.player in rec.humans and not h.for_a_turn}


class Resumes:
    """The World's matches kept over a restart: every unfinished one brought back from the store at
    its table, and a snapshot of each at a clean shutdown (a mixin of :class:`~mud.world.world.World`)."""

    def resume(self, only: Collection[int] | None = None) -> int:
        """Bring back every unfinished match from the store (``only``: those of these ids, as local
        play takes up one game); their people are away until they return."""
        if self.store is None:
            return 0
        count = 0
        for rec in self.store.matches("playing"):
            if only is not None and rec.id not in only:
                continue
            try:
                self._resume(rec)
                count += 1
            except Exception:
                log.exception("match %s could not be resumed", rec.id)
        return count

    def _resume(self, rec, settle: bool = True) -> GameTable:
        """``rec``'s match at its table again, from the store; ``settle`` False: its bots wait (a
        node taking the table over seats its people first)."""
        match = rebuilt(self.store, rec)  # the bots' logged moves thought again: they play on the same
        number = rec.table_no if rec.table_no and rec.table_no not in self.tables else self._next_table
        gt = GameTable(number, rec.room, rec.game, run=self.here)  # "meet me at table 2" stays true over a restart
        self._next_table = max(self._next_table, number + 1)
        gt.match_id = rec.id
        self.tables[gt.id] = gt
        self._attach(gt, match)
        now = self.clock()
        gone = handed(self.store, rec)  # (who got up stays up: a login does not seat them again)
        gt.left = {name for name, why in gone.items() if why == "left"}
        for name in rec.humans:
            session = self._seat(match, name)
            session.cursor = _recent(match, name)
            session.recap = True  # (its first news: the match's last lines, said as such)
            gt.seats[name] = session
            if name not in gt.left:
                gt.away[name] = now
        if match.over:
            self.store.finish(rec.id)
        elif settle:
            match.settle()  # if the server died while bots were thinking, they go on
        return gt

    def save_all(self) -> None:
        """A snapshot of every match (a clean shutdown): the next start resumes without replaying."""
        if self.store is None:
            return
        for gt in self.tables.values():  # (by the node running each: a copy's bots never thought)
            if not gt.run.save(gt):
                log.warning("no snapshot of match %s", gt.match_id)



def _recent(match: Table, player: str) -> int:
    """A cursor into the match's events from which the player's last few visible lines follow."""
    seen = 0
    for i in range(len(match.events) - 1, -1, -1):
        if match.events[i].visible_to(player):
            seen += 1
            if seen == RECENT:
                return i
    return 0
