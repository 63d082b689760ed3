"""Building cubes (the exact orthogonal sum, 2 actions, quantum interpenetration), the dominion and
research tracks at 6, the void, and the first to place every cube winning at once."""

from __future__ import annotations

from tests.games.quantum.fixtures import GAME, at, dice, do, kinds, playing, put, refused

OTHERS = ("b2", "e2", "h2", "b5", "h5", "b8", "h8")  # the two-player map's planets but e8


def test_a_cube_needs_your_ships_on_the_orthogonal_squares_to_add_up_exactly():
    state = playing()
    put(state, "ann", 3, "b4")
    put(state, "ann", 5, "c5")
    put(state, "bob", 2, "a5")  # an enemy ship there does not count
    put(state, "ann", 1, "a4")  # nor a diagonal one
    assert "3 + 5 = 8; it needs exactly 7" in refused(state, "ann", "build", "b5")
    at(state, "c5").value = 4
    events = do(state, "ann", "build", "b5")
    assert kinds(events)[:2] == ["built", "asked"] and state.cubes["b5"] == ["ann"]
    assert state.turn.actions == 1 and state.players["ann"].cubes_left == 6
    assert state.pending == [{"kind": "card", "why": "build"}]


def test_a_build_needs_two_ships_two_actions_and_a_free_slot():
    state = playing()
    put(state, "ann", 6, "b4")
    put(state, "ann", 1, "c5")
    assert "at least two" in refused(state, "ann", "build", "h5")
    state.turn.actions = 1
    assert "needs 2 actions" in refused(state, "ann", "build", "b5")
    state.turn.actions = 3
    state.cubes["b5"] = ["bob"]
    assert "is full" in refused(state, "ann", "build", "b5")
    assert "not a planet" in refused(state, "ann", "build", "c5")


def test_engineer_lets_a_build_miss_by_one():
    state = playing()
    state.players["ann"].commands = ["engineer"]
    put(state, "ann", 6, "b4")
    put(state, "ann", 2, "c5")
    do(state, "ann", "build", "b5")
    assert state.cubes["b5"] == ["ann"]


def test_a_second_cube_on_a_planet_needs_every_other_free_planet_full_and_three_more_per_cube():
    state = playing()
    state.cubes["e8"] = ["ann"]
    put(state, "ann", 4, "e7")
    put(state, "ann", 5, "f8")
    assert "already have a cube on e8" in refused(state, "ann", "build", "e8")
    for planet in OTHERS:
        state.cubes[planet] = ["bob"] * state.map.slots(planet)
    assert "it needs exactly 12" in refused(state, "ann", "build", "e8")  # 9 + 3
    put(state, "ann", 3, "e9")
    do(state, "ann", "build", "e8")
    assert state.cubes["e8"] == ["ann", "ann"]


def test_a_planet_you_already_hold_with_others_full_but_one_free_elsewhere_is_refused():
    state = playing()
    state.cubes["e8"] = ["ann"]
    for planet in OTHERS[:-1]:
        state.cubes[planet] = ["bob"] * state.map.slots(planet)
    put(state, "ann", 4, "e7")
    put(state, "ann", 5, "f8")
    put(state, "ann", 3, "e9")
    assert "such as h8" in refused(state, "ann", "build", "e8")


def test_placing_the_last_cube_wins_at_once():
    state = playing()
    state.players["ann"].cubes_left = 1
    put(state, "ann", 3, "b4")
    put(state, "ann", 4, "c5")
    events = do(state, "ann", "build", "b5")
    assert kinds(events) == ["built", "game_over"] and state.winners == ["ann"] and state.over
    assert not state.pending


def test_dominion_six_places_a_cube_at_once_then_goes_back_to_one_with_no_card():
    state = playing()
    state.players["ann"].dominion = 5
    state.cubes["e2"] = ["ann"]
    put(state, "ann", 1, "d7")
    put(state, "bob", 6, "d8")
    dice(state, 1, 6)
    do(state, "ann", "attack", "1", "d8")
    assert [p["kind"] for p in state.pending] == ["advance", "dominion"]
    do(state, "ann", "advance")
    assert "none of your cubes" in refused(state, "ann", "place", "e2")
    events = do(state, "ann", "place", "h2")
    assert kinds(events)[0] == "dominion_cube" and state.cubes["h2"] == ["ann"]
    assert state.players["ann"].dominion == 1 and not state.pending
    assert state.players["ann"].cubes_left == 6


def test_a_dominion_cube_that_is_the_last_wins():
    state = playing()
    state.players["ann"].dominion = 5
    state.players["ann"].cubes_left = 1
    put(state, "ann", 1, "d7")
    put(state, "bob", 6, "d8")
    dice(state, 1, 6)
    do(state, "ann", "use", "1", "d8")
    do(state, "ann", "stay")
    events = do(state, "ann", "place", "b2")
    assert state.over and state.winners == ["ann"] and kinds(events)[-1] == "game_over"


def test_research_at_six_stays_until_the_end_of_the_turn_then_a_card_and_back_to_one():
    state = playing()
    state.players["ann"].research = 5
    do(state, "ann", "research")
    events = do(state, "ann", "research")
    assert state.players["ann"].research == 6 and events[0].data.get("lost")
    events = do(state, "ann", "end")
    assert "research_card" in kinds(events) and state.pending[0]["kind"] == "card"
    assert state.players["ann"].research == 1 and state.turn.player == "ann"
    do(state, "ann", "take", "tactician" if "tactician" in state.faceup else state.faceup[3])
    assert state.turn.player == "bob"


def test_a_ship_on_the_void_at_the_end_of_the_turn_gives_one_research_however_many():
    state = playing()
    put(state, "ann", 3, "d4")
    put(state, "ann", 2, "f6")
    events = do(state, "ann", "end")
    assert state.players["ann"].research == 2 and kinds(events)[:2] == ["turn_end", "researched"]


def test_the_void_can_bring_research_to_six_and_its_card():
    state = playing()
    state.players["ann"].research = 5
    put(state, "ann", 3, "e5")
    events = do(state, "ann", "end")
    assert kinds(events)[1:3] == ["researched", "research_card"] and state.pending[0]["kind"] == "card"


def test_end_passes_the_turn_clockwise_and_the_round_counts():
    state = playing()
    do(state, "ann", "end")
    assert state.turn.player == "bob" and state.turn.actions == 3 and state.round == 1
    do(state, "bob", "end")
    assert state.turn.player == "ann" and state.round == 2


def test_the_turns_question_offers_builds_and_with_no_ship_in_play_deploys():
    state = playing()
    state.cubes["e8"] = ["ann"]
    text, answers = GAME.question(state, "ann")
    assert [a.verb for _, a in answers] == ["deploy"] * 4 + ["research", "end"]
    put(state, "ann", 3, "b4")
    put(state, "ann", 4, "c5")
    text, answers = GAME.question(state, "ann")
    assert [str(label) for label, _ in answers] == ["Build b5", "Research +1", "End the turn"]
    assert all(a in GAME.legal_actions(state, "ann") for _, a in answers)
