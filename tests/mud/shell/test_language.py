"""A player's language read from what their terminal, their browser or their own words say: always
one of ours, English when nothing names one (mud/shell/language.py)."""

from __future__ import annotations

import pytest

from mud.shell import language


@pytest.mark.parametrize("text, lang", [
    ("it", "it"), ("IT", "it"), ("it_IT.UTF-8", "it"), ("it-CH", "it"), ("it_IT@euro", "it"),
    ("Italiano", "it"), ("italian", "it"), ("en_GB.UTF-8", "en"), ("inglese", "en"), ("English", "en"),
    ("C", None), ("POSIX", None), ("C.UTF-8", None), ("fr_FR.UTF-8", None), ("", None), (None, None),
    ("klingon", None)])
def test_a_code_a_locale_or_a_name_is_read_as_one_of_our_languages_or_none(text, lang):
    assert language.parse(text) == lang


def test_the_locale_follows_posix_order_the_first_variable_set_decides_alone():
    assert language.from_locale({"LANG": "it_IT.UTF-8"}) == "it"
    assert language.from_locale({"LANG": "en_US.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}) == "it"
    assert language.from_locale({"LANG": "it_IT.UTF-8", "LC_ALL": "en_GB.UTF-8"}) == "en"
    assert language.from_locale({"LANG": "it_IT.UTF-8", "LC_ALL": "C"}) is None  # C, not Italian
    assert language.from_locale({"LANG": "it_IT.UTF-8", "LC_ALL": ""}) == "it"  # empty is unset
    assert language.from_locale({}) is None


@pytest.mark.parametrize("header, lang", [
    ("it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7", "it"), ("en-US,en;q=0.9,it;q=0.8", "en"),
    ("fr-FR,fr;q=0.9,it;q=0.5", "it"), ("fr, de", None), ("*", None), ("it;q=0, en;q=0.1", "en"),
    ("en;q=0.5, it;q=0.8", "it"), ("it;q=bad, en;q=0.2", "en"), ("", None), (None, None),
    ("en;q=0.8, it;q=0.8", "en")])
def test_a_browser_header_picks_the_most_wanted_of_our_languages(header, lang):
    assert language.from_accept_language(header) == lang


def test_the_first_candidate_that_is_ours_is_chosen_else_english():
    assert language.chosen(None, "fr", "it_IT.UTF-8") == "it"
    assert language.chosen("en", "it") == "en"
    assert language.chosen(None, "C") == language.DEFAULT == "en"
    assert set(language.LANGS) == {"en", "it"} and set(language.ENDONYMS) == set(language.LANGS)
