"""A real browser for tests: Debian's chromium driven by Playwright (``executable_path``: nothing
is downloaded), a real ``mud serve`` in its own process, and the terminal read back exactly as the
page got it -- the WebSocket's bytes fed to pyte, at the size the page asked for (xterm.js draws on
a canvas, so the screen is not in the DOM).

Every browser test takes its browser from the fixtures here (``browser``, ``context``), which fail
it at teardown on any error of any of its pages: a script's uncaught exception, or the console's
error (a refused resource, a Content-Security-Policy violation). A test module imports them:
``from tests.browser import browser, chromium, context``.

Anything missing (chromium, Playwright) makes the tests skip, saying which and how to get it."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

import pyte
import pytest

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # an optional test dependency: the browser tests skip without it
    sync_playwright = None

CHROMIUM = next((p for p in (os.environ.get("QUESTMUD_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser",
                             shutil.which("chromium") or "") if p and os.path.exists(p)), None)
WAIT = 10.0  # seconds for a screen to show what a test waits for


def need_browser():
    """Playwright's sync API and a chromium binary, or a skip that says what is missing."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt install chromium): the browser tests cannot run")
    if sync_playwright is None:
        pytest.skip("Playwright for Python is not installed (pip install playwright): the browser tests cannot run")
    return sync_playwright


class PageErrors:
    """What went wrong in the pages of the browser contexts it watches: uncaught script errors
    (``pageerror``) and console messages of type error, each with its page's address."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.allowed: list[str] = []  # regular expressions of errors a test causes on purpose

    def allow(self, pattern: str) -> None:
        """An error the test causes on purpose (a refused login answers 403, which the console
        reports) is no failure: the test names it."""
        self.allowed.append(pattern)

    def watch(self, context):
        """``context``, whose every page (opened by a test or by a script) is watched from now on."""
        for page in context.pages:
            self._page(page)
        context.on("page", self._page)
        return context

    def _page(self, page) -> None:
        page.on("pageerror", lambda error: self.seen.append(f"{page.url}: {error}"))
        page.on("console", lambda m: m.type == "error" and self.seen.append(f"{page.url}: console: {m.text}"))

    def check(self) -> None:
        wrong = [seen for seen in self.seen if not any(re.search(p, seen) for p in self.allowed)]
        assert not wrong, "the pages had errors:\n" + "\n".join(wrong)


class WatchedBrowser:
    """Chromium as a test sees it: every context it opens is watched for page errors."""

    def __init__(self, chromium, errors: PageErrors) -> None:
        self.chromium, self.errors = chromium, errors

    def new_context(self, **options):
        return self.errors.watch(self.chromium.new_context(**options))

    def allow(self, pattern: str) -> None:
        self.errors.allow(pattern)


@pytest.fixture(scope="module")
def chromium():
    """Debian's chromium, headless, launched once for a test module."""
    play = need_browser()
    with play() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium):
    """The browser of one test, which fails at teardown if any page it opened had an error."""
    errors = PageErrors()
    yield WatchedBrowser(chromium, errors)
    errors.check()


@pytest.fixture
def context(browser):
    """A fresh browser context (its own cookies) for one test."""
    context = browser.new_context()
    yield context
    context.close()


class Served:
    """``mud serve`` with the web and telnet ports on 127.0.0.1, in a temporary folder."""

    def __init__(self, data: str, *extra: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mud.cli", "serve", "--ssh-port", "-1", "--telnet-port", "0", "--web-port", "0",
             "--data", data, "--turn-time", "0", *extra],
            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        line = self.proc.stderr.readline()
        found = dict(re.findall(r"(\w+) on 127\.0\.0\.1:(\d+)", line))
        if "web" not in found:
            self.stop()
            pytest.skip(f"mud serve did not start its web port: {line.strip()!r}")
        self.web, self.telnet = int(found["web"]), int(found["telnet"])
        self.url = f"http://127.0.0.1:{self.web}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class LocalWeb:
    """``mud play GAME --web`` in its own process (no browser opened by it); ``url`` is the one it
    prints, ``lines_url`` the screen-reader page's it prints beside it."""

    def __init__(self, data: str, *args: str, grace: float = 2.0) -> None:
        env = dict(os.environ, QUESTMUD_NO_BROWSER="1", QUESTMUD_WEB_GRACE=str(grace))
        self.proc = subprocess.Popen([sys.executable, "-m", "mud.cli", "play", *args, "--web", "--data", data],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     text=True, env=env)
        self.printed = self.proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/\?key=[\w-]+", self.printed)
        if not found:
            self.stop()
            raise AssertionError(f"mud play --web printed no address: {self.printed!r}")
        self.url = found.group()
        self.printed += self.proc.stdout.readline()
        lines = re.search(r"http://127\.0\.0\.1:\d+/\?key=[\w-]+&page=lines", self.printed)
        self.lines_url = lines.group() if lines else None
        self.base = self.url.split("/?")[0]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)


class Tab:
    """One browser tab on the game: its page, and its terminal as the WebSocket drew it."""

    def __init__(self, context, url: str, size: tuple[int, int] = (1000, 560)) -> None:
        self.page = context.new_page()
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.url = url
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.sockets = []
        self.page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        self.sockets.append(ws)
        self.screen.reset()
        ws.on("framereceived", lambda data: isinstance(data, bytes) and self.stream.feed(data))
        ws.on("framesent", self._sent)

    def _sent(self, data) -> None:
        if isinstance(data, str) and data.startswith('["resize"'):
            size = json.loads(data)[1]
            self.screen.resize(size["height"], size["width"])

    def open(self, url: str) -> None:
        self.page.goto(url)

    def log_in(self, name: str, password: str = "pw1234", new: bool = False) -> None:
        self.page.goto(self.url + "/")
        self.page.fill("input[name=name]", name)
        self.page.fill("input[name=password]", password)
        self.page.click("button[type=submit]")
        if new:
            self.page.wait_for_selector("input[name=again]")
            self.page.fill("input[name=password]", password)
            self.page.fill("input[name=again]", password)
            self.page.click("button[type=submit]")
        self.page.wait_for_url("**/play")

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, pattern: str, timeout: float = WAIT, poll: float = 50) -> str:
        """The screen once it shows ``pattern`` (a regular expression); fails with the screen.
        ``poll``: milliseconds between looks (Playwright hands over the frames while it waits)."""
        end = time.monotonic() + timeout
        while True:
            self.page.wait_for_timeout(poll)
            screen = self.text()
            if re.search(pattern, screen):
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{pattern!r} never came on screen:\n{screen}")

    def type(self, line: str) -> None:
        self.page.keyboard.type(line)
        self.page.keyboard.press("Enter")

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def click_text(self, text: str) -> None:
        """A click on ``text`` where the screen shows it (its first character's cell)."""
        for row, line in enumerate(self.screen.display):
            col = line.find(text)
            if col >= 0:
                box = self.page.locator(".xterm-screen").bounding_box()
                cw, ch = box["width"] / self.screen.columns, box["height"] / self.screen.lines
                self.page.mouse.click(box["x"] + (col + 1.5) * cw, box["y"] + (row + 0.5) * ch)
                return
        raise AssertionError(f"{text!r} is not on screen:\n{self.text()}")


class Telnet:
    """A line-mode player beside the browsers: a plain socket, as nc would be."""

    def __init__(self, port: int, name: str, password: str = "pw1234") -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        self.seen = ""
        self.expect("Name: ")
        self.send(name)
        self.expect("Password: ")
        self.send(password)
        self.expect("again: ")
        self.send(password)
        self.expect("Lingua (")  # a new account is asked its language (issue 43): English
        self.send("1")
        self.expect("> ")

    def send(self, line: str) -> None:
        self.sock.sendall(line.encode() + b"\r\n")

    def expect(self, text: str) -> str:
        end = time.monotonic() + WAIT
        while text not in self.seen:
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} never came over telnet; got {self.seen[-500:]!r}")
            chunk = self.sock.recv(65536)
            if not chunk:
                raise AssertionError(f"telnet closed before {text!r}")
            self.seen += re.sub(rb"\xff[\xfb-\xfe].|\xff\xfa.*?\xff\xf0|\x1b\[[0-9;]*m", b"", chunk,
                                flags=re.S).decode("utf-8", "replace")
        cut = self.seen.index(text) + len(text)
        got, self.seen = self.seen[:cut], self.seen[cut:]
        return got

    def close(self) -> None:
        self.sock.close()
