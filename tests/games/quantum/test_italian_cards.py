"""Quantum's cards in Italian (issue 43, round two): each card by the name docs/rules/quantum.it.md gives
it and with what it does in Italian, on the ``cards`` screen (each on one line of at most 80 columns in
either language, doubled or not), in the events, the refusals and the question's labels; the English
as before. And the game's other words that were still English: its phases and a map file's mistakes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.engine import RuleError
from games.quantum import maps
from games.quantum.cardnames import NAMES, TEXTS, card_name
from games.quantum.data import CARDS
from games.quantum.show import render_cards
from games.words import render
from tests.games.quantum.fixtures import GAME, do, playing, refused
from tests.games.quantum.test_cards import owed_card

RULES_IT = Path(__file__).resolve().parents[3] / "docs" / "rules" / "quantum.it.md"
ALL_SIX = ["relocation", "reorganise", "expansion", "raider", "swift", "warden"]


def test_every_card_has_its_name_and_text_as_messages():
    assert set(NAMES) == set(TEXTS) == set(CARDS)
    assert all(str(TEXTS[c]) == CARDS[c].text and str(NAMES[c]) == c for c in CARDS)  # the English unchanged


def test_each_card_reads_by_the_name_the_italian_rules_give_it():
    """The rules page's tables (| Espansione | 8 | ... |, | Feroce | ... |) name the cards as the game does."""
    table = re.findall(r"^\| ([A-Z][a-z]+) \|", RULES_IT.read_text(), re.M)
    named = {render(card_name(c), "it").capitalize() for c in CARDS}
    assert named == {"Espansione", "Slancio", "Sovraccarico", "Trasferimento", "Riorganizzazione", "Sabotaggio",
                     "Feroce", "Rapido", "Studioso", "Ostinato", "Ingegnere", "Tattico", "Guardiano", "Predone"}
    assert named <= set(table)


@pytest.mark.parametrize("lang", ["en", "it", "xx"])
@pytest.mark.parametrize("card", sorted(CARDS))
def test_every_card_fits_on_one_line_of_the_cards_screen_even_doubled(card, lang):
    if CARDS[card].kind == "gambit":  # doubled: its longest label ('riorganizzazione x2')
        faceup = [card, card, next(c for c in ("surge", "overdrive") if c != card), "raider", "swift", "warden"]
    else:
        faceup = ["surge", "overdrive", "sabotage", card, *[c for c in ("raider", "swift", "warden") if c != card][:2]]
    lines = [render(line, lang) for line in render_cards(GAME.view(owed_card(playing(), faceup), "ann"))]
    assert all(len(line) <= 80 + (2 * line.count("⟦") if lang == "xx" else 0) for line in lines)
    assert any(render(TEXTS[card], lang) in line and render(card_name(card), lang) in line for line in lines)


def test_the_cards_screen_reads_in_italian_and_in_english_as_before():
    view = GAME.view(owed_card(playing(), ["expansion", "expansion", "surge", "raider", "swift", "warden"]), "ann")
    it = [render(line, "it") for line in render_cards(view)]
    assert it[1] == "  1. espansione x2    Una nave d'espansione entra in gioco presso un tuo cubo."
    assert it[2] == "  2. slancio          +1 azione in questo turno."
    assert it[6] == "  5. guardiano        Nessuno trasporta né scambia tue navi presso i tuoi cubi."
    en = [str(line) for line in render_cards(view)]
    assert en[1] == "  1. expansion x2  An expansion ship enters play by a planet with your cube."
    assert en[2] == "  2. surge         +1 action this turn."
    assert all(render(line, "xx").startswith("⟦") for line in render_cards(view))


def test_taking_a_card_and_the_new_face_up_cards_read_in_italian():
    state = owed_card(playing(), ALL_SIX)
    events = do(state, "ann", "take", "raider")
    said = [render(e.text, "it") for e in events]
    assert said[0] == "ann prende predone (comando)."
    assert [e.data["card"] for e in events if e.kind == "card_taken"] == ["raider"]  # the data stays the id
    assert str(events[0].text) == "ann takes raider (command)."


def test_a_card_refused_lists_the_face_up_ones_in_the_reader_s_words():
    state = owed_card(playing(), ALL_SIX)
    assert refused(state, "ann", "take", "dragon")
    with pytest.raises(RuleError) as err:
        do(state, "ann", "take", "dragon")
    said = err.value.args[0]
    assert "trasferimento, riorganizzazione, espansione" in render(said, "it")
    assert "relocation, reorganise, expansion" in str(said)


def test_the_question_s_labels_name_the_cards_in_italian():
    state = owed_card(playing(), ALL_SIX)
    labels = [render(label, "it") for label, _action in GAME.question(state, "ann")[1]]
    assert "Prendi predone" in labels and "Prendi riorganizzazione" in labels


def test_every_phase_says_what_it_is_in_each_language():
    from games import dungeon_chess, tenx
    for game in (GAME, tenx.GAME, dungeon_chess.GAME):
        for phase in game.phases.phases:
            assert render(phase.summary, "xx").startswith("⟦"), (game.name, phase.name)
            assert render(phase.summary, "it") != str(phase.summary), (game.name, phase.name)


def test_a_map_file_s_mistakes_read_in_italian():
    with pytest.raises(maps.MapError) as err:
        maps.parse_map("cubes 3\ncubes 4\n8 9S1 Q\n")
    said = err.value.args[0]
    assert render(said, "it").startswith("riga 2: 'cubes' compare due volte; riga 3: 'Q' non è una tessera")
    assert str(said) == "; ".join(err.value.errors)
    assert all(render(m, "xx").startswith("⟦") for m in err.value.messages)


def test_the_tui_board_names_the_cards_and_says_what_they_do_in_the_reader_s_language():
    from mud.tui.boards import quantum as board
    from mud.tui.words import speaking
    state = owed_card(playing(), ALL_SIX)
    state.players["ann"].commands = ["tactician"]
    view = GAME.view(state, "ann")
    with speaking("it"):
        panel = " ".join(board.card_lines(view["faceup"], 44, 30))
        room = board.render_room(view, 40).plain
    assert "trasferimento" in panel and "Ritira quante vuoi delle tue navi." in " ".join(panel.split())
    assert "tattico" in room and "tactician" not in room
    with speaking("en"):
        assert "relocation" in " ".join(board.card_lines(view["faceup"], 44, 30))
