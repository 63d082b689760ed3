"""This node's live sessions checked again against the store (issue 42): what the bus lost.

A kick, a ban, a deletion or a password change ends an account's sessions on every node through
one bus message (``World.end_account``). While the bus is down that message is lost, and the bus does
not replay it; but what a ban or a deletion did is in the store, which every node shares. So each
node, when its bus link comes back (and every ``CUT_EVERY`` seconds while it is cut), goes through
its own live sessions and ends those the store says must go:

* an account deleted, or its name now another account's (another uid): ended as ``deleted``;
* a ban on the name, or on the address the session came from: ended as ``ban``, told the ban's words.
  An address ban spares its author and anyone whose role ranks at least the author's, as the
  ``ban address`` verb does on the moderator's node.

A round goes through the sessions ``CHUNK`` at a time, one chunk a step (the node steps once a
second), so a node of thousands never stalls its loop on a round. A kick is not in the store as a
sanction (the player may log in again at once), so a kick lost with the bus is not redone here.
"""

from __future__ import annotations

import logging
from collections import deque

from mud.shell.session import Line
from mud.store import StoreFailed
from mud.store import moderation as modstore

log = logging.getLogger("questmud.world")

CHUNK = 50  # sessions checked at one step: a round of a crowded node is spread over seconds
CUT_EVERY = 15.0  # seconds between two rounds while the bus is cut (bans made elsewhere meanwhile)
DELETED = "This account was deleted from another session."


class Recheck:
    """The rounds of one node's world: :meth:`begin` one, :meth:`step` it along."""

    def __init__(self, world, chunk: int = CHUNK) -> None:
        self.world, self.chunk = world, chunk
        self.todo: deque[str] = deque()  # lower names still to check in this round
        self.began: float | None = None  # when the last round began (the world's clock)
        self.cut_since: float | None = None  # when the bus was first found cut (None: it is not)

    def begin(self) -> None:
        """A round from the start: every session online now (one under way starts again, since
        what made this one due may have come after its first sessions were checked)."""
        self.todo = deque(self.world.online)
        self.began = self.world.clock()

    def tick(self, cut: bool) -> int:
        """Once a second: while the bus is ``cut``, a round every CUT_EVERY seconds from the cut's
        start (once the last is done; a shorter cut is mended by the round when the link comes
        back); the round under way taken a step further. Returns how many sessions were ended."""
        now = self.world.clock()
        if not cut:
            self.cut_since = None
        elif self.cut_since is None:
            self.cut_since = now
        elif not self.todo and now - max(self.cut_since, self.began or self.cut_since) >= CUT_EVERY:
            self.begin()
        return self.step()

    def step(self) -> int:
        """Check the next ``chunk`` sessions of the round; returns how many were ended. The store
        out of reach: nothing is checked, the round waits for the next step."""
        if not self.todo or self.world.store is None:
            return 0
        ended = 0
        try:
            bans = modstore.InForce(modstore.bans(self.world.store))  # read and parsed once for the chunk
            for _ in range(min(self.chunk, len(self.todo))):
                ws = self.world.online.get(self.todo[0])
                if ws is not None and not ws.closed:
                    ended += self._check(ws, bans)
                self.todo.popleft()
        except StoreFailed:
            return ended
        if ended:
            log.info("%d session(s) ended by the store's word after the bus was cut", ended)
        return ended

    def _check(self, ws, bans: modstore.InForce) -> int:
        store, world = self.world.store, self.world
        acc = store.account(ws.name)
        if ws.uid is not None and (acc is None or acc["uid"] != ws.uid):  # deleted, or made again since
            return world.end_account(ws.name, ws.uid, "deleted", Line("error", DELETED), forward=False)
        ban = bans.find(ws.name, getattr(ws, "address", "") or None)
        if ban is None or ban.kind == "address" and self._spared(ws, ban):
            return 0
        return world.end_account(ws.name, ws.uid, "ban", Line("error", modstore.ban_text(ban)), forward=False)

    def _spared(self, ws, ban) -> bool:
        """An address ban does not end its author's session, nor one of a role as high as theirs."""
        if ws.name.lower() == ban.by.lower():
            return True
        store = self.world.store
        return modstore.rank(modstore.role(store, ws.name)) >= max(1, modstore.rank(modstore.role(store, ban.by)))
