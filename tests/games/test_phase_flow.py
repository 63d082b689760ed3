"""The declared flow of a game's phases (games/phases.py, issue 41): a phase's ``next`` may be a
function of the state when the phase has more than one way on, a way on to a phase the flow never
declared is a bug in the game, said at once, and the phase may live in a part of the state (Quest's
turn)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.phases import WAITING, GamePhase, Phase, PhaseTable


def _table(flow, field="turn.phase"):
    return PhaseTable((Phase("any"),), lambda state, player: "any", lambda state, player, verb: "no",
                      flow=flow, field=field)


def test_a_phase_may_name_what_follows_from_the_state_and_the_phase_may_live_in_a_part_of_it():
    flow = (GamePhase("walk", lambda s: s.where != "walk", lambda s: s.where, None),
            GamePhase("fight", lambda s: s.where != "fight", lambda s: s.where, lambda s: ["the fight begins"]),
            GamePhase("rest", None, None, lambda s: ["rested"]))
    table = _table(flow)
    state = SimpleNamespace(where="fight", turn=SimpleNamespace(phase="walk"))
    assert table.advance(state) == ["the fight begins"] and state.turn.phase == "fight"
    state.where = "rest"
    assert table.advance(state) == ["rested"] and state.turn.phase == "rest"
    assert table.advance(state) == [] and state.turn.phase == "rest"


def test_a_phase_followed_by_one_never_declared_is_refused():
    table = _table((GamePhase("walk", lambda s: True, lambda s: "swim", None),))
    with pytest.raises(ValueError, match="swim"):
        table.advance(SimpleNamespace(turn=SimpleNamespace(phase="walk")))


def test_a_flow_declared_by_name_still_moves_a_phase_held_by_the_state_itself():
    flow = (GamePhase("a", lambda s: s.done, "b", None), GamePhase("b", None, None, lambda s: ["b begins"]))
    state = SimpleNamespace(phase="a", done=True)
    assert _table(flow, field="phase").advance(state) == ["b begins"] and state.phase == "b"
    with pytest.raises(ValueError):
        _table((GamePhase("a", None, "nowhere", None),))


def _plain_table(flow):
    return PhaseTable((Phase(WAITING),), lambda state, player: WAITING, lambda state, player, verb: "", flow=flow)


def test_a_phase_with_two_ways_on_goes_where_its_next_says_and_begins_it():
    flow = (GamePhase("roll", lambda s: s.rolled, lambda s: "double" if s.dice[0] == s.dice[1] else "move"),
            GamePhase("double", None, None, lambda s: ["again"]),
            GamePhase("move", None, None, lambda s: ["move on"]))
    table = _plain_table(flow)
    state = SimpleNamespace(phase="roll", rolled=True, dice=(3, 3))
    assert table.advance(state) == ["again"] and state.phase == "double"
    state = SimpleNamespace(phase="roll", rolled=True, dice=(3, 4))
    assert table.advance(state) == ["move on"] and state.phase == "move"
    state = SimpleNamespace(phase="roll", rolled=False, dice=(3, 4))
    assert table.advance(state) == [] and state.phase == "roll", "a phase that has not ended goes on"


def test_a_way_on_to_an_undeclared_phase_is_refused():
    with pytest.raises(ValueError):
        _plain_table((GamePhase("a", lambda s: True, "nowhere"),))
    table = _plain_table((GamePhase("a", lambda s: True, lambda s: "nowhere"),))
    state = SimpleNamespace(phase="a")
    with pytest.raises(ValueError):
        table.advance(state)
    assert state.phase == "a", "nothing moved"
