"""The strong bot knows only what its player knows: for every game with search hooks, determinizing
a position and determinizing its scramble (every fact hidden from the player shuffled) give the same
sampled game, as every player sees it; the sample agrees with the player's own view; and the strong
bot chooses the same action on a position and on its scramble. A determinizer that sorts the
unknown items before shuffling them passes; one that keeps the true arrangement fails."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

import pytest

import games
from games.search import search_action
from tests.contract.kit import contract_games, play

SEARCHED = [name for name in contract_games() if games.get(name).search is not None]


def _positions(name: str, seeds=range(3), every: int = 9) -> list:
    out = []
    for seed in seeds:
        out += play(name, seed, sample_every=every).states
    return out


def determinized_views(game, state, player, k: int) -> list[dict]:
    """What every seat (and the omniscient audit) sees of one determinization of ``state`` for ``player``."""
    sample = game.search.determinize(state, player, random.Random(k))
    return [game.view(sample, q) for q in [*game.seats_of(sample), None]]


@pytest.mark.parametrize("name", SEARCHED)
def test_a_determinization_depends_only_on_what_the_player_knows(name):
    game = games.get(name)
    rng = random.Random(7)
    for n, state in enumerate(_positions(name)):
        before = pickle.dumps(state)
        for p in game.seats_of(state):
            other = game.scramble(state, p, rng)
            sample = game.search.determinize(state, p, random.Random(n))
            assert game.view(sample, p) == game.view(state, p), f"{name}: a sample contradicts {p}'s view"
            assert determinized_views(game, state, p, n) == determinized_views(game, other, p, n), \
                f"{name}: {p}'s determinizer reads hidden facts"
        assert pickle.dumps(state) == before, f"{name}: determinize changed the state it was given"


@pytest.mark.parametrize("name", SEARCHED)
def test_the_strong_bot_chooses_the_same_on_a_position_and_its_scramble(name):
    game = games.get(name)
    hooks = replace(game.search, iterations=8, budget_ms=None, depth=min(game.search.depth, 12))
    rng = random.Random(11)
    positions = [s for s in _positions(name, seeds=range(2), every=13) if not game.is_over(s)][:4]
    assert positions
    for state in positions:
        p = game.awaiting(state)[0]
        other = game.scramble(state, p, rng)
        mine = [search_action(game, s, p, random.Random(3), hooks) for s in (state, other)]
        assert mine[0] == mine[1], f"{name}: the strong bot in {p}'s seat reads hidden facts"
        assert mine[0] in game.legal_actions(state, p)
