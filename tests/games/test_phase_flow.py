"""The declared flow of a game's phases (games/phases.py): a phase followed by one of several, chosen
from the state, and a phase that lives in a part of the state (issue 41, Quest's turn)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.phases import GamePhase, Phase, PhaseTable


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
