"""Served apps share one parse of the same CSS (mud/server/tui/shared_css.py): the server holds the
rules once, not once per session; a different theme's variables get a parse of their own."""

from textual.css.stylesheet import Stylesheet

from mud.server.tui import shared_css

CSS = "Static { color: $accent; } .x > Label { padding: 1 2; }"


def parsed(accent: str, source: str) -> Stylesheet:
    """A stylesheet of CSS under ``accent``, parsed with the sharing installed."""
    shared_css.share()
    sheet = Stylesheet(variables={"accent": accent})
    sheet.add_source(CSS, read_from=("test", source))
    sheet.parse()
    return sheet


def test_two_stylesheets_of_the_same_css_and_variables_share_the_parsed_rules():
    one, two = parsed("red", "shared"), parsed("red", "shared")
    assert one.rules and all(a is b for a, b in zip(one.rules, two.rules, strict=True))


def test_other_variables_are_parsed_apart():
    red, blue = parsed("red", "apart"), parsed("blue", "apart")
    assert red.rules[0] is not blue.rules[0]
    assert red.rules[0].styles.color != blue.rules[0].styles.color


def test_share_is_installed_once():
    shared_css.share()
    installed = Stylesheet._parse_rules
    shared_css.share()
    assert Stylesheet._parse_rules is installed and installed.parsed_once
