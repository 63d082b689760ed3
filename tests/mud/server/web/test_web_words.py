"""The web's own words are messages (issue 43): the login page, its form shown again and the pages
that only say something are worded in the page's language. In the pseudo-language every text of
ours on them is wholly marked ⟦ ⟧ (the name ``questmud``, the languages' own names on the switch and
what a player typed aside); in Italian they read as the catalogue has them."""

from __future__ import annotations

from html.parser import HTMLParser

from mud.server.web.pages import closed_page, lines_page, login_page, play_page
from mud.shell.words import _

OURS_ASIDE = {"questmud", "English", "Italiano"}  # the name, and each language named in itself


class Texts(HTMLParser):
    """The texts a person reads on a page: its text nodes and its title."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.found.append(" ".join(data.split()))


def texts(page: str) -> list[str]:
    reader = Texts()
    reader.feed(page)
    return reader.found


def unmarked(page: str) -> list[str]:
    return [t for t in texts(page) if t not in OURS_ASIDE and not (t.startswith("⟦") and t.endswith("⟧"))]


def test_every_word_of_the_login_page_is_marked_in_the_pseudo_language():
    for page in (login_page(lang="xx"), login_page(lang="xx", new=True, lines=True, name="ann"),
                 login_page(_("Wrong password."), "ann", lang="xx")):
        assert unmarked(page) == []
    assert "⟦Wrong password.⟧" in texts(login_page(_("Wrong password."), "ann", lang="xx"))


def test_a_page_that_only_says_something_is_marked_too():
    assert unmarked(closed_page(_("That form was too long."), "xx")) == []


def test_the_login_page_reads_italian():
    page = texts(login_page(lang="it"))
    assert "Il tuo nome e la password. Un nome nuovo crea il tuo account." in page
    assert "Nome" in page and "Password" in page and "Gioca" in page and "questmud: entra" in page
    again = texts(login_page(_("The two passwords differ: type them again."), "ann", new=True, lang="it"))
    assert "Le due password sono diverse: scrivile di nuovo." in again and "Ripeti la password" in again
    assert "Crea l'account e gioca" in again


def test_the_english_page_is_unchanged():
    page = texts(login_page())
    assert page[:4] == ["questmud: log in", "English", "Italiano", "questmud"]
    assert "Your name and password. A new name creates your account." in page
    assert ["Name", "Password", "Play", "Screen-reader page (plain lines)"] == [
        t for t in page if t in ("Name", "Password", "Play", "Screen-reader page (plain lines)")]


def test_the_play_and_lines_pages_are_marked_and_read_italian():
    for page in (play_page("ws://x/ws/t", 16, "xx"), lines_page("ws://x/ws/lines/t", "xx")):
        assert unmarked(page) == []
    lines = lines_page("ws://x/ws/lines/t", "it")
    assert 'data-connected="Connessione stabilita."' in lines and 'aria-label="Risposte"' in lines
    assert "Pagina a schermo intero" in texts(lines) and '<html lang="it">' in lines
    assert "Pagina per lettori di schermo (righe di testo)" in texts(play_page("ws://x/ws/t", 16, "it"))
