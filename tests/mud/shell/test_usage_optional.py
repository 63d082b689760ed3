"""A usage line shows an optional part as a player reads it, ``[table]``, never as the grammar
writes it (``table?``): in every usage line and help page, in both languages."""

from __future__ import annotations

import re

import pytest

import games
from games.engine import LANGS, Verb, render
from mud.shell import parser
from mud.shell.help import help_lines
from mud.world.verbs import WORLD_VERBS, commands_at

GIVE = Verb("give", ("PLAYER NUMBER? ITEM", "NUMBER? ITEM PLAYER"), (), "Give something.")


def forms_of(usage_line: str) -> str:
    """The forms of a usage line, without its example (which may end in '?' as a sentence does)."""
    return usage_line.split(" (")[0]  # (no pattern has a bracket)


def test_an_optional_slot_or_word_reads_in_brackets():
    assert render(parser.usage(GIVE), "en") == "Usage: give PLAYER [NUMBER] ITEM | give [NUMBER] ITEM PLAYER."
    assert render(parser.usage(GIVE, "it"), "it") == "Uso: give GIOCATORE [NUMERO] OGGETTO | give [NUMERO] OGGETTO GIOCATORE."


def test_help_pages_show_brackets_in_english_and_italian():
    at_quest = commands_at(games.get("quest"), True)
    english = help_lines("leave", at_quest, games.get("quest"), "en")
    assert "Usage: leave [table] (e.g. leave)." in english
    assert any(line.startswith("Usage: leave open|closed [gold|silver|black] | ") for line in english), english
    italian = help_lines("leave", at_quest, games.get("quest"), "it")
    assert "Uso: alzati [tavolo]." in italian
    assert any(line.startswith("Uso: lascia aperta|chiusa [oro|argento|nera] | ") for line in italian), italian


def test_a_line_that_fits_no_form_answers_with_brackets():
    with pytest.raises(parser.ParseError) as refused:
        parser.parse("give", parser.CommandSet([GIVE]), parser.Context(players=["bob"]))
    assert "[NUMBER]" in render(refused.value.args[0], "en")


@pytest.mark.parametrize("name", [None, *games.names()])
def test_no_usage_line_shows_a_question_mark_for_an_optional_part(name):
    verbs = WORLD_VERBS if name is None else games.get(name).verbs
    for verb in verbs:
        for lang in LANGS:
            shown = forms_of(render(parser.usage(verb, lang), lang))
            assert not re.search(r"\S\?", shown), (verb.name, lang, shown)
