"""Helpers of the contract kit: seeded bot games played through the engine alone, with a probe at
every step. Nothing here knows a game: it reads the GameSpec."""

from __future__ import annotations

import pickle
from collections import Counter
from dataclasses import dataclass, field

import games
from games.botgame import play_turn
from games.engine import Action, bot_rng


def contract_games() -> list[str]:
    return games.names()


@dataclass
class Played:
    state: object
    log: list[tuple[str, Action]] = field(default_factory=list)
    refused: int = 0  # the bots' choices the game refused (each taught the bot, which chose again)
    states: list = field(default_factory=list)  # sampled states, for probes
    kinds: Counter = field(default_factory=Counter)  # how often each event kind occurred
    paths: Counter = field(default_factory=Counter)  # how often each of the game's rule paths was taken

    def count(self, game, events) -> None:
        self.kinds.update(e.kind for e in events)
        self.paths.update(taken(game, [e.as_json() for e in events]))


def taken(game, records) -> list[str]:
    """The game's rule paths (``GameSpec.paths``) that these JSON records take, once per record."""
    if not game.paths:
        return []
    return [name for r in records for name, took in game.paths.items() if took(r)]


def play(name: str, seed: int, seats: int | None = None, sample_every: int = 0, limit: int = 20000,
         level: str = "normal", options: dict | None = None) -> Played:
    """A whole bots-only game, each turn the one bot loop (`games.botgame.play_turn`, as a table plays
    them); every ``sample_every`` steps a copy of the state is kept, and every event kind is counted.
    A turn with no accepted action raises NoBotAction (a bug in the game)."""
    game = games.get(name)
    names = [f"bot{i}" for i in range(1, (seats or game.default_players) + 1)]
    state = game.new_match(names, seed, dict(options or {}))
    out = Played(state)
    out.count(game, game.opening(state))
    rngs = {p: bot_rng(seed, p) for p in names}
    memory = {p: {} for p in names}
    while not game.is_over(state) and len(out.log) < limit:
        player = game.awaiting(state)[0]
        turn = play_turn(game, state, player, rngs[player], level, memory[player])
        out.refused += turn.refused
        out.count(game, turn.events)
        out.log.append((player, turn.action))
        if sample_every and len(out.log) % sample_every == 0:
            out.states.append(pickle.loads(pickle.dumps(state)))
    return out
