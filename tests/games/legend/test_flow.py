"""Quest for Legend's phases drive its flow (games/legend/phases.py, issue 41): a handler carries out
its move and records what it did (a mission started, the card drawn, a pass); the declared flow alone
ends a phase, names the next and hands the turn on, telling it as the handlers used to."""

from __future__ import annotations

import ast
from pathlib import Path

from games.legend import turns
from games.legend.data import MISSIONS
from games.legend.phases import PHASES
from tests.games.legend.fixtures import act, give, kinds, new, put

FOUR = ["hercules", "ulysses", "jason", "perseus"]


def test_the_flow_declares_every_step_of_a_turn_and_the_games_end():
    assert [g.name for g in PHASES.flow] == ["play", "start", "discard", "last", "over"]
    assert {g.name for g in PHASES.flow} - {"over"} == {p.name for p in PHASES.phases} - {"waiting"}


def test_no_rule_module_sets_the_phase_only_the_table_does():
    here = Path(turns.__file__).parent
    setters = []
    for module in sorted(here.glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text())):
            targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
            for target in targets:
                for t in (target.elts if isinstance(target, ast.Tuple) else [target]):
                    if isinstance(t, ast.Attribute) and t.attr == "phase":
                        setters.append(f"{module.name}:{node.lineno}")
    assert setters == []


def test_a_pass_in_phase_one_only_says_so_and_the_flow_moves_to_phase_two():
    state = new(heroes=FOUR)
    assert turns.do_pass(state, "ann") == [] and state.phase == "play"
    ev = PHASES.advance(state)
    assert state.phase == "start" and kinds(ev) == ["asked"]
    assert str(ev[0].text) == "Phase 2: 'start <mission>' from your hand, then 'draw'." and ev[0].visible_to("ann")


def test_the_draw_carries_out_the_draw_and_the_flow_hands_the_turn_on():
    state = new(heroes=FOUR)
    give(state, "ann", "I")
    ev = turns.do_draw(state, "ann")
    assert kinds(ev) == ["drew", "drew"] and state.turn == "ann" and state.phase == "play"
    ev = PHASES.advance(state)
    assert state.turn == "bob" and state.phase == "play" and kinds(ev) == ["turn"]
    assert str(ev[0].text).startswith("Round 1: bob's turn (")


def test_a_draw_over_five_cards_waits_in_phase_four_until_the_hand_is_five():
    state = new(heroes=FOUR)
    give(state, "ann", "I", "I", "A", "A", "C")
    ev = act(state, "ann", "draw")
    assert state.phase == "discard" and kinds(ev)[-1] == "asked" and str(ev[-1].text).startswith("Phase 4: discard 1 card")
    card = next(c for c in state.seats["ann"].hand if c in "IACE")
    ev = act(state, "ann", f"discard {card}")
    assert kinds(ev) == ["discarded", "turn"] and state.turn == "bob" and state.phase == "play"


def test_the_tenth_mission_completed_in_a_tournament_deals_the_next_game_in_phase_one():
    state = new(["ann", "bob"], ["hercules", "ulysses"], options={"tournament": "3"})
    state.done = [k for k in MISSIONS if k != "boar"]
    put(state, "ann", "boar", "C")
    give(state, "ann", "E")
    ev = act(state, "ann", "undertake boar with E")
    assert kinds(ev)[:3] == ["undertaken", "completed", "game_over"] and "heroes" in kinds(ev)
    assert kinds(ev)[-1] == "turn" and state.game == 2 and state.phase == "play" and not state.over
    assert state.turn == state.order[state.first] and not state.started and not state.drew
