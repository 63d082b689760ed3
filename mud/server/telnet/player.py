"""One telnet player, logging in or logged in: the login, the lines to and from the world, and the
output (mud/server/telnet/front.py is the listener and protocol that carry it).

Prompts end with IAC EOR if agreed, else IAC GA, and nothing is written on a prompt's line (news,
the answer to a line typed ahead: ``at_prompt``). An input line over ``limits.max_line`` bytes is
refused as it arrives; output the client does not read waits (at most MAX_PENDING lines, then the
oldest go, with a notice) and never fills memory.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque

from telnetlib3.telopt import CMD_EOR, ECHO, EOR, GA, IAC, NAWS, SGA, WILL, WONT

from mud.server.clients.asklang import LanguageQuestion, wanted
from mud.server.clients.durable import after_commit
from mud.server.clients.lines import (DEFAULT_WIDTH, TOO_MANY_FAILURES, Barred, LineFront, Throttle, bare, render,
                                      too_long)
from mud.server.telnet.gmcp import GmcpOut
from mud.server.telnet.incoming import TOO_LONG, LineSplitter
from mud.server.clients.mudinfo import wants_colour, wrapped
from mud.server.telnet.news import NewsOut
from mud.shell.session import Line
from mud.shell.words import _, render as word
from mud.world.session import MAX_PENDING, valid_name
from mud.world.world import WorldFull


log = logging.getLogger("questmud.telnet")

LOGIN_TIME = 120.0  # seconds to log in (typing: the wait for the password check does not count)
MAX_TRIES = 3  # bad names or passwords before the connection is closed
LOGIN_LINES = (2.0, 10)  # lines per second (and at once) read before login: a name, two passwords
READ_CHUNK = 4096  # bytes read at once
OUT_LIMIT = 256 * 1024  # buffered output at which the connection is dropped
WRITE_BATCH = 8 * 1024  # characters of lines written at once
LINGER = 10.0  # seconds a closed connection may take to deliver its last lines

BANNER = (_("questmud: five tabletop games in one small world."),
          _("Log in with your name, or choose a new name to create an account."))


# --- one logged-in (or logging-in) player ------------------------------------------------------------
class Player(GmcpOut, NewsOut):
    def __init__(self, server, proto):  # proto: the TelnetProtocol (front.py) carrying this player
        self.server, self.proto, self.reader, self.writer = server, proto, proto.reader, proto.writer
        self.loop = asyncio.get_running_loop()
        self.address = str((proto.get_extra_info("peername") or ("?",))[0])
        self.telnet, self.colour = proto.is_telnet(), wants_colour(proto)
        self.splitter = LineSplitter(server.limits.max_line)
        self.input = Throttle(*LOGIN_LINES)  # until logged in; then the limits' input throttle
        self.queue: deque = deque()  # (line, prompts sent before it came): read, not handled yet
        self.ws = self.front = None
        self.login_lang = server.config.lang  # what it reads until its player's language is known (``lang``)
        self.uid: str | None = None  # the account the password was right for: the session enters as it, or not
        self.closed = self.at_prompt = self.woken = False
        # A prompt is the last thing on the client's screen (at_prompt) until the client ends a line
        # typed after it: a line typed ahead (two in one packet, a client's alias, a line sent while
        # the last answer waited for the disk) was ended before that prompt came, so its answer
        # starts on a fresh line, not after "(your turn) > ". A line is typed after every prompt made
        # when they had all gone to the socket before it came.
        self.prompts_made = self.prompts_sent = self.prompts_held = 0
        self.typed_after_prompt = True  # the line being run was sent after the last prompt
        # The prompt last written, while no line has come since (None once one has): news under it
        # is not followed by the same prompt again (``output(news=True)``), only by a changed one.
        self.standing: str | None = None
        self.backlog: deque[str] = deque()  # lines the client has not taken yet (at most MAX_PENDING)
        self.lost = 0  # lines dropped from a full backlog, not reported yet
        self.gmcp_last: dict[str, str] = {}  # GMCP package -> the JSON last sent
        self.gmcp_checks = 0  # how many times the packages were looked at (gmcp_update)
        self.login_deadline = 0.0  # loop time by which the login must be typed
        self.news_written, self.in_round = 0.0, False  # the last write of news; woken, waiting for a round
        self.outbox: list[bytes] = []  # bytes held while one answer is put together (see hold)
        self.holding = 0

    async def run(self) -> None:
        try:
            self.login_deadline = self.loop.time() + LOGIN_TIME
            name = await self.login()
            if name and not self.closed:
                await self.play(name)
        except asyncio.TimeoutError:
            self.say(_("Login timed out. Goodbye."))
        except Exception:  # one connection's bug must not reach the server or anyone else
            log.exception("telnet connection from %s failed", self.address)
            if self.ws is not None:
                self.ws.ended_by = "error"
        finally:
            try:
                if self.ws is not None:
                    self.server.close_session(self.ws)
            finally:
                self.close()

    async def login(self) -> str | None:
        for text in BANNER:
            self.say(text)
        tries = 0
        while tries < MAX_TRIES:
            if self.server.login_blocked(self.address):
                self.say(TOO_MANY_FAILURES)
                return None
            name = await self.ask(_("Name: "))
            if name is None:
                return None
            name = "?" * 17 if name is TOO_LONG else name.strip()
            if not name:
                continue
            if name.upper() == "MSSP-REQUEST":  # a crawler asking in plain text
                self.mssp_text()
                return None
            reason = valid_name(name)
            if reason:
                self.say(reason)
                tries += 1
                continue
            new = not self.server.account_exists(name)
            if new:
                self.say(_("Nobody is called {name} yet. Choose a password (4 characters or more) "
                           "to create the account.", name=name))
            password = await self.ask(_("Password: "), secret=True)
            again = await self.ask(_("The same password again: "), secret=True) if new and password else password
            if password is None or again is None:
                return None
            if again != password:
                self.say(_("The two passwords differ."))
                tries += 1
                continue
            queued = self.loop.time()
            checked = await self.server.login(name, "" if password is TOO_LONG else password, self.address,
                                              told=self.in_line, surface="telnet")
            (ok, message), self.uid = checked, checked.uid  # (the identity the session opens as)
            self.login_deadline += self.loop.time() - queued  # the server's wait is not the player's
            if self.closed or self.writer.connection_closed:
                return None
            if message:
                self.say(message)
            if ok:  # the account's own spelling: names match whatever their case
                return (self.server.store.account(name) or {"name": name})["name"]
            if isinstance(message, Barred):  # a ban: said once, and no other name or password helps
                return None
            tries += 1
        self.say(_("Too many tries. Goodbye."))
        return None

    async def play(self, name: str) -> None:
        info = self.proto.get_extra_info
        about = {"term": info("TERM") or None, "columns": info("cols") or None, "colour": self.colour,
                 "gmcp": self.gmcp_on(), "client": self.proto.gmcp_client.get("client") or None}
        try:
            self.ws = self.server.open_session(name, "telnet", wake=self.wake, close=self.close, address=self.address,
                                              about=about, uid=self.uid)  # (the login's line: mud/ops/oplog.py)
            self.ws.wake_once = True  # every wake ends in a flush (self.flush), which takes the lines
        except WorldFull as err:  # (a ban too: its message)
            self.say(err.args[0])
            return
        if wanted(self.ws) and not await self.ask_language():
            return
        self.front = LineFront(self.ws, self.server.limits, self.colour)
        self.input = self.server.limits.input_throttle()
        self.gmcp("Char.Name", {"name": self.ws.name, "fullname": self.ws.name})
        self.output(self.front.greeting())
        while not self.closed and not self.ws.closed:
            line = await self.read_line()
            if line is None:
                return
            self.server.touch(self.ws)
            self.standing = None  # answered: what comes back ends with the prompt again
            if self.typed_after_prompt:  # the client's Enter put its cursor on a fresh line
                self.at_prompt = False
            out = self.front.receive(line) if line is not TOO_LONG else [render(Line("error", too_long()),
                                                                               self.colour, self.lang)]
            # an empty line gets a fresh prompt; a throttled command may get nothing at all
            self.output(out, always=line is not TOO_LONG and not line.strip())

    async def ask_language(self) -> bool:
        """An account with no language on record is asked it once, before the greeting
        (mud/server/clients/asklang.py), with a login's time to answer. False: the client left."""
        question = LanguageQuestion(self.ws)
        self.login_deadline = self.loop.time() + LOGIN_TIME
        while True:
            text = await self.ask(question.prompt)
            if text is None or self.closed:
                return False
            settled = question.take(None if text is TOO_LONG else text)
            for said in question.said:
                self.say(said)
            if settled:
                return True

    def close(self) -> None:
        """Say what is left and hang up (also the world's way to close us: quit, shutdown)."""
        if self.closed:
            return
        try:
            if self.front is not None:
                self.output(self.front.pending(), prompt=False, final=True)
        except Exception:
            log.exception("last lines to %s failed", self.address)
        self.closed = True
        after_commit(self.server, self._hang_up)  # after the last words, which may wait for the disk

    def _hang_up(self) -> None:
        transport = self.writer.transport
        if not self.writer.connection_closed:
            self.writer.close()
        if transport is not None:  # a client that never reads cannot keep the socket forever
            self.loop.call_later(LINGER, transport.abort)

    async def read_line(self):
        """The next line (text or TOO_LONG), or None when the connection is gone. Every line
        (blank ones too) waits for the input throttle, and the loop lets the others run between
        lines that came in one packet."""
        wait = self.input.wait()
        if wait:
            await asyncio.sleep(wait)
        self.input.take(1)
        if self.queue:
            await asyncio.sleep(0)
        transport = self.writer.transport
        if self.proto._closing or transport is None or transport.is_closing():
            return None  # dropped: what it sent before is not run any more
        while not self.queue:
            if self.closed:
                return None
            try:
                data = await self.reader.read(READ_CHUNK)
            except (ConnectionError, OSError):
                data = b""
            if not data:
                return None
            self.queue.extend((line, self.prompts_sent) for line in self.splitter.feed(data))
        line, prompts = self.queue.popleft()
        self.typed_after_prompt = prompts == self.prompts_made
        return line

    def in_line(self, ahead: int) -> None:
        """Told while the password check waits its turn (everyone logging in at once)."""
        self.say(_("Logging you in, {ahead} ahead of you...", ahead=ahead) if ahead
                 else _("Logging you in, you are next..."))

    async def ask(self, prompt: str, secret: bool = False):
        self.prompt(prompt)
        hide = secret and self.telnet
        if hide:
            self.writer.always_wont.discard(ECHO)
            self.writer.iac(WILL, ECHO)
        try:
            left = self.login_deadline - self.loop.time()
            if left <= 0:
                raise asyncio.TimeoutError
            return await asyncio.wait_for(self.read_line(), left)
        finally:
            self.at_prompt = False
            if hide and not self.writer.connection_closed:
                self.writer.always_wont.add(ECHO)
                if self.writer.local_option.enabled(ECHO) or self.writer.pending_option.enabled(WILL + ECHO):
                    self.writer.iac(WONT, ECHO)
                    self.send(b"\r\n")  # the client did not echo the end of the line

    def send(self, data: bytes, raw: bool = False) -> None:
        """Write ``data`` (IAC doubled unless ``raw``); while held, it joins the bytes to write at once."""
        self.outbox.append(data if raw else data.replace(IAC, IAC + IAC))
        if not self.holding:
            self.drain()

    def drain(self) -> None:
        """Write what is held as one piece: one system call for text, prompt and go-ahead."""
        if not self.outbox:
            return
        data = b"".join(self.outbox)
        self.outbox.clear()
        prompts, self.prompts_held = self.prompts_held, 0
        after_commit(self.server, self._write, data, prompts)  # told only once the moves in it are on the disk

    def _write(self, data: bytes, prompts: int = 0) -> None:
        transport = self.writer.transport
        if self.writer.connection_closed or transport is None or transport.is_closing():
            return
        if transport.get_write_buffer_size() > OUT_LIMIT:
            self.closed = True
            if self.ws is not None:
                self.ws.ended_by = "slow"
            return self.proto.abort("it does not read its output")
        transport.write(data)  # (raw: the IAC in it are already doubled; telnetlib3's send_iac adds a log check)
        self.prompts_sent += prompts

    def width(self) -> int:  # a client that says no width reads 80 columns
        return (self.proto.get_extra_info("cols") if self.writer.remote_option.enabled(NAWS) else 0) or DEFAULT_WIDTH

    def send_lines(self, lines: list[str], interrupt: bool = False) -> None:
        if not lines:
            return
        width = self.width()
        text = "".join(wrapped(x, width) for x in lines)
        if interrupt and self.at_prompt:
            text = "\r\n" + text
        self.at_prompt = False
        self.send(text.encode("utf-8", "replace"))

    @property
    def lang(self) -> str:
        """The language this connection reads: its player's once in the world (``language it``
        changes it there), else the server's for lines before a login (``Config.lang``)."""
        return self.ws.lang if self.ws is not None else self.login_lang

    def say(self, text) -> None:
        """One line of ours (a message, worded in :attr:`lang`, or text as it is)."""
        self.send_lines([word(text, self.lang)], interrupt=True)

    def prompt(self, text=None) -> None:
        if text is None:
            text = self.ws.prompt()
            self.gmcp_update()
        text = word(text, self.lang)  # (a login's question: a message)
        self.standing = text
        data = text.encode("utf-8", "replace").replace(IAC, IAC + IAC)
        if self.at_prompt:  # (a blank line typed ahead) never a prompt on the prompt's line
            data = b"\r\n" + data
        self.prompts_made += 1
        self.prompts_held += 1
        if self.telnet:  # the prompt ends here: IAC EOR if agreed, else IAC GA (unless the client said DO SGA)
            options = self.writer.local_option
            data += IAC + CMD_EOR if options.enabled(EOR) else b"" if options.enabled(SGA) else IAC + GA
        self.send(data, raw=True)
        self.at_prompt = True

    def output(self, lines: list[str], prompt: bool = True, always: bool = False, final: bool = False,
               news: bool = False) -> None:
        """Queue lines, write what the client takes, then the prompt (if anything was written, or
        ``always``); past MAX_PENDING lines the oldest go. ``final``: all of it, the client leaves.
        ``news``: others' lines, not an answer -- the prompt follows only if it is not the one
        standing unanswered above them (:meth:`prompt_again`). The last batch and the prompt go
        out in one write."""
        self.holding += 1
        try:
            self._output(lines, prompt and (not news or self.prompt_again()), always, final)
        finally:
            self.holding -= 1
            if not self.holding:
                self.drain()

    def prompt_again(self) -> bool:
        """Is a prompt due after news? Not when the prompt last written still reads the same and
        nothing was typed since and it asks nothing: a line client showed ">" after every "bob has
        chosen.". A prompt that changed (the player's turn came) or asks the player something (it
        stays in sight under the news) is written; so is every answer's."""
        return (self.standing is None or self.ws is None or self.ws.closed or self.ws.prompt() != self.standing
                or not bare(self.standing))

    def _output(self, lines: list[str], prompt: bool, always: bool, final: bool) -> None:
        self.backlog.extend(lines)
        while len(self.backlog) > MAX_PENDING:
            self.backlog.popleft()
            self.lost += 1
        wrote = False
        while self.backlog and (final or not self.proto.writing_paused()) and not self.writer.connection_closed:
            if self.lost:
                self.backlog.appendleft(render(Line("error", _.plural(
                    "({n} line was lost: your connection was not reading.)",
                    "({n} lines were lost: your connection was not reading.)", self.lost)), self.colour, self.lang))
                self.lost = 0
            batch, size = [], 0
            while self.backlog and size < WRITE_BATCH:
                batch.append(self.backlog.popleft())
                size += len(batch[-1])
            self.send_lines(batch, interrupt=True)
            wrote = True
            if self.backlog:
                self.drain()  # more to come: this batch goes now, so the pause above can be seen
        if prompt and (wrote or always) and not (self.backlog or self.closed or self.ws.closed):
            self.prompt()
