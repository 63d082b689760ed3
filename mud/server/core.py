"""The server process: the world, its store, the listeners, the clock, accounts and limits.

Surfaces (``mud/server/ssh/front.py``, ``mud/server/telnet/front.py``) receive this object and use only:

* ``await login(name, password, address, surface=...)`` -> (ok, message), its ``uid`` the account the
  password was right for: first login creates the account (a ban's message is ``Barred``: said, hung up);
* ``key_owner(name, key)`` (the account's uid, or None); ``login_blocked(address, name=None)``;
* ``connection_opened(address)`` -> None or why it is refused; ``connection_closed(address)``;
* ``open_session(name, surface, wake, close, address, about, uid)`` -> WorldSession as that uid (raises
  WorldFull, or its Banned and LoginEnded); ``close_session(ws)`` (why: ``ws.ended_by``, else quit or drop);
  ``touch(ws)`` when its player typed something (the idle timeout);
* ``limits`` (line length, command rate), ``world`` (for GMCP/MSSP figures), ``started``.

Everything runs on one asyncio loop; the World is plain Python and never blocks for long (a
whole bot turn is well under a millisecond), so no locks are needed.

Each login, logout (with its cause) and account made is one line of the operator's log, in the
format of mud/ops/oplog.py, and counted by the metrics: every surface comes through here for them.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from dataclasses import dataclass, field

import platformdirs

from mud.ops import datalock
from mud.store import moderation as modstore
from mud.ops import oplog
from mud.server import metrics
from mud.server.nodes import node
from mud.server.ssh import front as ssh
from mud.server.telnet import front as telnet
from mud.server.web import front as web
from mud.server.addresses import AddressCaps, Sockets
from mud.server.clients.durable import GroupCommit
from mud.server.clients import proxy
from mud.server.upkeep import collector
from mud.server.upkeep.files import prepare_data_dir
from mud.server.hashing import HashQueue, WorldHashing
from mud.server.logins import UNREACHABLE, LoginDesk
from mud.server.clients.lines import Barred, Limits, LoginGuard
from mud.server.tui.workers import TuiWorkers
from mud.shell.session import Line
from mud.shell.words import _, Msg
from mud.store import Store, StoreFailed
from mud.store import open_store
from mud.world.world import Settings, World, WorldFull

log = logging.getLogger("questmud.server")

TICK = 1.0  # seconds between clock ticks (turn timers, seats of the disconnected)
BOT_CHUNK = 50  # bot moves at a table between two looks at the other players' input
BOT_RUN_MAX = 10_000  # bot moves in a row without a person's: bots that would never end the match stop


SHUTTING_DOWN = _("The server is shutting down. Come back soon.")


def ban_message(ban) -> Msg:
    """What a banned login reads (the store's ``Ban``): whom, until when, and the reason given
    (typed by a moderator: never translated). Whole sentences, so each language words them its way."""
    until, reason = (None if ban.until is None else modstore.when(ban.until)), ban.reason
    if ban.kind == "name":
        if until is None:
            return (_("This account is banned for good: {reason}.", reason=reason) if reason
                    else _("This account is banned for good."))
        return (_("This account is banned until {until}: {reason}.", until=until, reason=reason) if reason
                else _("This account is banned until {until}.", until=until))
    if until is None:
        return (_("Your address is banned for good: {reason}.", reason=reason) if reason
                else _("Your address is banned for good."))
    return (_("Your address is banned until {until}: {reason}.", until=until, reason=reason) if reason
            else _("Your address is banned until {until}.", until=until))


class Banned(WorldFull):
    """The account or its address is banned: the text says until when (every surface shows it)."""


def default_data_dir() -> str:
    return platformdirs.user_data_dir("questmud", appauthor=False)


@dataclass
class Config:
    host: str = "127.0.0.1"
    ssh_port: int | None = 2222  # None: no SSH listener; 0: any free port (tests)
    telnet_port: int | None = 4000
    web_port: int | None = None  # the browser's way in (mud/server/web/front.py); None: off
    web_cert: str | None = None  # HTTPS: a certificate and its key (PEM); without them plain HTTP
    web_key: str | None = None
    data_dir: str = field(default_factory=default_data_dir)
    settings: Settings = field(default_factory=Settings)
    limits: Limits = field(default_factory=Limits)
    tui_workers: int = 0  # processes drawing SSH TUIs (mud/server/tui/workers.py); 0: this process draws them
    metrics_port: int | None = None  # Prometheus metrics (mud/server/metrics.py); None: off, 0: any free port
    metrics_host: str = "127.0.0.1"  # loopback unless told: the figures are the operator's, not the world's
    store: str = ""  # a PostgreSQL URL (mud/store/opening.py); "" : the SQLite file questmud.db in data_dir
    node: str = ""  # this server's name in a world of several nodes (issue 30); "": the only server
    bus: str = ""  # the Redis URL of the bus between nodes (mud/server/nodes/node.py); "": none
    trusted_proxies: tuple[str, ...] = ()  # proxies whose Forwarded/X-Forwarded-For name the client (web)
    # the language of what a line client reads before its player's is known (the banner, the login's
    # questions and refusals): ``mud serve --lang``; the tests set the pseudo-language ``xx`` here
    lang: str = "en"


class Server(LoginDesk):
    def __init__(self, config: Config):
        self.config = config
        self.limits = config.limits
        self.guard = LoginGuard(self.limits)
        self.proxies = proxy.networks(config.trusted_proxies)  # (the web reads the client's address behind them)
        self.store: Store | None = None
        self.bus = None  # the bus to the world's other nodes (mud/server/nodes/node.py), if any
        self.lock: int | None = None  # the data directory's lock (mud/ops/datalock.py), held while running
        self.world: World | None = None
        self.started = time.time()
        self.ports: dict[str, int] = {}
        self.ready = False  # listening
        self.warnings: list[str] = []  # what the operator must hear at the start (the console says them too)
        self.hashing = HashQueue()  # password hashing: a fair line in front of a few threads
        self.commits: GroupCommit | None = None  # group commit: bytes to clients wait for the disk
        self._listeners: list = []
        self.stopped_by = ""  # the signal that stopped it (SIGINT, SIGTERM), for the log's last line
        self.ended = 0  # sessions the stop ended
        self._tick_task: asyncio.Task | None = None
        self._bots_scheduled = False
        self.telnet = None  # the telnet listener: port, protocols
        self.tui_workers = None  # the TUI worker processes, if any
        self.sessions: set = set()  # live WorldSessions, any surface
        self.closers: dict = {}  # WorldSession -> callable closing its connection
        self.inputs: dict = {}  # WorldSession -> when its player last typed (monotonic)
        self.since: dict = {}  # WorldSession -> when it opened (monotonic): a logout says how long
        self.caps = AddressCaps(self.limits, self.note)  # per address: connections, accounts (addresses.py)
        self.connections = self.caps.connections  # address -> connections open, any surface
        self.sockets = Sockets(self.caps, self._warn)  # every socket held, against the descriptors left
        self.checking: dict[tuple, tuple] = {}  # (address, name) -> (a lock: its tries one at a time, how many)
        self.metrics = metrics.OFF if config.metrics_port is None else metrics.Metrics(self)

    # --- life cycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Open the store and listen. Raises StoreError (a damaged or unusable database) or
        OSError (a data directory that cannot be made, a port in use), each with one clear line."""
        prepare_data_dir(self.config.data_dir)
        self.lock = datalock.hold(self.config.data_dir)  # one server per data directory; mud restore waits
        try:
            self.store = open_store(self.config.store or os.path.join(self.config.data_dir, "questmud.db"), server=True,
                                    node=self.config.node)
        except BaseException:  # a damaged file: the directory is free again for whoever mends it
            datalock.release(self.lock, self.config.data_dir)
            self.lock = None
            raise
        self.metrics.watch_store(self.store)
        self.store.on_note = self.metrics.heard  # moderation acts (mud/store/moderation.py) are counted too
        settings = self.config.settings
        settings.max_sessions = self.limits.max_sessions
        settings.bot_chunk, settings.bot_run_max = BOT_CHUNK, BOT_RUN_MAX
        self.world = World(self.store, settings)
        self.world.hang_up = self.hang_up  # a kick or a ban closes the connection at once
        self.world.hashing = WorldHashing(self.hashing)  # `password`, `delete account`: off the loop
        self.world.on_bots_due = self._bots_due
        self.world.on_note = self.metrics.heard  # matches, timeouts and takeovers are counted too
        if self.config.bus:
            try:
                self.bus = await node.join(self.world, self.config.bus, self.config.node, told=self._told)
            except node.NodeError:
                self.store.close()
                datalock.release(self.lock, self.config.data_dir)
                raise
        resumed = self.world.resume()
        if resumed:
            log.info("resumed %d match(es)", resumed)
        self.commits = GroupCommit(self.store)  # from now on a move is told once it is on the disk
        asyncio.get_running_loop().set_exception_handler(self.sockets.loop_trouble)
        host = self.config.host
        if self.config.telnet_port is not None:
            closer, port = await telnet.listen(self, host, self.config.telnet_port)
            self._listeners.append(closer)
            self.ports["telnet"] = port
            self.telnet = closer.listener  # its connections (tests look at their sockets)
        full_screens = self.config.ssh_port is not None or self.config.web_port is not None
        if full_screens and self.config.tui_workers > 0:  # SSH's TUIs and the browsers' are drawn there
            self.tui_workers = TuiWorkers(self.config.tui_workers, self.config.data_dir)
            await self.tui_workers.start()
        if self.config.ssh_port is not None:
            closer, port = await ssh.listen(self, host, self.config.ssh_port)
            self._listeners.append(closer)
            self.ports["ssh"] = port
        if self.config.web_port is not None:
            tls = web.ssl_context(self.config.web_cert, self.config.web_key)
            closer, port = await web.listen(self, host, self.config.web_port, tls)
            self._listeners.append(closer)
            self.ports["web"] = port
            self.warnings += [w for w in (web.plain_http_warning(host, tls is not None),) if w]
        if self.config.metrics_port is not None:
            self._listeners.append(await self.metrics.listen(self.config.metrics_host, self.config.metrics_port))
        self._tick_task = asyncio.create_task(self._ticking())
        self.ready = True
        self.note("server_start", version=metrics.VERSION, node=self.config.node or None, host=host,
                  **self.ports, metrics=self.metrics.address[1] if self.metrics.address else None,
                  store="postgresql" if self.config.store else None, data=self.config.data_dir)

    def _told(self, send, message) -> None:
        """A message for the other nodes about the tables, sent once what it tells is on the disk
        (as a move is told to this node's players); at once before the group commit starts."""
        if self.commits is None:
            return send(message)
        self.commits.after(send, message)

    def _bots_due(self) -> None:
        """Bots stopped at BOT_CHUNK while someone waits for them: more moves once the loop has
        looked at everyone's input (a chunk per turn of the loop, never one long stall)."""
        if not self._bots_scheduled:
            self._bots_scheduled = True
            asyncio.get_running_loop().call_soon(self._play_bots)

    def _play_bots(self) -> None:
        self._bots_scheduled = False
        if self.world is not None and self.world.play_bots():
            self._bots_due()

    async def _ticking(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            try:
                self.world.tick()
                self.world.host.beat()  # (the leases of shared tables; nothing alone)
                self._close_idle()
            except Exception:
                log.exception("tick failed")

    def _close_idle(self, now: float | None = None) -> None:
        """Sessions whose player typed nothing for ``limits.idle_timeout`` seconds are closed;
        their seat waits as after any lost connection."""
        limit = self.limits.idle_timeout
        if limit <= 0:
            return
        now = time.monotonic() if now is None else now
        for ws, last in list(self.inputs.items()):
            if now - last >= limit and ws in self.sessions:
                self.inputs.pop(ws, None)
                ws.ended_by = "idle"
                minutes = f"{limit / 60:g}"
                ws.push(Line("info", _("You typed nothing for {minutes} minutes: disconnected. "
                                       "Your seat waits for you; log in again to go on.", minutes=minutes)))
                close = self.closers.get(ws)
                if close is not None:
                    close()
                else:
                    self.close_session(ws)

    def hang_up(self, ws) -> None:
        """End ``ws``'s connection on its surface now (a kick, a ban); its seat waits as after a drop."""
        ws.closed = True
        close = self.closers.get(ws)
        if close is not None:
            try:
                close()
            except Exception:
                log.exception("closing the session of %s failed", ws.name)
        if ws in self.sessions:  # a surface that closes later still leaves the world now
            self.close_session(ws)
        else:
            self.world.disconnect(ws)

    def banned(self, name: str | None, address: str) -> str | None:
        """Why ``name`` or ``address`` may not come in (a ban, saying until when), or None. With the
        store out of reach (PostgreSQL gone) nobody comes in: neither bans nor accounts can be read."""
        try:
            found = modstore.banned(self.store, name, address)
        except StoreFailed:
            return UNREACHABLE
        if found is None:
            return None
        self.note("refused", what="login", player=name, address=address, why="banned", ban=f"{found.kind}:"
                  f"{found.target}")
        return Barred(ban_message(found))

    async def stop(self, reason: str = "stop") -> None:
        """Close the doors, tell everyone, save every match; the log's last line says why (the
        signal, else ``reason``) and how many sessions it ended."""
        reason = self.stopped_by or reason
        self.ended = len(self.sessions)
        collector.stopping()  # (everyone leaving now: no thaw per quarter of them)
        if self._tick_task:
            self._tick_task.cancel()
        closing = list(self._listeners)
        for closer in closing:
            try:
                closer()
            except Exception:
                log.exception("closing a listener failed")
        self._listeners.clear()
        # Everyone is told first, then the connections close: the notice is the last line each
        # reads, with nothing after it (nor before) of the others' leaving as their sessions end.
        for ws in list(self.sessions):
            ws.ended_by = ws.ended_by or "shutdown"
            try:
                saved = ws.seated and not ws.inner.table.over  # (only then)
                ws.push(Line("info", _("The server is shutting down; your game is saved. Come back soon.") if saved
                             else SHUTTING_DOWN))
            except Exception:
                log.exception("telling a session of the shutdown failed")
            ws.hushed = True
        for ws in list(self.sessions):
            close = self.closers.get(ws)
            try:
                if close:
                    close()
            except Exception:
                log.exception("closing a session failed")
        await asyncio.sleep(0.05)
        for closer in closing:  # a listener whose closing takes a while (the web's)
            if getattr(closer, "task", None) is not None:
                await closer.task
        if self.tui_workers is not None:  # (after their TUIs had their last words)
            await self.tui_workers.stop()
        for ws in list(self.sessions):  # (a surface still closing: its logout is logged now)
            self._logged_out(ws)
        if self.world is not None:
            self.world.save_all()
        if self.bus is not None:
            await self.bus.stop()
            self.bus = None
        self.hashing.close()
        self.metrics.close()
        if self.commits is not None:
            self.commits.close()
        if self.world is not None:
            self.world.host.leave()  # (every move stored: the other nodes may take its tables now)
        if self.store is not None:
            self.store.close()
            self.store = None
        datalock.release(self.lock, self.config.data_dir)  # (stopped cleanly: no server.lock left behind)
        self.lock = None
        if self.ready:
            self.ready = False
            self.note("server_stop", reason=reason, sessions=self.ended)

    async def run_until_signal(self) -> None:
        await self.start()
        loop = asyncio.get_running_loop()
        done = asyncio.Event()

        def stopping(sig: signal.Signals) -> None:
            self.stopped_by = self.stopped_by or sig.name
            done.set()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stopping, sig)
            except (NotImplementedError, RuntimeError):
                pass
        await done.wait()
        await self.stop()

    # --- addresses ----------------------------------------------------------------------------
    def connection_opened(self, address: str) -> str | None:
        """Count a new connection; the reason it is refused (too many from its address), or None."""
        return self.caps.opened(address)

    def connection_closed(self, address: str) -> None:
        self.caps.closed(address)

    def socket_opened(self, address: str, web: bool = False) -> str | None:
        """Count a socket from its accept (telnet, SSH, and each of the web's HTTP connections with
        ``web``); why it must be closed at once (the process near its descriptors' end; too many
        HTTP connections from the address), or None (mud/server/addresses.py ``Sockets``)."""
        return self.sockets.opened(address, web)

    def socket_closed(self, address: str, web: bool = False) -> None:
        self.sockets.closed(address, web)

    def _warn(self, event: str, **fields) -> None:
        oplog.note(log, event, self.metrics.heard, logging.WARNING, **fields)

    # --- accounts -----------------------------------------------------------------------------
    def login_blocked(self, address: str, name: str | None = None) -> bool:
        blocked = self.guard.blocked(address or "?", name)
        if blocked:  # the surface refuses before any password is asked
            self.metrics.login_refused("Too many failed logins")
        return blocked

    def note(self, event: str, **fields) -> None:
        """One of the operator's events: a line of the log, counted by the metrics (mud/ops/oplog.py)."""
        oplog.note(log, event, self.metrics.heard, **fields)

    # --- sessions -----------------------------------------------------------------------------
    def open_session(self, name: str, surface: str, wake=None, close=None, address: str = "",
                     about: dict | None = None, uid: str | None = None, lang: str | None = None,
                     hint: str | None = None):
        """Enter the world as ``name`` (already authenticated, from ``address``). Raises WorldFull,
        or Banned: every surface comes through here, SSH keys that skip the password too. The
        login's line in the log has ``about``'s fields after its own (the client's terminal ...).
        ``lang``: a language the player chose as they came; ``hint``: one their client said (World.connect)."""
        barred = self.banned(name, address or "?")
        if barred:
            raise Banned(barred)
        if len(self.sessions) >= self.limits.max_sessions and self.world.session(name) is None:
            self.metrics.login_refused("The world is full")
            raise WorldFull(_("The world is full right now; try again in a little while."))
        ws = self.world.connect(name, wake, surface, uid, lang=lang, hint=hint)  # (uid: a ticket's, checked as it enters)
        ws.address = address
        self.metrics.watch_session(ws)
        self.sessions.add(ws)
        self.inputs[ws] = time.monotonic()
        if close is not None:
            self.closers[ws] = close
        self.since[ws] = time.monotonic()
        self.note("login", player=ws.name, surface=surface, address=address or "?", **(about or {}))
        return ws

    def touch(self, ws) -> None:
        """Its player typed something: the idle clock starts again."""
        if ws in self.sessions:
            self.inputs[ws] = time.monotonic()

    def close_session(self, ws) -> None:
        """The session ends (every surface calls this, once or more): its logout is logged once."""
        if ws in self.sessions:
            self._logged_out(ws)
        self.closers.pop(ws, None)
        self.inputs.pop(ws, None)
        self.world.disconnect(ws)

    def _logged_out(self, ws) -> None:
        """The logout's line, with why: whoever ended the session said so in ``ws.ended_by`` (a kick,
        the idle timeout, the shutdown ...); else the player typed quit, or the connection dropped."""
        self.sessions.discard(ws)
        collector.ended(still_open=len(self.sessions))  # (what it leaves frozen is looked for, in time)
        cause = ws.ended_by or ("quit" if ws.quitting else "drop")
        began = self.since.pop(ws, None)
        self.note("logout", player=ws.name, surface=ws.surface or None, address=ws.address or "?", cause=cause,
                  seconds=None if began is None else int(time.monotonic() - began))
