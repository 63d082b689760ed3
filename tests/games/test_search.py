"""The generic search bot (games/search.py), on the toy game of tests/toygame: deterministic for a
seed, legal, and the contract kit's check catches a determinizer that peeks."""

from __future__ import annotations

import random
from dataclasses import replace

import games
from games.engine import LEVELS
from games.search import canonical_deal, copy_state, root_candidates, search_action
from tests.contract.test_search import determinized_views

games.register("toy", "tests.toygame")  # as the contract kit does
TOY = games.get("toy")


def _position(seed: int):
    state = TOY.new_match(["ann", "bob", "cid"], seed, {})
    TOY.opening(state)
    return state


def test_the_levels_are_easy_normal_strong():
    assert LEVELS == ("easy", "normal", "strong")


def test_the_same_seed_gives_the_same_choice_and_it_is_legal():
    state = _position(4)
    hooks = replace(TOY.search, budget_ms=None)
    first = [search_action(TOY, state, "ann", random.Random(k), hooks) for k in range(5)]
    again = [search_action(TOY, state, "ann", random.Random(k), hooks) for k in range(5)]
    assert first == again
    assert all(a in TOY.legal_actions(state, "ann") for a in first)


def test_the_strong_level_runs_the_search_and_leaves_the_state_alone():
    state = _position(2)
    before = copy_state(state)
    action = TOY.bot_action(state, "ann", random.Random(1), "strong", {})
    assert action in TOY.legal_actions(state, "ann")
    assert TOY.view(state, None) == TOY.view(before, None)


def test_a_game_without_hooks_plays_normal_at_strong():
    game = replace(TOY, search=None)
    state = _position(3)
    assert game.bot_action(state, "ann", random.Random(1), "strong", {}) == \
        game.bot_action(state, "ann", random.Random(1), "normal", {})


def test_a_peeking_determinizer_is_caught_by_the_kit_check():
    def peek(s, player, rng):
        return copy_state(s)  # keeps the others' true numbers
    cheat = replace(TOY, search=replace(TOY.search, determinize=peek))
    state = _position(5)
    other = TOY.scramble(state, "ann", random.Random(0))
    assert determinized_views(cheat, state, "ann", 1) != determinized_views(cheat, other, "ann", 1)
    assert determinized_views(TOY, state, "ann", 1) == determinized_views(TOY, other, "ann", 1)


def test_a_peeking_search_wins_more_than_an_honest_one():
    """The toy's secrets decide every guess: a search that reads them guesses right, an honest one
    only by luck -- the difference the contract kit's check is there to catch."""
    cheat = replace(TOY.search, determinize=lambda s, p, rng: copy_state(s), budget_ms=None, iterations=120)
    state = _position(6)
    right = cheat_right = 0
    for k in range(6):
        honest = search_action(TOY, state, "ann", random.Random(k), replace(TOY.search, budget_ms=None))
        peeked = search_action(TOY, state, "ann", random.Random(k), cheat)
        right += state.secret[honest.args[0]] == honest.args[1]
        cheat_right += state.secret[peeked.args[0]] == peeked.args[1]
    assert cheat_right >= 5 and right <= 3


def test_a_canonical_deal_forgets_the_order_it_was_given():
    a = canonical_deal([3, 1, 2, 5, 4], [2, 3], random.Random(9))
    b = canonical_deal([5, 4, 3, 2, 1], [2, 3], random.Random(9))
    assert a == b and sorted(a[0] + a[1]) == [1, 2, 3, 4, 5] and [len(x) for x in a] == [2, 3]


def test_a_paired_search_with_a_margin_keeps_the_first_candidate_unless_another_beats_it_clearly():
    state = _position(4)
    hooks = replace(TOY.search, budget_ms=None, paired=True, iterations=30)
    first = root_candidates(TOY, state, "ann", hooks)[0]
    kept = search_action(TOY, state, "ann", random.Random(1), replace(hooks, margin=1.01))  # no mean beats another by 1.01
    assert kept == first
    assert search_action(TOY, state, "ann", random.Random(1), replace(hooks, margin=0.0)) == \
        search_action(TOY, state, "ann", random.Random(1), hooks)


def test_a_paired_search_out_of_time_before_one_whole_sample_plays_the_first_candidate():
    state = _position(4)
    hooks = replace(TOY.search, paired=True, iterations=30, budget_ms=-1.0)  # the clock has run out already
    first = root_candidates(TOY, state, "ann", hooks)[0]
    assert search_action(TOY, state, "ann", random.Random(1), hooks) == first


def test_a_strong_game_of_10x_of_chess_and_of_legend_replays_exactly_for_a_seed():
    """A whole bots-only game with a strong seat (a tiny budget, no clock) is the same game twice."""
    from games.botgame import play_levels
    for name in ("tenx", "chess", "legend"):
        game = games.get(name)
        small = replace(game, search=replace(game.search, iterations=3, budget_ms=None))
        first = play_levels(small, 2, ["strong", "normal"])
        again = play_levels(small, 2, ["strong", "normal"])
        assert first.over and (first.actions, first.winners) == (again.actions, again.winners)
        assert small.view(first.state, None) == small.view(again.state, None)
