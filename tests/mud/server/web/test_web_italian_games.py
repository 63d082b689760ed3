"""Games in Italian in a real browser (chromium, Playwright; issue 43): a newcomer whose browser asks
for Italian makes an account and plays a whole game of 10x on the screen-reader page against bots
-- walking, sitting and starting typed in Italian, every card chosen by its answer's button -- to the
end; another starts Dungeon Chess on the full-screen page and makes the first move, typed in Italian.
Every page and screen they read says no English word of ours (a browser cannot choose the marking
pseudo-language ``xx``: the line tests check that) and a few lines read as the catalogues have them."""

from __future__ import annotations

import re
import time

import games
import pytest
from games.engine import bot_rng, command_line

from tests.browser import WAIT, Served, Tab, browser, chromium, need_browser  # noqa: F401 (fixtures)
from tests.mud.server.web.test_web_lines_browser import Lines
from tests.net_clients import ENGLISH

pytestmark = pytest.mark.slow

ITALIAN = {"Accept-Language": "it-IT,it;q=0.9"}
SEED = 1
ROUNDS = 60  # answers at most before 10x must be over


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    need_browser()
    server = Served(str(tmp_path_factory.mktemp("italian")))
    yield server
    server.stop()


class Righe(Lines):
    """The screen-reader page as an Italian reader finds it: the same roles, named in Italian."""

    @property
    def log(self):
        return self.page.get_by_role("log", name="Partita")

    def type(self, line: str) -> None:
        box = self.page.get_by_role("textbox", name="Comando")
        box.fill(line)
        box.press("Enter")

    def answers(self) -> list[str]:
        return self.page.get_by_role("group", name="Risposte").get_by_role("button").all_inner_texts()

    def wait_until(self, check) -> None:
        end = time.monotonic() + WAIT
        while not check():
            assert time.monotonic() < end, self.read(self.log)[-2000:]
            self.page.wait_for_timeout(50)


def english_in(text: str) -> list[str]:
    return ENGLISH.findall(text)


def new_italian_account(page, url: str, name: str, button: str) -> None:
    """The login form in Italian (the browser asks for it), a new account, by ``button``."""
    page.goto(url + "/")
    assert english_in(page.locator("body").inner_text()) == []
    page.get_by_role("textbox", name="Nome").fill(name)
    page.get_by_label("Password", exact=True).fill("pw1234")
    page.get_by_role("button", name=button).click()
    page.get_by_label("Password", exact=True).fill("pw1234")
    page.get_by_label("Ripeti la password").fill("pw1234")
    assert english_in(page.locator("body").inner_text()) == []
    page.get_by_label("Ripeti la password").press("Enter")


def test_a_whole_game_of_10x_on_the_screen_reader_page_in_italian(browser, served):
    context = browser.new_context(extra_http_headers=ITALIAN, locale="it-IT")
    tab = Righe(context)
    new_italian_account(tab.page, served.url, "carla", "Pagina per lettori di schermo (righe di testo)")
    tab.page.wait_for_url("**/lines")
    tab.wait_for("Crocevia", tab.log)
    tab.type("est")
    tab.wait_for("La Taverna", tab.log)
    tab.type("siediti")
    tab.wait_for("Ti siedi al tavolo", tab.log)
    tab.type(f"inizia bots=3 seed={SEED}")  # (four seats: 10x is declared at 7 points, over at 10)
    clicks = 0
    while True:
        tree = tab.wait_for(r'button "\[\d+\] |Partita finita|tocca a te\) >')
        if "Partita finita" in tab.read(tab.log):
            break
        assert clicks < ROUNDS, "10x is not over"
        answers = tab.answers()
        clicks += 1
        if not answers:  # nothing to choose: the question says 'passa', typed
            before = tab.read(tab.log)
            tab.type("passa")
            tab.wait_until(lambda: tab.read(tab.log) != before)
            continue
        tab.page.get_by_role("button", name=answers[0], exact=True).click()
        number, label = re.match(r"\[(\d+)\] (.*)", answers[0]).groups()
        tab.wait_for(f"> {number} \\({re.escape(label)}\\)", tab.log)
        if clicks == 1:
            assert "Metti coperta la carta" in tab.read(tab.log), tree
    tab.page.wait_for_timeout(300)  # the last lines of the end
    log = tab.read(tab.log)
    assert clicks >= 3
    assert "La tua mano:" in log and "bot1 ha scelto." in log
    page = re.sub(r"(?m)^\s*- /url: .*$", "", tab.read())  # (the links' addresses: /play is a path)
    assert english_in(page) == [], page[-3000:]
    context.close()


def test_dungeon_chess_starts_on_the_full_screen_page_in_italian_and_the_first_move_is_typed(browser, served):
    context = browser.new_context(extra_http_headers=ITALIAN, locale="it-IT")
    tab = Tab(context, served.url)
    new_italian_account(tab.page, served.url, "dario", "Gioca")
    tab.page.wait_for_url("**/play")
    tab.wait_for("Crocevia")
    tab.type("ovest")
    tab.wait_for("siediti")
    tab.type("siediti")
    tab.type(f"inizia bots=1 seed={SEED}")
    tab.wait_for("Obiettiv")
    chess = games.get("chess")  # the match the table starts: its seats, seed and options
    state = chess.new_match(["dario", "bot1"], SEED, chess.check_options({}))
    first = chess.bot_action(state, "dario", bot_rng(SEED, "dario"), "normal", {})
    tab.type(command_line(first, "it", chess.verbs))  # (a secret target kept: 'tieni N')
    screen = tab.wait_for(f"Hai scelto l'obiettivo segreto #{first.args[0]}")  # the move, taken
    assert "Aiuto" in screen, "the footer reads in Italian"
    assert english_in(screen) == [], screen
    page = tab.page.locator("body").inner_text()
    assert english_in(page) == [], page
    context.close()
