"""The die faces' abilities: free (but a 2's carry, which is its move), each ship once a turn,
Warden's protection; a second use gets one clear line and changes nothing."""

from __future__ import annotations

from tests.games.quantum.fixtures import at, dice, do, kinds, playing, put, refused


def test_a_one_attacks_an_adjacent_ship_for_free_and_may_still_move():
    state = playing()
    put(state, "ann", 1, "d7")
    put(state, "bob", 5, "d8")
    dice(state, 2, 4)
    events = do(state, "ann", "use", "1", "d8")
    assert kinds(events)[:2] == ["ability", "combat"] and state.turn.actions == 3
    do(state, "ann", "stay")
    put(state, "bob", 6, "c7")
    assert "used its ability this turn" in refused(state, "ann", "use", "1", "c7")
    do(state, "ann", "move", "1", "e7")  # the attack was not its move


def test_a_one_attacks_only_orthogonally():
    state = playing()
    put(state, "ann", 1, "d7")
    put(state, "bob", 5, "c8")
    assert "orthogonally next to it" in refused(state, "ann", "use", "d7", "c8")


def test_a_two_carries_an_adjacent_ship_as_its_move():
    state = playing()
    put(state, "ann", 2, "d7")
    put(state, "bob", 5, "c6")  # diagonal: a 2 carries from all 8 squares around it
    events = do(state, "ann", "use", "2", "c6", "d9", "c9")
    assert kinds(events)[0] == "carried"
    assert at(state, "d9").value == 2 and at(state, "c9").owner == "bob" and at(state, "c6") is None
    assert state.turn.actions == 2 and state.turn.moved == {at(state, "d9").id: 1}
    assert "already moved" in refused(state, "ann", "move", "d9", "d7")


def test_a_two_may_carry_without_moving_and_the_line_says_it_stays():
    state = playing()
    put(state, "ann", 2, "d7")
    put(state, "bob", 5, "c6")
    events = do(state, "ann", "use", "2", "c6", "d7", "c7")  # up to 2 steps: none
    assert at(state, "d7").value == 2 and at(state, "c7").owner == "bob"
    assert "the 2 stays at d7 and puts it down at c7" in str(events[0].text)
    assert "from d7 to d7" not in str(events[0].text)


def test_a_carry_puts_the_ship_down_next_to_where_the_two_stops():
    state = playing()
    put(state, "ann", 2, "d7")
    put(state, "ann", 6, "d6")
    assert "not an empty square around d9" in refused(state, "ann", "use", "2", "d6", "d9", "f9")
    assert "cannot stop at g7" in refused(state, "ann", "use", "2", "d6", "g7", "g6")  # 3 steps away
    assert "planet" not in refused(state, "ann", "use", "2", "d6", "d9", "e8")  # e8 is a planet


def test_swift_lets_a_two_carry_three_steps():
    state = playing()
    state.players["ann"].commands = ["swift"]
    put(state, "ann", 2, "d7")
    put(state, "ann", 6, "d6")
    do(state, "ann", "use", "2", "d6", "g7", "g6")
    assert at(state, "g7").value == 2 and at(state, "g6").value == 6


def test_a_three_swaps_with_any_ship_for_free():
    state = playing()
    put(state, "ann", 3, "a1")
    put(state, "bob", 6, "i9")
    events = do(state, "ann", "use", "3", "i9")
    assert kinds(events)[0] == "swapped" and at(state, "i9").owner == "ann" and at(state, "a1").owner == "bob"
    assert state.turn.actions == 3 and not state.turn.moved


def test_warden_guards_ships_next_to_their_owners_cubes():
    state = playing()
    state.cubes["e8"] = ["bob"]
    state.players["bob"].commands = ["warden"]
    put(state, "ann", 3, "a1")
    put(state, "bob", 6, "f9")  # diagonal to e8: next to bob's cube
    put(state, "ann", 2, "g9")
    assert "guarded by Warden" in refused(state, "ann", "use", "3", "f9")
    assert "guarded by Warden" in refused(state, "ann", "use", "2", "f9", "g8", "g7")
    state.players["bob"].commands = []
    do(state, "ann", "use", "3", "f9")


def test_a_four_becomes_a_three_or_a_five_and_keeps_it():
    state = playing()
    put(state, "ann", 4, "a1")
    assert "3 or a 5" in refused(state, "ann", "use", "4", "6")
    do(state, "ann", "use", "4", "5")
    assert at(state, "a1").value == 5 and state.turn.actions == 3
    assert "used its ability" in refused(state, "ann", "use", "a1")


def test_a_ship_changed_by_its_ability_does_not_gain_another_this_turn():
    state = playing()
    put(state, "ann", 4, "a1")
    put(state, "bob", 1, "i9")
    do(state, "ann", "use", "4", "3")
    assert "used its ability this turn" in refused(state, "ann", "use", "3", "i9")


def test_a_six_rerolls_itself_and_a_five_is_passive():
    state = playing()
    put(state, "ann", 6, "a1")
    put(state, "ann", 5, "a3")
    dice(state, 2)
    do(state, "ann", "use", "6")
    assert at(state, "a1").value == 2
    assert "passive" in refused(state, "ann", "use", "5")


def test_a_ship_is_named_by_its_square_when_two_show_the_same_face():
    state = playing()
    put(state, "ann", 3, "a1")
    put(state, "ann", 3, "a3")
    assert "2 ships showing 3 (at a1, a3)" in refused(state, "ann", "move", "3", "a4")
    assert "no 6 in play" in refused(state, "ann", "move", "6", "a4")
    assert "No ship at c1" in refused(state, "ann", "move", "c1", "a4")
    put(state, "bob", 2, "i9")
    assert "is bob's" in refused(state, "ann", "move", "i9", "i8")


def test_abilities_only_in_your_own_turn():
    state = playing()
    put(state, "bob", 6, "a1")
    assert "ann's turn" in refused(state, "bob", "use", "6")
