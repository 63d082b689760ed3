"""The browser's login page and the player's language (issue 43): the page follows the browser's
Accept-Language and has a switch (a link per language); what the page was in is kept with the
account -- always when picked with the switch, else only for an account never asked."""

from __future__ import annotations

import re

import aiohttp

from mud.server.web.pages import login_page
from tests.mud.server.web.test_web import origin, served, url  # noqa: F401  (served: a fixture)

ITALIAN = {"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}


def html_lang(text: str) -> str:
    return re.search(r'<html lang="(\w+)">', text).group(1)


def test_the_switch_names_each_language_in_itself_and_marks_the_pages_own():
    page = login_page(lang="it")
    assert html_lang(page) == "it"
    assert '<a href="/?lang=it" hreflang="it" lang="it" aria-current="true">Italiano</a>' in page
    assert '<a href="/?lang=en" hreflang="en" lang="en">English</a>' in page
    assert '<input type="hidden" name="lang" value="it">' in page and 'name="chosen"' not in page
    assert 'name="chosen" value="1"' in login_page(lang="en", chosen=True)
    assert html_lang(login_page(lang="<script>")) == "en"  # only a language of ours reaches the page


async def test_the_page_follows_accept_language_and_the_switch_wins(served):
    async with aiohttp.ClientSession() as http:
        async with http.get(url(served), headers=ITALIAN) as page:
            assert html_lang(await page.text()) == "it"
        async with http.get(url(served), headers={"Accept-Language": "fr, de;q=0.5"}) as page:
            assert html_lang(await page.text()) == "en"
        async with http.get(url(served, "/?lang=en"), headers=ITALIAN) as page:
            text = await page.text()
            assert html_lang(text) == "en" and 'name="chosen" value="1"' in text


async def test_the_pages_language_is_kept_for_an_account_never_asked_and_the_switch_replaces_it(served):
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        form = {"name": "alice", "password": "pw1234", "again": "pw1234", "lang": "it"}
        done = await http.post(url(served, "/login"), data=form, headers=origin(served), allow_redirects=False)
        assert done.status == 303 and served.store.account("alice")["lang"] == "it"
        again = {"name": "alice", "password": "pw1234", "lang": "en"}  # a browser in English: a hint only
        await http.post(url(served, "/login"), data=again, headers=origin(served), allow_redirects=False)
        assert served.store.account("alice")["lang"] == "it"
        picked = again | {"chosen": "1"}  # the switch: the player's choice
        await http.post(url(served, "/login"), data=picked, headers=origin(served), allow_redirects=False)
        assert served.store.account("alice")["lang"] == "en"


async def test_a_form_shown_again_keeps_its_language(served):
    async with aiohttp.ClientSession() as http:
        first = await http.post(url(served, "/login"), data={"name": "bob", "password": "pw1234", "lang": "it"},
                                headers=origin(served), allow_redirects=False)
        text = await first.text()
        assert 'name="again"' in text and html_lang(text) == "it"
