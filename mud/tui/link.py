"""The app's one way to the world, whether the world is in this process or in another (issue 41).

The app (mud/tui/app.py) sends a typed line with ``submit`` and gets back one
:class:`mud.world.snapshot.Snapshot` -- the answer's lines with the view, place and status of that
moment -- and, when woken, takes the news as one snapshot too (``news``). It never asks the session
for a view: its panels draw from the last snapshot. Two links keep this contract:

* :class:`SessionLink` here, for a :class:`mud.world.session.WorldSession` in this process (``mud
  play``, a server drawing its TUIs itself): the snapshot is taken and handed over at once;
* ``RemoteLink`` (mud/server/tui/worker.py), for a session in the world process while the app
  runs in a TUI worker: the line goes over once, the snapshot comes back once, pickled once.
"""

from __future__ import annotations

from typing import Callable

from mud.shell.session import Line
from mud.world.snapshot import Snapshot, take


class Link:
    """What the app asks of the world. ``name``: the player's; ``fold``: others' turns in a line
    or two (the app sets it)."""

    name: str
    lang = "en"  # the language the player reads (WorldSession.lang): the TUI words its own words in it

    def listen(self, wake: Callable[[], None]) -> None:
        """``wake`` is called (from any thread) when news is waiting."""
        raise NotImplementedError

    def greeting(self) -> Snapshot:
        """The first screen's lines, with the state to draw."""
        raise NotImplementedError

    def news(self) -> Snapshot:
        """What arrived meanwhile, with the state now."""
        raise NotImplementedError

    def flush(self) -> list[Line]:
        """The lines arrived meanwhile, without the state (shown above a line being typed)."""
        raise NotImplementedError

    def submit(self, line: str, typed_at: float | None, then: Callable[[Snapshot], None],
               panels: tuple[str, ...] = (), confirm: tuple[str, ...] = ()) -> None:
        """Run a typed line; ``then(snapshot)`` with its answer, at once or when it is back.
        ``panels``, ``confirm``: as ``WorldSession.handle`` takes them."""
        raise NotImplementedError

    def complete(self, text: str):
        """Tab's candidates for ``text`` (a list, or a future of one)."""
        raise NotImplementedError


class SessionLink(Link):
    """A world session in this process: every snapshot is taken when asked for."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.name = ws.name

    @property
    def lang(self) -> str:
        """The session's language now: a ``language it`` just run is read at the next drawing."""
        return self.ws.lang

    def listen(self, wake: Callable[[], None]) -> None:
        if self.ws.wake is None:  # a server passes its own, which calls the app's
            self.ws.wake = wake

    def greeting(self) -> Snapshot:
        return take(self.ws, self.ws.greeting())

    def news(self) -> Snapshot:
        return take(self.ws, self.ws.flush())

    def flush(self) -> list[Line]:
        return self.ws.flush()

    def submit(self, line, typed_at, then, panels=(), confirm=()) -> None:
        answer = self.ws.handle(line, typed_at, panels=panels, confirm=confirm)
        then(take(self.ws, answer, answer))

    def complete(self, text: str):
        return self.ws.complete(text)


def link_to(link) -> Link:
    """The app's link for what it was given: a :class:`Link` as it is, a world session wrapped."""
    return link if isinstance(link, Link) else SessionLink(link)
