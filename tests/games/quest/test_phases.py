"""A turn's stages, declared once (games/quest/phases.py): who may do what while a duel is fought,
and the words of a verb that is not for now."""

from __future__ import annotations

import ast
import pathlib

import pytest

import games.quest
from games.botgame import play
from games.engine import RuleError
from games.quest import GAME, board
from games.quest.phases import MOVER_STAGES, PHASES, follows
from tests.games.quest.fixtures import act, dice, door, new, place
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


# --- the flow: the turn's phases move on by the table alone (issue 41) -----------------------------

def test_no_quest_module_sets_the_turn_s_phase_the_flow_alone_moves_it():
    """Decision (docs/decisions.md, Quest's phases drive its flow): the handlers carry their move
    out; the phase table's flow (PhaseTable.advance, after every action) enters the next phase."""
    setters = []
    for path in sorted(pathlib.Path(games.quest.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Attribute) and part.attr == "phase":
                        setters.append(f"{path.name}:{node.lineno}")
    assert setters == []


def test_the_flow_declares_every_step_of_a_turn_with_when_it_ends_and_what_follows():
    assert GAME.phases.field == "turn.phase"
    assert {g.name for g in PHASES.flow} == set(MOVER_STAGES)
    assert all(g.end_if is not None and g.next is not None for g in PHASES.flow)


def test_a_pass_is_told_before_the_turn_is_handed_over():
    s = new()
    events = act(s, "tizio", "pass")
    assert [e.kind for e in events] == ["passed", "passed", "turn", "turn"]
    assert (s.turn.player, s.turn.phase, s.turn.number) == ("caio", "start", 2)


def test_a_move_over_asks_for_the_locked_door_then_leaving_it_hands_the_turn_over():
    s = new()
    place(s, "tizio", "C4")
    s.players["tizio"].keys.append("gold")
    door(s, "C4", "C5", "gold", False)
    dice(s, 1)
    events = act(s, "tizio", "move", "e")
    assert events[-1].kind == "leave_asked" and s.turn.phase == "leave"
    events = act(s, "tizio", "leave", "closed")
    assert [e.kind for e in events] == ["door_left", "door_left", "turn", "turn"]
    assert (s.turn.player, s.turn.phase) == ("caio", "start")


@pytest.mark.parametrize("seed", range(4))
def test_after_every_action_the_phase_is_where_the_turn_s_data_says(seed):
    def check(state, _actions):
        assert state.over or follows(state) == state.turn.phase

    actions, state = play(GAME, seed, 3, "easy", {"rules": "full"}, each=check)
    assert actions > 0
