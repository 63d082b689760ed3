"""A turn's stages, declared once (games/quest/phases.py): who may do what while a duel is fought,
and the words of a verb that is not for now."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from games.quest import GAME, board
from tests.games.quest.fixtures import act, new
from tests.games.quest.test_duels import duel_at_door


def test_during_a_duel_its_sides_are_asked_and_the_turn_waits():
    s, _ = duel_at_door()
    assert GAME.phase_of(s, "tizio") == "rps" and GAME.phase_of(s, "caio") == "rps"
    assert GAME.phase_of(s, "sempronio") == "waiting"
    act(s, "tizio", "throw", "rock")
    assert GAME.phase_of(s, "tizio") == "duel"  # thrown: the turn waits for the duel to end
    with pytest.raises(RuleError, match="Finish the duel first"):
        act(s, "tizio", "move", "w")


def test_a_locked_door_crossed_is_left_after_the_duel_not_during_it():
    """Decision (docs/decisions.md, Declared phases): the legal actions never offered 'leave' during
    a duel; the table refuses it too."""
    s, _ = duel_at_door()
    s.turn.pending_locked.append(board.edge("B2", "B3"))
    assert "leave" not in GAME.allowed(s, "tizio")
    with pytest.raises(RuleError, match="Finish the duel first"):
        act(s, "tizio", "leave", "open")


def test_free_verbs_are_for_anyone_at_any_stage():
    s = new()
    assert GAME.phase_of(s, "caio") == "waiting"
    assert {"give", "note", "mark", "consent", "armour", "heal", "take"} <= GAME.allowed(s, "caio")
    with pytest.raises(RuleError, match="It is tizio's turn, not yours."):
        act(s, "caio", "roll")
    act(s, "caio", "consent", "all")
    assert s.players["caio"].consent == "all"
