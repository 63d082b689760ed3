"""The line interface shared by telnet and ``ssh -T``: input limits, throttling, and ANSI output.

A surface hands each received line to :meth:`LineFront.receive` and writes what comes back;
:meth:`LineFront.pending` gives what arrived meanwhile (others' moves, chat). Colours come from
the kind of each line, as in the TUI; ``colour=False`` gives plain text for dumb clients.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import time
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from mud.shell.parser import MAX_LINE
from mud.shell.session import Line
from mud.shell.theme import ansi
from mud.shell.language import LANGS
from mud.shell.words import PSEUDO, _, Msg, render as word

def render(line: Line, colour: bool = True, lang: str = "en") -> str:
    """A line as a line surface sends it: its text worded in ``lang`` if it is a message (the
    server's own lines: a refusal, a notice), then painted by the shared theme (mud/shell/theme.py), or plain."""
    text = word(line.text, lang)
    return painted(line.kind, line.tone, text) if colour else text


@lru_cache(maxsize=4096)
def painted(kind: str, tone: str, text: str) -> str:
    """Remembered: one line said in a crowded room is painted once, not once per listener."""
    return ansi(kind, tone, text)


DEFAULT_WIDTH = 80  # columns for a client that reports no width (ssh -T, telnet without NAWS)


# what a login is told on every surface (the login desk's words, mud/server/logins.py, said by each)
TOO_MANY_FAILURES = _("Too many failed logins from your address; wait a minute.")
WRONG_PASSWORD = _("Wrong password.")


def too_long() -> Msg:
    """The one answer to an overlong line, whatever the surface: the parser's limit, in characters."""
    return _("That line is too long (the limit is {limit} characters).", limit=MAX_LINE)


UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def clip(text, limit: int = 80) -> str:
    """Client-supplied text (a terminal type, a GMCP client name, a user name) as it may go into
    the operator's log or a message: control characters escaped (no forged lines, no terminal
    escapes) and cut to ``limit`` characters, a cut marked by an ellipsis."""
    text = UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text)[:limit + 1])
    return text if len(text) <= limit else text[:limit] + "..."


# The world's prompt once a match is over (mud/world/session.py), the same message: known in every language
GAME_OVER = _("(game over) > ")


def bare(prompt: str) -> bool:
    """Does ``prompt`` ask nothing ("> ", "(game over) > ", "(partita finita) > ")? Only such a prompt is
    left out under news while it stands unanswered; one that asks the player something is written again
    after the news."""
    return not prompt.startswith("(") or prompt.rstrip() in _game_over()


@lru_cache(maxsize=1)
def _game_over() -> frozenset[str]:
    return frozenset(word(GAME_OVER, lang).rstrip() for lang in (*LANGS, PSEUDO))


@dataclass
class Limits:
    max_line: int = 4 * MAX_LINE  # bytes of one input line: MAX_LINE characters of any UTF-8
    rate: float = 5.0  # commands per second, sustained
    burst: int = 20  # commands at once (a paste, a client's alias)
    login_attempts: int = 5  # failed logins per address and name (and, slowed, per name) ...
    login_window: float = 60.0  # ... per this many seconds
    address_attempts: int = 20  # failed logins per address, whatever the names
    login_delay_max: float = 10.0  # seconds the slowest try on one account waits (its owner's too)
    max_sessions: int = 1000
    per_address: int = 10  # connections at once from one address, logged in or not (0: no cap)
    connects_per_minute: int = 60  # new connections from one address a minute (0: no cap): a client
    # dropped for garbage that comes straight back costs the server each time
    accounts_per_hour: int = 5  # accounts one address may create in an hour (0: no cap)
    idle_timeout: float = 0.0  # seconds without input before a logged-in session is closed (0: never)
    trust_loopback: bool = True  # 127.0.0.1 and ::1 skip the per-address caps (everyone local shares them)

    def input_throttle(self) -> "Throttle":
        """Lines one connection's reader takes, from its first byte (blank lines and the login
        included): four times the command rate, then it waits -- read, not refused -- so a flood
        costs the server next to nothing and the client's own socket backs up."""
        return Throttle(max(4 * self.rate, 20.0), max(2 * self.burst, 40))


class Throttle:
    """A token bucket: ``allow()`` is False when a session sends commands faster than the rate."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        return self.take(1)

    def take(self, n: float) -> bool:
        """Spend ``n`` tokens if there are that many."""
        self._refill()
        if self.tokens >= n:
            self.tokens -= n
            return True
        return False

    def wait(self) -> float:
        """Seconds until one token is there (0: now)."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now


class Barred(Msg):
    """A refused login's message after which nothing the client types can help (a ban): a surface
    says it once and ends the connection, rather than asking for a password again. A message like
    any other (``Barred(msg)``), worded in the reader's language."""

    def __init__(self, msg: Msg):
        super().__init__(msg.domain, msg.id, msg.params, msg.plural, msg.n)


class Checked(tuple):
    """A login's answer, ``(ok, message)`` as every surface unpacks it, and ``uid``: the identity
    the password was right for (None when refused). A surface opens the session as that uid, so a
    name deleted and made again between the check and the session's start is never entered as its
    next owner (``World.connect``'s uid)."""

    uid: str | None

    def __new__(cls, ok: bool, message: str, uid: str | None = None) -> "Checked":
        made = super().__new__(cls, (ok, message))
        made.uid = uid if ok else None
        return made


class LoginGuard:
    """Failed logins in a sliding window, counted per address and name (one person's typos lock
    out that name from that address only), per address (a scanner trying many names stops), and
    per name wherever from (each further try on that account is slowed, never refused: a prankster
    cannot lock its owner out)."""

    def __init__(self, limits: Limits, clock=time.monotonic):
        self.limits, self.clock = limits, clock
        self.failures: dict[tuple, list[float]] = {}

    def _recent(self, key: tuple) -> int:
        now = self.clock()
        recent = [t for t in self.failures.get(key, []) if now - t < self.limits.login_window]
        if recent:
            self.failures[key] = recent
        else:
            self.failures.pop(key, None)
        return len(recent)

    def blocked(self, address: str, name: str | None = None) -> bool:
        """Too many failures from this address (for this name, or with no name given). A trusted
        loopback address is many people (a tunnel, a same-host proxy not named by --trusted-proxy):
        there only the name tried is locked, never everyone behind it (issue 42, finding 8)."""
        who = name.lower() if name else None
        return ((self._recent(("address", address)) >= self.limits.address_attempts and not self.many_behind(address))
                or self._recent(("pair", address, who)) >= self.limits.login_attempts)

    def many_behind(self, address: str) -> bool:
        """Is ``address`` loopback, trusted as many people's (``Limits.trust_loopback``)?"""
        if not self.limits.trust_loopback:
            return False
        try:
            return ipaddress.ip_address(address).is_loopback
        except ValueError:
            return False

    def delay(self, name: str) -> float:
        """Seconds a try on ``name`` waits: 0 until twice the limit of failures (from anywhere),
        then one more per failure, up to ``limits.login_delay_max``."""
        over = self._recent(("name", name.lower())) - 2 * self.limits.login_attempts + 1
        return 0.0 if over <= 0 else min(float(over), self.limits.login_delay_max)

    def counts(self, address: str, name: str | None = None) -> tuple[int, int, int]:
        """Recent failures (from the address for the name, from the address, on the name from
        anywhere), for the log."""
        who = name.lower() if name else None
        return (self._recent(("pair", address, who)), self._recent(("address", address)),
                self._recent(("name", who)) if who else 0)

    def failed(self, address: str, name: str | None = None) -> None:
        now = self.clock()
        if len(self.failures) > 10_000:  # a scanner trying many names: forget what is old
            for key in list(self.failures):
                self._recent(key)
        who = name.lower() if name else None
        keys = [("address", address), ("pair", address, who)] + ([("name", who)] if who else [])
        for key in keys:
            self.failures.setdefault(key, []).append(now)


class LineFront:
    """One connection's line interface over a WorldSession."""

    def __init__(self, session, limits: Limits, colour: bool = True):
        self.session = session
        session.fold = True  # others' turns in a line or two; 'log full' shows them whole
        self.limits = limits
        self.colour = colour
        self.throttle = Throttle(limits.rate, limits.burst)
        self._warned = False

    def greeting(self, intro: list[Line] = ()) -> list[str]:
        """The first lines of a connection: ``intro``, the world's greeting, then the game's question
        if one waits -- said once, not again when the greeting's "Now: ..." has just said it."""
        out = list(intro) + self.session.greeting(lines=True)
        return [render(x, self.colour, self.session.lang) for x in out + self.session.question_lines(out)]

    def receive(self, line: str) -> list[str]:
        """One line typed by the client -> the text lines to send back."""
        if len(line.encode("utf-8", "replace")) > self.limits.max_line:
            return [render(Line("error", too_long()), self.colour, self.session.lang)]
        if not self.throttle.allow():
            if self._warned:
                return []
            self._warned = True
            return [render(Line("error", _("Slow down a little: too many commands at once. "
                                           "That one was not run.")), self.colour, self.session.lang)]
        self._warned = False
        if not line.strip():
            return self.pending()
        out = self.session.handle(line)
        return [render(x, self.colour) for x in out + self.session.question_lines(out)]

    def pending(self) -> list[str]:
        """What arrived meanwhile, then the game's question if it changed (numbered: a digit answers)."""
        return [render(x, self.colour) for x in self.pending_lines()]

    def pending_lines(self) -> list[Line]:
        """:meth:`pending` before it is rendered (a crowd's news is rendered once for all)."""
        out = self.session.flush()
        asked = self.session.question_lines(out)
        return out + asked if asked else out


class PacedLines:
    """Lines one connection received, run one per turn of the loop and no faster than the input
    throttle (blank lines too), so a flood of lines in one packet costs the others nothing; past
    HELD waiting lines the connection's reading is held (``hold``/``release``). ``block`` stops
    running (the client is not reading its answers); ``after`` runs once every line has run."""

    HELD = 64

    def __init__(self, limits: Limits, run: Callable[[str], None], hold: Callable[[], None],
                 release: Callable[[], None]):
        self.throttle = limits.input_throttle()
        self.run, self.hold, self.release = run, hold, release
        self.lines: deque[str] = deque()
        self.held = self.blocked = self.stopped = self.due = False
        self.then: Callable[[], None] | None = None

    def add(self, line: str) -> None:
        self.lines.append(line)
        if len(self.lines) > self.HELD and not self.held:
            self.held = True
            self.hold()
        self._soon(0.0)

    def block(self, blocked: bool) -> None:
        self.blocked = blocked
        if not blocked:
            self._soon(0.0)

    def after(self, then: Callable[[], None]) -> None:
        """Call ``then`` once the waiting lines have run (now if none wait)."""
        if self.lines and not self.stopped:
            self.then = then
        else:
            then()

    def stop(self) -> None:
        self.stopped = True
        self.lines.clear()

    def _soon(self, delay: float) -> None:
        if not self.due and not self.stopped:
            self.due = True
            asyncio.get_running_loop().call_later(delay, self._step)

    def _step(self) -> None:
        self.due = False
        if self.stopped or self.blocked:
            return
        if not self.lines:
            if self.held:
                self.held = False
                self.release()
            then, self.then = self.then, None
            if then is not None:
                then()
            return
        wait = self.throttle.wait()
        if wait:
            return self._soon(wait)
        self.throttle.take(1)
        self.run(self.lines.popleft())
        self._soon(0.0)
