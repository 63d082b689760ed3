"""The web surface of ``mud serve --web-port N``: the same full-screen game in a browser.

One aiohttp server: the login page, the terminal page, the screen-reader page (the line interface
of telnet and ``ssh -T`` as text, a live region and buttons: mud/server/web/lines.py), static files
(the project's own and textual-serve's front end: xterm.js and a monospace font, all served from
here, none from a CDN), and one WebSocket per player carrying the same in-process app as SSH
(mud/server/web/player.py) or the lines.

What protects it (the web has attackers SSH never sees):

* The password is checked by a form POST, before any WebSocket: the same account check, throttles
  and account-creation caps as SSH and telnet (``Server.login``). A login is a session the server
  keeps in the store (mud/server/web/logins.py), bound to the account's identity: the cookie is an
  opaque random token (HttpOnly, SameSite=Strict, Secure over HTTPS), which only lets the terminal
  page be fetched while the login lives -- ended by ``POST /logout``, a password change, a ban or
  the account's deletion, and worth nothing once the name is another account's.
* The terminal page holds a one-time ticket, short-lived and bound to that login's account; the
  WebSocket needs it (``/ws/<ticket>``), and its ``Origin`` must be this server's own. POSTs check
  Origin too. One account's tickets are bounded, so it cannot evict another browser's.
* Every page sends a Content-Security-Policy allowing only this origin, and nothing a player types
  is ever put in a page as HTML: the terminal is drawn by xterm.js from bytes, the screen-reader
  page's lines are set as text.
* Per-address caps, ``--max-sessions``, the command rate, the idle timeout and output flow control
  apply as for SSH: a WebSocket is one more connection of its address.
* Every HTTP connection is counted from its accept, capped per address, and must send its headers
  within a few seconds (mud/server/web/guard.py).
* ``--web-cert``/``--web-key`` serve HTTPS/WSS; plain HTTP beyond loopback is a warning (log and console).
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import logging
import secrets
import ssl
import time
from importlib import resources
from pathlib import Path

from aiohttp import web

from mud.ops import oplog
from mud.server.clients.proxy import client_address
from mud.server.clients.lines import TOO_MANY_FAILURES
from mud.server.web.guard import BODY_WAIT, GuardedRunner
from mud.server.web.lines import WebLines
from mud.server.web.logins import LOGIN_TTL, StoredLogins, Tickets, digest
from mud.server.web.pages import closed_page, lines_page, login_page, play_page
from mud.server.web.player import WebPlayer, clamp
from mud.store.records import AccountGone, StoreFailed
from mud.shell import language
from mud.shell.session import Line
from mud.shell.words import _, render
from mud.world.session import valid_name

log = logging.getLogger("questmud.web")

COOKIE = "questmud"
MOST_PASSES = 20_000  # local play's logins remembered at most (the oldest go first)
NOT_STORED = _("The server cannot keep your login right now; try again in a little while.")
FOREIGN_FORM = _("That form did not come from this server's page.")
MAX_BODY = 8 * 1024  # bytes of a login form
MAX_MESSAGE = 64 * 1024  # bytes of one WebSocket message from a browser (a paste is cut by the driver)
HEARTBEAT = 30.0  # seconds between WebSocket pings: a vanished browser is noticed
OWN = Path(__file__).with_name("static")
# textual.js also injects xterm's stylesheet as two <style> elements (the page links the same file):
# allowed by their hashes, so the policy needs no 'unsafe-inline' (tests/mud/server/web/test_web_browser.py
# checks that the page logs no violation, so a new textual-serve that changes them is noticed).
STYLE_HASHES = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=' 'sha256-03EiY9OLVCaCQVNKUgCYxdI11BJ8pKsqSKUlTlszVsE='"


def xterm_files() -> Path:
    """textual-serve's static files (textual.js bundles xterm.js and its addons; xterm.css; the
    Roboto Mono font), served as they are installed: see docs/decisions.md."""
    return Path(str(resources.files("textual_serve") / "static"))


class Passes:
    """Random strings that stand for a player for a while, in this process: local play's login
    cookie (``mud play --web``; a server's logins are kept in its store: logins.py)."""

    def __init__(self, ttl: float, once: bool, clock=time.monotonic) -> None:
        self.ttl, self.once, self.clock = ttl, once, clock
        self._held: dict[str, tuple[str, float, tuple]] = {}  # pass -> (name, until, what it carries)

    def issue(self, name: str, *carried) -> str:
        key = secrets.token_urlsafe(24)
        self._held[key] = (name, self.clock() + self.ttl, carried)
        if len(self._held) > MOST_PASSES:
            del self._held[next(iter(self._held))]
        return key

    def look(self, key: str | None) -> tuple[str, tuple] | None:
        """(name, what it carries) for a good pass; a one-time pass is used up by looking."""
        if not key or len(key) > 64:
            return None
        held = self._held.pop(key, None) if self.once else self._held.get(key)
        if held is None:
            return None
        name, until, carried = held
        if self.clock() > until:
            self._held.pop(key, None)
            return None
        return name, carried

    def carry(self, key: str, *carried) -> None:
        """What a pass carries from now on (a welcome is said once)."""
        if key in self._held:
            name, until, _old = self._held[key]
            self._held[key] = (name, until, carried)

    def forget(self, key: str | None) -> None:
        self._held.pop(key or "", None)


def loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


class WebFront:
    """The routes of the web surface, for a gate: the server (accounts and the shared world), or
    local play (one player, let in by a key in the URL: mud/server/web/local.py)."""

    def __init__(self, gate, tls: bool = False) -> None:
        self.gate = gate
        self.tls = tls
        self.logins = Passes(LOGIN_TTL, once=False)  # local play's (a key in the URL)
        store = getattr(gate, "store", None)  # (local play has none)
        self.stored = StoredLogins(store) if store is not None else None  # a server's logins
        self.tickets = Tickets()
        self.players: set[WebPlayer | WebLines] = set()

    def application(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._headers])
        app.router.add_get("/", self.index)
        app.router.add_post("/login", self.login)
        app.router.add_post("/logout", self.logout)
        app.router.add_get("/play", self.play)
        app.router.add_get("/lines", self.lines)
        app.router.add_get("/ws/{ticket}", self.socket)
        app.router.add_get("/ws/lines/{ticket}", self.lines_socket)
        app.router.add_static("/static/qm/", OWN, append_version=False)
        app.router.add_static("/static/xterm/", xterm_files(), append_version=False)
        return app

    # --- what every answer carries --------------------------------------------------------------
    @web.middleware
    async def _headers(self, request: web.Request, handler):
        try:
            response = await handler(request)
        except web.HTTPException as http:  # a redirect, a refusal: the same headers
            self._secure(request, http)
            raise
        self._secure(request, response)
        return response

    def _secure(self, request: web.Request, response: web.StreamResponse) -> None:
        if isinstance(response, web.WebSocketResponse) or response.prepared:
            return
        own = f"{'wss' if self.tls else 'ws'}://{request.host}"
        response.headers["Content-Security-Policy"] = (
            f"default-src 'self'; connect-src 'self' {own}; img-src 'self' data:; font-src 'self'; "
            f"style-src 'self' {STYLE_HASHES}; script-src 'self'; object-src 'none'; base-uri 'none'; "
            "form-action 'self'; frame-ancestors 'none'")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"  # (no-referrer would make a POST's Origin "null")
        response.headers["X-Frame-Options"] = "DENY"
        if response.content_type == "text/html":
            response.headers["Cache-Control"] = "no-store"

    def origin(self, request: web.Request) -> str:
        return f"{'https' if self.tls else 'http'}://{request.host}"

    def same_origin(self, request: web.Request) -> bool:
        """The request comes from one of this server's own pages (a browser always says so for a
        WebSocket and a POST; a page elsewhere cannot forge it)."""
        return request.headers.get("Origin") == self.origin(request)

    def address(self, request: web.Request) -> str:
        """The client's address: the peer's, or behind a trusted proxy the one it forwards (proxy.py)."""
        peer = request.transport.get_extra_info("peername") if request.transport else None
        return client_address(peer[0] if peer else "?", request.headers, getattr(self.gate, "proxies", ()))

    @staticmethod
    def html(text: str, status: int = 200) -> web.Response:
        return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")

    def set_cookie(self, response: web.StreamResponse, value: str, max_age: int) -> None:
        response.set_cookie(COOKIE, value, max_age=max_age, path="/", httponly=True, samesite="Strict",
                            secure=self.tls)

    # --- the pages ------------------------------------------------------------------------------
    @staticmethod
    def reader_lang(request: web.Request) -> str:
        """The browser's language (its Accept-Language), for what is said before a login."""
        return language.from_accept_language(request.headers.get("Accept-Language")) or language.DEFAULT

    async def index(self, request: web.Request) -> web.StreamResponse:
        """The login form, in the language the switch chose (``?lang=it``), else the browser's."""
        picked = language.parse(request.query.get("lang"))
        lang = picked or language.from_accept_language(request.headers.get("Accept-Language"))
        return self.html(login_page(lang=lang or language.DEFAULT, chosen=picked is not None))

    async def login(self, request: web.Request) -> web.StreamResponse:
        lang = self.reader_lang(request)
        if not self.same_origin(request):
            return self.html(closed_page(FOREIGN_FORM, lang), 403)
        try:
            form = await asyncio.wait_for(request.post(), BODY_WAIT)  # (a body sent a byte at a time ends)
        except asyncio.TimeoutError:
            return self.html(login_page(_("That form took too long to arrive."), lang=lang), 408)
        except (web.HTTPException, ValueError):
            return self.html(login_page(_("That form was too long."), lang=lang), 413)
        # the page's language goes on with the form shown again, and to the account (``keep_language``)
        lang, chosen = language.parse(str(form.get("lang", ""))) or lang, form.get("chosen") == "1"
        form_page = functools.partial(login_page, lang=lang, chosen=chosen)
        name = str(form.get("name", "")).strip()  # whole: a long name is refused, as telnet does, never cut
        lines = page_asked(form.get("page")) == "/lines"  # (the form shown again keeps the choice)
        password, again = str(form.get("password", ""))[:256], form.get("again")
        address = self.address(request)
        if valid_name(name) is not None:  # (shown again no longer than a name may be)
            return self.html(form_page(valid_name(name) or "", name[:16], lines=lines), 400)
        if self.gate.login_blocked(address, name):
            return self.html(form_page(TOO_MANY_FAILURES, name,
                                       lines=lines), 429)
        new = not self.gate.account_exists(name)
        if new and again is None:  # the second password is asked on the page
            return self.html(form_page("", name, new=True, lines=lines))
        if new and str(again)[:256] != password:
            return self.html(form_page(_("The two passwords differ: type them again."), name, new=True,
                                       lines=lines), 400)
        checked = await self.gate.login(name, password, address, surface="web")
        ok, message = checked
        if not ok:
            return self.html(form_page(message, name, new=new, lines=lines), 403)
        uid = checked.uid if self.stored is not None else None  # (the account the password was right for)
        if uid is not None:
            self.keep_language(name, uid, lang, chosen)
        token = self.stored.issue(name, uid, render(message, lang)) if uid is not None else None
        if token is None:
            return self.html(form_page(NOT_STORED, name, lines=lines), 503)
        done = web.HTTPSeeOther("/lines" if lines else "/play")
        self.set_cookie(done, token, int(LOGIN_TTL))
        raise done

    def keep_language(self, name: str, uid: str, lang: str, chosen: bool) -> None:
        """The login page's language, kept with the account: always when the player picked it with
        the switch; else (the browser's Accept-Language) only for an account never asked."""
        store = getattr(self.gate, "store", None)
        try:
            if store is not None and (chosen or (store.account(name) or {}).get("lang") is None):
                store.set_language(name, lang, uid)
        except (AccountGone, StoreFailed):  # (gone meanwhile: its session will not open; full: English)
            pass

    async def logout(self, request: web.Request) -> web.StreamResponse:
        """The login ends, on every node (its cookie is worth nothing from now on); a live game in
        another tab plays on until it is quit."""
        if not self.same_origin(request):
            lang = self.reader_lang(request)
            return self.html(closed_page(FOREIGN_FORM, lang), 403)
        cookie = request.cookies.get(COOKIE)
        if self.stored is not None:
            self.stored.end(cookie)
        else:
            self.logins.forget(cookie)
        done = web.HTTPSeeOther("/")
        self.set_cookie(done, "", 0)
        raise done

    def logged_in(self, request: web.Request) -> tuple[str, str, str] | None:
        """(name, uid, a welcome said once) of this browser's live login, or None."""
        cookie = request.cookies.get(COOKIE)
        if self.stored is not None:
            return self.stored.look(cookie)
        login = self.logins.look(cookie)
        return None if login is None else (login[0], "", "")

    def ticket_url(self, request: web.Request, path: str) -> tuple[str, str]:
        """The WebSocket address of a page for the logged-in browser (``path``: the terminal's or
        the lines'), with a fresh one-time ticket, and the language its account reads; no login
        sends the browser to the form."""
        login = self.logged_in(request)  # (ended, out of date, or its account gone: none)
        if login is None:
            raise web.HTTPSeeOther("/")
        name, uid, welcome = login
        ticket = self.tickets.issue(name, uid, self.address(request), welcome, digest(request.cookies.get(COOKIE, "")))
        return f"{'wss' if self.tls else 'ws'}://{request.host}{path}{ticket}", self.gate.account_lang(name)

    async def play(self, request: web.Request) -> web.StreamResponse:
        size = request.query.get("fontsize", "16")
        font = int(size) if size.isdigit() and 8 <= int(size) <= 40 else 16
        address, lang = self.ticket_url(request, "/ws/")
        return self.html(play_page(address, font, lang))

    async def lines(self, request: web.Request) -> web.StreamResponse:
        return self.html(lines_page(*self.ticket_url(request, "/ws/lines/")))

    async def socket(self, request: web.Request) -> web.StreamResponse:
        """The terminal page's WebSocket: the full-screen app."""
        def terminal(name: str, intro: list[Line], address: str, uid: str | None) -> WebPlayer:
            size = clamp(request.query.get("width", 80), request.query.get("height", 24))
            return WebPlayer(self.gate, name, size, intro, address, uid)
        return await self.connect(request, terminal)

    async def lines_socket(self, request: web.Request) -> web.StreamResponse:
        """The screen-reader page's WebSocket: the line interface."""
        return await self.connect(request, lambda name, intro, address, uid: WebLines(self.gate, name, intro, address,
                                                                                   uid))

    async def connect(self, request: web.Request, player_of) -> web.StreamResponse:
        """A page's WebSocket, let in by its Origin, its ticket and the per-address caps; the
        player (``player_of(name, intro, address, uid)``) plays on it until either side goes."""
        if not self.same_origin(request):
            oplog.note(log, "refused", what="websocket", address=self.address(request), why="origin",
                       origin=request.headers.get("Origin", ""))
            raise web.HTTPForbidden(text=render(_("Wrong origin."), self.reader_lang(request)))
        ticket = self.tickets.take(request.match_info["ticket"])
        if ticket is None:
            raise web.HTTPForbidden(text=render(_("That ticket is unknown, used or out of date: load the page again."),
                                                 self.reader_lang(request)))
        name, uid, welcome, login = ticket
        if self.stored is not None and not self.stored.live(login, uid):  # (ended, or its account gone)
            raise web.HTTPForbidden(text=render(_("That login has ended: log in again."), self.reader_lang(request)))
        address = self.address(request)
        refused = self.gate.connection_opened(address)
        if refused:
            raise web.HTTPTooManyRequests(text=render(refused, self.reader_lang(request)))
        try:
            socket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE, compress=False)
            await socket.prepare(request)
            player = player_of(name, [Line("info", welcome)] if welcome else [], address, uid)
            self.players.add(player)
            try:
                await player.run(socket, request.transport)
            finally:
                self.players.discard(player)
                await socket.close()
            return socket
        finally:
            self.gate.connection_closed(address)


def page_asked(page) -> str:
    """Where a login goes: the screen-reader page when its button was pressed, else the terminal."""
    return "/lines" if page == "lines" else "/play"


def plain_http_warning(host: str, tls: bool) -> str:
    """What an operator is told (in server.log and on the console) when passwords would cross a
    network unencrypted: plain HTTP on an address beyond loopback; else ""."""
    if tls or loopback(host):
        return ""
    return (f"plain HTTP on {host}: passwords cross the network readable; give --web-cert and --web-key "
            "to serve HTTPS, or put an HTTPS proxy in front")


def ssl_context(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """HTTPS from a certificate and its key (PEM files), or None for plain HTTP."""
    if not cert and not key:
        return None
    if not cert or not key:
        raise OSError("--web-cert and --web-key go together")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


async def listen(gate, host: str, port: int, tls: ssl.SSLContext | None = None):
    """Serve the web surface; returns (a closer, the port)."""
    front = WebFront(gate, tls=tls is not None)
    runner = GuardedRunner(front.application(), gate, access_log=None, handle_signals=False, shutdown_timeout=3.0)
    await runner.setup()
    site = web.TCPSite(runner, host, port, ssl_context=tls, reuse_address=True)
    await site.start()
    bound = site._server.sockets[0].getsockname()[1] if site._server and site._server.sockets else port
    warning = plain_http_warning(host, tls is not None)
    if warning:
        log.warning("web: %s", warning)

    async def close() -> None:
        for player in list(front.players):
            player.stop()
        await runner.cleanup()

    closer = Closer(close)
    closer.front = front
    return closer, bound


class Closer:
    """Called by the server at its stop (a plain call, as the other listeners' closers are)."""

    def __init__(self, close) -> None:
        self._close = close
        self.front: WebFront | None = None
        self.task = None

    def __call__(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._close())
