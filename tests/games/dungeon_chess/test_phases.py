"""Dungeon Chess's stages (games/dungeon_chess/phases.py): secret targets first, everyone at once,
then one player's move at a time; a verb that is not for now is refused in the stage's words."""

from __future__ import annotations

import pytest

from games.engine import Action, RuleError
from tests.games.dungeon_chess.fixtures import GAME, match


def test_targets_are_kept_first_then_moves_are_for_the_player_on_turn():
    state = match(keep=False)
    assert GAME.phase_of(state, "ann") == "choose" and GAME.allowed(state, "ann") == {"keep"}
    with pytest.raises(RuleError, match=r"You have not kept a secret target yet"):
        GAME.apply(state, "ann", Action("move", ("e2", "e5")))
    GAME.apply(state, "ann", GAME.legal_actions(state, "ann")[0])
    assert GAME.phase_of(state, "ann") == "kept" and GAME.legal_actions(state, "ann") == []
    with pytest.raises(RuleError, match=r"You already keep target #"):
        GAME.apply(state, "ann", Action("keep", (1,)))
    GAME.apply(state, "bob", GAME.legal_actions(state, "bob")[0])
    mover = state.player
    other = next(p for p in state.order if p != mover)
    assert GAME.phase_of(state, mover) == "move" and GAME.phase_of(state, other) == "waiting"
    with pytest.raises(RuleError, match=f"It is {mover}'s turn."):
        GAME.apply(state, other, Action("teleport", ("c2",)))
    with pytest.raises(RuleError, match="The secret targets were kept before the first move."):
        GAME.apply(state, mover, Action("keep", (1,)))
