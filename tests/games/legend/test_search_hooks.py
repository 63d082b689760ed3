"""Quest for Legend's search hooks: the sampler of the hidden cards and the judge of a position."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.legend.search import determinize, evaluate
from tests.games.legend.fixtures import new, put
from tests.games.search_hooks import check_evaluate, check_keeps_view, check_scramble_invariance, check_varies, positions


@pytest.fixture(scope="module")
def states():
    return (positions("legend", range(2), every=7) + positions("legend", [5], every=7, seats=2)
            + positions("legend", [6], every=11, options={"teams": "on"}))


def test_a_sample_shows_the_player_what_the_real_state_shows(states):
    check_keeps_view("legend", states, determinize)


def test_a_sample_depends_only_on_what_the_player_knows(states):
    assert check_scramble_invariance("legend", states, determinize) > 50


def test_a_sample_deals_the_others_hands_and_the_pile_again(states):
    check_varies("legend", states, determinize,
                 lambda s, p: ({q: s.seats[q].hand for q in s.order if q != p}, s.deck))
    for state in states[::4]:
        for p in state.order:
            s = determinize(state, p, random.Random(2))
            assert s.seats[p].hand == state.seats[p].hand
            assert [len(s.seats[q].hand) for q in s.order] == [len(state.seats[q].hand) for q in state.order]
            hidden = lambda x: Counter(x.deck + [c for q in x.order if q != p for c in x.seats[q].hand])  # noqa: E731
            assert hidden(s) == hidden(state)


def test_evaluate_is_a_share_of_the_win(states):
    check_evaluate("legend", states, evaluate)


def test_a_mission_nearly_done_counts_for_its_owner_an_empty_one_against():
    state = new(players=("ann", "bob"))
    assert evaluate(state, "ann") == pytest.approx(0.5)
    put(state, "ann", "medusa")
    empty = evaluate(state, "ann")
    assert empty < 0.5
    state.table.clear()
    put(state, "ann", "medusa", "I", "A", "E")
    assert evaluate(state, "ann") > 0.5 > evaluate(state, "bob")
