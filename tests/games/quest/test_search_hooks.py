"""Quest's search hooks: the sampler of the hidden labyrinth and the judge of a position."""

from __future__ import annotations

import random

import pytest

from games.quest import GAME
from games.quest.data import DOOR_MIX
from games.quest.search import determinize, evaluate
from tests.games.search_hooks import check_evaluate, check_keeps_view, check_scramble_invariance, check_varies, positions


@pytest.fixture(scope="module")
def states():
    return positions("quest", range(3), every=9)


def test_a_sample_shows_the_player_what_the_real_state_shows(states):
    check_keeps_view("quest", states, determinize)


def test_a_sample_depends_only_on_what_the_player_knows(states):
    assert check_scramble_invariance("quest", states, determinize) > 100


def test_a_sample_varies_the_unseen_rooms_and_the_others_cards(states):
    check_varies("quest", states, determinize,
                 lambda s, p: (sorted(s.rooms.items()), {q: s.players[q].objects for q in s.order if q != p}))


def test_every_colour_keeps_its_count_of_open_doors(states):
    state = states[5]
    for p in state.order:
        s = determinize(state, p, random.Random(7))
        for colour in ("white", "red"):
            assert sum(d.open for d in s.doors.values() if d.colour == colour) == DOOR_MIX[colour][1]


def test_the_cards_nobody_has_shown_are_dealt_again_in_the_same_numbers(states):
    for state in states[::5]:
        for p in state.order:
            s = determinize(state, p, random.Random(3))
            for q in state.order:
                assert len(s.players[q].objects) == len(state.players[q].objects)
                assert len(s.players[q].treasures) == len(state.players[q].treasures)
            assert s.players[p].objects == state.players[p].objects
            assert len(s.treasures) == len(state.treasures)
            assert sum(s.objects.values()) + sum(len(x.objects) for x in s.players.values()) == \
                sum(state.objects.values()) + sum(len(x.objects) for x in state.players.values())


def test_evaluate_is_a_share_of_the_win(states):
    check_evaluate("quest", states, evaluate)


def test_a_knight_looks_better_placed_than_a_vassal():
    state = GAME.new_match(["ann", "bob"], 1, {})
    even = evaluate(state, "ann")
    assert even == pytest.approx(0.5)
    state.players["ann"].rank = "knight"
    assert evaluate(state, "ann") > 0.8 > 0.2 > evaluate(state, "bob")
    state.winner = "bob"
    assert evaluate(state, "ann") == 0.0 and evaluate(state, "bob") == 1.0


def _two_ports():
    """ann on a city; a spades port next door, a hearts port one room further, green doors between."""
    from games.quest import board
    from games.quest.board import Door, Room
    state = GAME.new_match(["ann", "bob"], 1, {})
    me = state.players["ann"]
    d, near = next((d, nb) for d, nb in board.exits(me.pos).items() if board.neighbour(nb, d))
    far = board.neighbour(near, d)
    state.players["bob"].pos = next(c for c in board.COORDS if c not in (me.pos, near, far))
    state.rooms[me.pos], state.rooms[near], state.rooms[far] = Room("city", "hearts"), Room("port", "spades"), Room("port", "hearts")
    me.seen = {me.pos, near, far}
    for a, b in ((me.pos, near), (near, far)):
        state.doors[board.edge(a, b)] = Door("green", True)
    return state, near, far


def test_the_search_plan_aims_at_the_room_quickest_to_reach_and_succeed_in():
    from games.quest import bots
    state, near, far = _two_ports()
    view = GAME.view(state, "ann")
    assert bots._target(view, view["me"], random.Random(0), "normal", {}) == near
    assert bots._target(view, view["me"], random.Random(0), "normal", {"sharp": True}) == far
