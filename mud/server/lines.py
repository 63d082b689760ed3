"""The line interface shared by telnet and ``ssh -T``: input limits, throttling, and ANSI output.

A surface hands each received line to :meth:`LineFront.receive` and writes what comes back;
:meth:`LineFront.pending` gives what arrived meanwhile (others' moves, chat). Colours come from
the kind of each line, as in the TUI; ``colour=False`` gives plain text for dumb clients.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from mud.parser import MAX_LINE
from mud.session import Line
from mud.theme import ansi

def render(line: Line, colour: bool = True) -> str:
    """A line as a line surface sends it: painted by the shared theme (mud/theme.py), or plain."""
    return ansi(line.kind, line.tone, line.text) if colour else line.text


DEFAULT_WIDTH = 80  # columns for a client that reports no width (ssh -T, telnet without NAWS)


def too_long() -> str:
    """The one answer to an overlong line, whatever the surface: the parser's limit, in characters."""
    return f"That line is too long (the limit is {MAX_LINE} characters)."


@dataclass
class Limits:
    max_line: int = 4 * MAX_LINE  # bytes of one input line: MAX_LINE characters of any UTF-8
    rate: float = 5.0  # commands per second, sustained
    burst: int = 20  # commands at once (a paste, a client's alias)
    login_attempts: int = 5  # failed logins per address ...
    login_window: float = 60.0  # ... per this many seconds
    max_sessions: int = 1000


class Throttle:
    """A token bucket: ``allow()`` is False when a session sends commands faster than the rate."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class LoginGuard:
    """Failed logins per address in a sliding window; too many and the address waits."""

    def __init__(self, limits: Limits, clock=time.monotonic):
        self.limits, self.clock = limits, clock
        self.failures: dict[str, list[float]] = {}

    def blocked(self, address: str) -> bool:
        now = self.clock()
        recent = [t for t in self.failures.get(address, []) if now - t < self.limits.login_window]
        self.failures[address] = recent
        if not recent:
            self.failures.pop(address, None)
        return len(recent) >= self.limits.login_attempts

    def failed(self, address: str) -> None:
        self.failures.setdefault(address, []).append(self.clock())


class LineFront:
    """One connection's line interface over a WorldSession."""

    def __init__(self, session, limits: Limits, colour: bool = True):
        self.session = session
        session.fold = True  # others' turns in a line or two; 'log full' shows them whole
        self.limits = limits
        self.colour = colour
        self.throttle = Throttle(limits.rate, limits.burst)
        self._warned = False

    def receive(self, line: str) -> list[str]:
        """One line typed by the client -> the text lines to send back."""
        if len(line.encode("utf-8", "replace")) > self.limits.max_line:
            return [render(Line("error", too_long()),
                           self.colour)]
        if not self.throttle.allow():
            if self._warned:
                return []
            self._warned = True
            return [render(Line("error", "Slow down a little: too many commands at once. "
                                         "That one was not run."), self.colour)]
        self._warned = False
        if not line.strip():
            return self.pending()
        out = self.session.handle(line)
        return [render(x, self.colour) for x in out + self.session.question_lines(out)]

    def pending(self) -> list[str]:
        """What arrived meanwhile, then the game's question if it changed (numbered: a digit answers)."""
        out = self.session.flush()
        return [render(x, self.colour) for x in out + self.session.question_lines(out)]
