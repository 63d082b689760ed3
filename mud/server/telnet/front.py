"""The telnet surface of ``mud serve``: MUD clients, ``telnet`` and ``nc`` on one port -- the
listener and the protocol (the player it carries is mud/server/telnet/player.py).

telnetlib3 parses the bytes (IAC commands, subnegotiations); this module picks the options. Line
mode (the client edits lines; echo goes off only for passwords); TTYPE with MTTS, NAWS, EOR, GMCP
(``docs/gmcp.md``) and MSSP are offered, and what a client has not answered after
``NEGOTIATE_WAIT`` seconds is a no. A client answering nothing (``nc``) gets plain text without
colour or IAC. A storm of telnet commands or an endless subnegotiation ends the connection.
"""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import telnetlib3
from telnetlib3 import slc
from telnetlib3.telopt import DO, ECHO, EOR, GMCP, MSSP, NAWS, WILL

from mud.ops import oplog
from mud.server.clients.lines import Throttle, clip
from mud.server.telnet.incoming import FairReader, ReadGate, keepalive
from mud.server.clients.mudinfo import mssp_figures
from mud.server.telnet.news import NewsRound
from mud.server.telnet.player import Player
from mud.shell.words import _, render as word

log = logging.getLogger("questmud.telnet")

NEGOTIATE_WAIT = 1.0  # seconds a client may take to answer our options before we go on
READ_LIMIT = 16 * 1024  # telnetlib3's reader stops reading the socket past twice this
OUT_PAUSE = 64 * 1024  # buffered output at which news waits until the client reads
SB_LIMIT = 64 * 1024  # bytes of one unfinished subnegotiation before the connection is dropped
SHUTTING_DOWN = _("The server is shutting down. Come back soon.")  # (the same words as core.py's)
IAC_RATE, IAC_BURST = 50.0, 500  # telnet commands per second (and at once) before a client is dropped


# --- the protocol: telnetlib3's parser with our choice of options ---------------------------------
class TelnetProtocol(FairReader, telnetlib3.TelnetServer):
    def __init__(self, listener: SimpleNamespace):  # server, port, protocols, tasks
        super().__init__(encoding=False, force_binary=True, line_mode=True, timeout=0,
                         connect_maxwait=NEGOTIATE_WAIT, limit=READ_LIMIT)
        self.listener = listener
        self.player: Player | None = None
        self.gmcp_client: dict = {}  # what the client said in Core.Hello
        self.gmcp_off: set[str] = set()  # modules the client turned off
        self.mssp_sent = self.gmcp_seen = self.offered = False
        self.commands = Throttle(IAC_RATE, IAC_BURST)  # IAC commands: a storm of them is no client
        self.unparsed, self.done = b"", 0  # input waiting for its turn (FairReader), parsed up to
        self.eof_due = False  # the client's end of input, once what came before it is parsed
        self.gate: ReadGate | None = None
        self.address, self.refused, self.counted = "?", None, False  # per-address caps
        self.held = False  # counted among the process's sockets (mud/server/addresses.py Sockets)

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        keepalive(transport.get_extra_info("socket"))
        self.address = str((transport.get_extra_info("peername") or ("?",))[0])
        server = self.listener.server
        self.refused = server.socket_opened(self.address)  # (counted from the accept: descriptors)
        self.held = self.refused is None
        self.refused = self.refused or server.connection_opened(self.address)
        self.counted = self.held and self.refused is None
        transport.set_write_buffer_limits(high=OUT_PAUSE)
        self.gate = ReadGate(transport)
        self.reader.set_transport(self.gate.part("reader"))  # flow control: stop reading when it piles up
        self.writer.default_linemode = slc.Linemode(slc.LMODE_MODE_LOCAL)  # LINEMODE means EDIT
        self.writer.set_ext_callback(GMCP, self.on_gmcp)
        self.writer.always_wont.add(ECHO)  # we echo nothing (PuTTY asks DO ECHO): only passwords hide
        self.listener.protocols.add(self)

    def begin_negotiation(self) -> None:
        if self._closing:  # gone already: telnetlib3 would time a negotiation nobody waits for
            return
        if len(self.listener.protocols) > 2 * self.listener.server.limits.max_sessions:
            self.refused = _("Too many connections right now; try again in a little while.")
        if self.refused:  # (before any player: in the server's language for logins, Config.lang)
            self.writer.write(word(self.refused, self.listener.server.config.lang).encode() + b"\r\n")
            return self.writer.close()
        super().begin_negotiation()

    def is_telnet(self) -> bool:
        """Has the client answered any negotiation (even WONT TTYPE), unlike a raw socket?"""
        w = self.writer
        return w is not None and bool(w.remote_option or w.local_option)

    negotiation_should_advance = is_telnet  # then offer the rest

    def check_negotiation(self, final: bool = False) -> bool:
        done = super().check_negotiation(final)
        # a client that refused TTYPE is not done before it has heard (and answered) the rest
        return done and (self.offered or not self._advanced or final)

    def begin_advanced_negotiation(self) -> None:
        # Not TelnetServer's: it offers BINARY, and in binary mode BSD telnet stops turning the
        # LF it echoes into CR LF (every answer starts where the typed line ended).
        telnetlib3.BaseServer.begin_advanced_negotiation(self)
        self.offered = True
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

    def _parse(self, data: bytes) -> None:
        try:
            iacs = data.count(255)
            if iacs and not self.commands.take(iacs):
                return self.abort("a storm of telnet commands")
            telnetlib3.TelnetServer.data_received(self, data)  # (not FairReader's: that one slices)
            w = self.writer
            if w is None or w.connection_closed:
                return
            if len(getattr(w, "_sb_buffer", ())) > SB_LIMIT or getattr(w, "_sb_overflow", False):
                return self.abort(f"a subnegotiation over {SB_LIMIT} bytes")
            if w.local_option.enabled(MSSP) and not self.mssp_sent:
                self.mssp_sent = True
                w.send_mssp(mssp_figures(self.listener.server, self.listener.port))
            if self.player is not None and not self.gmcp_seen and w.local_option.enabled(GMCP):
                self.gmcp_seen = True  # turned on late: send the state now
                self.player.gmcp_update()
        except Exception:
            log.exception("%s: bad input", self)
            self.abort("bad input")

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.player is not None:
            self.player.wake()  # the client reads again: the backlog can go

    def connection_lost(self, exc) -> None:
        self.listener.protocols.discard(self)
        if self.counted:
            self.counted = False
            self.listener.server.connection_closed(self.address)
        if self.held:
            self.held = False
            self.listener.server.socket_closed(self.address)
        super().connection_lost(exc)

    def writing_paused(self) -> bool:
        return bool(getattr(self, "_paused", False))  # asyncio's FlowControlMixin

    def abort(self, why: str) -> None:
        if self._transport is not None:
            oplog.note(log, "dropped", None, logging.WARNING, surface="telnet", address=self.address, why=why)
            self._transport.abort()

    def on_gmcp(self, package: str, data) -> None:
        try:
            name, player = package.strip().lower(), self.player
            if name == "core.hello" and isinstance(data, dict):
                self.gmcp_client = {clip(k, 40): clip(v, 80) for k, v in list(data.items())[:8]}
            elif name.startswith("core.supports.") and isinstance(data, list):
                modules = {str(m).split()[0].lower() for m in data[:100] if str(m).strip()}
                self.gmcp_off = (self.gmcp_off | modules) if name.endswith("remove") else (self.gmcp_off - modules)
                if player is not None and not name.endswith("remove"):
                    player.gmcp_update(again=True)
            elif name == "core.ping" and player is not None:
                player.gmcp("Core.Ping", None)
        except Exception:
            log.exception("%s: GMCP %s failed", self, clip(package, 40))


# --- the listener -------------------------------------------------------------------------------------
async def listen(server, host: str, port: int):
    """Listen for telnet on ``host:port`` (0: any free port) -> (close, the port listened on)."""
    # telnetlib3 logs every odd command a client sends: a client could fill the log and spend
    # the server's time on it. What matters is logged here.
    logging.getLogger("telnetlib3").setLevel(logging.ERROR)
    protocols: set = set()
    listener = SimpleNamespace(server=server, port=0, protocols=protocols, tasks=set(), news=NewsRound(protocols))
    aserver = await asyncio.get_running_loop().create_server(lambda: TelnetProtocol(listener), host, port)
    listener.port = aserver.sockets[0].getsockname()[1]
    log.info("telnet listening on %s:%d", host, listener.port)

    def close() -> None:
        """Stop listening; hang up on whoever is still logging in (the server closes the rest)."""
        aserver.close()
        for proto in list(listener.protocols):
            if (proto.player is None or proto.player.ws is None) and not proto.writer.is_closing():
                lang = proto.player.lang if proto.player is not None else server.config.lang
                proto.writer.write(b"\r\n" + word(SHUTTING_DOWN, lang).encode() + b"\r\n")
                proto.writer.close()

    close.listener = listener
    return close, listener.port
