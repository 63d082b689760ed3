"""Quest for Legend's refusals live in one place (issue 41): ``why_not`` words every refused move, in
the words the handlers used, and no handler -- nor anything it calls in the game's package -- refuses
anything of its own: ``apply`` has checked the move against the legal actions before it runs."""

from __future__ import annotations

from pathlib import Path

import pytest

import games.legend
from games.engine import Action
from games.legend.refusals import why_not
from tests.games.legend.fixtures import GAME, give, new, put, refused

PACKAGE = Path(games.legend.__file__).parent
REFUSING = {"RuleError", "NotNow"}


def test_a_refusal_is_worded_without_running_any_handler(monkeypatch):
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    put(state, "bob", "hydra")
    give(state, "ann", "C", "I")

    def never(*args):
        raise AssertionError("a handler ran for a refused move")

    for verb in list(GAME.handlers):
        monkeypatch.setitem(GAME.handlers, verb, never)
    assert refused(state, "ann", "disturb hydra with I") == "Hydra needs no I (it still needs C E E)."
    assert refused(state, "ann", "undertake hydra with C") == \
        "That is bob's Hydra: 'disturb' it to play under it."


@pytest.mark.parametrize("line, words", [
    ("undertake medusa with I", "No mission is on the table yet: resource cards go only under missions."),
    ("jump", "Quest for Legend has no 'jump' action."),
    ("draw twice", "'draw' does not take those arguments."),
    ("start", "Start which mission? From your hand: Sphinx."),
    ("start fleece", "You hold no Fleece card."),
    ("start sphinx sphinx", "You hold no second Sphinx card."),
    ("start dragon", "'dragon' names no mission card in your hand (your hand: I E Sphinx)."),
])
def test_why_not_words_each_refusal_of_a_first_phase_without_missions(line, words):
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "sphinx", "I", "E")
    assert refused(state, "ann", line) == words
    verb, *rest = line.split()
    assert str(why_not(state, "ann", GAME.canonical(state, "ann", Action(verb, tuple(rest))))) == words


@pytest.mark.parametrize("line, words", [
    ("disturb hydra", "Name the cards to play: 'disturb hydra with C'."),
    ("disturb 7 with C", "No mission number 7 on the table (see 'table')."),
    ("disturb dragon with C", "'dragon' names no mission on the table. Say 'disturb <mission> with <cards>', "
                              "e.g. 'disturb medusa with I E'."),
    ("undertake hydra with C", "That is bob's Hydra: 'disturb' it to play under it."),
    ("disturb medusa with C", "Nobody else has a Medusa on the table."),
    ("disturb hydra with C C", "You hold 1 C card, not 2."),
    ("disturb hydra with sphinx", "Only resource cards (I, A, C, E) go under a mission."),
    ("disturb hydra with E E as C", "As Ulysses, 'C C as I' plays your pair as one card."),
])
def test_why_not_words_each_refusal_of_a_card_under_a_mission(line, words):
    state = new(heroes=["ulysses", "hercules", "jason", "perseus"])
    put(state, "bob", "hydra")
    give(state, "ann", "C", "E", "E", "sphinx")
    assert refused(state, "ann", line) == words


def test_why_not_words_the_discard_and_the_end_of_phase_four():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "I", "I", "A", "C", "E", "E", "sphinx")
    state.phase = "discard"
    assert refused(state, "ann", "pass") == "Phase 4: discard 2 cards ('discard <card>')."
    assert refused(state, "ann", "discard I A C") == "You may discard only 2 cards besides dead twins."
    assert refused(state, "ann", "discard hydra") == \
        "'hydra' names no card in your hand (your hand: I I A C E E Sphinx)."
    assert refused(state, "ann", "discard A A") == "You hold 1 A card, not 2."
    assert refused(state, "ann", "discard the") == "Discard which card? Your hand: I I A C E E Sphinx."
