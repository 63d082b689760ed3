"""One bots-only game on the bare engine, the loop every game's bench times (no shell, no table):
each step the awaited bot chooses; a refused choice teaches it and the first legal action is played."""

from __future__ import annotations

from typing import Callable

from games.engine import RuleError, bot_rng


def play(game, seed: int, players: int, level: str = "normal", options: dict | None = None,
         each: Callable[[object, int], None] | None = None):
    """A whole game; (actions played, the final state). ``each(state, actions)`` runs after every
    action (a bench that samples positions)."""
    names = [f"bot{i}" for i in range(1, players + 1)]
    state = game.new_match(names, seed, options or {})
    game.opening(state)
    rngs = {n: bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    actions = 0
    while not game.is_over(state):
        bot = game.awaiting(state)[0]
        choice = game.bot_action(state, bot, rngs[bot], level, memory[bot])
        for action in [choice] + game.legal_actions(state, bot):
            try:
                game.apply(state, bot, action)
                break
            except RuleError:
                game.bot_refused(state, bot, action, memory[bot])
        actions += 1
        if each is not None:
            each(state, actions)
    return actions, state
