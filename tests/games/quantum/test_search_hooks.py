"""Quantum's search hooks: the sampler of the hidden decks and the judge of a position."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.quantum import GAME
from games.quantum.search import determinize, evaluate
from tests.games.search_hooks import check_evaluate, check_keeps_view, check_scramble_invariance, check_varies, positions


@pytest.fixture(scope="module")
def states():
    return positions("quantum", range(2), every=9) + positions("quantum", [4], every=9, seats=2)


def test_a_sample_shows_the_player_what_the_real_state_shows(states):
    check_keeps_view("quantum", states, determinize)


def test_a_sample_depends_only_on_what_the_player_knows(states):
    assert check_scramble_invariance("quantum", states, determinize) > 50


def test_a_sample_shuffles_the_decks_and_keeps_their_cards(states):
    check_varies("quantum", states, determinize, lambda s, p: (s.gambits, s.commands))
    for state in states[::5]:
        s = determinize(state, state.order[0], random.Random(1))
        assert Counter(s.gambits) == Counter(state.gambits) and Counter(s.commands) == Counter(state.commands)


def test_a_sample_rolls_other_dice():
    state = GAME.new_match(["ann", "bob"], 3, {})
    rolls = {tuple(determinize(state, "ann", random.Random(k)).rng.die() for _ in range(5)) for k in range(5)}
    assert len(rolls) > 1


def test_evaluate_is_a_share_of_the_win(states):
    check_evaluate("quantum", states, evaluate)


def test_a_cube_ahead_is_a_better_share():
    state = GAME.new_match(["ann", "bob"], 3, {})
    assert evaluate(state, "ann") == pytest.approx(0.5)
    planet = next(iter(state.map.planets))
    state.cubes[planet] = ["ann"]
    assert evaluate(state, "ann") > 0.9
