"""One SSH session of ``mud serve``: the Textual TUI when the client asked for a pty, the line
interface of :mod:`mud.server.clients.lines` when it did not (``ssh -T``).

Split from :mod:`mud.server.ssh.front`, which owns the connection (login, what may be opened) and makes
one of these for the one session it allows. Output is paced here: a TUI's frames are dropped while
the client is ``WRITE_HIGH`` behind, a line client that far behind (``WRITE_MAX``) is let go.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque

import asyncssh

from mud.ops import oplog
from mud.server.clients.asklang import LanguageQuestion, wanted
from mud.server.clients.durable import after_commit
from mud.server.clients.lines import DEFAULT_WIDTH, LineFront, PacedLines, Throttle, bare, render
from mud.server.clients.mudinfo import wrapped
from mud.server.tui.driver import ServedApp, run_served
from mud.shell import language
from mud.shell.words import _, render as word
from mud.shell.session import Line
from mud.world.world import WorldFull

WRITE_HIGH = 256 * 1024  # bytes buffered for a client before its TUI frames are dropped ...
WRITE_LOW = 32 * 1024  # ... until it is down to this
WRITE_MAX = 2 * 1024 * 1024  # a line-mode client this far behind is disconnected
CLOSE_GRACE = 5.0  # seconds a client has to close its connection after its session ended
MAX_SIZE = (512, 256)  # the largest terminal drawn (columns, rows)

log = logging.getLogger("questmud.ssh")


def clamp(width: int, height: int) -> tuple[int, int]:
    return max(10, min(width or 80, MAX_SIZE[0])), max(5, min(height or 24, MAX_SIZE[1]))


class SSHSession(asyncssh.SSHServerSession):
    """One player's session: the TUI with a pty, the line interface without."""

    def __init__(self, owner) -> None:  # owner: the ssh._Connection that opened it
        self.owner = owner
        self.server = owner.server
        self.chan = None
        self.name = ""
        self.term: str | None = None  # the pty's terminal type; None: no pty, line mode
        self.size = (80, 24)
        self.driver = None  # the TUI's driver (it sets itself here)
        self.ws = None
        self.app: ServedApp | None = None
        self.front: LineFront | None = None
        self.started = False
        self.finished = False
        self.farewell: list[Line] = []
        # line mode
        self._buf = bytearray()
        self._too_long = False
        self._cr = False
        self._paused = False
        self._wake_due = False
        self.paced: PacedLines | None = None  # line mode: received lines waiting their turn
        self.question: LanguageQuestion | None = None  # line mode: the language asked, not answered yet
        # As telnet's: a line sent before the last prompt came (typed ahead) left the client's cursor
        # after that prompt, so what answers it starts on a fresh line. It came after every prompt
        # made when they had all gone to the channel before it.
        self._prompts_made = self._prompts_sent = 0
        self._sent_at: deque[int] = deque()  # for each line waiting in ``paced``: the prompts sent before it came
        # The prompt last written while no line has come since (None once one has), and whether
        # the client's screen ends with it: news under a standing prompt is not followed by the
        # same prompt again (as telnet's, mud/server/telnet/player.py ``prompt_again``).
        self._standing: str | None = None
        self._at_prompt = False

    # --- the channel's requests -----------------------------------------------------------------
    def connection_made(self, chan) -> None:
        self.chan = chan
        self.name = chan.get_extra_info("username") or ""
        chan.set_write_buffer_limits(high=WRITE_HIGH, low=WRITE_LOW)

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self.term = term_type or "xterm"
        self.size = clamp(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        oplog.note(log, "refused", what="command", player=self.name, surface="ssh")
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        oplog.note(log, "refused", what="subsystem", player=self.name, surface="ssh", subsystem=subsystem[:40])
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass

    def session_started(self) -> None:
        self._guard(self._start)

    def data_received(self, data: bytes, datatype) -> None:
        self._guard(self._received, data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp(width or self.size[0], height or self.size[1])
        if self.driver is not None:
            self._guard(self.driver.resize, *self.size)

    def eof_received(self) -> bool:
        if self.paced is not None:  # what was sent before the end is answered first
            self.paced.after(lambda: self._guard(self._end))
        else:
            self._guard(self._end)
        return False

    def pause_writing(self) -> None:
        self._paused = True
        if self.term is not None:
            if self.driver is not None:
                self.driver.hold()
        elif self.chan is not None:
            self.chan.pause_reading()  # line mode: read no more commands until the answers went out
            if self.paced is not None:
                self.paced.block(True)

    def resume_writing(self) -> None:
        self._paused = False
        if self.term is not None:
            if self.driver is not None:
                self._guard(self.driver.release)
        elif self.chan is not None and not self.finished:
            if self.paced is None or not self.paced.held:
                self.chan.resume_reading()
            if self.paced is not None:
                self.paced.block(False)
            self._guard(self._wake_lines)

    def connection_lost(self, exc) -> None:
        self._guard(self._end)

    def _guard(self, fn, *args) -> None:
        """Run one step of the session; a failure ends this session alone, logged."""
        try:
            fn(*args)
        except Exception:
            log.exception("SSH session of %s failed", self.name or "?")
            if self.ws is not None:
                self.ws.ended_by = "error"
            self._finish()

    # --- start and end --------------------------------------------------------------------------
    def _start(self) -> None:
        if self.started:
            return
        if self.owner.session is not None:  # another channel of this connection is playing
            self._finish(status=1)
            return
        self.started = True
        self.owner.session = self
        self.owner.stop_waiting()
        try:
            about = {"term": self.term or "none (ssh -T)", "size": "%dx%d" % self.size}
            # an account never asked takes the language the client sends (ssh -o SendEnv=LANG)
            hint = language.from_locale(self.chan.get_environment())
            self.ws = self.server.open_session(self.name, "ssh", wake=self._wake, close=self._kick,
                                              address=self.owner.address, about=about, uid=self.owner.uid,
                                              hint=hint)
        except WorldFull as full:  # (a ban too)
            self._write_text([word(full.args[0], self.server.account_lang(self.name, hint))])
            self._finish(status=1)
            return
        if self.term is None:
            self._start_lines()
        else:
            self._start_tui()

    @property
    def lang(self) -> str:
        """The language its player reads (English before, or without, a world session)."""
        return self.ws.lang if self.ws is not None else "en"

    def _intro(self, lang: str | None = None) -> list[Line]:
        """Said before the greeting: a new account's welcome, in ``lang`` (by default its player's).
        Before the language question is answered it is the login's (the words its password was asked
        in), as telnet says it: not English to a player who has not chosen yet."""
        welcome = self.owner.welcome
        return [Line("info", word(welcome, lang or self.ws.lang))] if welcome else []

    def _wake(self) -> None:
        """Something new for this player. The world calls this amid other players' commands and
        logins, so it never raises: a failure here must not cost someone else their command."""
        try:
            if self.app is not None:
                self.app.wake()
            elif self.front is not None and not self._wake_due:
                # Later, not now: lines of a command being run go out with its answer, in order.
                self._wake_due = True
                asyncio.get_running_loop().call_soon(self._guard, self._wake_lines)
        except Exception:
            log.exception("waking the session of %s failed", self.name)

    def _kick(self) -> None:
        """The server closes this session (shutting down, a kick, a ban): say why, then go."""
        if self.ws is not None:
            self.farewell += self.ws.flush()
        if self.app is not None:
            self.app.exit(0)
        else:
            if self.farewell and self._at_prompt:
                self._out(b"\r\n")  # the last words start a line of their own, not the prompt's
            self._write_text([render(x, False) for x in self.farewell])
            self.farewell = []
            self._finish()

    def _end(self) -> None:
        """The client went away (EOF, a dropped connection): the app exits, or the session ends."""
        if self.app is not None and not self.finished:
            self.app.exit(0)
        else:
            self._finish()

    def _finish(self, status: int = 0) -> None:
        """Exactly once: the player leaves the world, the channel and the connection close."""
        if self.finished:
            return
        self.finished = True
        if self.paced is not None:
            self.paced.stop()
        ws, self.ws = self.ws, None
        if ws is not None:
            try:
                self.server.close_session(ws)
            except Exception:
                log.exception("closing the world session of %s failed", self.name)
        self.owner.opened -= 1
        after_commit(self.server, lambda: self._hang_up(status))  # after the last words (held for the disk?)

    def _hang_up(self, status: int) -> None:
        chan = self.chan
        if chan is not None and not chan.is_closing():
            try:
                chan.exit(status)
            except Exception:
                chan.close()
        if self.started and self.owner.conn is not None:
            # One session per connection: it is over. The client closes it on its own once it
            # has shown the last words (OpenSSH drops unshown output on a sudden disconnect).
            asyncio.get_running_loop().call_later(CLOSE_GRACE, self.owner.conn.close)

    def _out(self, data: bytes, prompts: int = 0) -> None:
        """Bytes to the client, once the moves they tell of are on the disk (mud/server/clients/durable.py);
        ``prompts``: how many prompts they end with."""
        def write() -> None:
            chan = self.chan
            if chan is not None and not chan.is_closing():
                chan.write(data)
                self._prompts_sent += prompts
        after_commit(self.server, write)

    def _write_text(self, lines: list[str]) -> None:
        if lines and self.chan is not None and not self.chan.is_closing():
            # ssh -T has no terminal to ask its width: wrap at the width every terminal has
            self._out("".join(wrapped(x, DEFAULT_WIDTH) for x in lines).encode("utf-8", "replace"))

    # --- the TUI --------------------------------------------------------------------------------
    def _start_tui(self) -> None:
        colorterm, limits = self.chan.get_environment().get("COLORTERM", ""), self.server.limits
        workers = getattr(self.server, "tui_workers", None)  # the app in a worker (mud/server/tui/workers.py)
        self.app = self.driver = workers.open(self, colorterm, self._intro()) if workers else None
        if self.app is None:
            self.app = ServedApp(self.ws, self, term_type=self.term, colorterm=colorterm, max_line=limits.max_line,
                                 allow=Throttle(limits.rate, limits.burst).allow, intro=self._intro())
        asyncio.create_task(self._run_tui())

    async def _run_tui(self) -> None:
        app = self.app
        try:
            await (app.run_remote() if app is self.driver else run_served(app, self.size))
            lines = [render(x, False) for x in self.farewell + app.farewell]
            if self.ws is not None:
                lines += [render(x, False) for x in self.ws.flush()]
            if app.return_code:
                if self.ws is not None:
                    self.ws.ended_by = "error"
                lines.append(word(_("Sorry: the screen failed (it was logged). Log in again; "
                                    "'ssh -T' gives the plain line interface."), self.lang))
            self._write_text(lines or [word(_("Goodbye, {name}.", name=self.name), self.lang)])
        except Exception:
            log.exception("SSH session of %s failed", self.name)
        finally:
            self.driver = self.app = None
            self._finish(app.return_code or 0)

    # the driver's view of this session (see textual_driver.Terminal)
    def send(self, data: bytes) -> None:
        chan = self.chan
        if chan is None or chan.is_closing() or self.finished:
            return
        self._out(data)

    def backlog(self) -> int:
        return self.chan.get_write_buffer_size() if self.chan is not None else 0

    def pause_reading(self) -> None:
        if self.chan is not None and not self.chan.is_closing():
            self.chan.pause_reading()

    def resume_reading(self) -> None:
        if self.chan is not None and not self.chan.is_closing():
            self.chan.resume_reading()

    # --- the line interface ---------------------------------------------------------------------
    def _start_lines(self) -> None:
        self.front = LineFront(self.ws, self.server.limits, colour=False)
        self.paced = PacedLines(self.server.limits, lambda text: self._guard(self._line, text),
                                self.pause_reading, self._release)
        if wanted(self.ws):  # an account with no language on record (and no LANG sent) is asked it first
            self.question = LanguageQuestion(self.ws)
            login = self.owner.login_lang or self.server.config.lang
            self._write_text([render(x, False) for x in self._intro(login)])
            self._ask(self.question.prompt)
        else:
            self._send_lines(self.front.greeting(self._intro()))

    def _ask(self, prompt: str) -> None:
        """The language question's prompt (no world prompt after it: nothing else is said until it
        is answered, news waits in the world session)."""
        self._prompts_made += 1
        self._standing, self._at_prompt = None, True
        self._out(prompt.encode("utf-8", "replace"), prompts=1)

    def _answer(self, text: str) -> None:
        """A line typed at the language question: asked again, or settled and the greeting follows,
        in the language chosen (mud/server/clients/asklang.py)."""
        unusable = len(text.encode("utf-8", "replace")) > self.server.limits.max_line
        settled = self.question.take(None if unusable else text)
        self._write_text(self.question.said)
        if not settled:
            return self._ask(self.question.prompt)
        self.question = None
        self._send_lines(self.front.greeting())

    def _received(self, data: bytes) -> None:
        if self.ws is not None:
            self.server.touch(self.ws)
        if self.driver is not None:
            self.driver.feed(data)
            return
        if self.front is None or self.finished:
            return
        limit = self.server.limits.max_line
        for byte in data:
            if byte in (10, 13):
                if byte == 10 and self._cr:
                    self._cr = False
                    continue
                self._cr = byte == 13
                self._queue_line()
                continue
            self._cr = False
            if len(self._buf) > limit:
                self._too_long = True
                self._buf.clear()
            if not self._too_long:
                self._buf.append(byte)

    def _queue_line(self) -> None:
        text = bytes(self._buf).decode("utf-8", "replace")
        self._buf.clear()
        if self._too_long:
            self._too_long = False
            text = "x" * (self.server.limits.max_line + 1)  # LineFront answers: too long
        self._sent_at.append(self._prompts_sent)
        self.paced.add(text)

    def _release(self) -> None:
        if not self._paused:
            self.resume_reading()

    def _line(self, text: str) -> None:
        ahead = self._sent_at and self._sent_at.popleft() != self._prompts_made  # typed before the last prompt
        if self.front is None or self.finished:
            return
        if ahead:
            self._out(b"\r\n")
        self._standing = None  # answered: what comes back ends with the prompt again
        if self.question is not None:
            return self._answer(text)
        self._send_lines(self.front.receive(text))

    def _send_lines(self, lines: list[str], news: bool = False) -> None:
        """Lines, then the prompt -- after ``news`` only when it is not the one standing above them."""
        if self.ws is None:
            return
        closed = self.ws.closed
        text = "".join(wrapped(line, DEFAULT_WIDTH) for line in lines)  # (remembered: a room's line is one text)
        prompt = "" if closed else self.ws.prompt()
        prompted = bool(prompt) and not (news and prompt == self._standing and bare(prompt))
        if prompted:
            text += prompt
            self._prompts_made += 1
            self._standing = prompt
        if text:
            self._at_prompt = prompted
            self._out(text.encode("utf-8", "replace"), prompts=1 if prompted else 0)
        if closed:
            self._finish()
        elif self.chan.get_write_buffer_size() > WRITE_MAX:
            oplog.note(log, "dropped", player=self.name, surface="ssh", why="slow")  # (its logout follows)
            self.ws.ended_by = "slow"
            self._finish(status=1)

    def _wake_lines(self) -> None:
        self._wake_due = False
        if self.front is None or self.finished or self._paused or self.question is not None:
            return  # while paused (or asking the language), lines wait in the world session (which keeps a bounded number)
        lines = self.front.pending()
        if lines or self.ws.closed:
            if self._at_prompt:  # news starts a line of its own, not the prompt's
                self._out(b"\r\n")
            self._send_lines(lines, news=True)
