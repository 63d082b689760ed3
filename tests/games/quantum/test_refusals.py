"""Refusals in one place (issue 41): Quantum's handlers only carry a legal move out -- no function they
reach in the game raises a refusal -- and ``why_not`` (games/quantum/refusals.py) words every action
that is not legal, in the lines the handlers used to say; a legal action has no words there."""

from __future__ import annotations


from games.engine import Action, NotNow, RuleError
from games.quantum.refusals import why_not
from tests.contract.kit import play
from tests.games.quantum.fixtures import GAME, do, playing, put, refused

REFUSALS = {RuleError.__name__, NotNow.__name__}


def test_why_not_words_the_refusals_of_moves_and_ships():
    state = playing()
    put(state, "ann", 3, "c5")
    put(state, "ann", 5, "a3")
    put(state, "bob", 2, "i9")
    assert refused(state, "ann", "move", "c5", "c9") == \
        "Your 3 at c5 cannot reach c9: up to 3 orthogonal steps, never through a ship or a planet."
    assert refused(state, "ann", "attack", "3", "d1") == "There is no enemy ship at d1 to attack."
    assert refused(state, "ann", "move", "i9", "i8") == "The ship at i9 is bob's."
    assert refused(state, "ann", "reconfigure", "6").startswith("You have no 6 in play (your ships: ")
    assert refused(state, "ann", "use", "5") == "A 5's ability is passive: it moves diagonally too. Just 'move' it."
    state.turn.actions = 1
    assert refused(state, "ann", "build", "b5") == "That needs 2 actions; you have 1 left ('end' ends your turn)."


def test_why_not_words_the_grammar_and_the_owed_choices():
    state = playing()
    assert refused(state, "ann", "fly") == "Quantum has no 'fly' action."
    assert refused(state, "ann", "research", "twice") == "'research' does not take those arguments."
    state.pending.append({"kind": "card", "why": "build"})
    count = len(dict.fromkeys(c for c in state.faceup if c))
    assert refused(state, "ann", "take", "9") == f"No face-up card numbered 9: 'cards' numbers them 1-{count}."


def test_the_phase_table_still_words_a_verb_out_of_its_moment():
    state = playing()
    assert refused(state, "bob", "research") == "It is ann's turn."


def test_a_legal_action_has_no_words_and_an_illegal_one_is_worded():
    """At the states of a seeded bots-only game, ``why_not`` is silent on every legal action, and an
    action apply refuses after the phase table has a line of its own (never the general one)."""
    played = play("quantum", 3, sample_every=4)
    worded = 0
    for state in played.states:
        for player in GAME.seats_of(state):
            legal = GAME.legal_actions(state, player)
            assert [a for a in legal if why_not(state, player, a) is not None] == []
            for action in legal[:6]:
                if action.args:
                    wrong = Action(action.verb, action.args[:-1] + ("z99",))
                    if not GAME.is_legal(state, player, GAME.canonical(state, player, wrong)) and \
                            action.verb in GAME.allowed(state, player):
                        line = str(why_not(state, player, GAME.canonical(state, player, wrong)))
                        assert line and "not a move you can make" not in line, (wrong, line)
                        worded += 1
    assert worded > 50


def test_a_refused_move_leaves_the_game_playing_on():
    state = playing()
    put(state, "ann", 3, "c5")
    refused(state, "ann", "move", "c5", "c9")
    assert do(state, "ann", "move", "c5", "c7")[0].kind == "moved"
