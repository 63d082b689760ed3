"""One browser player: a WebSocket carrying the same in-process Textual app as an SSH session.

The page's front end (textual-serve's textual.js, around xterm.js) speaks a small protocol: the
browser sends JSON arrays -- ``["stdin", keys]``, ``["resize", {"width": w, "height": h}]``,
``["ping", t]`` (``focus``/``blur`` are ignored) -- and the server sends the terminal's bytes as
binary messages (and ``["pong", t]``). Here the bytes come from :class:`ChannelDriver`, exactly as
for SSH; this class is the driver's :class:`~mud.server.tui.driver.Terminal`.

Bounded both ways, as SSH is: frames wait in one queue with a single writer; once the client is
behind by ``WRITE_HIGH`` bytes the driver drops frames and draws the whole screen again when it
has caught up, so a stalled tab cannot grow the server's memory. Reading stops while the app has a
long queue of keys (the driver's ``pause_reading``), and the WebSocket's own buffer is small.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque

from aiohttp import WSMsgType, web

from mud.server.clients.durable import durable
from mud.server.clients.lines import Throttle, render
from mud.server.clients.mudinfo import wrapped
from mud.server.tui.driver import ServedApp, run_served
from mud.shell.session import Line
from mud.shell.words import _, render as word
from mud.world.world import WorldFull

log = logging.getLogger("questmud.web")

WRITE_HIGH = 256 * 1024  # bytes not yet taken by the browser at which frames are dropped ...
WRITE_LOW = 32 * 1024  # ... until it is down to this
MAX_SIZE = (512, 256)  # the largest terminal drawn (columns, rows)
MIN_SIZE = (20, 8)
CHECK_EVERY = 0.25  # seconds between looks at a held client's backlog


def clamp(width, height) -> tuple[int, int]:
    """A terminal size from the browser (any JSON), kept within what the server draws."""
    try:
        w, h = int(width), int(height)
    except (TypeError, ValueError, OverflowError):
        return (80, 24)
    return (min(max(w, MIN_SIZE[0]), MAX_SIZE[0]), min(max(h, MIN_SIZE[1]), MAX_SIZE[1]))


class WebPlayer:
    """A logged-in player's WebSocket, from the first frame to the farewell."""

    term = "xterm-256color"  # xterm.js

    def __init__(self, gate, name: str, size: tuple[int, int], intro: list[Line] = (), address: str = "",
                 uid: str | None = None) -> None:
        self.gate = gate  # the server (or local play) the player enters
        self.server = gate  # (as a worker's RemoteTui reads it: its limits)
        self.name = name
        self.uid = uid  # the identity the ticket's login was checked as: the session enters as it, or not
        self.address = address  # the browser's (address bans)
        self.size = size
        self.intro = list(intro)
        self.driver = None  # ChannelDriver sets itself here
        self.socket: web.WebSocketResponse | None = None
        self.transport = None
        self.app: ServedApp | None = None
        self.ws = None  # the player's WorldSession
        self.farewell: list[Line] = []
        self._out: deque[bytes] = deque()
        self._queued = 0  # bytes in _out
        self._ready = asyncio.Event()  # something to write
        self._reading = asyncio.Event()  # reading is on (the driver may pause it)
        self._reading.set()
        self._held = False
        self._closed = False

    # --- the session ----------------------------------------------------------------------------
    async def run(self, socket: web.WebSocketResponse, transport=None) -> None:
        """Play until the app exits or the browser goes; the player leaves the world after.
        ``transport``: the connection under the WebSocket, whose buffer counts in the backlog."""
        self.socket = socket
        self.transport = transport
        try:
            self.ws = self.gate.open_session(self.name, "web", wake=self._wake, close=self._kick,
                                            address=self.address, uid=self.uid)
        except WorldFull as full:
            await self._say([word(full.args[0], self.gate.account_lang(self.name))])
            return
        writer = asyncio.create_task(self._writing())
        limits = self.gate.limits
        workers = getattr(self.gate, "tui_workers", None)  # drawn in a worker process, as SSH's are
        self.app = self.driver = workers.open(self, "truecolor", self.intro) if workers else None
        if self.app is None:
            self.app = ServedApp(self.ws, self, term_type=self.term, colorterm="truecolor",
                                 max_line=limits.max_line, allow=Throttle(limits.rate, limits.burst).allow,
                                 intro=self.intro)
        playing = asyncio.create_task(self.app.run_remote() if self.app is self.driver
                                      else run_served(self.app, self.size))
        reader = asyncio.create_task(self._reading_loop())
        try:
            await asyncio.wait({playing, reader}, return_when=asyncio.FIRST_COMPLETED)
            if not playing.done():  # the browser went: the app ends, the seat waits
                self.app.exit(0)
                await playing
            lines = self.farewell + self.app.farewell + (self.ws.flush() if self.ws is not None else [])
            if self.app.return_code:
                lines.append(Line("error", _("Sorry: the screen failed (it was logged). Connect again.")))
            await self._drained()
            lang = self.ws.lang if self.ws is not None else "en"
            await self._say([render(x, False, lang) for x in lines] or [word(_("Goodbye, {name}.", name=self.name), lang)])
        finally:
            self._closed = True
            reader.cancel()
            writer.cancel()
            ws, self.ws = self.ws, None
            if ws is not None:
                try:
                    self.gate.close_session(ws)
                except Exception:
                    log.exception("closing the world session of %s failed", self.name)
            self.app = self.driver = None

    def stop(self) -> None:
        """The server stops: the app leaves the screen, saying goodbye."""
        if self.app is not None:
            self.app.exit(0)

    def _wake(self) -> None:
        """News for this player (called amid others' commands: never raises)."""
        try:
            if self.app is not None:
                self.app.wake()
        except Exception:
            log.exception("waking the web session of %s failed", self.name)

    def _kick(self) -> None:
        """The server closes this session (idle, shutting down): say why, then go."""
        if self.ws is not None:
            self.farewell += self.ws.flush()
        if self.app is not None:
            self.app.exit(0)

    async def _say(self, lines: list[str]) -> None:
        """Plain lines after the app has left the screen (or instead of it)."""
        socket = self.socket
        if lines and socket is not None and not socket.closed:
            text = "".join(wrapped(x, min(self.size[0], 100)) for x in lines)
            try:
                await durable(self.gate)  # told only once the moves in it are on the disk
                await socket.send_bytes(text.encode("utf-8", "replace"))
            except (ConnectionError, RuntimeError):
                pass

    # --- input ----------------------------------------------------------------------------------
    async def _reading_loop(self) -> None:
        socket = self.socket
        while not socket.closed:
            await self._reading.wait()
            msg = await socket.receive()
            if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                return
            if msg.type == WSMsgType.TEXT:
                try:
                    await self._message(msg.data)
                except Exception:
                    log.exception("a message from %s failed", self.name)
                    return

    async def _message(self, data: str) -> None:
        """One message from the page; anything else than the protocol is ignored."""
        try:
            envelope = json.loads(data)
        except ValueError:
            return
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            return
        kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(body, str) and self.driver is not None:
            if self.ws is not None:
                self.gate.touch(self.ws)
            self.driver.feed(body.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(body, dict):
            self.size = clamp(body.get("width"), body.get("height"))
            if self.driver is not None:
                self.driver.resize(*self.size)
        elif kind == "ping":
            await self.socket.send_str(json.dumps(["pong", str(body)[:32]]))

    # --- output: the driver's Terminal ----------------------------------------------------------
    def send(self, data: bytes) -> None:
        if self._closed:
            return
        self._out.append(data)
        self._queued += len(data)
        self._ready.set()
        if not self._held and self.backlog() > WRITE_HIGH and self.driver is not None:
            self._held = True
            self.driver.hold()

    def backlog(self) -> int:
        transport = self.transport
        return self._queued + (transport.get_write_buffer_size() if transport is not None else 0)

    def pause_reading(self) -> None:
        self._reading.clear()

    def resume_reading(self) -> None:
        self._reading.set()

    async def _writing(self) -> None:
        """The one writer: frames go out in order; a held client is let go once it caught up."""
        while True:
            try:
                await asyncio.wait_for(self._ready.wait(), CHECK_EVERY if self._held else None)
            except asyncio.TimeoutError:
                pass
            self._ready.clear()
            while self._out:
                chunk = b"".join(self._out)
                self._out.clear()
                try:
                    await durable(self.gate)  # told only once the moves in it are on the disk
                    await self.socket.send_bytes(chunk)
                except (ConnectionError, RuntimeError):
                    self._closed = True
                    return
                finally:
                    self._queued -= len(chunk)
            if self._held and self.backlog() < WRITE_LOW and self.driver is not None:
                self._held = False
                self.driver.release()

    async def _drained(self, most: float = 2.0) -> None:
        """Before the farewell: what the app wrote last (leaving its screen) goes out first."""
        waited = 0.0
        while self._out and waited < most and not self._closed:
            await asyncio.sleep(0.02)
            waited += 0.02
