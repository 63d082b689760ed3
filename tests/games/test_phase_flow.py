"""A game's declared phases move it on (games/phases.py, issue 41): a phase's ``next`` may be a
function of the state when the phase has more than one way on, and a way on to a phase the flow
never declared is a bug in the game, said at once."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.phases import WAITING, GamePhase, Phase, PhaseTable


def _table(flow):
    return PhaseTable((Phase(WAITING),), lambda state, player: WAITING, lambda state, player, verb: "", flow=flow)


def test_a_phase_with_two_ways_on_goes_where_its_next_says_and_begins_it():
    flow = (GamePhase("roll", lambda s: s.rolled, lambda s: "double" if s.dice[0] == s.dice[1] else "move"),
            GamePhase("double", None, None, lambda s: ["again"]),
            GamePhase("move", None, None, lambda s: ["move on"]))
    table = _table(flow)
    state = SimpleNamespace(phase="roll", rolled=True, dice=(3, 3))
    assert table.advance(state) == ["again"] and state.phase == "double"
    state = SimpleNamespace(phase="roll", rolled=True, dice=(3, 4))
    assert table.advance(state) == ["move on"] and state.phase == "move"
    state = SimpleNamespace(phase="roll", rolled=False, dice=(3, 4))
    assert table.advance(state) == [] and state.phase == "roll", "a phase that has not ended goes on"


def test_a_way_on_to_an_undeclared_phase_is_refused():
    with pytest.raises(ValueError):
        _table((GamePhase("a", lambda s: True, "nowhere"),))
    table = _table((GamePhase("a", lambda s: True, lambda s: "nowhere"),))
    state = SimpleNamespace(phase="a")
    with pytest.raises(ValueError):
        table.advance(state)
    assert state.phase == "a", "nothing moved"
