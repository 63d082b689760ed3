"""The world's clocks (a part of :class:`mud.world.world.World`): idle turns played by a bot, the
seats of the long-gone handed to bots, and bots that stopped at a chunk played on soon after.

A table another node runs is timed by that node alone: its ``run`` (mud/world/runs.py) ticks only
a table run here."""

from __future__ import annotations

import logging

from mud.shell.session import Line
from mud.shell.words import _
from mud.store import StoreFailed
from mud.shell.table import Table
from mud.world.tables import GameTable

log = logging.getLogger("questmud.world")


class Clock:
    """The timers of :class:`~mud.world.world.World` (its tables, settings and sessions)."""

    # --- timers ---------------------------------------------------------------------------------
    def tick(self, now: float | None = None) -> None:
        """Run the clocks: crowded rooms told who came and went, idle turns played by a bot, seats of
        the long-gone handed to bots."""
        now = self.clock() if now is None else now
        self.comings.tell(self.people)
        for gt in list(self.tables.values()):
            match = gt.match
            if match is None or match.over:  # nobody there: forgotten (a match is in the store)
                self._tidy(gt)  # (found by the long fuzz run: bots finished matches kept for ever)
                continue
            try:
                gt.run.tick(gt, now)
            except StoreFailed:  # the disk is full, say: the clock tries again next time
                pass
            except Exception:  # a bug in a game must not stop the world's clock
                log.exception("tick failed at table %s", gt.id)

    def _tick_table(self, gt: GameTable, match: Table, now: float) -> None:
        if gt.practice and gt.away:  # the tutorial's learner is gone: nobody plays on, it is cleared away
            self.tables.pop(gt.id, None)
            return
        gt.told_capped = gt.told_capped and bool(match.capped)
        if match.due:
            match.settle()  # bots stopped by a failed write, or a table nobody sits at, go on
        if match.capped and not gt.told_capped:  # (said once; again if a person's move lets them go on)
            gt.told_capped = True
            self.tell_table(gt, Line("alert", _("The bots stopped after {moves} moves in a row without the match ending; a "
                                                "person's move lets them play on.", moves=format(match.capped, ","))))
        grace = self.settings.seat_grace
        for name, since in list(gt.away.items()):
            if now - since >= grace and not match.seats[name].bot:
                self.hand_seat(gt, name, "away")
                self.tell_table(gt, Line("info", _("{player} has been away too long: a bot plays their seat.", player=name)))
                match.settle()
        timeout = self.settings.turn_timeout
        if timeout > 0 and not gt.practice and now - gt.progress >= timeout:
            for name in match.awaiting():
                if not match.seats[name].bot and not match.over:
                    self.note("turn_timeout", gt, player=name)
                    try:
                        self.time_up(gt, name)
                    except StoreFailed:  # not stored, undone: try again after another timeout
                        gt.progress = now
                        raise
                    match.settle()
                    break

    def time_up(self, gt: GameTable, name: str) -> None:
        """``name``'s time is up at ``gt``: a bot plays their whole turn (`Table.time_up`), whose
        first move tells the table so. The store notes it first (a 'time' handover after the moves
        made so far), so the replay and a match resumed after a crash tell it at the same place;
        the nodes following the table hear it before the move."""
        match = gt.match
        if self.store is not None and gt.match_id is not None:
            self.store.hand_over(gt.match_id, len(match.log), name, "time")
        self.host.handed(gt, name, "time")
        match.time_up(name)

    # --- bots that stopped at bot_chunk ------------------------------------------------------------
    def _bots_due(self, gt: GameTable) -> None:
        """Someone waits at ``gt`` for bots that stopped at the chunk: the server calls play_bots soon.
        A table nobody is at plays on at the clock's pace (tick), a chunk a second. (At a shared table
        its people may be on other nodes: a seat whose player is not away is someone waiting.)"""
        if self.host.elsewhere(gt) or self.at_table(gt):
            self._due.add(gt.id)
            if self.on_bots_due is not None:
                self.on_bots_due()

    def play_bots(self) -> bool:
        """One more chunk of bot moves at each table waiting for them; True if some still wait."""
        due, self._due = self._due, set()
        for table_id in due:
            gt = self.tables.get(table_id)
            if gt is None or gt.match is None or not gt.match.due:
                continue
            try:
                gt.match.settle()  # at the chunk again: back in _due through on_due
            except Exception:  # a bug in a game must not stop the others' bots
                log.exception("bots failed at table %s", table_id)
        return bool(self._due)
