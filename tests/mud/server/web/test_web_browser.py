"""The game in a real browser (Debian's chromium, headless, driven by Playwright) against a real
``mud serve --web-port``: logging in, the shared world with a telnet player, keys, clicks, a window
resized, a tab closed and opened again. The screen is read from the WebSocket's bytes (pyte). Any
error of a page (a script's, the console's: a Content-Security-Policy violation) fails the test
(tests/browser.py's fixtures)."""

from __future__ import annotations

import re

import pytest

from tests.browser import LocalWeb, Served, Tab, Telnet, browser, chromium, context, need_browser  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    need_browser()
    server = Served(str(tmp_path_factory.mktemp("web")))
    yield server
    server.stop()


def test_a_new_account_types_its_password_twice_an_old_one_once_and_a_wrong_one_is_refused(served, browser):
    first = browser.new_context()
    tab = Tab(first, served.url)
    tab.log_in("ann", new=True)
    assert "Walk: n e s w u," in tab.wait_for("Welcome, ann: your account is created")
    first.close()
    again = browser.new_context()
    tab = Tab(again, served.url)
    tab.log_in("ann")
    assert "Welcome, ann" not in tab.wait_for("The Crossroads.*\n(.*\n)*.*Exits")
    browser.allow(r"/login: console: .*status of 403")  # the refused login's answer, said by the console
    wrong = again.new_page()
    wrong.goto(served.url + "/")
    wrong.fill("input[name=name]", "ann")
    wrong.fill("input[name=password]", "not-it")
    wrong.click("button[type=submit]")
    assert "Wrong password." in wrong.inner_text("body") and "/play" not in wrong.url
    again.close()


def test_the_browser_and_a_telnet_player_share_the_crossroads(served, context):
    tab = Tab(context, served.url)
    tab.log_in("bea", new=True)
    tab.wait_for("bea · The Crossroads")
    telnet = Telnet(served.telnet, "tom")
    try:
        tab.wait_for("tom")  # the room panel lists who is here
        tab.type("say hello from the web")
        telnet.expect("hello from the web")
        telnet.send("say hello from telnet")
        tab.wait_for("hello from telnet")
    finally:
        telnet.close()


def test_resizing_the_window_redraws_the_game_at_the_new_size(served, context):
    tab = Tab(context, served.url, size=(1000, 560))
    tab.log_in("cid", new=True)
    tab.wait_for("The Crossroads")
    wide = tab.screen.columns
    tab.page.set_viewport_size({"width": 700, "height": 500})
    tab.wait_for("The Crossroads")
    tab.page.wait_for_timeout(500)
    assert tab.screen.columns < wide
    assert any("Crossroads" in line for line in tab.screen.display)
    assert all(len(line.rstrip()) <= tab.screen.columns for line in tab.screen.display)


def at_a_tenx_table(tab: Tab) -> None:
    tab.type("east")
    tab.wait_for("The Tavern")
    tab.type("sit")
    tab.wait_for("start")
    tab.type("start")
    tab.wait_for(r"\[1\] (.*\n)*.*press \d")  # the question row and the placeholder naming its keys


def answer_keys(tab: Tab) -> list[str]:
    """The digits the question row offers now ('press 0-3 to answer')."""
    found = re.search(r"press (\d)(?:-(\d))? to answer", tab.text())
    if not found:
        return []
    low, high = int(found.group(1)), int(found.group(2) or found.group(1))
    return [str(k) for k in range(low, high + 1)]


def test_a_whole_match_of_10x_against_bots_by_keys_and_clicks(served, context):
    tab = Tab(context, served.url, size=(1100, 640))
    tab.log_in("dee", new=True)
    tab.wait_for("The Crossroads")
    at_a_tenx_table(tab)
    pressed = clicked = 0
    for step in range(400):
        screen = tab.text()
        if "Game over" in screen:
            break
        keys = answer_keys(tab)
        rows = [row for row in screen.splitlines() if row.strip()]
        if not keys and "'pass'" in rows[-3]:  # the hint row: passing is all there is to do
            tab.type("pass")  # nothing to play: no question of one answer, the hint row says so
            tab.page.wait_for_timeout(150)
            continue
        if not keys:
            tab.page.wait_for_timeout(100)
            continue
        choice = keys[1] if keys[0] == "0" and len(keys) > 1 else keys[0]  # a real answer, not the pass
        if step % 3 == 0 and f"[{choice}]" in screen:
            tab.click_text(f"[{choice}]")
            clicked += 1
        else:
            tab.press(choice)
            pressed += 1
        tab.page.wait_for_timeout(150)
    assert "Game over" in tab.wait_for("Game over", timeout=30)
    assert pressed and clicked


def test_a_closed_tab_comes_back_to_the_same_question(served, context):
    tab = Tab(context, served.url)
    tab.log_in("eve", new=True)
    tab.wait_for("The Crossroads")
    at_a_tenx_table(tab)
    asked = [line for line in tab.text().splitlines() if "[1]" in line][-1].strip()
    tab.page.close()  # the seat waits
    back = Tab(context, served.url)  # the same browser: its login cookie still lets the page load
    back.page.goto(served.url + "/play")
    assert asked in back.wait_for(re.escape(asked))


@pytest.mark.slow
def test_twenty_browser_sessions_at_once(served, browser):
    contexts = [browser.new_context() for _ in range(20)]
    try:
        tabs = [Tab(c, served.url, size=(800, 480)) for c in contexts]
        for i, tab in enumerate(tabs):
            tab.log_in(f"web{i:02d}", new=True)
        for tab in tabs:
            tab.wait_for("The Crossroads", timeout=30)
        tabs[0].type("who")
        tabs[0].wait_for("20 connected:")
    finally:
        for c in contexts:
            c.close()


def test_local_play_in_the_browser_opens_once_by_its_key_and_ends_when_the_tab_is_gone(tmp_path, browser):
    local = LocalWeb(str(tmp_path), "tenx", "--seed", "3")
    try:
        assert local.url.startswith("http://127.0.0.1:")  # loopback only
        mine = browser.new_context()
        tab = Tab(mine, local.base)
        tab.open(local.url)
        screen = tab.wait_for(r"press \d")
        assert "Place a card face down" in screen
        tab.press("1")
        tab.wait_for("You place")
        other = browser.new_context()
        browser.allow(r"\?key=.*status of 403")  # the stranger's refusal, said by the console
        stranger = other.new_page()
        stranger.goto(local.url)  # the key worked once: another browser is not let in
        assert "one-time key" in stranger.inner_text("body")
        other.close()
        mine.close()  # the tab is gone: after the grace, the game ends, saved
        assert local.proc.wait(15) == 0
    finally:
        local.stop()
    resumed = LocalWeb(str(tmp_path), "tenx", "--resume")
    try:
        context = browser.new_context()
        tab = Tab(context, resumed.base)
        tab.open(resumed.url)
        assert "You place" in tab.wait_for("You place")  # the move made before is still there
        context.close()
    finally:
        resumed.stop()


def test_the_keys_work_as_over_ssh_f1_tab_and_ctrl_p(served, context):
    """The browser keeps Ctrl+W/T/N for itself; F1, Tab, Ctrl+P and Escape reach the game."""
    tab = Tab(context, served.url)
    tab.log_in("fay", new=True)
    tab.wait_for("Walk: n e s w u,")
    tab.press("F1")
    tab.wait_for("(?i)keys")
    tab.press("Escape")
    tab.wait_for("Walk: n e s w u,")
    tab.page.keyboard.type("wh")
    tab.press("Tab")
    tab.wait_for("> who")
    tab.press("Enter")
    tab.wait_for("connected:")
    tab.press("Control+p")  # the command palette (the browser's print dialog does not open)
    tab.wait_for("(?i)search")
    tab.press("Escape")
    tab.wait_for("Walk: n e s w u,")


def test_when_the_server_goes_away_the_page_says_so_and_offers_to_connect_again(tmp_path, context):
    server = Served(str(tmp_path))
    try:
        tab = Tab(context, server.url)
        tab.log_in("gus", new=True)
        tab.wait_for("Walk: n e s w u,")
        assert tab.page.locator("#gone").is_hidden()
    finally:
        server.stop()
    tab.page.locator("#gone").wait_for(state="visible", timeout=10_000)
    panel = tab.page.inner_text("#gone")
    assert "connection is closed" in panel and "Connect again" in panel
    assert "shutting down" in tab.wait_for("shutting down")  # the server's last words, in the terminal
