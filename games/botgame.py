"""One bots-only game on the bare engine: the loop the benches time and `mud arena` plays. Each step
the awaited bot chooses at its seat's level; a refused choice teaches it and the first legal action
accepted is played (one that moves the game on before a free one: a note would never end the game).
Pure (no clock): the arena and the benches time it from outside."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from games.engine import RuleError, bot_rng


@dataclass
class BotGame:
    """A finished (or cut-off) bots-only game: its seats, their levels, what happened."""

    seats: list[str]
    levels: dict[str, str]
    state: object
    actions: int = 0
    winners: list[str] = field(default_factory=list)
    over: bool = False


def seat_names(players: int) -> list[str]:
    return [f"bot{i}" for i in range(1, players + 1)]


def play_levels(game, seed: int, levels: Sequence[str], options: dict | None = None,
                each: Callable[[object, int], None] | None = None, limit: int = 100000,
                chooser: Callable | None = None) -> BotGame:
    """A whole game with one bot per level of ``levels`` (seat i plays ``levels[i]``). ``each(state,
    actions)`` runs after every action; ``chooser(game, state, bot, rng, level, memory)`` replaces
    ``game.bot_action`` (a bench that times each choice)."""
    names = seat_names(len(levels))
    level_of = dict(zip(names, levels))
    state = game.new_match(names, seed, dict(options or {}))
    game.opening(state)
    rngs = {n: bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    choose = chooser or (lambda g, s, b, r, lv, m: g.bot_action(s, b, r, lv, m))
    actions = 0
    while not game.is_over(state) and actions < limit:
        bot = game.awaiting(state)[0]
        choice = choose(game, state, bot, rngs[bot], level_of[bot], memory[bot])
        for action in [choice] + game.moving_first(game.legal_actions(state, bot)):
            try:
                game.apply(state, bot, action)
                break
            except RuleError:
                game.bot_refused(state, bot, action, memory[bot])
        actions += 1
        if each is not None:
            each(state, actions)
    over = game.is_over(state)
    return BotGame(names, level_of, state, actions, list(game.winners(state)) if over else [], over)


def play(game, seed: int, players: int, level: str = "normal", options: dict | None = None,
         each: Callable[[object, int], None] | None = None):
    """A whole game, every seat at ``level``: (actions played, the final state)."""
    done = play_levels(game, seed, [level] * players, options, each)
    return done.actions, done.state
