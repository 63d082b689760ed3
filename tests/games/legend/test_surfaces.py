"""Quest for Legend through the shell: the verbs parsed from typed lines (the issue's examples),
screens within 80 columns from a player's own view, numbered answers for each phase, help."""

from __future__ import annotations

import games
from games.words import worded
from mud.shell.table import Table
from tests.games.legend.fixtures import give, new, put
from tests.seating import Typist, seat

GAME = games.get("legend")


def _session(state, player="ann") -> Typist:
    """``player`` at the real command loop of a match in ``state`` (everyone a person)."""
    table = Table(GAME, list(state.order), [], 0)
    table.state = state
    return seat(table, player)


def test_the_issues_examples_typed_as_lines():
    state = new(heroes=["ulysses", "hercules", "jason", "perseus"])
    put(state, "ann", "fleece", "A", "C", "C")
    put(state, "bob", "medusa", "A")
    give(state, "ann", "C", "C", "I", "E")
    s = _session(state)
    assert not [line for line in s.handle("disturb medusa with I E") if line.kind == "error"]
    assert state.table[1].missing() == {"E": 1}
    out = s.handle("undertake fleece with C C as I")
    assert any("ann completes Golden Fleece" in line.text for line in out)


def test_a_refusal_is_one_line_and_names_the_reason():
    state = new(heroes=["ulysses", "hercules", "jason", "perseus"])
    put(state, "bob", "medusa", "A")
    give(state, "ann", "C")
    out = _session(state).handle("disturb medusa with C")
    assert [line.kind for line in out] == ["error"] and "Medusa needs no C" in out[0].text


def test_screens_show_hand_table_score_and_piles_within_80_columns():
    state = new(heroes=["ulysses", "hercules", "jason", "perseus"])
    put(state, "ann", "fleece", "A", "C")
    put(state, "bob", "tartarus", "A", "A", "C", "E")
    give(state, "ann", "C", "C", "I", "medusa")
    state.discard = ["E", "sphinx"]
    view = GAME.view(state, "ann")
    table = worded(GAME.screens["look"](view), "en")
    assert "1 ann Fleece(4): A C > needs I C" in table
    assert "2 bob Tartarus(5): A A C E > needs E" in table
    hand = worded(GAME.screens["hand"](view), "en")
    assert hand[0] == "Hand: I C C Medusa" and "Ulysses: Ithaca -1 card, C+C=I" in hand
    assert any("ann  Ulysses -4" in line for line in worded(GAME.screens["score"](view), "en"))  # a column of names
    assert "Discard pile: E Sphinx" in worded(GAME.screens["piles"](view), "en")
    for screen in GAME.screens.values():
        assert all(len(str(line)) <= 80 for line in screen(view))
    bob = GAME.view(state, "bob")
    assert bob["me"]["hand"] == [] and "hands" not in bob and bob["players"]["ann"]["cards"] == 4


def test_numbered_answers_for_each_phase_are_legal():
    state = new(heroes=["ulysses", "hercules", "jason", "perseus"])
    put(state, "ann", "fleece", "A")
    put(state, "bob", "boar", "C")
    give(state, "ann", "C", "C", "E", "A", "medusa", "sphinx")
    text, answers = worded(GAME.question(state, "ann"), "en")
    labels = [label for label, _ in answers]
    assert "Fleece(4)+C" in labels and "Fleece(4)+CC=I" in labels and "Abort bob Boar(2)+E" in labels
    assert labels[-3:] == ["Start Sphinx(1), needs A", "Start Medusa(4), needs I A E E", "Draw"]
    legal = GAME.legal_actions(state, "ann")
    assert all(a in legal for _, a in answers)
    GAME.apply(state, "ann", answers[labels.index("Start Medusa(4), needs I A E E")][1])
    text, answers = worded(GAME.question(state, "ann"), "en")
    assert text.startswith("Phase 2") and [label for label, _ in answers] == ["Start Sphinx(1), needs A", "Draw"]
    state.deck.append("I")
    GAME.apply(state, "ann", answers[-1][1])
    text, answers = worded(GAME.question(state, "ann"), "en")
    assert text.startswith("Phase 4") and all(a.verb == "discard" for _, a in answers)
    assert worded(GAME.question(state, "bob"), "en") is None


def test_help_legend_teaches_the_game_within_80_columns():
    assert list(GAME.help)[0] == "legend"
    for text in GAME.help.values():
        assert all(len(line) <= 80 for line in str(text).splitlines())
    assert "disturb medusa with I E" in str(GAME.help["legend"])
    assert "C C as I" in str(GAME.help["legend"])


def test_the_game_stands_in_the_harbour_temple():
    assert GAME.room == "harbour" and GAME.title == "Quest for Legend"
    assert GAME in games.in_room("harbour")


def test_a_mission_the_hand_can_meet_at_once_is_offered_whole():
    state = new(heroes=["jason", "hercules", "ulysses", "perseus"])
    put(state, "ann", "boar")
    put(state, "bob", "sirens", "A")
    give(state, "ann", "C", "E", "I", "I")
    answers = dict(worded(GAME.question(state, "ann"), "en")[1])
    assert answers["Complete Boar(2) with C E"].args == ("boar", "with", "C", "E")
    assert answers["Abort bob Sirens(3) with I I"].args == ("sirens", "with", "I", "I")
    GAME.apply(state, "ann", answers["Complete Boar(2) with C E"])
    assert [e.mission for e in state.seats["ann"].completed] == ["boar"]
