"""1,000 seeded 10x games of bots (2, 3 and 4 players; easy and normal), checked as they go:
every game ends with a winner and no illegal move; cards are never made or lost; values stay in
1..10; nobody's view or events hold another's hand, quests in hand or face-down choice (checked
by scrambling what a player may not know and comparing their view); the reveal is one event."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games import get
from games.engine import RuleError, bot_rng
from games.tenx.data import BONUS_IDS, NUMBERED_IDS, THRESHOLDS

GAME = get("tenx")
SEEDS = list(range(1000)) + list(range(5000, 5200))  # 1,000 games of four bots, then 200 of two or three
CHUNK = 300
MAX_ROUNDS = 80


def setup(seed: int):
    n = 4 if seed < 5000 else 2 + seed % 2
    names = [f"bot{i}" for i in range(1, n + 1)]
    options = {"variant": "hardcore"} if seed % 10 == 7 else {}
    state = GAME.new_match(names, seed, options)
    levels = {p: ("easy" if seed % 2 and i % 2 else "normal") for i, p in enumerate(names)}
    return state, names, levels


def all_cards(state) -> Counter:
    c = Counter(state.deck + state.bonus_deck + state.discard + state.bonus_discard)
    for s in state.seats.values():
        c.update(s.hand)
    if state.round.phase not in ("reward", "cancel") and not state.over:  # else already discarded
        for placed in state.round.table.values():
            c.update(placed.played)
    return c


def scrambled_view(state, p: str, rng: random.Random) -> dict:
    """p's view of a copy where the others' hands, quests in hand and face-down cards are shuffled
    (by the game's own scramble, which the contract kit checks for every game)."""
    v = GAME.view(GAME.scramble(state, p, rng), p)
    v.pop("decks")
    return v


def play_checked(seed: int) -> dict:
    state, names, levels = setup(seed)
    opening = GAME.opening(state)
    assert [e.kind for e in opening].count("setup") == 1
    total = dict(Counter(NUMBERED_IDS + BONUS_IDS))
    rngs = {p: bot_rng(seed, p) for p in names}
    memory = {p: {} for p in names}
    probe = random.Random(seed)
    actions = refused = 0
    while not state.over:
        waiting = GAME.awaiting(state)
        assert waiting, f"seed {seed}: nobody awaited in {state.round.phase}"
        bot = waiting[0]
        choice = GAME.bot_action(state, bot, rngs[bot], levels[bot], memory[bot])
        try:
            events = GAME.apply(state, bot, choice)
        except RuleError:
            refused += 1
            GAME.bot_refused(state, bot, choice, memory[bot])
            for choice in GAME.legal_actions(state, bot):
                try:
                    events = GAME.apply(state, bot, choice)
                    break
                except RuleError:
                    continue
            else:
                raise AssertionError(f"seed {seed}: {bot} has no legal action in {state.round.phase}")
        actions += 1
        assert actions < 20_000 and state.round.number <= MAX_ROUNDS
        for e in events:
            if e.kind == "placed" and e.data.get("card"):
                assert e.to == (e.data["player"],), "a face-down card is told to its owner only"
            if e.kind in ("dealt", "quest_drawn") and "quest" in e.data or "hand" in e.data:
                assert e.to == (e.data["player"],)
            if e.kind == "masked" and "card" in e.data:
                assert set(e.to) <= {e.data["player"], e.data["target"]}
        assert [e.kind for e in events].count("revealed") <= 1
        assert dict(all_cards(state)) == total, "cards are never made or lost"  # (a dict's ==: no zero counts here)
        assert all(1 <= pl.value <= 10 for pl in state.round.table.values())
        assert all(len(s.hand) <= 10 and len(s.quests) <= 5 for s in state.seats.values())
        if actions % 15 == 0 and not state.over:
            for p in names:
                real = GAME.view(state, p)
                real.pop("decks")
                assert scrambled_view(state, p, probe) == real, f"seed {seed}: {p}'s view depends on hidden facts"
    assert refused == 0, f"seed {seed}: a bot tried an illegal move"
    assert state.winners and all(state.seats[w].declared for w in state.winners)
    target = THRESHOLDS[len(names)][1]
    assert max(state.seats[w].points for w in state.winners) >= target
    return {"rounds": state.round.number, "refused": refused, "players": len(names)}


@pytest.mark.slow
@pytest.mark.parametrize("seeds", [SEEDS[i:i + CHUNK] for i in range(0, len(SEEDS), CHUNK)],
                         ids=lambda s: f"{s[0]}-{s[-1]}")
def test_tenx_bot_games(seeds):
    rounds = Counter()
    games = Counter()
    for seed in seeds:
        out = play_checked(seed)
        rounds[out["players"]] += out["rounds"]
        games[out["players"]] += 1
    print(f"seeds {seeds[0]}-{seeds[-1]}: " + ", ".join(
        f"{n} players {rounds[n] / games[n]:.1f} rounds" for n in sorted(games)))
