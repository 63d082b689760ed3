"""The real command loop around a match a test built: every test that types at a table goes
through :class:`mud.world.session.WorldSession`, as every surface does, never around it.

``seated(match, "ann", "bob")`` puts the match at a table of a world of its own (in its game's room,
nothing stored, no timers) and returns each named player's session there, seated if they play in
the match and watching otherwise. Their lines so far (the walk, the sitting, the match's opening)
wait in the session: ``flush()`` reads them, as ``drain()`` did on a bare seat.

:class:`Typist` types as a person who has read everything on screen: its lines are never "typed
before your turn began" (the real loop refuses those; tests of that use the session itself).
"""

from __future__ import annotations

import time

from mud.local.play import NEVER
from mud.shell.table import Table
from mud.world.session import WorldSession
from mud.world.world import Settings, World


def seated(match: Table, *names: str, world: World | None = None, fold: bool = False,
           bot_seats: bool = False) -> list["Typist"]:
    """Each of ``names`` at ``match``: its players seated, anyone else watching. ``fold``: others'
    turns come as summary lines, as on the interactive surfaces (mud/shell/fold.py). ``bot_seats``: a
    name the match gave a bot sits there too, as a person whose turns a bot plays (as when their
    time ran out): a bots-only game seen through its players' own sessions."""
    world = world or World(None, Settings(turn_timeout=0, seat_grace=NEVER, max_sessions=100))
    lent = [n for n in names if bot_seats and n in match.seats and match.seats[n].bot]
    for name in lent:
        match.set_bot(name, False)
    room = match.game.room
    sessions = [world.connect(name) for name in names]
    for ws in sessions:
        ws.flush()  # "bob arrives": the test is about the match
        ws.fold = fold
    gt = world.new_table(room)
    for ws in sessions:
        ws.room = room
        ws.table = gt
        if name_plays(match, ws.name):
            gt.sitters.append(ws.name)
        else:
            gt.watchers.add(ws.name)
    world.open_match(gt, match)
    for name in lent:
        match.set_bot(name, True)
    for ws in sessions:
        ws.pull()
    return [Typist(ws, match) for ws in sessions]


def name_plays(match: Table, name: str) -> bool:
    return name in match.seats and not match.seats[name].bot


def seat(match: Table, name: str | None, fold: bool = False) -> "Typist":
    """One session at ``match``: ``name``'s seat, or (None) a watcher's."""
    return seated(match, name or "watcher", fold=fold)[0]


BUG = "Something went wrong with that command"


def unbroken(line: str, out: list):
    """``out``, unless the loop caught an exception on ``line``: the real loop turns a bug into an
    apology (one command lost, not the server), which a test must not take for an answer."""
    assert not any(x.text.startswith(BUG) for x in out), f"{line!r} raised inside the loop (see the log)"
    return out


class Typist:
    """A player at the real loop who reads before typing. ``handle``/``answer``/``flush``/
    ``complete`` are the session's; ``drain`` is ``flush`` (the old name of the bare seat's)."""

    def __init__(self, ws: WorldSession, match: Table | None = None) -> None:
        self.ws = ws
        self.match = match  # the match it was seated at, even after it got up or quit

    def __getattr__(self, name):
        return getattr(self.ws, name)

    def handle(self, line: str):
        return unbroken(line, self.ws.handle(line, typed_at=time.monotonic()))

    def answer(self, line: str):
        return unbroken(line, self.ws.answer(line))

    def drain(self):
        return self.ws.flush()

    @property
    def player(self) -> str | None:
        return self.ws.inner.player if self.ws.inner is not None else None

    @property
    def table(self) -> Table:
        return self.ws.inner.table
