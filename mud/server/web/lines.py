"""The screen-reader page's WebSocket: the line interface of telnet and ``ssh -T`` in a browser.

The page (``/lines``, mud/server/web/pages.py and static/lines.js) has no terminal: it shows the game
as lines of text in a live region, the game's question with its numbered answers as buttons, and a
labelled input for commands -- what a screen reader reads well. Behind it is the same
:class:`~mud.server.clients.lines.LineFront` as telnet's and ``ssh -T``'s: the same command loop, limits,
throttle, folding and numbered questions, so the page shows exactly what a line client is shown.

The protocol is JSON both ways. The page sends ``["line", TEXT]`` for each line typed (a click on
an answer sends its digit). The server sends one object per batch of lines::

    {"echo": "> look", "lines": ["The Tavern", ...], "prompt": "> ",
     "question": {"text": "Place a card face down, or pass.", "answers": [["1", "8 [-2]"], ...]} | null,
     "closed": false}

``echo`` is the line just run (a password masked, as the TUI's log shows it); ``question`` is the
one a digit answers now (the one last written among the lines), so a button never answers
anything else. Each batch waits for the disk as every surface's bytes do (mud/server/clients/durable.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque

from aiohttp import WSMsgType, web

from mud.ops import oplog
from mud.shell.answers import numbered
from mud.server.clients.durable import durable
from mud.server.clients.lines import LineFront, PacedLines, render
from mud.shell.session import Line
from mud.shell.words import _, render as word
from mud.world.asking import Asking
from mud.world.secrets import masked
from mud.world.world import WorldFull

log = logging.getLogger("questmud.web")

WRITE_MAX = 2 * 1024 * 1024  # bytes a page may be behind before it is let go (as a line client over SSH)


class WebLines:
    """A logged-in player's screen-reader page, from the greeting to the last words."""

    def __init__(self, gate, name: str, intro: list[Line] = (), address: str = "", uid: str | None = None) -> None:
        self.gate = gate  # the server (or local play) the player enters
        self.name = name
        self.uid = uid  # the identity the ticket's login was checked as: the session enters as it, or not
        self.address = address  # the browser's (address bans)
        self.intro = list(intro)
        self.socket: web.WebSocketResponse | None = None
        self.transport = None
        self.ws = None  # the player's WorldSession
        self.front: LineFront | None = None
        self.paced: PacedLines | None = None
        self._out: deque[str] = deque()
        self._queued = 0  # characters in _out
        self._ready = asyncio.Event()  # something to write
        self._reading = asyncio.Event()  # reading is on (off while many lines wait their turn)
        self._reading.set()
        self._done = asyncio.Event()  # the session ended: say the last words and close
        self._wake_due = False
        self.finished = False

    # --- the session ----------------------------------------------------------------------------
    async def run(self, socket: web.WebSocketResponse, transport=None) -> None:
        """Play until the session ends (``quit``, a kick, idle) or the page goes; the player leaves
        the world after. ``transport``: the connection under the WebSocket (its backlog)."""
        self.socket, self.transport = socket, transport
        try:
            self.ws = self.gate.open_session(self.name, "web", wake=self._wake, close=self._kick,
                                            address=self.address, uid=self.uid)
        except WorldFull as full:  # (a ban too)
            await self._send_now({"lines": [word(full.args[0], self.gate.account_lang(self.name))], "closed": True})
            return
        # A new page has shown no question yet (local play keeps one session for every tab, and
        # the TUI's digits must not answer a question this page showed once it is gone). Its
        # answers are buttons, so the log says the question only: not its answers a second time.
        self.ws.asking = Asking(rows=False)
        self.front = LineFront(self.ws, self.gate.limits, colour=False)
        self.paced = PacedLines(self.gate.limits, self._line, self._reading.clear, self._reading.set)
        writer = asyncio.create_task(self._writing())
        reader = asyncio.create_task(self._reading_loop())
        ending = asyncio.create_task(self._done.wait())
        try:
            self._emit(self.front.greeting(self.intro))
            await asyncio.wait({reader, ending}, return_when=asyncio.FIRST_COMPLETED)
            await self._drained()
        finally:
            self.finished = True
            for task in (reader, writer, ending):
                task.cancel()
            if self.paced is not None:
                self.paced.stop()
            ws, self.ws = self.ws, None
            if ws is not None:
                ws.asking = Asking()
                try:
                    self.gate.close_session(ws)
                except Exception:
                    log.exception("closing the world session of %s failed", self.name)

    def stop(self) -> None:
        """The server stops: the page is told, then closed."""
        self._kick()

    def _kick(self) -> None:
        """The server closes this session (idle, a kick, shutting down): say why, then go."""
        if self.finished or self.ws is None:
            return
        self._emit([render(x, False) for x in self.ws.flush()], closed=True)

    def _wake(self) -> None:
        """News for this player. Called amid others' commands, so it never raises; the news goes
        out soon, not now, so a command's own lines keep their order."""
        try:
            if not self._wake_due and not self.finished:
                self._wake_due = True
                asyncio.get_running_loop().call_soon(self._news)
        except Exception:
            log.exception("waking the line page of %s failed", self.name)

    def _news(self) -> None:
        self._wake_due = False
        if self.finished or self.front is None:
            return
        lines = self.front.pending()
        if lines or self.ws.closed:
            self._emit(lines)

    # --- input ----------------------------------------------------------------------------------
    async def _reading_loop(self) -> None:
        socket = self.socket
        while not socket.closed:
            await self._reading.wait()
            msg = await socket.receive()
            if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                return
            if msg.type == WSMsgType.TEXT:
                self._message(msg.data)

    def _message(self, data: str) -> None:
        """One message from the page; anything else than ``["line", TEXT]`` is ignored."""
        try:
            envelope = json.loads(data)
        except ValueError:
            return
        if (isinstance(envelope, list) and len(envelope) == 2 and envelope[0] == "line"
                and isinstance(envelope[1], str) and self.ws is not None and not self.finished):
            self.gate.touch(self.ws)
            self.paced.add(" ".join(envelope[1].splitlines()))  # one message is one line (an input has one)

    def _line(self, text: str) -> None:
        """One line's turn has come (paced as telnet's are): run it, send its answer."""
        if self.finished or self.front is None or self.ws.closed:
            return
        echo = f"> {masked(text)}{self._label(text)}" if text.strip() else ""
        try:
            lines = self.front.receive(text)
        except Exception:  # the session's own errors are answered in it; this is a bug of the page's
            log.exception("a line of %s failed", self.name)
            lines = [render(Line("error", _("Something went wrong with that line; it was logged.")), False, self.ws.lang)]
        self._emit(lines, echo=echo)

    def _label(self, text: str) -> str:
        """' (label)' when ``text`` is the key of an answer on the page ("> 3 (1 star [+2])"): the
        log says what was answered, as the answer's row said it on telnet."""
        shown = self.ws.asking.shown if self.ws is not None else None
        word = text.strip()
        return next((f" ({label})" for key, label, _c in numbered(shown) if key == word), "") if shown else ""

    # --- output ---------------------------------------------------------------------------------
    def _emit(self, lines: list[str], echo: str = "", closed: bool = False) -> None:
        """A batch of lines to the page, with the prompt and the question now (nothing after the
        batch that closed it)."""
        if self._done.is_set():
            return
        ws = self.ws
        closed = closed or ws is None or ws.closed
        message = {"lines": lines, "prompt": "" if closed else ws.prompt(), "question": self._question(),
                   "closed": closed}
        if echo:
            message["echo"] = echo
        text = json.dumps(message, ensure_ascii=False)
        self._out.append(text)
        self._queued += len(text)
        self._ready.set()
        if closed:
            self._done.set()
        elif self._backlog() > WRITE_MAX:
            oplog.note(log, "dropped", player=self.name, surface="web", page="lines", why="slow")
            self._out.clear()
            self._queued = 0
            self._done.set()

    def _question(self) -> dict | None:
        """The question a digit answers now: the one last written among the lines."""
        shown = self.ws.asking.shown if self.ws is not None and not self.ws.closed else None
        if not shown:
            return None
        return {"text": str(shown.get("text", "")),
                "answers": [[key, label] for key, label, _command in numbered(shown)]}

    def _backlog(self) -> int:
        transport = self.transport
        return self._queued + (transport.get_write_buffer_size() if transport is not None else 0)

    async def _writing(self) -> None:
        """The one writer: batches go out in order, each once what it tells is on the disk."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self._out:
                text = self._out.popleft()
                try:
                    await durable(self.gate)
                    await self.socket.send_str(text)
                except (ConnectionError, RuntimeError):
                    self._out.clear()
                    self._done.set()
                    return
                finally:
                    self._queued = max(0, self._queued - len(text))

    async def _drained(self, most: float = 2.0) -> None:
        """Before closing: the last words go out first."""
        waited = 0.0
        while (self._out or self._queued) and waited < most and not self.socket.closed:
            await asyncio.sleep(0.02)
            waited += 0.02

    async def _send_now(self, message: dict) -> None:
        try:
            await self.socket.send_str(json.dumps(message, ensure_ascii=False))
        except (ConnectionError, RuntimeError):
            pass
