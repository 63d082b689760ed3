"""The login page in a real browser (chromium, headless, Playwright) reads Italian when the browser
asks for it (Accept-Language) and when the player picks it on the switch (issue 43)."""

from __future__ import annotations

import pytest

from tests.browser import Served, browser, chromium, need_browser  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    need_browser()
    server = Served(str(tmp_path_factory.mktemp("words")))
    yield server
    server.stop()


def test_a_browser_asking_for_italian_reads_the_login_page_in_italian(browser, served):
    context = browser.new_context(extra_http_headers={"Accept-Language": "it-IT,it;q=0.9"})
    page = context.new_page()
    page.goto(served.url + "/")
    assert page.title() == "questmud: entra"
    assert page.get_by_role("textbox", name="Nome").is_visible()
    assert page.get_by_role("button", name="Gioca").is_visible()
    assert "Il tuo nome e la password." in page.locator("form").inner_text()
    context.close()


def test_the_switch_turns_the_page_italian_and_back(browser, served):
    context = browser.new_context(extra_http_headers={"Accept-Language": "en"})
    page = context.new_page()
    page.goto(served.url + "/")
    assert page.get_by_role("button", name="Play", exact=True).is_visible()
    page.get_by_role("link", name="Italiano").click()
    page.wait_for_url("**/?lang=it")
    assert page.get_by_role("button", name="Gioca").is_visible()
    page.get_by_role("textbox", name="Nome").fill("nina")
    page.get_by_label("Password", exact=True).fill("pw1234")
    page.get_by_role("button", name="Gioca").click()  # a new name: the form asks the password again
    assert page.get_by_role("button", name="Crea l'account e gioca").is_visible()
    assert page.get_by_label("Ripeti la password").is_visible()
    page.get_by_role("link", name="English").click()
    assert page.get_by_role("button", name="Play", exact=True).is_visible()
    context.close()


def test_an_italian_login_plays_on_a_screen_reader_page_in_italian(browser, served):
    context = browser.new_context(extra_http_headers={"Accept-Language": "it"})
    page = context.new_page()
    page.goto(served.url + "/")
    page.get_by_role("textbox", name="Nome").fill("olga")
    page.get_by_label("Password", exact=True).fill("pw1234")
    page.get_by_role("button", name="Pagina per lettori di schermo (righe di testo)").click()
    page.get_by_label("Password", exact=True).fill("pw1234")
    page.get_by_label("Ripeti la password").fill("pw1234")
    page.get_by_label("Ripeti la password").press("Enter")
    page.wait_for_url("**/lines")
    assert page.title() == "questmud (righe)"
    page.get_by_text("Connessione stabilita.").wait_for()
    assert page.get_by_role("textbox", name="Comando").is_visible()
    assert page.get_by_role("link", name="Pagina a schermo intero").is_visible()
    context.close()
