"""A turn's phases, declared once (games/legend/phases.py): each phase allows its verbs, the rest are
refused in the phase's words before anything changes, and the legal actions come from the same table."""

from __future__ import annotations

from games.legend.phases import PHASES
from tests.games.legend.fixtures import GAME, act, give, new, refused


def test_phase_two_allows_starting_and_the_draw_only():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "medusa", "I", "E")
    act(state, "ann", "pass")  # to phase 2
    assert GAME.phase_of(state, "ann") == "start" and GAME.allowed(state, "ann") == {"start", "draw"}
    assert refused(state, "ann", "undertake medusa with I").startswith("Not now. Phase 2:")
    assert refused(state, "ann", "pass") == "Drawing is compulsory: 'draw' a card."
    assert {a.verb for a in GAME.legal_actions(state, "ann")} <= {"start", "draw"}


def test_a_player_not_on_turn_waits_and_is_told_whose_turn_it_is():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "bob", "I")
    assert GAME.phase_of(state, "bob") == "waiting" and GAME.legal_actions(state, "bob") == []
    assert refused(state, "bob", "draw") == "It is ann's turn, not yours."
    assert PHASES.refusal(state, "ann", "draw") is None
