"""Checks every game's search hooks must pass (issue 18): a determinized state keeps what the
player knows, varies what they do not, and depends on nothing but their knowledge and the rng --
determinizing the true state and a scramble of it, with the same rng, gives states that every
player sees alike."""

from __future__ import annotations

import random

import games
from tests.contract.kit import play


def positions(name: str, seeds, every: int, seats: int | None = None, options: dict | None = None) -> list:
    """States sampled from seeded bots-only games, the end left out."""
    game = games.get(name)
    out = []
    for seed in seeds:
        out += [s for s in play(name, seed, seats=seats, sample_every=every, options=options).states
                if not game.is_over(s)]
    return out


def check_scramble_invariance(name: str, states: list, determinize) -> int:
    """For every state and seat: same rng, true state or scramble -> identical views for all."""
    game = games.get(name)
    checked = 0
    for i, state in enumerate(states):
        for p in game.seats_of(state):
            other = game.scramble(state, p, random.Random(1000 + i))
            a = determinize(state, p, random.Random(i))
            b = determinize(other, p, random.Random(i))
            for q in game.seats_of(state):
                assert game.view(a, q) == game.view(b, q), f"{name}: state {i}, {p}'s sample differs in {q}'s view"
            assert game.view(a, None) == game.view(b, None), f"{name}: state {i}, {p}'s sample differs"
            checked += 1
    return checked


def check_keeps_view(name: str, states: list, determinize) -> None:
    """The sampled state shows the player exactly what the real one does (and the same moves)."""
    game = games.get(name)
    for i, state in enumerate(states):
        for p in game.seats_of(state):
            s = determinize(state, p, random.Random(i))
            assert game.view(s, p) == game.view(state, p), f"{name}: state {i}, {p}'s view changed"
            assert game.legal_actions(s, p) == game.legal_actions(state, p)


def check_varies(name: str, states: list, determinize, hidden) -> None:
    """Different rngs give different hidden facts (``hidden(state, player)``) somewhere."""
    game = games.get(name)
    varied = 0
    for i, state in enumerate(states):
        p = next(iter(game.seats_of(state)))
        samples = {repr(hidden(determinize(state, p, random.Random(k)), p)) for k in range(4)}
        varied += len(samples) > 1
    assert varied >= len(states) // 2, f"{name}: the hidden facts hardly vary ({varied} of {len(states)})"


def check_evaluate(name: str, states: list, evaluate) -> None:
    game = games.get(name)
    for state in states:
        for p in game.seats_of(state):
            v = evaluate(state, p)
            assert 0.0 <= v <= 1.0
