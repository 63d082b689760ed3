"""10x in Italian (issue 43, docs/i18n.md): a few lines read in Italian as the catalogue writes them,
the English unchanged, and what is 10x's own (the seed's stellina, the commands its lines quote, the
score table's columns). That every line of a seeded game is a message, and that what is hidden from a
seat changes no word it reads, the contract kit checks for every game (tests/contract/test_every_line_worded.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from games.engine import Action, RuleError
from games.tenx import place, show
from games.tenx.help import HELP_WORDS
from games.words import render, said, worded
from tests.contract.worded import play_read
from tests.games.tenx.fixtures import act, give, new

GAME = games.get("tenx")
SEEDS = ((1, ""), (2, "hardcore"))


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}{'-' + s[1] if s[1] else ''}")
def states(request):
    """States of a seeded bots-only game of three, every 7 moves and at its end."""
    seed, variant = request.param
    return play_read("tenx", seed, seats=3, sample_every=7, options={"variant": variant} if variant else {}).states


def passed_bonuses(s) -> list:
    """Everyone asked in the bonus step passes: the events told."""
    told = []
    while s.round.phase == "bonus":
        told += act(s, GAME.awaiting(s)[0], "pass")
    return told


def test_a_round_reads_in_italian_and_in_english_as_before():
    s = new(("x", "y"))
    give(s, "x", "7", "3")
    give(s, "y", "5")
    placed = act(s, "x", "play", "7")
    assert render(placed[0].text, "it") == "Metti coperta la carta 7." and str(placed[0].text) == "You place 7 face down."
    assert render(placed[1].text, "it") == "x ha scelto."
    revealed = [e for e in act(s, "y", "play", "5") if e.kind == "revealed"][0]
    assert render(revealed.text, "it") == "Si scoprono le carte: x 7, y 5."
    assert str(revealed.text) == "The cards are revealed: x 7, y 5."
    won = [e for e in passed_bonuses(s) if e.kind == "round_won"][0]
    assert render(won.text, "it") == "x vince il giro con 7: un punto (x 1)."


def test_refusals_read_in_italian():
    s = new(("x", "y"))
    give(s, "x", "7")
    with pytest.raises(RuleError) as refused:
        GAME.apply(s, "x", Action("play", ("9",)))
    assert render(said(refused.value), "it") == "Non hai un 9 in mano."
    with pytest.raises(RuleError) as refused:
        GAME.apply(s, "x", Action("declare"))
    assert render(said(refused.value), "it").startswith("Puoi dichiarare da ")
    assert str(said(refused.value)).startswith("You may declare from ")


def test_screens_and_the_question_read_in_italian():
    s = new(("x", "y"))
    give(s, "x", "7sdm", "3", "+2")
    give(s, "y", "5")
    hand = worded(show.render_hand(GAME.view(s, "x")), "it")
    assert hand[0] == "Numeriche: 7 stellina/dado/maschera, 3"
    assert str(show.render_hand(GAME.view(s, "x"))[0]) == "Numbered: 7 star/die/mask, 3"
    asked = worded(GAME.prompt(s, "x"), "it")
    assert asked["text"] == "Metti una carta coperta, oppure passa."
    assert asked["choices"][0][0] == "Passa"
    assert worded(GAME.status(GAME.view(s, "x")), "it").startswith("10x giro 1: posizionamento | tocca a te")


def test_quests_read_as_the_seed_words_them():
    from games.tenx.data import COMMON, PERSONAL
    assert render(PERSONAL["p00"].text, "it") == "vinci usando la stellina"
    assert render(COMMON["c0"].text, "it") == "vinci almeno di 3"
    assert str(PERSONAL["p00"].text) == "win using the star"


def test_the_help_page_and_the_place_read_in_italian_and_english_as_before():
    assert render(HELP_WORDS["tenx"], "it").startswith("10x - la carta più alta prende il punto")
    assert GAME.help["tenx"] is HELP_WORDS["tenx"] and str(GAME.help["tenx"]).startswith("10x - the highest")
    assert render(place.NAME, "it") == "la Taverna" and str(place.PLACE.name) == "the Tavern"


# --- round two: Italian commands quoted, the seed's stellina, the score table's columns -------------

TENX_PO = Path(games.__file__).resolve().parent / "tenx" / "locale" / "it" / "LC_MESSAGES" / "tenx.po"
ENGLISH_VERBS = ("play", "pass", "draw", "discard", "mask", "keep", "star", "roll", "cancel", "declare", "hand",
                 "quests", "cards")


def _translations() -> list[str]:
    return re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', TENX_PO.read_text(encoding="utf-8"), re.M)


def test_no_italian_line_quotes_an_english_command():
    """An Italian line says what to type in Italian ('gioca 7', 'maschera <giocatore>', 'pesca', 'passa')."""
    quoted = [t for t in _translations() if re.search(r"'(%s)\b" % "|".join(ENGLISH_VERBS), t)]
    assert quoted == []
    assert any("'maschera <giocatore>'" in t for t in _translations())
    assert any("'pesca bonus'" in t for t in _translations())


def test_the_star_is_the_seed_s_stellina_and_stella_only_the_command():
    """The glossary's 'stellina' for the card's star; 'stella' only where the command is quoted."""
    for t in _translations():
        assert set(re.findall(r"\bstell\w*", re.sub(r"'stella'", "", t))) <= {"stellina", "stelline"}, t


def test_a_modifier_may_be_typed_by_its_italian_word():
    from games.tenx.cards import resolve_card
    s = new(("x", "y"))
    give(s, "x", "7sdm", "7", "3")
    assert resolve_card(s.seats["x"].hand, "7 stellina dado maschera") == resolve_card(s.seats["x"].hand, "7 star die mask")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_score_table_s_heading_stands_over_its_columns_in_each_language(states, lang):
    for s in states[::4]:
        lines = [render(line, lang) for line in show.render_score(GAME.view(s, "bot1"))]
        rows = lines[:1 + len(GAME.view(s, "bot1")["order"])]
        assert {len(row) for row in rows} == {len(rows[0])}, rows
        assert all(len(line) <= 80 for line in rows)
