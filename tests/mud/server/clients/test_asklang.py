"""The line login's language question, read without a network (mud/server/clients/asklang.py): the
number or the word in either language picks a language, an empty line keeps English, a bad answer is
asked again once and then gives English, and whatever settles it is kept with the account."""

from __future__ import annotations

import pytest

from mud.server.clients import asklang


class Session:
    """What the question needs of a WorldSession: set_language, which keeps it for the account."""

    def __init__(self):
        self.lang, self.lang_kept = "en", False

    def set_language(self, lang: str) -> None:
        self.lang, self.lang_kept = lang, True


@pytest.mark.parametrize("typed, lang", [("1", "en"), ("2", "it"), (" 2 ", "it"), ("it", "it"), ("en", "en"),
                                         ("english", "en"), ("Italiano", "it"), ("ITALIANO", "it"), ("", "en"),
                                         ("   ", "en")])
def test_an_answer_picks_a_language_by_its_number_or_its_name(typed, lang):
    assert asklang.answer(typed) == lang


@pytest.mark.parametrize("typed", ["3", "0", "fr", "yes", "look", None])
def test_an_answer_that_names_no_language_of_ours_picks_none(typed):
    assert asklang.answer(typed) is None


def test_the_question_names_each_language_in_itself_and_is_not_the_worlds_prompt():
    assert "Language / Lingua" in asklang.PROMPT
    assert "1 English" in asklang.PROMPT and "2 Italiano" in asklang.PROMPT
    assert not asklang.PROMPT.endswith("> ")


def test_only_an_account_with_no_language_on_record_is_asked():
    ws = Session()
    assert asklang.wanted(ws)
    ws.lang_kept = True
    assert not asklang.wanted(ws)


def test_a_good_answer_settles_it_and_keeps_it():
    ws = Session()
    question = asklang.LanguageQuestion(ws)
    assert question.take("2")
    assert (ws.lang, ws.lang_kept, question.said) == ("it", True, [])


def test_a_bad_answer_is_asked_again_once_then_english_is_kept():
    ws = Session()
    question = asklang.LanguageQuestion(ws)
    assert not question.take("klingon")
    assert question.said == [asklang.AGAIN] and not ws.lang_kept
    assert question.take("still no")
    assert (ws.lang, ws.lang_kept, question.said) == ("en", True, [asklang.FALLBACK])


def test_a_bad_answer_then_a_good_one_takes_the_good_one():
    ws = Session()
    question = asklang.LanguageQuestion(ws)
    assert not question.take(None)  # an overlong line
    assert question.take("italiano") and ws.lang == "it"
