"""The one bot loop: :func:`play_turn` plays one bot's turn, wherever bots play -- a table
(`mud.shell.table.Table.play_for`, which is `mud run`, the world and timed-out seats), the bots-only games
of the arena and the benches (:func:`play_levels` here) and the contract kit (tests/contract/kit.py).
The bot chooses at its seat's level; a refused choice teaches it (`GameSpec.bot_refused`: an empty
deck, say) and it chooses again, up to :data:`TRIES` times; then the legal actions, shuffled with the
bot's own rng, are tried with those that move the game on first (a free one, a note, would never end
the game). Nothing accepted is a bug in a game (:class:`NoBotAction`), never a player's input.
Pure (no clock): the arena and the benches time it from outside."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from games.engine import Action, Event, RuleError, bot_rng

TRIES = 3  # the bot's own choices before the fallback: a table has always given it three


class NoBotAction(RuntimeError):
    """No action a bot tried was accepted, not even a legal one: the game's legal actions are wrong."""


@dataclass
class Turn:
    """One bot's turn: the action accepted, its events, and how many choices were refused first."""

    action: Action
    events: list[Event]
    refused: int = 0


def play_turn(game, state, player: str, rng, level: str, memory: dict,
              submit: Callable[[Action], list[Event]] | None = None,
              choose: Callable | None = None) -> Turn:
    """Play one turn for the bot at ``player``. ``submit(action)`` carries an action out and returns
    its events, raising RuleError (nothing changed) when refused; by default ``game.apply`` on
    ``state``, while a table passes its own submit so the move is stored before anyone is told.
    ``choose(game, state, player, rng, level, memory)`` replaces ``game.bot_action`` (a bench that
    times each choice). Raises NoBotAction when nothing is accepted."""
    carry_out = submit or (lambda action: game.apply(state, player, action))
    choose = choose or _bot_action
    refused = 0
    for _ in range(TRIES):
        choice = choose(game, state, player, rng, level, memory)
        try:
            return Turn(choice, carry_out(choice), refused)
        except RuleError:
            refused += 1
            game.bot_refused(state, player, choice, memory)
    fallback = game.legal_actions(state, player)
    rng.shuffle(fallback)
    for action in game.moving_first(fallback):
        try:
            return Turn(action, carry_out(action), refused)
        except RuleError:
            continue
    raise NoBotAction(f"bot {player} found no legal action the game accepts ({game.name}): a bug in the game")


def _bot_action(game, state, player: str, rng, level: str, memory: dict) -> Action:
    return game.bot_action(state, player, rng, level, memory)


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
    ``game.bot_action`` (a bench that times each choice). Each turn is :func:`play_turn`."""
    names = seat_names(len(levels))
    level_of = dict(zip(names, levels))
    state = game.new_match(names, seed, dict(options or {}))
    game.opening(state)
    rngs = {n: bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    actions = 0
    while not game.is_over(state) and actions < limit:
        bot = game.awaiting(state)[0]
        play_turn(game, state, bot, rngs[bot], level_of[bot], memory[bot], choose=chooser)
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
