"""The Textual TUI over an SSH channel: a driver, and one app per session inside the server's loop.

Textual normally owns a process's terminal; here many apps share one process and one asyncio loop,
each drawing into its own SSH channel:

* :class:`ChannelDriver` writes each frame to the channel and feeds the bytes the client typed
  through Textual's xterm parser; a window change becomes a Resize event. A client that does not
  read its output gets no new frames until it catches up (then one whole new screen): memory
  stays bounded however slow the client. Input is bounded too: the channel stops reading while
  the app has a long queue of unhandled keys, and an endless paste is dropped.
* :class:`ServedApp` is the game's app with the client's colours, no writing to the server's
  stdout or stderr, and its failures logged to ``questmud.ssh``.
* :func:`run_served` runs one app to its end. Textual keeps the running app in context
  variables, which asyncio copies per task: each app runs in its own task, so apps never mix.
"""

from __future__ import annotations

import asyncio
import codecs
import logging
import sys
from contextlib import contextmanager
from typing import Protocol

from rich.console import Console
from textual import constants, events
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from mud.server.tui import frames, news_frame, pacing, shared_css, strips
from mud.tui.app import GameApp
from mud.tui.command_line import CommandLine
from mud.tui.textual_internals import XTermParser, character_to_key

log = logging.getLogger("questmud.ssh")
strips.install()  # many TUIs in one process: Textual's strips made cheaper to create
frames.install()  # ... and a partial frame draws only the rows it writes

MAX_PASTE = 64 * 1024  # characters of one bracketed paste; a longer one is dropped
QUEUE_HIGH = 200  # unhandled messages in the app's queues at which input stops being parsed ...
QUEUE_LOW = 20  # ... and the channel read, until they are down to this many
INPUT_STEP = 64  # characters parsed at a time
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


class Terminal(Protocol):
    """The SSH side of one TUI session, as the driver sees it."""

    size: tuple[int, int]
    driver: "ChannelDriver | None"

    def send(self, data: bytes) -> None: ...
    def backlog(self) -> int: ...  # bytes written but not yet taken by the client
    def pause_reading(self) -> None: ...
    def resume_reading(self) -> None: ...


class TypedLine(Message):
    """A command that came whole, Enter and all, in one packet (a MUD client, a paste, a line
    typed ahead), for an empty command line: run by the app as its keys would have run it, without
    a key event, an edit and a repaint of the command line for each."""

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line


class _Parser(XTermParser):
    """Textual's xterm parser without its class-wide cache of kitty key sequences: the cache is
    keyed by the parser itself, so it kept up to 1024 parsers -- and through the last key each
    parsed, their whole apps -- alive after their sessions ended."""

    def __init__(self) -> None:
        super().__init__(False)  # never debug: that writes keys.log in the working directory

    def _parse_extended_key(self, sequence: str):
        return XTermParser._parse_extended_key.__wrapped__(self, sequence)


class _Sink:
    """Where stray writes to stdout/stderr go while apps run: the log, never a client."""

    def write(self, text: str) -> int:
        if text.strip():
            log.debug("stray output: %r", text[:200])
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


SINK = _Sink()


class ChannelDriver(Driver):
    """Textual's terminal I/O for one app, over one SSH channel (``app.terminal``)."""

    def __init__(self, app, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None):
        self.terminal: Terminal = app.terminal
        super().__init__(app, debug=False, mouse=mouse, size=size or self.terminal.size)
        self._parser = _Parser()
        self._decode = codecs.getincrementaldecoder("utf-8")("replace").decode
        self._frame: list[str] = []
        self._active = False  # between start_application_mode and disable_input
        self._held = False  # the client is behind: frames are dropped ...
        self._missed = False  # ... and the whole screen is sent again when it catches up
        self._reading = True  # the channel is read (paused while the app is behind)
        self._unread = ""  # decoded input not parsed yet
        self._waiting: asyncio.TimerHandle | None = None  # the next look at the app's queues
        self._stopped = False  # out of application mode: nothing more is drawn
        self._tick: asyncio.TimerHandle | None = None
        self._pasting = 0  # characters of the paste in progress, 0 if none
        self._cutting = False  # skipping the rest of a paste that was too long
        self._tail = ""  # the end of the previous input, to find markers cut in two
        self._entering = False  # a TypedLine is with the app: what came after it waits
        self.terminal.driver = self

    # --- output ---------------------------------------------------------------------------------
    def write(self, data: str) -> None:
        self._frame.append(data)

    def flush(self) -> None:
        """Send the frame written since the last flush, unless the client is behind."""
        if not self._frame or self._stopped:
            self._frame.clear()
            return
        data = "".join(self._frame)
        self._frame.clear()
        if self._held:
            self._missed = True
            return
        self.terminal.send(data.encode("utf-8", "replace"))

    def hold(self) -> None:
        """The channel's buffer is full: drop frames from now on."""
        self._held = True

    def release(self) -> None:
        """The client caught up: if frames were dropped, draw the whole screen again."""
        self._held = False
        if self._missed:
            self._missed = False
            self._app.call_later(self._repaint)

    def _repaint(self) -> None:
        if self._app.screen_stack:
            self._app.screen.refresh()  # the whole screen is dirty: the next frame is a full one

    def _send_now(self, data: str) -> None:
        """Terminal modes: small and never dropped."""
        self.flush()
        self.terminal.send(data.encode("utf-8"))

    # --- application mode -----------------------------------------------------------------------
    def start_application_mode(self) -> None:
        modes = "\x1b[?1049h"  # the alternate screen
        if self._mouse:
            modes += "\x1b[?1000h\x1b[?1002h\x1b[?1006h"  # clicks, drags and the wheel; no bare motion
        modes += "\x1b[?25l\x1b[?2004h\x1b[?7l"  # cursor hidden, bracketed paste, no line wrap
        modes += "\x1b[?2026$p"  # does the terminal do synchronized output? (it answers if so)
        self._send_now(modes)
        self._active = True
        self.resize(*self.terminal.size)

    def disable_input(self) -> None:
        self._active = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
        if self._waiting is not None:
            self._waiting.cancel()
            self._waiting = None
        self._unread = ""
        self._entering = False
        if not self._reading:
            self._reading = True
            self.terminal.resume_reading()

    def stop_application_mode(self) -> None:
        self.disable_input()
        modes = "\x1b[?1006l\x1b[?1002l\x1b[?1000l" if self._mouse else ""
        modes += "\x1b[?2004l\x1b[?7h\x1b[?25h\x1b[?1049l"
        self._frame.clear()
        self._stopped = True
        try:
            self.terminal.send(modes.encode("utf-8"))
        except Exception:  # the channel is already gone
            pass

    # --- input ----------------------------------------------------------------------------------
    def send_message(self, message) -> None:
        # Always called on the loop's own thread: post straight to the app, in order.
        self._app.post_message(message)

    def feed(self, data: bytes) -> None:
        """Bytes typed by the client -> key, mouse and paste events for the app, a little at a
        time: while the app is behind, the rest waits here and the channel stops reading."""
        if not self._active:
            return
        self._unread += self._decode(data)
        self._take_input()

    def _take_input(self) -> None:
        self._waiting = None
        while self._unread and self._active and not self._entering and self._queued() < QUEUE_HIGH:
            text, self._unread = self._unread[:INPUT_STEP], self._unread[INPUT_STEP:]
            self._parse(text)
        behind = bool(self._unread) or self._queued() > QUEUE_LOW
        if behind and self._active:
            if self._reading:
                self._reading = False
                self.terminal.pause_reading()
            if self._waiting is None and not self._entering:  # (line_taken goes on after a TypedLine)
                self._waiting = self._loop.call_later(0.02, self._take_input)
        elif not self._reading:
            self._reading = True
            self.terminal.resume_reading()

    def _parse(self, text: str) -> None:
        if self._cutting:  # the rest of an endless paste: skipped up to its end
            joined = self._tail + text
            end = joined.find(PASTE_END)
            self._tail = joined[-8:]
            if end < 0:
                return
            self._cutting = False
            text = joined[end + len(PASTE_END):]
        if not text or self._line_first(text):
            return
        self.keys(text)

    def _line_first(self, text: str) -> bool:
        """When ``text`` starts with a whole line and Enter, and the app would run it as typed
        (:meth:`ServedApp.runs_whole`), post it as one :class:`TypedLine`; what follows it waits
        until the app has taken it (:meth:`line_taken`). True when it went so."""
        end = text.find("\r")
        if end <= 0 or self._pasting or self._parser._timeout_time is not None:  # (mid-sequence)
            return False
        line = text[:end]
        if not line.isprintable() or not self._app.runs_whole(line):
            return False
        rest = text[end + 2:] if text.startswith("\n", end + 1) else text[end + 1:]
        self._unread = rest + self._unread
        self._entering = True
        self._app.post_message(TypedLine(line))
        return True

    def line_taken(self) -> None:
        """The app has run a TypedLine: the input after it goes on."""
        self._entering = False
        if self._active:
            self._take_input()

    def keys(self, text: str) -> None:
        """``text`` parsed into key, mouse and paste events for the app."""
        self._watch_paste(text)
        run: list[events.Key] = []  # printable keys in a row, handed to the command line as one
        for message in self._parser.feed(text):
            if type(message) is events.Key and message.is_printable \
                    and message.key == character_to_key(message.character):
                run.append(message)
                continue
            self._keys(run)
            self.process_message(message)
        self._keys(run)
        if self._pasting > MAX_PASTE:
            log.info("a paste over %d characters was cut", MAX_PASTE)
            self._parser = _Parser()  # forget what the parser holds of it
            self._pasting = 0
            self._cutting = True
        self._schedule_tick()

    def _keys(self, run: list) -> None:
        """Printable keys that came together: straight to the command line as one edit
        (CommandLine.Typed) when it has the focus on the app's own screen and nothing else waits
        in the app's queue to go before them; otherwise as keys, one by one. Emptied."""
        if not run:
            return
        app = self._app
        line = app.focused if len(run) > 1 else None
        if (isinstance(line, CommandLine) and len(app.screen_stack) == 1 and line.screen is app.screen
                and app._message_queue.empty()):
            line.post_message(CommandLine.Typed("".join(key.character for key in run), run[0].time))
        else:
            for key in run:
                self.process_message(key)
        run.clear()

    def _watch_paste(self, text: str) -> None:
        """How long the paste in progress is (the parser keeps it all until it ends)."""
        joined = self._tail + text
        start, end = joined.rfind(PASTE_START), joined.rfind(PASTE_END)
        if start > end:
            pasting_on = self._pasting and end < 0
            self._pasting = self._pasting + len(text) if pasting_on else len(joined) - start
        elif end >= 0:
            self._pasting = 0
        elif self._pasting:
            self._pasting += len(text)
        self._tail = joined[-8:]

    def _schedule_tick(self) -> None:
        """A lone Escape is only known to be one after a short wait (it may start a sequence)."""
        if self._tick is not None:
            self._tick.cancel()
        self._tick = self._loop.call_later(constants.ESCAPE_DELAY + 0.02, self._on_tick)

    def _on_tick(self) -> None:
        self._tick = None
        if self._active:
            for message in self._parser.tick():
                self.process_message(message)

    def _queued(self) -> int:
        """Messages the app has not handled yet (keys wait in the focused widget's queue)."""
        app = self._app
        try:
            pumps = {app, app.screen, app.focused}
        except Exception:  # no screen yet, or none any more
            pumps = {app}
        queues = (getattr(p, "_message_queue", None) for p in pumps if p is not None)
        return sum(q.qsize() for q in queues if q is not None)

    def resize(self, width: int, height: int) -> None:
        """The client's window changed (or is first known; the terminal keeps sizes sensible)."""
        self.terminal.size = (width, height)
        self._size = (width, height)
        self._app.console.size = (width, height)  # Rich measures text (the log's wrapping) by it
        if self._active:
            size = Size(width, height)
            self._app.post_message(events.Resize(size, size))


class ServedApp(GameApp):
    """The game's app, drawn for one SSH client."""

    # Others' news is drawn at most four times a second, and in turn with every other TUI's
    # (mud/server/tui/pacing.py): a screen costs milliseconds of the one server thread, and a busy room
    # sends lines all the time. A player's own commands are immediate.
    PUMP_EVERY = 0.25
    CURSOR_BLINK = False  # idle, a blinking cursor cost ~0.5% of the server's core per session

    def __init__(self, link, terminal: Terminal, term_type: str = "xterm", colorterm: str = "", **kwargs) -> None:
        shared_css.share()  # one parse of the stylesheets for every session in the process
        super().__init__(link, driver_class=ChannelDriver, **kwargs)
        self._news_pump = self.pump  # (one bound method: Textual counts its parameters once)
        self.terminal = terminal
        env = {"TERM": term_type or "xterm", "COLORTERM": colorterm}
        # Colours as the client's terminal type allows (not as the server's terminal does).
        self.console = Console(file=SINK, width=terminal.size[0], height=terminal.size[1], markup=True, highlight=False, emoji=False, legacy_windows=False,
                               _environ=env, force_terminal=True, safe_box=False, soft_wrap=False)
        self.error_console = Console(file=SINK, markup=False, highlight=False)

    def schedule_pump(self, due: float) -> None:
        pacer = pacing.pacer()
        pacer.request(self, due + pacer.spacing())  # (later while the server is behind)

    def pump(self) -> None:
        """The news, drawn at once when only the log changes (mud/server/tui/news_frame.py)."""
        news_frame.pump(self, super().pump)

    def run_command(self, line: str, typed_at: float | None = None) -> None:
        """A typed command; its echo and answer drawn into the log the same way."""
        news_frame.command(self, super().run_command, line, typed_at)

    def runs_whole(self, line: str, now: bool = True) -> bool:
        """``line`` and Enter, typed now, would only run ``line``: the command line has the focus,
        on the app's own screen, empty, ``line`` not too long for it, its first key no shortcut, and no board selects by what is
        typed (mud/tui/selecting.py); ``now``: nothing waits in the queues to go before the keys."""
        field = self.focused
        return (isinstance(field, CommandLine) and not field.value and len(self.screen_stack) == 1
                and field.screen is self.screen and not (field.max_length and len(line) > field.max_length)
                and (not now or self._message_queue.empty() and field._message_queue.empty())
                and not field.shortcut(line[0]) and self._board_view() is None)

    def on_typed_line(self, message: TypedLine) -> None:
        """A TypedLine: into the history and run, as Enter would have; if the app has changed
        meanwhile, its keys after all."""
        driver = self._driver
        try:
            if self.runs_whole(message.line, now=False):
                self.command_line.remember(message.line)
                self.run_command(message.line, message.time)
            elif driver is not None:
                driver.keys(message.line + "\r")
        finally:
            if driver is not None:
                driver.line_taken()

    def hand_news(self) -> bool:
        """The pacer's turn for this app: draw the news now (on the app's own task). False if
        the app has ended."""
        if not self.is_running or self._exit:
            self._pending = False
            return False
        # (call_later would wrap the pump in a new functools.partial, whose parameters Textual
        # counts with inspect.signature every time: a sixth of what a line of news cost)
        self.post_message(events.Callback(callback=self._news_pump))
        return True

    def _handle_exception(self, error: Exception) -> None:
        log.error("the TUI of %s failed", self.me, exc_info=error)
        super()._handle_exception(error)

    def action_suspend_process(self) -> None:
        """ctrl+z would stop the whole server: not here."""


_live: set = set()
_saved: list = []


@contextmanager
def _quiet_stdio(app):
    """Textual points sys.stdout/stderr at the running app while it runs and puts back what it
    found when it ends; with apps ending in any order that would leave a dead app's stream in
    place. Here the server's own streams come back when the last app ends, and until then stray
    writes go to the log."""
    if not _live:
        _saved[:] = [sys.stdout, sys.stderr]
    _live.add(app)
    try:
        yield
    finally:
        _live.discard(app)
        if _live:
            sys.stdout = sys.stderr = SINK
        else:
            sys.stdout, sys.stderr = _saved
            _saved.clear()


async def run_served(app: ServedApp, size: tuple[int, int]) -> None:
    """Run one app until it exits; its failures are logged, never raised."""
    try:
        with _quiet_stdio(app):
            await app.run_async(mouse=True, size=size)
    except Exception:
        log.exception("the TUI of %s failed", app.me)
