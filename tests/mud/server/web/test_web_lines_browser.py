"""The screen-reader page in a real browser (Debian's chromium, headless, driven by Playwright),
read as a screen reader reads it: through the page's accessibility tree (roles, names, text), never
its pixels. Logged in by the login form's own button, at a table of 10x: the question, its answers
as buttons and the new lines are there as text, a click on an answer plays it, and another
player's hand never reaches the page. Any page error fails a test (tests/browser.py's fixtures)."""

from __future__ import annotations

import re
import time

import pytest

from tests.browser import WAIT, LocalWeb, Served, Tab, Telnet, browser, chromium, context, need_browser  # noqa: F401 (fixtures)

BUTTON = "Screen-reader page (plain lines)"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    need_browser()
    server = Served(str(tmp_path_factory.mktemp("lines")))
    yield server
    server.stop()


class Lines:
    """One tab on the screen-reader page, used by role and name as a screen reader would."""

    def __init__(self, context=None, page=None) -> None:
        self.page = page or context.new_page()  # a new tab, or one already open

    def log_in(self, url: str, name: str, password: str = "pw1234") -> None:
        """A new account, by the login form's screen-reader button; on its second step (the
        password again) Enter keeps to the page chosen."""
        self.page.goto(url + "/")
        self.page.get_by_role("textbox", name="Name").fill(name)
        self.page.get_by_label("Password", exact=True).fill(password)
        self.page.get_by_role("button", name=BUTTON).click()
        assert self.page.get_by_role("button", name=f"Create the account: {BUTTON}").is_visible()
        self.page.get_by_label("Password", exact=True).fill(password)
        self.page.get_by_label("The same password again").fill(password)
        self.page.get_by_label("The same password again").press("Enter")
        self.page.wait_for_url("**/lines")

    @property
    def log(self):
        return self.page.get_by_role("log", name="Game")

    def read(self, what=None) -> str:
        """What a screen reader finds (the accessibility tree as text) in ``what``, the whole page
        by default."""
        return (what or self.page.locator("body")).aria_snapshot()

    def wait_for(self, pattern: str, what=None) -> str:
        """The tree once ``pattern`` (a regular expression) is in it; fails with the tree."""
        end = time.monotonic() + WAIT
        while True:
            tree = self.read(what)
            if re.search(pattern, tree):
                return tree
            if time.monotonic() > end:
                raise AssertionError(f"{pattern!r} never came:\n{tree}")
            self.page.wait_for_timeout(50)

    def type(self, line: str) -> None:
        box = self.page.get_by_role("textbox", name="Command")
        box.fill(line)
        box.press("Enter")

    def answers(self) -> list[str]:
        return self.page.get_by_role("group", name="Answers").get_by_role("button").all_inner_texts()


def test_a_screen_reader_reads_the_question_its_answers_and_the_new_lines_and_a_click_answers(served, context):
    tab = Lines(context)
    tab.log_in(served.url, "ivy")
    assert tab.log.get_attribute("aria-live") == "polite"  # new lines are read as they come
    tab.wait_for("The Crossroads", tab.log)
    tab.type("east")
    tab.wait_for("The Tavern", tab.log)
    tab.type("sit")
    tab.wait_for("You sit at table", tab.log)
    tab.type("start")
    tree = tab.wait_for(r'button "\[1\] ')
    question = tab.page.get_by_role("region", name="Question")
    assert "Place a card face down, or pass." in tab.read(question)  # the question, as text
    answers = tab.answers()
    assert answers[0].startswith("[1] ") and answers[-1] == "[0] Pass", answers
    assert re.search(r"Command \(play or pass, 0-\d\) >", tree)  # the prompt beside the labelled box
    assert "Your hand:" in tab.read(tab.log)  # the match's first lines, in the log
    played = answers[0].removeprefix("[1] ")
    tab.page.get_by_role("button", name=answers[0], exact=True).click()  # sends its digit
    tab.wait_for(f"You place {re.escape(played)} face down", tab.log)
    tab.wait_for("The cards are revealed", tab.log)  # the news that follows, as new lines
    assert tab.page.get_by_role("textbox", name="Command").evaluate("box => box === document.activeElement")
    tab.type("hand")
    tab.wait_for("Numbered:", tab.log)


def test_the_page_shows_only_what_the_player_may_see(served, browser):
    """Two players at one table, one on the screen-reader page and one over telnet: the telnet
    player's hand is never on the page, whose player sees their own."""
    una = Lines(browser.new_context())
    una.log_in(served.url, "una")
    una.wait_for("The Crossroads", una.log)
    una.type("east")
    una.type("sit")
    una.wait_for("You sit at table (\\d+)", una.log)
    table = re.search(r"You sit at table (\d+)", una.read(una.log)).group(1)
    tod = Telnet(served.telnet, "tod")
    try:
        tod.send("east")
        tod.expect("The Tavern")
        tod.send(f"sit {table}")
        tod.expect("You sit at table")
        una.type("start bots=0")
        una.wait_for(r'button "\[1\] ')
        tod.expect("Place a card face down")
        tod.send("hand")
        secret = re.search(r"Numbered: [^\r\n]+", tod.expect("Bonus/malus")).group()
        una.type("hand")
        mine = re.search(r"Numbered: [^\n\"]+", una.wait_for("Numbered:", una.log)).group()
        tod.send("1")
        tod.expect("face down")
        una.wait_for("tod has chosen", una.log)
        seen = una.read()
        assert secret != mine and secret not in seen and mine in seen
    finally:
        tod.close()


def test_the_terminal_page_links_the_screen_reader_page(served, context):
    tab = Tab(context, served.url)
    tab.log_in("vic", new=True)
    tab.wait_for("The Crossroads")
    link = tab.page.get_by_role("link", name=BUTTON)
    link.focus()  # off screen until it has the focus, first on the page
    link.press("Enter")
    tab.page.wait_for_url("**/lines")
    lines = Lines(page=tab.page)
    lines.wait_for("The Crossroads", lines.log)
    tab.page.get_by_role("link", name="Full-screen page").click()
    tab.page.wait_for_url("**/play")


def test_local_play_opens_the_screen_reader_page_by_the_address_it_prints_and_quit_ends_it(tmp_path, browser):
    local = LocalWeb(str(tmp_path), "tenx", "--seed", "3")
    try:
        assert local.lines_url, local.printed
        context = browser.new_context()
        tab = Lines(context)
        tab.page.goto(local.lines_url)
        tab.page.wait_for_url("**/lines")
        tab.wait_for(r'button "\[1\] ')
        assert "Place a card face down, or pass." in tab.read(tab.page.get_by_role("region", name="Question"))
        first = tab.answers()[0]
        tab.page.get_by_role("button", name=first, exact=True).click()
        tab.wait_for(f"You place {re.escape(first.removeprefix('[1] '))} face down", tab.log)
        tab.type("quit")  # the game ends, saved; the page says so and types no more
        tab.wait_for("Goodbye", tab.log)
        tab.wait_for('status: "The connection is closed')
        assert tab.page.get_by_role("textbox", name="Command").is_disabled()
        assert local.proc.wait(15) == 0
        context.close()
    finally:
        local.stop()


def test_the_answers_are_read_once_as_buttons_and_a_click_is_echoed_in_the_log(served, context):
    """Issue 40 round three, item 1: the log read every question's answers as a paragraph, "[1] 6
    [2] 3 ... [0] Pass (type the number)", and then again as the buttons. On this page the answers
    are the buttons only; the question is said once in the log; a clicked answer is in the log, read,
    with its number and label (a typed line's echo is not read again: the reader said it as typed)."""
    tab = Lines(context)
    tab.log_in(served.url, "wes")
    tab.wait_for("The Crossroads", tab.log)
    tab.type("east")
    tab.wait_for("The Tavern", tab.log)
    tab.type("sit")
    tab.wait_for("You sit at table", tab.log)
    tab.type("start")
    tab.wait_for(r'button "\[1\] ')
    log = tab.read(tab.log)
    assert "[1]" not in log and "type the number" not in log, log
    assert log.count("Place a card face down") == 1, log  # the question, said once (here by the game)
    first = tab.answers()[0]
    tab.page.get_by_role("button", name=first, exact=True).click()
    label = first.removeprefix("[1] ")
    tab.wait_for(f"You place {re.escape(label)} face down", tab.log)
    assert f"> 1 ({label})" in tab.read(tab.log), tab.read(tab.log)
