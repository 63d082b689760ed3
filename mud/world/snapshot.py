"""What a surface draws after one command or one batch of news, taken once (issue 41).

The full-screen TUI draws its panels from the player's view, place and status. Pulled from the
session by every panel that needs them, the view was built up to nine times for one ``look``; and
the TUI in a worker process got the same three by another road. Now the world hands the surface one
:class:`Snapshot` per command and per batch of news -- the lines, the view built once, the place, the
status, and what the line was read as -- and every panel reads that. In this process the link
(:class:`mud.tui.link.SessionLink`) hands it over at once; the worker's link gets it pickled once,
in one message (mud/server/tui/workers.py). Everything in it is plain data: it crosses a process as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace


@dataclass
class Snapshot:
    """One command's answer, or one batch of news, with what the panels draw from at that moment.

    ``lines``: to show, in order; ``view``: the player's view of their match (None away from one);
    ``place``: where they are (``WorldSession.place``); ``status``: the status bar's and GMCP's
    fields; ``closed``: the session has ended. For a command: ``read_as``, the verb's name the
    line was read as (None when it named none); ``panel``, a board's panel the surface draws itself
    (nothing ran); ``held``, a verb the surface confirms first (it did not run). ``same``: the view,
    place and status are left out, being those of the snapshot before (news of lines alone, on its
    way to a TUI worker, which has them already). ``lang``: the language the player reads now
    (``WorldSession.lang``), so a TUI in a worker process words its own words as the world does
    ('language it' over SSH rewords it, as in local play); always sent, being a few bytes."""

    lines: list = field(default_factory=list)
    view: dict | None = None
    place: dict | None = None
    status: dict = field(default_factory=dict)
    closed: bool = False
    read_as: str | None = None
    panel: str | None = None
    held: bool = False
    same: bool = False
    lang: str = "en"

    def with_lines(self, lines) -> "Snapshot":
        """The same moment with other lines (news that came before an answer, put first)."""
        return replace(self, lines=list(lines))

    def filled(self, last: "Snapshot") -> "Snapshot":
        """This snapshot with the state it left out (``same``) taken from ``last``."""
        if not self.same:
            return self
        return replace(self, view=last.view, place=last.place, status=last.status, same=False)

    def without_state(self) -> "Snapshot":
        """This snapshot with its view, place and status left out (``same``): the other end has them."""
        return replace(self, view=None, place=None, status={}, same=True)

    def same_state(self, other: "Snapshot | None") -> bool:
        """Whether ``other`` shows the same view, place, status and end (news of lines alone)."""
        return other is not None and (self.view, self.place, self.status, self.closed, self.lang) == \
            (other.view, other.place, other.status, other.closed, other.lang)


def take(ws, lines, answer=None) -> Snapshot:
    """The snapshot of world session ``ws`` now, with ``lines``; ``answer`` (a
    :class:`mud.world.session.Answer`), what a command's line was read as. The view is built
    once here, and the status is computed from it."""
    view = ws.game_view()
    parsed = getattr(answer, "parsed", None)
    return Snapshot(list(lines), view, ws.place(), ws.status(view), ws.closed,
                    read_as=parsed.verb.name if parsed is not None else None,
                    panel=getattr(answer, "panel", None), held=bool(getattr(answer, "held", False)), lang=ws.lang)
