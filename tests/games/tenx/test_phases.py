"""10x's stages (games/tenx/phases.py): the steps of a round each allow their verbs; a step not yet
come is refused with when it comes and what the round waits for; 'declare' is open at any stage."""

from __future__ import annotations

import pytest

from games.engine import Action, RuleError
from games.tenx.data import THRESHOLDS
from tests.games.tenx.fixtures import GAME, new


def test_placement_allows_play_and_pass_and_a_mask_waits_for_the_reveal():
    state = new(("g1", "g2"))
    assert GAME.phase_of(state, "g1") == "place" and GAME.allowed(state, "g1") == {"play", "pass", "declare"}
    with pytest.raises(RuleError, match=r"^Masks come after the reveal.*Now"):
        GAME.apply(state, "g1", Action("mask", ("g2",)))
    GAME.apply(state, "g1", Action("pass"))
    assert GAME.phase_of(state, "g1") == "waiting"
    with pytest.raises(RuleError, match="You have already chosen this round."):
        GAME.apply(state, "g1", Action("pass"))


def test_declaring_is_open_at_any_stage_once_a_player_has_the_points():
    state = new(("g1", "g2"))
    GAME.apply(state, "g1", Action("pass"))  # g1 waits for g2 now
    state.seats["g1"].points = THRESHOLDS[2][0]
    assert Action("declare") in GAME.legal_actions(state, "g1")
    GAME.apply(state, "g1", Action("declare"))
    assert state.seats["g1"].declared
