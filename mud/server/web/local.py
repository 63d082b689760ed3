"""``mud play --web``: the local game in a browser, on loopback only.

The same pages and the same in-process app as ``mud serve --web-port`` (mud/server/web/front.py), for
one player and no accounts: the URL printed (and opened in the default browser when there is a
desktop) holds a one-time key that logs this browser in; the same URL with ``&page=lines`` opens
the screen-reader page instead. Closing the tab is closing the terminal:
the game is saved move by move anyway, and the process ends once the tab has been gone for
``GRACE`` seconds (a reload comes back well within it); ``quit`` in the game ends it at once.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
import webbrowser

from aiohttp import web

from mud.server.clients.lines import Limits
from mud.server.web.front import COOKIE, WebFront, page_asked
from mud.server.web.logins import LOGIN_TTL
from mud.server.web.pages import closed_page
from mud.shell.words import _, render

GRACE = 15.0  # seconds the game waits for its tab to come back (QUESTMUD_WEB_GRACE: tests)


class LocalGate:
    """The local world as the web front sees it: one player, already in; no accounts."""

    def __init__(self, ws) -> None:
        self.ws = ws  # the player's WorldSession, seated at their game
        self.limits = Limits(trust_loopback=True)
        self.connected = 0
        self.done = asyncio.Event()  # the process may end
        self._grace: asyncio.TimerHandle | None = None

    def login_blocked(self, address: str, name: str | None = None) -> bool:
        return False

    def account_exists(self, name: str) -> bool:
        return False

    def account_lang(self, name: str) -> str:
        return self.ws.lang

    async def login(self, name: str, password: str, address: str = "", surface: str = "") -> tuple[bool, str]:
        return False, _("Local play has no accounts: open the address mud play printed.")

    def connection_opened(self, address: str) -> str | None:
        if self.connected:
            return _("The game is open in another tab; close it first.")
        self.connected += 1
        return None

    def connection_closed(self, address: str) -> None:
        self.connected -= 1

    def open_session(self, name: str, surface: str, wake=None, close=None, address: str = "", uid=None):
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None
        self.ws.wake = wake  # this tab's app hears the news (a tab before it is gone)
        return self.ws

    def close_session(self, ws) -> None:
        ws.wake = None
        if ws.closed:  # 'quit'
            self.done.set()
        else:
            grace = float(os.environ.get("QUESTMUD_WEB_GRACE", GRACE))
            self._grace = asyncio.get_running_loop().call_later(grace, self.done.set)

    def touch(self, ws) -> None:
        pass


class LocalFront(WebFront):
    """The web front with a key in the URL instead of a login form."""

    def __init__(self, gate: LocalGate) -> None:
        super().__init__(gate)
        self.key = secrets.token_urlsafe(18)

    async def index(self, request: web.Request) -> web.StreamResponse:
        page = page_asked(request.query.get("page"))
        if self.key and secrets.compare_digest(request.query.get("key", ""), self.key):
            self.key = ""  # used once: the cookie carries the login from now on
            done = web.HTTPSeeOther(page)
            self.set_cookie(done, self.logins.issue(self.gate.ws.name, ""), int(LOGIN_TTL))
            raise done
        if self.logins.look(request.cookies.get(COOKIE)) is not None:
            raise web.HTTPSeeOther(page)
        return self.html(closed_page(_("Open the address that 'mud play --web' printed: it holds a one-time key."),
                                     self.gate.ws.lang), 403)

    async def login(self, request: web.Request) -> web.StreamResponse:
        raise web.HTTPNotFound()


def has_desktop() -> bool:
    """Is there a graphical browser to open? (On a bare terminal, webbrowser would pick a text
    browser and take over the very terminal that shows the address.)"""
    return sys.platform in ("darwin", "win32") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


async def serve_local(ws, port: int = 0, open_browser: bool = True, said=print) -> int:
    """Serve ``ws``'s game on 127.0.0.1 until it is quit or its tab is gone; 0 when it ended well."""
    gate = LocalGate(ws)
    front = LocalFront(gate)
    runner = web.AppRunner(front.application(), access_log=None, handle_signals=False, shutdown_timeout=2.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    bound = site._server.sockets[0].getsockname()[1]
    url = f"http://127.0.0.1:{bound}/?key={front.key}"
    said(render(_("mud play: your game is at {url}\n(open it in a browser on this machine; it works once. "
                  "With a screen reader, open {url}&page=lines instead: the game as lines of text. "
                  "Ctrl+C here stops the game, saved.)", url=url), ws.lang))
    if open_browser and has_desktop() and not os.environ.get("QUESTMUD_NO_BROWSER"):
        webbrowser.open(url)
    try:
        await gate.done.wait()
    finally:
        for player in list(front.players):
            player.stop()
        await runner.cleanup()
    return 0
