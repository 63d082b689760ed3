"""What a Quantum seat reads besides events, in Italian (issue 43): every screen and the status line fit
in 80 columns in each language at sampled states of seeded bots-only games (the cards' texts included:
round two), and a few read in Italian as the catalogue has them. That each is wholly marked in ``xx``
(but the map's grid) and that what the decks hide changes none of them, in any language, the contract
kit checks for every game (tests/contract/test_every_line_worded.py).
"""

from __future__ import annotations


import pytest

from games.words import render
from tests.games.quantum.fixtures import GAME, playing, put
from tests.games.quantum.test_italian import SEEDS, seeded_game


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}-{s[1]}players")
def played(request):
    return seeded_game(*request.param)


def test_every_screen_and_the_status_line_fit_in_80_columns_in_each_language(played):
    names, _, _, states = played
    for state in states[::3]:
        for p in [*names, None]:
            view = GAME.view(state, p)
            for lang in ("en", "it"):
                for name, show in GAME.screens.items():
                    lines = [render(line, lang) for line in show(view)]
                    assert all(len(line) <= 80 for line in lines), (lang, name, max(lines, key=len))
                assert len(render(GAME.status(view), lang)) <= 80


def test_the_question_and_the_status_read_in_italian():
    state = playing()
    put(state, "ann", 3, "b4")
    put(state, "ann", 4, "c5")
    text, answers = GAME.question(state, "ann")
    assert render(text, "it") == "Il tuo turno: ti restano 3 azioni. Muovi, attacca, schiera, riconfigura, " \
                                 "costruisci, ricerca, usa una capacità, oppure fine."
    assert [render(label, "it") for label, _ in answers] == ["Costruisci b5", "Ricerca +1", "Chiudi il turno"]
    assert [str(label) for label, _ in answers] == ["Build b5", "Research +1", "End the turn"]
    status = GAME.status(GAME.view(state, "ann"))
    assert str(status) == "Quantum round 1 | your turn, 3 actions | you: 0/7 cubes, D1 R1"
    assert render(status, "it") == "Quantum, giro 1 | il tuo turno, 3 azioni | tu: 0/7 cubi, D1 R1"
    assert render(status, "xx") == "⟦⟦Quantum round 1⟧ | ⟦⟦your turn, 3 actions⟧ | ⟦you: 0/7 cubes, D1 R1⟧⟧⟧"


def test_the_inventory_reads_in_italian():
    state = playing()
    put(state, "ann", 3, "b4")
    lines = [render(line, "it") for line in GAME.screens["inventory"](GAME.view(state, "ann"))]
    assert lines[0] == "La tua flotta:"
    assert lines[1] == "  3 in b4   scambia il posto con qualsiasi nave (gratis)"
    assert lines[-1] == "Cubi 0/7, dominio 1, ricerca 1; comandi: nessuno."
