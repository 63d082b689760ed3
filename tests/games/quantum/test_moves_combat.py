"""Quantum's movement (up to the ship's value in orthogonal steps, never through ships or planets;
a 5 diagonally too; once a turn) and combat (d6 + value, the lower total wins, ties to the
attacker), with fixed dice."""

from __future__ import annotations

from tests.games.quantum.fixtures import at, dice, do, kinds, playing, put, refused


def test_a_ship_moves_up_to_its_value_in_orthogonal_steps():
    state = playing()
    put(state, "ann", 2, "d7")
    do(state, "ann", "move", "2", "d9")
    assert at(state, "d9").value == 2 and state.turn.actions == 2
    state.turn.moved.clear()
    assert "cannot reach" in refused(state, "ann", "move", "d9", "g9")  # three steps
    assert "cannot reach" in refused(state, "ann", "move", "d9", "c7")  # diagonal needs 3 orthogonal steps


def test_a_ship_never_passes_through_a_ship_or_a_planet():
    state = playing()
    put(state, "ann", 3, "a4")
    put(state, "bob", 6, "b4")
    put(state, "ann", 1, "a5")
    # a4 -> a3 -> b3 -> c3 is free; around b4 and a5 to c4 needs 4 steps
    assert "cannot reach" in refused(state, "ann", "move", "a4", "c4")
    assert "is a planet" in refused(state, "ann", "move", "a4", "b2")
    do(state, "ann", "move", "a4", "c3")
    assert at(state, "c3").owner == "ann"


def test_a_five_moves_diagonally_too():
    state = playing()
    put(state, "ann", 5, "c3")
    do(state, "ann", "move", "5", "g7")  # four diagonal steps through the void
    assert at(state, "g7").value == 5
    put(state, "ann", 4, "c4")
    assert "cannot reach" in refused(state, "ann", "move", "4", "f7")  # six orthogonal steps


def test_swift_adds_one_step():
    state = playing()
    put(state, "ann", 1, "a4")
    assert "cannot reach" in refused(state, "ann", "move", "1", "a6")
    state.players["ann"].commands = ["swift"]
    do(state, "ann", "move", "1", "a6")


def test_each_ship_moves_once_a_turn_and_overdrive_gives_one_second_move():
    state = playing()
    put(state, "ann", 2, "d7")
    do(state, "ann", "move", "d7", "d9")
    assert "already moved" in refused(state, "ann", "move", "d9", "c9")
    state.turn.overdrive = True
    do(state, "ann", "move", "d9", "c9")
    assert "already moved" in refused(state, "ann", "move", "c9", "a9")
    assert state.turn.actions == 1


def test_moving_onto_an_enemy_attacks_it_and_the_lower_total_wins():
    state = playing()
    put(state, "ann", 2, "d7")
    put(state, "bob", 4, "d9")
    dice(state, 3, 2)  # ann 3 + 2 = 5, bob 2 + 4 = 6: ann wins
    events = do(state, "ann", "move", "2", "d9")
    assert kinds(events)[:2] == ["moved", "combat"] and at(state, "d8").owner == "ann"
    assert at(state, "d9") is None and len(state.fleet("bob", "scrap")) == 3
    assert state.players["ann"].dominion == 2 and state.players["bob"].dominion == 1  # never below 1
    assert state.pending[0]["kind"] == "advance"
    assert "First:" in refused(state, "ann", "research")
    do(state, "ann", "advance")
    assert at(state, "d9").owner == "ann" and at(state, "d8") is None


def test_a_tie_goes_to_the_attacker_and_the_winner_may_stay():
    state = playing()
    put(state, "ann", 4, "d8")
    put(state, "bob", 3, "d9")
    state.players["bob"].dominion = 3
    dice(state, 2, 3)  # 6 against 6
    do(state, "ann", "attack", "4", "d9")
    do(state, "ann", "stay")
    assert at(state, "d8").owner == "ann" and at(state, "d9") is None
    assert state.players["bob"].dominion == 2


def test_a_lost_attack_leaves_the_attacker_on_the_square_it_attacked_from():
    state = playing()
    put(state, "ann", 3, "a8")
    put(state, "bob", 1, "c9")
    dice(state, 6, 1)
    events = do(state, "ann", "attack", "a8", "c9", "b9")
    assert at(state, "b9").owner == "ann" and at(state, "c9").owner == "bob"
    assert not state.pending and "holds" in str(events[-1].text)
    assert state.players["ann"].dominion == 1 and state.turn.actions == 2


def test_the_attack_square_must_be_reachable_with_a_step_to_spare():
    state = playing()
    put(state, "ann", 2, "a7")
    put(state, "bob", 1, "d9")
    assert "cannot reach" in refused(state, "ann", "attack", "2", "d9")  # c9 is 3 steps away
    state.ship(0).square = "b9"
    assert "from one of: c9" in refused(state, "ann", "attack", "2", "d9", "d8")
    assert "no enemy ship at c8" in refused(state, "ann", "attack", "2", "c8")


def test_stubborn_defenders_win_ties_and_ferocious_takes_one_off():
    state = playing()
    put(state, "ann", 4, "d8")
    put(state, "bob", 3, "d9")
    state.players["bob"].commands = ["stubborn"]
    dice(state, 2, 3)  # 6 against 6: the defender holds
    do(state, "ann", "attack", "4", "d9")
    assert at(state, "d9").owner == "bob"
    state.turn.moved.clear()
    state.players["ann"].commands = ["ferocious"]
    dice(state, 3, 3)  # 3 + 4 - 1 = 6 against 6, a tie again: Stubborn still holds
    events = do(state, "ann", "attack", "4", "d9")
    assert events[-1].data["totals"] == [6, 6] and at(state, "d9").owner == "bob"


def test_raider_gains_two_dominion_and_dominion_never_passes_six():
    state = playing()
    state.players["ann"].commands = ["raider"]
    state.players["ann"].dominion = 3
    put(state, "ann", 1, "d8")
    put(state, "bob", 6, "d9")
    dice(state, 1, 6)
    do(state, "ann", "attack", "1", "d9")
    assert state.players["ann"].dominion == 5


def test_a_defender_uses_no_ability_and_cubes_are_never_removed_by_combat():
    state = playing()
    state.cubes["e8"] = ["bob"]
    put(state, "ann", 1, "e6")
    put(state, "bob", 5, "e7")
    dice(state, 1, 1)
    do(state, "ann", "attack", "1", "e7")
    assert state.cubes["e8"] == ["bob"] and at(state, "e7") is None


def test_deploy_brings_a_scrapyard_ship_back_rolled_anew_around_a_planet_with_your_cube():
    state = playing()  # nothing in play: a fleet with no ship may still deploy
    assert "free orbit square of a planet with your cube" in refused(state, "ann", "deploy", "d9")
    state.cubes["e8"] = ["ann"]
    assert "free orbit square" in refused(state, "ann", "deploy", "a1")
    dice(state, 5)
    events = do(state, "ann", "deploy", "d9")  # a diagonal orbit square counts
    assert kinds(events)[0] == "deployed" and at(state, "d9").value == 5 and state.turn.actions == 2
    for s in state.fleet("ann", "scrap"):
        s.where = "reserve"
    assert "scrapyard is empty" in refused(state, "ann", "deploy", "d7")


def test_a_destroyed_expansion_ship_goes_to_the_scrapyard_and_can_be_deployed():
    state = playing()
    state.cubes["e2"] = ["bob"]
    for s in state.fleet("bob", "scrap"):
        s.where = "reserve"
    ship = put(state, "bob", 6, "d8")  # from the reserve: an expansion ship
    put(state, "ann", 1, "d7")
    dice(state, 1, 6)
    do(state, "ann", "attack", "1", "d8")
    assert ship.where == "scrap"
    do(state, "ann", "stay")
    do(state, "ann", "end")
    dice(state, 2)
    do(state, "bob", "deploy", "d1")
    assert at(state, "d1") is ship and ship.value == 2


def test_reconfigure_rerolls_one_ship_for_an_action():
    state = playing()
    put(state, "ann", 6, "a1")
    dice(state, 3)
    events = do(state, "ann", "reconfigure", "6")
    assert kinds(events)[0] == "reconfigured" and at(state, "a1").value == 3 and state.turn.actions == 2
    state.turn.actions = 0
    assert "needs an action" in refused(state, "ann", "reconfigure", "a1")
