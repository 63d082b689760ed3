"""Quantum's set-up: the opening roll and its one reroll, the lowest total choosing first (ties for
it roll off: test_revised_rules.py), starting planets, the six face-up cards and the first turn."""

from __future__ import annotations

from tests.games.quantum.fixtures import GAME, at, dice, do, kinds, new, refused


def _opening(state, player):
    return [s.value for s in state.ships if s.owner == player and s.where == "scrap"][:3]


def test_each_player_has_five_dice_three_rolled_and_two_expansion_ships():
    state = new()
    for p in ("ann", "bob"):
        assert [s.where for s in state.ships if s.owner == p] == ["scrap"] * 3 + ["reserve"] * 2
    assert GAME.awaiting(state) == ["ann", "bob"]  # both decide at once


def test_a_reroll_rolls_all_three_once_and_the_second_roll_stands():
    state = new()
    dice(state, 6, 6, 5)
    events = do(state, "ann", "reroll")
    assert _opening(state, "ann") == [6, 6, 5] and kinds(events) == ["rerolled"]
    assert "already" in refused(state, "ann", "reroll")
    assert "already" in refused(state, "ann", "keep")


def test_the_lowest_total_picks_first_and_plays_first():
    state = new(("ann", "bob", "cid"))
    for p, values in zip(("ann", "bob", "cid"), ([6, 6, 6], [3, 3, 3], [5, 5, 5])):
        for s, v in zip([s for s in state.ships if s.owner == p][:3], values):
            s.value = v
    do(state, "ann", "keep")
    do(state, "cid", "keep")
    events = do(state, "bob", "keep")
    assert "order" in kinds(events)
    assert state.turn_order == ["bob", "cid", "ann"]  # clockwise from bob
    assert GAME.awaiting(state) == ["bob"]


def test_a_starting_planet_takes_a_cube_and_three_ships_on_its_orthogonal_squares():
    state = new()
    do(state, "ann", "keep")
    do(state, "bob", "keep")
    first = state.turn_order[0]
    other = state.turn_order[1]
    assert "chooses a starting planet now" in refused(state, other, "home", "e2")
    assert "Choose a starting planet" in refused(state, first, "home", "b2")
    do(state, first, "home", "e8", "e9")
    assert state.cubes == {"e8": [first]} and state.players[first].cubes_left == 6
    assert {at(state, sq).owner for sq in ("e7", "f8", "d8")} == {first} and at(state, "e9") is None
    assert "already starts at e8" in refused(state, other, "home", "e8")
    events = do(state, other, "home", "e2")
    assert kinds(events)[:3] == ["home", "cards_revealed", "turn"]
    assert all(state.faceup) and state.phase == "play" and state.turn.player == first
    assert state.turn.actions == 3 and len(state.gambits) == 19 and len(state.commands) == 5


def test_actions_before_the_set_up_ends_are_refused():
    state = new()
    assert "set-up" in refused(state, "ann", "research")
    assert "after the opening roll" in refused(state, "ann", "home", "e2")
