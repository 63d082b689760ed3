"""The screen-reader page over HTTP, without a browser: it is let in as the terminal page is (a
login, a one-time ticket, this server's Origin) and speaks the line interface of telnet and
``ssh -T`` -- the same greeting, answers, numbered questions, limits and last words -- as JSON
batches of text lines (mud/server/web/lines.py)."""

from __future__ import annotations

import asyncio
import json
import re
import time

import aiohttp
import pytest

from mud.server.core import Config, Server
from mud.server.web.lines import WRITE_MAX
from mud.server.web.pages import lines_page, login_page
from tests.mud.server.clients.test_durable import SLOW, slow_disk  # noqa: F401 (a fixture)
from tests.mud.server.web.test_web import origin, served, url  # noqa: F401 (served: a fixture)


async def log_in(http, srv, name="alice", page="lines"):
    form = {"name": name, "password": "pw1234", "again": "pw1234", "page": page}
    return await http.post(url(srv, "/login"), data=form, headers=origin(srv), allow_redirects=False)


async def lines_ticket(http, srv) -> str:
    async with http.get(url(srv, "/lines")) as page:
        text = await page.text()
    return re.search(r'/ws/lines/([\w-]+)"', text).group(1)


class Page:
    """The screen-reader page's socket, read batch by batch as lines.js would."""

    def __init__(self, socket) -> None:
        self.socket = socket
        self.batches: list[dict] = []

    @property
    def text(self) -> str:
        return "\n".join(line for b in self.batches for line in ([b["echo"]] if "echo" in b else []) + b["lines"])

    @property
    def last(self) -> dict:
        return self.batches[-1]

    async def until(self, pattern: str) -> dict:
        """Batches until one holds ``pattern`` (a regular expression); that one."""
        while True:
            msg = await asyncio.wait_for(self.socket.receive(), 10)
            assert msg.type == aiohttp.WSMsgType.TEXT, f"the page closed before {pattern!r}: {self.text}"
            batch = json.loads(msg.data)
            self.batches.append(batch)
            if re.search(pattern, "\n".join(([batch["echo"]] if "echo" in batch else []) + batch["lines"])):
                return batch

    async def type(self, line: str) -> None:
        await self.socket.send_json(["line", line])

    async def closed(self) -> None:
        while (await asyncio.wait_for(self.socket.receive(), 10)).type == aiohttp.WSMsgType.TEXT:
            pass


async def open_page(http, srv, name="alice") -> Page:
    await log_in(http, srv, name)
    return Page(await http.ws_connect(url(srv, f"/ws/lines/{await lines_ticket(http, srv)}"), headers=origin(srv)))


def test_the_login_form_offers_the_screen_reader_page_and_it_is_a_page_of_text():
    form = login_page()
    assert 'name="page" value="lines"' in form and "Screen-reader page (plain lines)" in form
    again = login_page("", "bob", new=True)  # the second step of a new account offers it too ...
    assert again.index("Create the account and play") < again.index("Create the account: Screen-reader page")
    chosen = login_page("", "bob", new=True, lines=True)  # ... first, when it was the one pressed (Enter presses it)
    assert chosen.index("Create the account: Screen-reader page") < chosen.index("Create the account and play")
    page = lines_page("ws://127.0.0.1:1/ws/lines/t")
    assert 'role="log"' in page and 'aria-live="polite"' in page and '<label for="command">Command</label>' in page
    assert "<script>" not in page and "style=" not in page  # no inline script or style (the policy allows none)


async def test_the_screen_reader_button_logs_in_to_the_lines_page_which_needs_a_login(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        assert (await http.get(url(served, "/lines"), allow_redirects=False)).status == 303  # no login: the form
        done = await log_in(http, served)
        assert done.status == 303 and done.headers["Location"] == "/lines"
        async with http.get(url(served, "/lines")) as page:
            assert page.headers["Content-Security-Policy"].startswith("default-src 'self'")
            assert 'href="/play"' in await page.text()  # the full-screen page is a link away
        async with http.get(url(served, "/play")) as page:
            assert 'href="/lines"' in await page.text()  # and the other way


async def test_a_lines_socket_needs_this_origin_and_a_fresh_ticket_used_once(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await log_in(http, served)
        good = await lines_ticket(http, served)
        with pytest.raises(aiohttp.WSServerHandshakeError) as wrong_origin:
            await http.ws_connect(url(served, f"/ws/lines/{good}"), headers={"Origin": "http://evil.example"})
        assert wrong_origin.value.status == 403
        socket = await http.ws_connect(url(served, f"/ws/lines/{good}"), headers=origin(served))
        await Page(socket).until("The Crossroads")
        with pytest.raises(aiohttp.WSServerHandshakeError) as used:
            await http.ws_connect(url(served, f"/ws/lines/{good}"), headers=origin(served))
        assert used.value.status == 403
        await socket.close()


async def test_the_page_gets_the_line_interfaces_greeting_answers_and_prompt(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        page = await open_page(http, served)
        first = await page.until("The Crossroads")
        assert "Welcome, alice: your account is created" in page.text  # the new account's welcome, once
        assert first["prompt"] == "> " and first["question"] is None and not first["closed"]
        await page.type("say hello there")
        said = await page.until("You say")
        assert said["echo"] == "> say hello there" and said["lines"] == ["You say: hello there"]
        await page.type("password pw1234 pw5678")
        changed = await page.until("assword")
        assert changed["echo"] == "> password ********"  # a password never comes back
        await page.type("\x1b[31mfrob")  # what is no command is answered, as on telnet
        assert "frob" in "\n".join((await page.until("(?i)unknown|not a command|what"))["lines"])
        await page.socket.send_str("not json")  # and what is no message is ignored
        await page.socket.send_json({"line": "look"})
        await page.type("look")
        await page.until("The Crossroads")
        await page.socket.close()


async def test_a_numbered_question_comes_as_text_and_answers_and_a_digit_answers_it(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        page = await open_page(http, served)
        await page.until("The Crossroads")
        for line in ("east", "sit", "start"):
            await page.type(line)
        asked = await page.until("Place a card face down")
        question = asked["question"]
        assert "[1] " not in "\n".join(asked["lines"])  # the answers are the page's buttons, not lines too
        assert question["text"] == "Place a card face down, or pass."
        assert [key for key, _label in question["answers"]][-1] == "0" and question["answers"][0][0] == "1"
        assert asked["prompt"].startswith("(play or pass, 0-")
        label = question["answers"][0][1]
        await page.type("1")  # what the first button sends
        answered = await page.until(f"You place {re.escape(label)} face down")
        assert answered["echo"] == f"> 1 ({label})"  # the log says what was answered
        assert page.last["question"] != question
        await page.socket.close()


async def test_quit_says_goodbye_closes_the_page_and_leaves_the_world(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        page = await open_page(http, served)
        await page.until("The Crossroads")
        await page.type("quit")
        bye = await page.until("(?i)goodbye")
        assert bye["closed"] and bye["question"] is None and bye["prompt"] == ""
        await page.closed()
        assert not served.sessions


async def test_an_idle_page_is_told_why_and_closed_and_a_full_world_says_so(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        page = await open_page(http, served)
        await page.until("The Crossroads")
        served.limits.idle_timeout = 60
        served._close_idle(now=10**9)
        said = await page.until("You typed nothing for 1 minutes")
        assert said["closed"]
        await page.closed()
        assert not served.sessions
        served.limits.max_sessions = 0
        full = await open_page(http, served, name="bob")
        assert (await full.until("The world is full"))["closed"]
        await full.closed()


async def test_a_page_typing_too_fast_is_slowed_as_a_line_client_is(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        page = await open_page(http, served)
        await page.until("The Crossroads")
        await page.type("x" * (served.limits.max_line + 1))
        assert "too long" in (await page.until("too long"))["lines"][0]
        for i in range(served.limits.burst + 5):
            await page.type(f"say {i}")
        await page.until("Slow down a little")
        await page.socket.close()


async def test_a_page_that_stops_reading_is_let_go_and_the_others_play_on(served):
    """A page whose bytes pile up (WRITE_MAX behind, as a line client over SSH) is closed rather
    than held in the server's memory; the player leaves the world as after a dropped connection."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        page = await open_page(http, served)
        await page.until("The Crossroads")
        player = next(iter(served._listeners[0].front.players))

        class Stalled:  # the connection under the page, as far behind as a tab that reads nothing
            def get_write_buffer_size(self) -> int:
                return WRITE_MAX + 1

        player.transport = Stalled()
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as other:
            bob = await open_page(other, served, name="bob")
            await bob.until("The Crossroads")
            await bob.type("say anyone here?")
            await bob.until("You say")
            for _ in range(100):
                if served.world.session("alice") is None:
                    break
                await asyncio.sleep(0.05)
            assert served.world.session("alice") is None
            await bob.type("who")
            assert "alice" not in "\n".join((await bob.until("connected"))["lines"])
            await bob.socket.close()


async def test_the_page_is_told_nothing_while_a_write_waits_for_the_disk(tmp_path, slow_disk):
    """As every surface: a batch of lines goes out once what it tells is committed."""
    srv = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=None, web_port=0, data_dir=str(tmp_path)))
    await srv.start()
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            page = await open_page(http, srv)
            await page.until("The Crossroads")
            srv.store.create_match("quest", "gate", 1, {}, ["alice"], ["bot1"], "normal")  # a write waits
            began = time.monotonic()
            await page.type("look")
            await page.until("The Crossroads")
            assert srv.store.pending == 0  # sent only once the write was committed
            assert time.monotonic() - began >= SLOW * 0.8
            await page.socket.close()
    finally:
        await srv.stop()
