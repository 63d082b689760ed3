"""Issue 40, item 16 (Quest for Legend's part): "Turn 5: ann (Perseus)." at ann's second turn of
four counted every seat's turns. The header and the table's screen say the round."""

from __future__ import annotations

from games.legend import GAME
from games.legend.turns import begin_next_turn
from games.words import worded
from tests.games.legend.fixtures import new

FOUR = ("ann", "bob", "cat", "dan")


def test_a_players_second_turn_is_round_two():
    state = new(FOUR)
    state.turns = 1  # ann's first turn has begun
    headers = []
    for _ in FOUR:
        headers += [str(e.text) for e in begin_next_turn(state) if e.kind == "turn"]
    assert headers[-1].startswith("Round 2: ann's turn (") and headers[0].startswith("Round 1: bob's turn (")
    view = GAME.view(state, "bob")
    assert view["round"] == 2 and str(GAME.status_line(view)).startswith("Legend round 2: ann, phase 1")
    assert worded(GAME.screens["look"](view), "en")[0] == "round 2: ann, phase 1"
