"""10x's declared flow (games/tenx/phases.py, issue 41): the steps of a round each say when they end
and what follows, the phase table moves the round along them after every action, and no handler
sets the phase -- the round's ``phase`` is the one answer to "where are we"."""

from __future__ import annotations

import ast
from pathlib import Path

import games.tenx
from games.tenx.data import THRESHOLDS
from games.tenx.phases import FLOW
from tests.games.tenx.fixtures import GAME, act, dice, give, new

ROUND = ("draw", "place", "mask", "bonus", "star", "die", "lose", "score", "reward", "cancel", "over")


def test_a_round_is_one_cycle_of_declared_phases_each_naming_the_next():
    assert [g.name for g in FLOW] == list(ROUND)
    assert [g.next for g in FLOW] == list(ROUND[1:]) + ["draw"]  # a round over opens the next one's draw
    assert all(g.end_if is not None for g in FLOW)
    assert GAME.phases.flow == FLOW and GAME.phases.field == "phase"


def test_no_module_of_the_game_assigns_the_phase():
    """Only the phase table's ``advance`` sets it (through ``TenxState.phase``, whose setter is the
    one place the round's phase is written)."""
    writers = []
    for path in sorted(Path(games.tenx.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and any(
                    isinstance(d, ast.Attribute) and d.attr == "setter" for d in node.decorator_list):
                continue  # the property's setter: the storage itself
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                for t in ast.walk(target):
                    if isinstance(t, ast.Attribute) and t.attr == "phase":
                        writers.append(f"{path.name}:{t.lineno}")
    setter_lines = {f"state.py:{n.lineno}" for n in ast.walk(ast.parse(
        (Path(games.tenx.__file__).parent / "state.py").read_text())) if isinstance(n, ast.Attribute)
        and n.attr == "phase" and isinstance(n.ctx, ast.Store)}
    assert [w for w in writers if w not in setter_lines] == []


def test_the_last_placement_ends_the_placing_and_the_reveal_opens_the_masks():
    s = new(("x", "y"))
    give(s, "x", "6sm", "3")
    give(s, "y", "5")
    act(s, "x", "play", "6sm")
    assert s.phase == "place"
    events = act(s, "y", "play", "5")
    assert [e.kind for e in events] == ["placed", "placed", "revealed", "asked"]
    assert s.phase == "mask" and GAME.awaiting(s) == ["x"]


def test_a_step_with_nobody_to_ask_is_passed_through_to_the_round_s_end_and_the_next_draw():
    """Plain cards, no bonus in hand: after the reveal no mask, no bonus pass worth asking (both asked
    once: they pass), no tie, no die -- the round is scored and the next one's draw opens."""
    s = new(("x", "y"))
    give(s, "x", "7", "2")
    give(s, "y", "5", "3")
    act(s, "x", "play", "7")
    act(s, "y", "play", "5")
    assert s.phase == "bonus"
    act(s, "y", "pass")
    events = act(s, "x", "pass")
    kinds = [e.kind for e in events]
    assert kinds.index("round_won") < kinds.index("round") < kinds.index("asked")
    assert s.phase == "draw" and s.round.number == 2 and GAME.awaiting(s) == ["x"]  # the winner draws first


def test_a_lost_roll_enters_the_discard_it_costs_and_the_last_discard_scores_the_round():
    s = new(("x", "y"))
    give(s, "x", "8")
    give(s, "y", "7d", "1", "2")
    act(s, "x", "play", "8")
    act(s, "y", "play", "7d")
    act(s, "y", "pass")  # the bonus pass, lowest card first: nobody has one
    act(s, "x", "pass")
    assert s.phase == "die" and GAME.awaiting(s) == ["y"]
    dice(s, 2)
    events = act(s, "y", "roll")
    assert [e.kind for e in events] == ["die_rolled", "asked"] and s.phase == "lose" and s.round.owed == 1
    events = act(s, "y", "discard", "card", "1")
    assert "round_won" in [e.kind for e in events] and s.phase == "draw"


def test_the_round_s_end_ends_the_game_for_a_declared_player_at_the_target_and_stays_over():
    s = new(("x", "y"))
    give(s, "x", "9")
    give(s, "y", "4")
    s.seats["x"].points = THRESHOLDS[2][1] - 1
    s.seats["x"].declared = True
    act(s, "x", "play", "9")
    act(s, "y", "play", "4")
    act(s, "y", "pass")
    events = act(s, "x", "pass")
    assert events[-1].kind == "game_over" and s.phase == "over" and s.over and GAME.is_over(s)
