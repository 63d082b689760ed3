"""The telnet surface of ``mud serve``: MUD clients, ``telnet`` and ``nc`` on one port.

telnetlib3 parses the byte stream (IAC commands, subnegotiations) and answers the options it
knows; this module decides what to ask for and talks to the world. Per connection:

* line mode: the client edits lines (we never ask for SGA or echo, except echo off while a
  password is typed); TTYPE (with MTTS), NAWS, EOR, GMCP and MSSP are offered, and whatever
  the client has not answered after ``NEGOTIATE_WAIT`` seconds is taken as a no;
* a client that answers no negotiation at all (a raw socket, ``nc``) gets plain text, no IAC;
* login (name, password; a new name creates its account), then every line goes through
  :class:`mud.server.lines.LineFront`; prompts end with IAC EOR (if agreed) or IAC GA;
* GMCP packages are listed in ``docs/gmcp.md``;
* limits: an input line is at most ``limits.max_line`` bytes (longer ones are refused, never
  buffered); output the client does not read waits in the world session (which keeps a bounded
  number of lines) and past ``OUT_LIMIT`` buffered bytes the connection is dropped.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections import deque

import telnetlib3
from telnetlib3 import slc
from telnetlib3.telopt import AYT, DO, ECHO, EOR, GMCP, IAC, MSSP, NAWS, SB, SE, WILL, WONT

from mud.server.lines import LineFront, render
from mud.session import Line
from mud.world.rooms import ROOMS
from mud.world.session import MAX_PENDING, valid_name
from mud.world.world import WorldFull

log = logging.getLogger("questmud.telnet")

NEGOTIATE_WAIT = 1.0  # seconds a client may take to answer our options before we go on
LOGIN_TIME = 120.0  # seconds to log in
MAX_TRIES = 3  # bad names or passwords before the connection is closed
READ_CHUNK = 4096  # bytes read at once
READ_LIMIT = 16 * 1024  # telnetlib3's reader stops reading the socket past twice this
OUT_PAUSE = 64 * 1024  # buffered output at which news waits until the client reads
OUT_LIMIT = 256 * 1024  # buffered output at which the connection is dropped
SB_LIMIT = 64 * 1024  # bytes of one unfinished subnegotiation before the connection is dropped
TOO_LONG = object()  # what read_line gives for a line over the limit

BANNER = ("questmud: five tabletop games in one small world.",
          "Log in with your name, or choose a new name to create an account.")
ROOM_NUM = {rid: i for i, rid in enumerate(ROOMS, 1)}
CSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b.?")
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")


# --- input ------------------------------------------------------------------------------------------
def clean(raw: bytes) -> str:
    """Bytes of one line -> text: UTF-8 (bad bytes replaced), backspaces applied, no control chars."""
    text = CSI.sub("", raw.decode("utf-8", "replace")).replace("\t", " ")
    if "\b" in text or "\x7f" in text:
        out: list[str] = []
        for ch in text:
            if ch in "\b\x7f":
                if out:
                    out.pop()
            else:
                out.append(ch)
        text = "".join(out)
    return CONTROL.sub("", text)


class LineSplitter:
    """Bytes in, lines out (CR LF, CR NUL, LF or a lone CR end a line). A line over ``limit``
    bytes is dropped as it arrives and comes out as TOO_LONG, so memory never grows past it."""

    EOL = re.compile(rb"[\r\n]")

    def __init__(self, limit: int):
        self.limit = limit
        self.buf = bytearray()
        self.over = False
        self.after_cr = False

    def feed(self, data: bytes) -> list:
        out: list = []
        pos, n = 0, len(data)
        while pos < n:
            if self.after_cr:
                self.after_cr = False
                if data[pos] in (0x0A, 0x00):
                    pos += 1
                    continue
            m = self.EOL.search(data, pos)
            end = m.start() if m else n
            if not self.over:
                if len(self.buf) + end - pos > self.limit:
                    self.over = True
                    self.buf.clear()
                else:
                    self.buf += data[pos:end]
            if m is None:
                break
            self.after_cr = data[end] == 0x0D
            out.append(TOO_LONG if self.over else clean(bytes(self.buf)))
            self.buf.clear()
            self.over = False
            pos = end + 1
        return out


# --- figures for MSSP and GMCP --------------------------------------------------------------------
def mssp_figures(server, port: int) -> dict:
    world = getattr(server, "world", None)
    return {
        "NAME": "questmud", "PLAYERS": str(len(world.online) if world is not None else 0),
        "UPTIME": str(int(server.started)), "CODEBASE": "questmud", "CONTACT": "", "WEBSITE": "",
        "HOSTNAME": "", "PORT": str(port), "CRAWL DELAY": "-1", "LANGUAGE": "English",
        "FAMILY": "Custom", "GENRE": "Fantasy", "GAMEPLAY": ["Adventure", "Strategy", "Social"],
        "GAMESYSTEM": "None", "STATUS": "Alpha", "AREAS": str(len(ROOMS)), "ROOMS": str(len(ROOMS)),
        "ANSI": "1", "UTF-8": "1", "GMCP": "1", "MSSP": "1", "MCCP": "0", "MSDP": "0", "MXP": "0",
        "PUEBLO": "0", "VT100": "0", "XTERM 256 COLORS": "0", "PAY TO PLAY": "0", "PAY FOR PERKS": "0",
        "HIRING BUILDERS": "0", "HIRING CODERS": "0", "MINIMUM AGE": "0",
    }


def room_info(ws) -> dict:
    place = ws.place()
    room = ROOMS.get(place.get("room"))
    return {"num": ROOM_NUM.get(place.get("room"), 0), "id": place.get("room"), "name": place.get("name"),
            "area": place.get("game") or "Crossroads",
            "exits": {d: ROOM_NUM[r] for d, r in room.exits.items()} if room else {},
            "people": place.get("people", []), "table": place.get("table")}


def wants_colour(proto) -> bool:
    """ANSI colour unless the client is clearly dumb: no negotiation at all, TERM=dumb, or an
    MTTS bit field without the ANSI bit."""
    for i in range(1, 9):
        kind = str(proto.get_extra_info(f"ttype{i}") or "")
        if kind.upper().startswith("MTTS ") and kind[5:].strip().isdigit():
            return bool(int(kind[5:]) & 1)
    term = str(proto.get_extra_info("TERM") or "").lower()
    return proto.is_telnet() and term not in ("dumb", "none")


# --- the protocol: telnetlib3's parser with our choice of options ---------------------------------
class TelnetProtocol(telnetlib3.TelnetServer):
    def __init__(self, listener: "Listener"):
        super().__init__(encoding=False, force_binary=True, line_mode=True, timeout=0,
                         connect_maxwait=NEGOTIATE_WAIT, limit=READ_LIMIT)
        self.listener = listener
        self.player: Player | None = None
        self.gmcp_client: dict = {}
        self.gmcp_off: set[str] = set()
        self.mssp_sent = False

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        transport.set_write_buffer_limits(high=OUT_PAUSE)
        self.reader.set_transport(transport)  # flow control: stop reading when it piles up
        self.writer.default_linemode = slc.Linemode(slc.LMODE_MODE_LOCAL)  # LINEMODE means EDIT
        self.writer.set_ext_callback(GMCP, self.on_gmcp)
        self.writer.set_iac_callback(AYT, self.on_ayt)
        self.listener.protocols.add(self)

    def is_telnet(self) -> bool:
        """Has the client answered any negotiation (as opposed to a raw socket)?"""
        w = self.writer
        return w is not None and bool(w.remote_option or w.local_option)

    def begin_advanced_negotiation(self) -> None:
        # Not TelnetServer's: it offers BINARY, and in binary mode BSD telnet stops turning the
        # LF it echoes into CR LF (every answer starts where the typed line ended).
        telnetlib3.BaseServer.begin_advanced_negotiation(self)
        self.writer.iac(DO, NAWS)
        for opt in (EOR, GMCP, MSSP):
            self.writer.iac(WILL, opt)

    def begin_shell(self, future) -> None:
        if future.cancelled() or future.exception() is not None or self._closing:
            return
        self.player = Player(self.listener.server, self)
        task = asyncio.get_running_loop().create_task(self.player.run())
        self.listener.tasks.add(task)
        task.add_done_callback(self.listener.tasks.discard)

    def data_received(self, data: bytes) -> None:
        try:
            super().data_received(data)
            w = self.writer
            if w is None or w.connection_closed:
                return
            if len(getattr(w, "_sb_buffer", ())) > SB_LIMIT or getattr(w, "_sb_overflow", False):
                log.warning("%s: subnegotiation over %d bytes; dropping the connection", self, SB_LIMIT)
                self.abort()
                return
            if w.local_option.enabled(MSSP) and not self.mssp_sent:
                self.mssp_sent = True
                w.send_mssp(mssp_figures(self.listener.server, self.listener.port))
            if self.player is not None:
                self.player.gmcp_update()  # GMCP may have been turned on just now
        except Exception:
            log.exception("%s: bad input; dropping the connection", self)
            self.abort()

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.player is not None:
            self.player.wake()

    def connection_lost(self, exc) -> None:
        self.listener.protocols.discard(self)
        super().connection_lost(exc)

    def writing_paused(self) -> bool:
        return bool(getattr(self, "_paused", False))

    def abort(self) -> None:
        if self._transport is not None:
            self._transport.abort()

    def on_ayt(self, _cmd) -> None:
        if self.writer is not None:
            self.writer.write(b"\r\n[questmud is here]\r\n")

    def on_gmcp(self, package: str, data) -> None:
        try:
            name = package.strip().lower()
            if name == "core.hello" and isinstance(data, dict):
                self.gmcp_client = {str(k)[:40]: str(v)[:80] for k, v in list(data.items())[:8]}
            elif name in ("core.supports.set", "core.supports.add", "core.supports.remove") and isinstance(data, list):
                modules = {str(m).split()[0].lower() for m in data[:100] if str(m).strip()}
                if name == "core.supports.remove":
                    self.gmcp_off |= modules
                else:
                    self.gmcp_off -= modules
                    if self.player is not None:
                        self.player.gmcp_update(again=True)
            elif name == "core.ping" and self.player is not None:
                self.player.gmcp("Core.Ping", None)
        except Exception:
            log.exception("%s: GMCP %r failed", self, package[:40])

    def drop(self, message: str) -> None:
        """Close a connection that has no world session yet."""
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write(f"\r\n{message}\r\n".encode())
            self.writer.close()


# --- one logged-in (or logging-in) player ------------------------------------------------------------
class Player:
    def __init__(self, server, proto: TelnetProtocol):
        self.server, self.proto = server, proto
        self.reader, self.writer = proto.reader, proto.writer
        self.loop = asyncio.get_running_loop()
        peer = proto.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self.telnet = proto.is_telnet()
        self.colour = wants_colour(proto)
        self.splitter = LineSplitter(server.limits.max_line)
        self.queue: deque = deque()
        self.ws = None
        self.front: LineFront | None = None
        self.closed = False
        self.at_prompt = False
        self.woken = False
        self.pushed = 0  # wakes since the last flush: more than MAX_PENDING means lines were lost
        self.gmcp_last: dict[str, str] = {}

    @property
    def width(self) -> int:
        return int(self.proto.get_extra_info("cols") or 80)

    # --- the connection's life ------------------------------------------------------------------------
    async def run(self) -> None:
        try:
            try:
                name = await asyncio.wait_for(self.login(), LOGIN_TIME)
            except asyncio.TimeoutError:
                self.say("Login timed out. Goodbye.")
                return
            if name and not self.closed:
                await self.play(name)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("telnet connection from %s failed", self.address)
        finally:
            if self.ws is not None:
                try:
                    self.server.close_session(self.ws)
                except Exception:
                    log.exception("closing the session of %s failed", self.ws.name)
            self.close()

    async def login(self) -> str | None:
        for text in BANNER:
            self.say(text)
        tries = 0
        while tries < MAX_TRIES:
            if self.server.login_blocked(self.address):
                self.say("Too many failed logins from your address; wait a minute.")
                return None
            name = await self.ask("Name: ")
            if name is None:
                return None
            if name is TOO_LONG:
                name = "?" * 17
            name = name.strip()
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
                self.say(f"Nobody is called {name} yet. Choose a password (4 characters or more) "
                         "to create the account.")
            password = await self.ask("Password: ", secret=True)
            if password is None:
                return None
            password = "" if password is TOO_LONG else password
            if new and password:
                again = await self.ask("The same password again: ", secret=True)
                if again is None:
                    return None
                if again != password:
                    self.say("The two passwords differ.")
                    tries += 1
                    continue
            ok, message = await self.check(name, password)
            if self.closed:
                return None
            if message:
                self.say(message)
            if ok:
                return self.account_name(name)
            tries += 1
        self.say("Too many tries. Goodbye.")
        return None

    async def check(self, name: str, password: str) -> tuple[bool, str]:
        login = getattr(self.server, "login", None)
        if login is not None:
            return await login(name, password, self.address)
        return self.server.check_login(name, password, self.address)

    def account_name(self, name: str) -> str:
        """The account's own spelling (names are matched without case)."""
        store = getattr(self.server, "store", None)
        acc = store.account(name) if store is not None else None
        return acc["name"] if acc else name

    async def play(self, name: str) -> None:
        try:
            self.ws = self.server.open_session(name, "telnet", wake=self.wake, close=self.close)
        except WorldFull as err:
            self.say(str(err))
            return
        log.info("%s logged in over telnet from %s (term %s, %d columns, colour %s, GMCP %s)", name,
                 self.address, self.proto.get_extra_info("TERM"), self.width, self.colour, self.gmcp_on())
        self.front = LineFront(self.ws, self.server.limits, self.colour)
        self.gmcp("Char.Name", {"name": self.ws.name, "fullname": self.ws.name})
        self.send_lines([render(x, self.colour) for x in self.ws.greeting()])
        self.prompt()
        while not self.closed and not self.ws.closed:
            line = await self.read_line()
            if line is None:
                return
            self.at_prompt = False
            if line is TOO_LONG:
                limit = self.server.limits.max_line
                out = [render(Line("error", f"That line is too long (the limit is {limit} bytes)."), self.colour)]
            else:
                out = self.front.receive(line)
            self.pushed = 0
            self.send_lines(out)
            if self.ws.closed:
                return
            if out or not (line is not TOO_LONG and line.strip()):
                self.prompt()
            else:
                self.gmcp_update()

    def close(self) -> None:
        """Say what is left and hang up (also the world's way to close us: quit, shutdown)."""
        if self.closed:
            return
        try:
            if self.front is not None:
                lines = self.front.pending()
                if lines:
                    self.send_lines(lines, interrupt=True)
        except Exception:
            log.exception("last lines to %s failed", self.address)
        self.closed = True
        if not self.writer.connection_closed:
            self.writer.close()

    # --- input ----------------------------------------------------------------------------------------
    async def read_line(self):
        """The next line (text or TOO_LONG), or None when the connection is gone."""
        while not self.queue:
            if self.closed:
                return None
            try:
                data = await self.reader.read(READ_CHUNK)
            except (ConnectionError, OSError):
                return None
            if not data:
                return None
            self.queue.extend(self.splitter.feed(data))
        return self.queue.popleft()

    async def ask(self, prompt: str, secret: bool = False):
        self.prompt(prompt)
        hide = secret and self.telnet
        if hide:
            self.writer.iac(WILL, ECHO)
        try:
            return await self.read_line()
        finally:
            self.at_prompt = False
            if hide and not self.writer.connection_closed and (
                    self.writer.local_option.enabled(ECHO) or self.writer.pending_option.enabled(WILL + ECHO)):
                self.writer.iac(WONT, ECHO)
                self.send(b"\r\n")  # the client did not echo the end of the line

    # --- output ---------------------------------------------------------------------------------------
    def send(self, data: bytes, raw: bool = False) -> None:
        transport = self.writer.transport
        if self.writer.connection_closed or transport is None or transport.is_closing():
            return
        if transport.get_write_buffer_size() + len(data) > OUT_LIMIT:
            log.warning("%s is not reading its output; dropping the connection", self.address)
            self.closed = True
            self.proto.abort()
            return
        if raw:
            self.writer.send_iac(data)
        else:
            self.writer.write(data)

    def send_lines(self, lines: list[str], interrupt: bool = False) -> None:
        if not lines:
            return
        text = "".join(x.replace("\r", "").replace("\n", "\r\n") + "\r\n" for x in lines)
        if interrupt and self.at_prompt:
            text = "\r\n" + text
        self.at_prompt = False
        self.send(text.encode("utf-8", "replace"))

    def say(self, text: str) -> None:
        self.send_lines([text], interrupt=True)

    def prompt(self, text: str | None = None) -> None:
        if text is None:
            text = self.ws.prompt()
            self.gmcp_update()
        self.send(text.encode("utf-8", "replace"))
        if self.telnet and not self.writer.connection_closed:
            if self.writer.local_option.enabled(EOR):
                self.writer.send_eor()
            else:
                self.writer.send_ga()
        self.at_prompt = True

    def mssp_text(self) -> None:
        rows = ["MSSP-REPLY-START"]
        for key, value in mssp_figures(self.server, self.proto.listener.port).items():
            rows.append(key + "\t" + ("\t".join(value) if isinstance(value, list) else value))
        rows.append("MSSP-REPLY-END")
        self.send_lines(rows)

    # --- news from the world --------------------------------------------------------------------------
    def wake(self) -> None:
        """The world has lines for us: write them soon, once for a burst of them."""
        self.pushed += 1
        if self.woken or self.closed or self.ws is None:
            return
        self.woken = True
        self.loop.call_soon(self.flush)

    def flush(self) -> None:
        self.woken = False
        if self.closed or self.ws is None:
            return
        try:
            if self.proto.writing_paused():
                return  # resume_writing wakes us; meanwhile the world session keeps the lines
            lines = self.front.pending()
            lost, self.pushed = self.pushed - MAX_PENDING, 0
            if lost > 0:
                lines.insert(0, render(Line("error", f"({lost} lines were lost while your connection "
                                                     "was not reading.)"), self.colour))
            if lines:
                self.send_lines(lines, interrupt=True)
                if not self.ws.closed:
                    self.prompt()
            if self.ws.closed:
                self.close()
        except Exception:
            log.exception("writing to %s failed", self.address)
            self.closed = True
            self.proto.abort()

    # --- GMCP -----------------------------------------------------------------------------------------
    def gmcp_on(self) -> bool:
        w = self.writer
        return self.telnet and not w.connection_closed and w.local_option.enabled(GMCP)

    def gmcp(self, package: str, data) -> None:
        if not self.gmcp_on():
            return
        module = package.lower()
        if any(module == off or module.startswith(off + ".") for off in self.proto.gmcp_off):
            return
        body = package if data is None else package + " " + json.dumps(data, separators=(",", ":"), default=str)
        self.send(IAC + SB + GMCP + body.encode("utf-8", "replace").replace(IAC, IAC + IAC) + IAC + SE, raw=True)

    def gmcp_update(self, again: bool = False) -> None:
        """Send the packages that changed since they were last sent (all of them if ``again``)."""
        if self.ws is None or not self.gmcp_on():
            return
        if again:
            self.gmcp_last.clear()
        for package, data in (("Char.Status", self.ws.status()), ("Room.Info", room_info(self.ws)),
                              ("Game.View", self.ws.game_view())):
            text = json.dumps(data, sort_keys=True, default=str)
            if self.gmcp_last.get(package) != text:
                self.gmcp_last[package] = text
                self.gmcp(package, data)


# --- the listener -------------------------------------------------------------------------------------
class Listener:
    def __init__(self, server):
        self.server = server
        self.port = 0
        self.protocols: set[TelnetProtocol] = set()
        self.tasks: set[asyncio.Task] = set()
        self.aserver: asyncio.AbstractServer | None = None

    def close(self) -> None:
        """Stop listening; hang up on whoever is still logging in (the server closes the rest)."""
        if self.aserver is not None:
            self.aserver.close()
        for proto in list(self.protocols):
            if proto.player is None or proto.player.ws is None:
                try:
                    proto.drop("The server is shutting down. Come back soon.")
                except Exception:
                    log.exception("closing %s failed", proto)


async def listen(server, host: str, port: int):
    """Listen for telnet on ``host:port`` (0: any free port) -> (close, the port listened on)."""
    listener = Listener(server)
    loop = asyncio.get_running_loop()
    listener.aserver = await loop.create_server(lambda: TelnetProtocol(listener), host, port)
    listener.port = listener.aserver.sockets[0].getsockname()[1]
    log.info("telnet listening on %s:%d", host, listener.port)
    return listener.close, listener.port
