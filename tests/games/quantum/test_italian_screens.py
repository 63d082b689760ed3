"""What a Quantum seat reads besides events, in Italian (issue 43): the question and its answers'
labels, the screens and the status line, at sampled states of seeded bots-only games, read in the
pseudo-language ``xx`` -- every line with words of ours wholly marked ⟦ ⟧; a line may be unmarked only
when it holds no word (the map's grid: squares, digits, owners' letters). Then a few read in
Italian as the catalogue has them, and what the decks hide changes none of them in either language;
every screen fits in 80 columns in each language (the cards' texts included: round two).
"""

from __future__ import annotations

import random
import re

import pytest

from games.quantum.data import CARDS
from games.words import render, worded
from tests.games.quantum.fixtures import GAME, playing, put
from tests.games.quantum.test_italian import SEEDS, marked, seeded_game


def wordless(line: str, names) -> bool:
    """No word of ours: once the players' names and the cards' names (as typed) are taken out, no
    run of three letters is left (squares 'e2', owners' letters 'A3', '(8)', '~', '-' are not words)."""
    for name in sorted([*names, *CARDS], key=len, reverse=True):
        line = line.replace(name, " ")
    return re.search(r"[A-Za-z]{3,}", line) is None


def read(state, player, lang) -> list[str]:
    """Every line a seat reads besides the events: each screen, the status line, the question."""
    view = GAME.view(state, player)
    lines = [render(line, lang) for show in GAME.screens.values() for line in show(view)]
    lines.append(render(GAME.status(view), lang))
    asked = worded(GAME.question(state, player), lang)
    if asked:
        lines += [asked[0]] + [label for label, _ in asked[1]]
    return lines


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}-{s[1]}players")
def played(request):
    return seeded_game(*request.param)


def test_every_screen_status_and_question_a_seat_reads_is_words_of_a_message(played):
    names, _, _, states = played
    unmarked, seen = [], 0
    for state in states:
        for p in names:
            for line in read(state, p, "xx"):
                seen += 1
                if not marked(line) and not wordless(line, names):
                    unmarked.append(line)
    assert seen > 500
    assert unmarked == []


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


def test_what_the_decks_hide_changes_no_screen_in_either_language(played):
    """Quantum hides only the decks' order: shuffled (the game's scramble), every screen, the status
    line and the question of each seat read the same, in ``xx`` and in Italian."""
    names, _, _, states = played
    rng = random.Random(7)
    for state in states[::2]:
        for p in names:
            other = GAME.scramble(state, p, rng)
            for lang in ("xx", "it"):
                assert read(state, p, lang) == read(other, p, lang)


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
