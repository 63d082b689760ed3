"""The normal bot's reasons for moves it used to leave to chance (issue 24): a 3 swapping with a ship
of its own when that saves the plan moves, a 2 carrying off an enemy ship that would build next
turn, and a Reorganise rerolling the ship that makes the plan's sum wrong (keeping when it is right)."""

from __future__ import annotations

import random

from games.engine import Action
from games.quantum.actions import buildable
from tests.games.quantum.fixtures import GAME, playing, put

OTHERS = ["b2", "e2", "h2", "h5", "b8", "e8", "h8"]  # the two-player map's planets but b5 (a 7)


def only_b5_free(state) -> None:
    for planet in OTHERS:
        state.cubes[planet] = ["bob"] * state.map.slots(planet)


def normal(state, player="ann") -> Action:
    return GAME.bot_action(state, player, random.Random(0), "normal")


def test_a_three_on_the_planet_swaps_with_the_far_ship_the_plan_needs_there():
    state = playing()
    only_b5_free(state)
    put(state, "ann", 3, "b4")  # on b5's square, but 3 + 5 is not 7
    put(state, "ann", 5, "c5")
    put(state, "ann", 2, "e5")  # the 2 the plan needs, four steps away
    assert normal(state) == Action("use", ("b4", "e5"))


def test_no_swap_with_a_ship_of_its_own_that_saves_nothing():
    state = playing()
    only_b5_free(state)
    put(state, "ann", 4, "b4")
    put(state, "ann", 3, "a3")  # one move from b5's squares, as the 4 would be from a3
    put(state, "ann", 6, "i9")
    action = normal(state)
    assert action.verb == "move" and action.args[0] == "a3"


def test_a_two_carries_off_an_enemy_ship_about_to_build():
    state = playing()
    put(state, "bob", 4, "b4")
    put(state, "bob", 3, "c5")  # 4 + 3 = 7: bob builds on b5 next turn
    put(state, "ann", 2, "d4")
    action = normal(state)
    assert action.verb == "use" and action.args[:2] == ("d4", "c5")
    GAME.apply(state, "ann", action)
    carried = state.occupant()[action.args[3]]
    assert carried.owner == "bob" and "b5" not in buildable(state, "bob")
    steps = [abs(state.map.squares[carried.square][0] - state.map.squares[sq][0])
             + abs(state.map.squares[carried.square][1] - state.map.squares[sq][1])
             for sq in state.map.orthogonal("b5")]
    assert min(steps) > 3  # the 3 cannot come back in one move


def test_no_carry_when_the_enemy_cannot_build_there_anyway():
    state = playing()
    put(state, "bob", 4, "b4")
    put(state, "bob", 5, "c5")  # 9 is not 7
    put(state, "ann", 2, "d4")
    action = normal(state)
    assert not (action.verb == "use" and action.args[1:2] == ("c5",))


def _reorganise(state) -> Action:
    state.pending = [{"kind": "reorganise", "card": "reorganise"}]
    action = normal(state)
    assert action in GAME.legal_actions(state, "ann")
    return action


def test_reorganise_rerolls_the_ship_that_makes_the_sum_wrong():
    state = playing()
    only_b5_free(state)
    put(state, "ann", 3, "b4")
    put(state, "ann", 5, "c5")  # 8, and b5 needs 7: a 3 rerolled to a 2 would do
    assert _reorganise(state) == Action("reroll", ("b4",))


def test_reorganise_keeps_a_sum_that_is_already_right():
    state = playing()
    only_b5_free(state)
    put(state, "ann", 3, "b4")
    put(state, "ann", 4, "a1")
    assert _reorganise(state) == Action("keep")
