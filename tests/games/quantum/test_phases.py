"""Quantum's stages (games/quantum/phases.py): the opening roll (everyone at once), the starting
planets (one at a time), then the turn; a verb that is not for now is refused in the stage's words."""

from __future__ import annotations

from tests.games.quantum.fixtures import GAME, do, new, refused


def test_the_set_up_comes_before_any_action():
    state = new()
    assert GAME.phase_of(state, "ann") == "roll" and GAME.allowed(state, "ann") == {"keep", "reroll"}
    assert refused(state, "ann", "research") == "The game has not started yet: the set-up comes first."
    assert refused(state, "ann", "home", "c3") == "Starting planets are chosen after the opening roll."
    do(state, "ann", "keep")
    assert GAME.phase_of(state, "ann") == "rolled" and GAME.legal_actions(state, "ann") == []
    assert refused(state, "ann", "reroll") == "You have already kept your roll; the others are deciding."
    assert refused(state, "ann", "take", "1") == "You take a card when you build a cube or your research reaches 6."
