"""Quantum's rule paths (games/quantum/paths.py): the finer ways a rule goes that share an event kind
-- a game ended by the round cap, a shared win, a Reorganise that rerolls nothing, a 2 carrying an
enemy ship, a 3 swapping with its owner's own ship -- each read from one event's JSON record, and each
taken by the play that makes it (and only that)."""

from __future__ import annotations

from games.quantum.data import MAX_ROUNDS
from games.quantum.paths import PATHS
from tests.games.quantum.fixtures import GAME, do, playing, put


def taken(events) -> list[str]:
    return [name for e in events for name, took in PATHS.items() if took(e.as_json())]


def test_the_game_declares_its_paths():
    assert GAME.paths is PATHS
    assert set(PATHS) == {"round_cap_reached", "shared_win", "reorganise_no_effect", "enemy_ship_carried",
                          "own_ship_swapped"}


def test_the_round_cap_ends_the_game_and_equal_cubes_share_the_win():
    state = playing()
    state.cubes = {"e2": ["ann"], "e8": ["bob"]}
    state.round = MAX_ROUNDS
    do(state, "ann", "end")
    events = do(state, "bob", "end")
    over = events[-1]
    assert over.kind == "game_over" and over.data == {"winners": ["ann", "bob"], "by": "rounds"}
    assert taken(events) == ["round_cap_reached", "shared_win"]


def test_the_round_cap_with_a_leader_is_not_a_shared_win():
    state = playing()
    state.cubes = {"e2": ["ann", "ann"], "e8": ["bob"]}
    state.round = MAX_ROUNDS
    do(state, "ann", "end")
    events = do(state, "bob", "end")
    assert state.winners == ["ann"] and taken(events) == ["round_cap_reached"]


def test_a_last_cube_wins_alone_by_cubes():
    state = playing()
    state.players["ann"].cubes_left = 1
    put(state, "ann", 3, "b4")
    put(state, "ann", 4, "c5")
    events = do(state, "ann", "build", "b5")
    assert events[-1].data == {"winners": ["ann"], "by": "cubes"} and taken(events) == []


def _reorganise(state):
    state.pending = [{"kind": "reorganise", "card": "reorganise"}]


def test_a_reorganise_that_rerolls_nothing_takes_the_no_effect_path():
    state = playing()
    put(state, "ann", 6, "a1")
    _reorganise(state)
    assert taken(do(state, "ann", "keep")) == ["reorganise_no_effect"]
    _reorganise(state)
    assert taken(do(state, "ann", "reroll", "a1")) == []


def test_carrying_an_enemy_ship_takes_its_path_and_carrying_your_own_does_not():
    state = playing()
    put(state, "ann", 2, "d7")
    put(state, "bob", 5, "c6")
    put(state, "ann", 6, "d6")
    events = do(state, "ann", "use", "d7", "c6", "d7", "c7")
    assert events[0].data["owner"] == "bob" and taken(events) == ["enemy_ship_carried"]
    state.turn.moved.clear()
    state.turn.used.clear()
    events = do(state, "ann", "use", "d7", "d6", "d7", "e7")
    assert events[0].data["owner"] == "ann" and taken(events) == []


def test_swapping_with_your_own_ship_takes_its_path_and_with_an_enemy_does_not():
    state = playing()
    put(state, "ann", 3, "a1")
    put(state, "ann", 6, "i9")
    put(state, "bob", 6, "a3")
    events = do(state, "ann", "use", "a1", "i9")
    assert events[0].data["owner"] == "ann" and taken(events) == ["own_ship_swapped"]
    state.turn.used.clear()
    events = do(state, "ann", "use", "i9", "a3")
    assert events[0].data["owner"] == "bob" and taken(events) == []
