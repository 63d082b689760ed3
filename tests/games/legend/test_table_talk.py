"""Quest for Legend as three friends played it by hand over telnet, TinTin++ and ``ssh -T``: bob
pressed "[1] Abort carol Fleece(4)" not knowing which of his cards it would spend."""

from __future__ import annotations

from games.legend.show import render_table
from games.words import worded
from tests.games.legend.fixtures import GAME, give, new, put


def test_an_answer_that_meets_a_mission_at_once_names_the_cards_it_spends():
    state = new(heroes=["jason", "hercules", "ulysses", "perseus"])
    put(state, "ann", "boar")
    put(state, "bob", "sirens", "A")
    give(state, "ann", "C", "E", "I", "I")
    answers = dict(worded(GAME.question(state, "ann"), "en")[1])
    assert answers["Complete Boar(2) with C E"].args == ("boar", "with", "C", "E")
    assert answers["Abort bob Sirens(3) with I I"].args == ("sirens", "with", "I", "I")
    assert not any(label.endswith(")") for label in answers)  # every answer says what it spends


def test_a_hero_pair_is_named_as_the_command_names_it():
    state = new(heroes=["ulysses", "hercules", "jason", "perseus"])  # Ulysses: C+C count as one I
    put(state, "bob", "sirens", "A", "I")
    give(state, "ann", "C", "C")
    labels = [label for label, _a in worded(GAME.question(state, "ann"), "en")[1]]
    assert "Abort bob Sirens(3) with C C as I" in labels or "Abort bob Sirens(3)+CC=I" in labels


def test_a_mission_with_nothing_under_it_reads_what_it_needs():
    """The watcher's table read "1 carol Fleece(4): - > needs I A C C"."""
    state = new(heroes=["jason", "hercules", "ulysses", "perseus"])
    put(state, "bob", "fleece")
    put(state, "ann", "boar", "C")
    table = worded(render_table(GAME.view(state, "ann")), "en")
    assert "1 bob Fleece(4): needs I A C C" in table
    assert "2 ann Boar(2): C > needs E" in table
