"""Seeded Quantum games between bots: 1,166 of them over 2, 3 and 4 players finish with a winner and
no refused action, keeping the game's invariants as they go; the normal bot beats the easy one (in the
same pass as the two-player games finish);
over a few hundred games the bots make every kind of event the game has."""

from __future__ import annotations

import pytest

from games.engine import RuleError, bot_rng
from games.quantum.data import COMMANDS, SHIPS, gambit_deck
from games.quantum.tones import TONES
from tests.games.quantum.fixtures import GAME


def play(seed: int, players: int, levels: dict | None = None, check: bool = False):
    """A whole game; (state, events, refused). ``check`` tests the invariants after every action."""
    names = [f"bot{i}" for i in range(1, players + 1)]
    state = GAME.new_match(names, seed, {})
    events = GAME.opening(state)
    rngs = {p: bot_rng(seed, p) for p in names}
    refused = 0
    while not GAME.is_over(state):
        player = GAME.awaiting(state)[0]
        action = GAME.bot_action(state, player, rngs[player], (levels or {}).get(player, "normal"))
        try:
            events += GAME.apply(state, player, action)
        except RuleError:
            refused += 1
            events += GAME.apply(state, player, GAME.legal_actions(state, player)[0])
        if check:
            invariants(state)
    return state, events, refused


def invariants(state) -> None:
    squares = [s.square for s in state.ships if s.where == "play"]
    assert len(squares) == len(set(squares)), "two ships on one square"
    assert all(sq in state.map.open_squares for sq in squares), "a ship off the map or on a planet"
    assert all(1 <= s.value <= 6 for s in state.ships)
    for p, me in state.players.items():
        assert sum(1 for s in state.ships if s.owner == p) == SHIPS
        assert 1 <= me.dominion <= 6 and 1 <= me.research <= 6
        assert len(me.commands) <= 3 or state.pending[0]["kind"] == "drop"
        assert state.placed(p) + me.cubes_left == state.map.cubes
    for planet, owners in state.cubes.items():
        assert len(owners) <= state.map.slots(planet)
    gambits = state.gambits + [c for c in state.faceup[:3] if c] + [c for me in state.players.values() for c in me.later]
    assert sorted(gambits) == sorted(gambit_deck()), "gambits made or lost"
    commands = state.commands + [c for c in state.faceup[3:] if c] + [c for me in state.players.values()
                                                                        for c in me.commands]
    assert len(commands) == len(set(commands)) and set(commands) <= set(COMMANDS)


def finished_unrefused(seed: int, players: int, levels: dict | None = None):
    """A seeded game checked as the sweep checks each: it ends with a winner, no bot action refused, the
    invariants kept after every action in one game of ten."""
    state, _, refused = play(seed, players, levels, check=seed % 10 == 0)
    assert state.over and state.winners, f"seed {seed} did not finish with a winner"
    assert refused == 0, f"seed {seed}: {refused} refused bot actions"
    assert state.round < 200, f"seed {seed}: a bots' game ran to the round limit"
    return state


@pytest.mark.slow
@pytest.mark.parametrize("players, seeds", [(3, range(1000, 1333)), (4, range(2000, 2333))])
def test_seeded_bot_games_of_three_and_four_finish_with_no_refused_action(players, seeds):
    """666 games of normal bots; with the 500 two-player games below, 1,166 games finish unrefused."""
    for seed in seeds:
        finished_unrefused(seed, players)


@pytest.mark.slow
def test_the_normal_bot_beats_the_easy_one_in_seven_games_of_ten_and_all_500_finish_unrefused():
    """500 two-player games, normal against easy (each seat in turn): the normal bot wins 350 or more,
    and every game is checked as the sweep above checks its games (winner, nothing refused, the round
    limit, the invariants in one game of ten). These are the sweep's two-player games: one pass plays
    each seed once for both claims (normal against normal is swept at three and four players)."""
    wins = 0
    for seed in range(500):
        normal, easy = ("bot1", "bot2") if seed % 2 == 0 else ("bot2", "bot1")
        state = finished_unrefused(seed, 2, {normal: "normal", easy: "easy"})
        wins += state.winners == [normal]
    assert wins >= 350, f"normal won {wins} of 500"


def test_normal_bots_make_every_kind_of_event_over_a_few_hundred_games():
    seen: set[str] = set()
    for seed in range(300):
        _, events, _ = play(seed, 2 + seed % 3)
        seen |= {e.kind for e in events}
        if seen >= set(TONES):
            break
    assert not sorted(set(TONES) - seen), "event kinds the bots never made"


def test_every_legal_action_is_accepted_in_random_play():
    """Players choosing at random among their legal actions (carries, swaps, every gambit) are never
    refused, and the invariants hold after every action."""
    import random
    for seed in range(12):
        players = 2 + seed % 3
        names = [f"p{i}" for i in range(players)]
        state = GAME.new_match(names, seed, {})
        GAME.opening(state)
        rng = random.Random(seed)
        for _ in range(400):
            if GAME.is_over(state):
                break
            player = GAME.awaiting(state)[0]
            legal = GAME.legal_actions(state, player)
            busy = [a for a in legal if a.verb != "end"] or legal
            GAME.apply(state, player, rng.choice(busy if rng.random() < 0.8 else legal))
            invariants(state)
