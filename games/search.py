"""The strong bot: a search over the game contract that sees only what its player sees.

The method is determinized Monte Carlo search with a bandit at the root (a flat form of
information-set MCTS, often called PIMC): every iteration

1. samples one *determinization* -- a full state consistent with everything the player knows,
   the hidden facts (others' hands, deck order, secret targets, the match's future dice) drawn
   afresh by the game's ``determinize`` hook, which never reads the true hidden facts;
2. picks one of the player's candidate actions by UCB1 over the statistics gathered so far
   (the candidates depend only on the player's view, so they are the same in every sample);
3. plays it, then lets bots of ``rollout_level`` play every seat -- each seeing only its own
   view of the sampled state -- for at most ``depth`` actions;
4. scores the result for the player: 1 for a sole win, a share for a shared one, 0 for a loss,
   or the game's ``evaluate`` at the cut-off.

The chosen action is the candidate visited most (ties: the better mean, then the first listed).
Why flat rather than a deep tree: the games are multi-player with hidden information, so a tree
over opponents' moves would be rebuilt for every sample anyway; the rollout bots carry the
knowledge of the game, and the root bandit spends the budget on the moves that look promising.

Everything is drawn from the ``random.Random`` given by the caller, so a search is deterministic
for a seed. The iteration budget is the control; ``budget_ms`` is only a safety cap for a slow
machine (table speed: a strong bot thinks at most about a second), and ``None`` switches it off.
"""

from __future__ import annotations

import math
import pickle
import random
import time
from dataclasses import dataclass
from typing import Any, Callable

from games.engine import Action, RuleError, Rng


@dataclass(frozen=True)
class SearchHooks:
    """What a game tells the search about itself (each game's ``games/<game>/search.py``).

    ``determinize`` returns a new state (the given one is never changed) that depends only on what
    ``player`` knows and on ``rng``: the contract kit checks that determinizing a state and its
    ``scramble`` gives the same views to every player."""

    determinize: Callable[[Any, str, random.Random], Any]  # (state, player, rng) -> a full sampled state
    evaluate: Callable[[Any, str], float]  # (state, player) -> prospects in [0, 1] at a cut-off
    rollout_level: str | None = "easy"  # the bots of the rollouts; None: random legal actions
    depth: int = 40  # rollout cut-off, in actions
    iterations: int = 200  # per move: the primary control
    budget_ms: float | None = 1000.0  # per move: a safety cap only (None: no clock at all)
    # prune the root (default: legal actions); (game, state, player): the game is passed in, so a game's
    # search module needs no import of the game module that imports it
    candidates: Callable[[Any, Any, str], list[Action]] | None = None
    exploration: float = 0.7  # UCB1's constant: rewards are in [0, 1]
    paired: bool = False  # every candidate on the same samples and rollout dice, instead of UCB1 (see below)
    margin: float = 0.0  # paired: another candidate replaces the first (the plan) only if its mean beats it by this

    def act(self, game, state: Any, player: str, rng: random.Random) -> Action:
        """What ``GameSpec.bot_action`` calls at level strong (so the engine needs no import of this module)."""
        return search_action(game, state, player, rng, self)


def copy_state(state: Any) -> Any:
    """A deep copy, by pickling (faster than ``copy.deepcopy`` for plain dataclasses)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def reseed(state: Any, rng: random.Random, attr: str = "rng") -> None:
    """Give a sampled state a new future: the match's ``Rng`` (its dice, its reshuffles) is hidden
    from everyone, so a determinization replaces it with one drawn from the search's ``rng``."""
    setattr(state, attr, Rng(rng.getrandbits(64)))


def canonical_deal(unknown: list, sizes: list[int], rng: random.Random, key=None) -> list[list]:
    """Deal the ``unknown`` items into piles of ``sizes``: sorted first, so the true arrangement
    never shows through, then shuffled by ``rng``."""
    pool = sorted(unknown, key=key)
    rng.shuffle(pool)
    out, at = [], 0
    for n in sizes:
        out.append(pool[at:at + n])
        at += n
    return out


def outcome(game, state: Any, player: str) -> float:
    """A finished game's score for ``player``: 1 for a sole win, 1/k for a k-way tie, 0 otherwise."""
    won = list(game.winners(state))
    return 1.0 / len(won) if player in won else 0.0


def rollout(game, state: Any, level: str | None, depth: int, rng: random.Random) -> int:
    """Bots play the sampled ``state`` on for at most ``depth`` actions (in place); the actions played.
    A refused choice is replaced by the first legal action accepted, as in a bots-only game."""
    memory: dict[str, dict] = {}
    played = 0
    while played < depth and not game.is_over(state):
        who = game.awaiting(state)
        if not who:
            break
        p = who[0]
        if level is None:
            legal = game.legal_actions(state, p)
            legal = [a for a in legal if not game.is_free(a)] or legal  # a note would not move on
            choices = [rng.choice(legal)] if legal else []
        else:
            choices = [game.bot_action(state, p, rng, level, memory.setdefault(p, {}))]
        if not _play_first(game, state, p, choices, listed=level is None):
            break
        played += 1
    return played


def _play_first(game, state, player, choices, listed: bool = False) -> bool:
    """The first of ``choices`` the game accepts, else the first legal action; True when one was played.
    ``listed``: the choices come from the legal list, so ``apply`` skips its legality check (the fast
    path: the list is not computed twice); a bot's own choice is checked, as at a table."""
    for action in choices:
        try:
            game.apply(state, player, action, checked=not listed)
            return True
        except RuleError:
            continue
    for action in game.moving_first(game.legal_actions(state, player)):
        try:
            game.apply(state, player, action, checked=False)
            return True
        except RuleError:
            continue
    return False


def root_candidates(game, state: Any, player: str, hooks: SearchHooks) -> list[Action]:
    """The actions the search weighs at the root, once each: the game's ``candidates`` hook, else
    every legal action."""
    picked = hooks.candidates(game, state, player) if hooks.candidates else game.legal_actions(state, player)
    return list(dict.fromkeys(picked))


def search_action(game, state: Any, player: str, rng: random.Random, hooks: SearchHooks) -> Action:
    """The strong bot's action for ``player`` (who is awaited in ``state``). ``state`` is only ever
    read through ``hooks.determinize``; the legal actions and candidates depend on the player's
    view alone (the contract kit checks that for every game)."""
    candidates = root_candidates(game, state, player, hooks)
    if not candidates:
        legal = game.legal_actions(state, player)
        return legal[0] if legal else Action("pass")
    if len(candidates) == 1:
        return candidates[0]
    deadline = None if hooks.budget_ms is None else time.perf_counter() + hooks.budget_ms / 1000.0
    if hooks.paired:
        return _paired(game, state, player, rng, hooks, candidates, deadline)
    visits = [0] * len(candidates)
    total = [0.0] * len(candidates)
    for it in range(hooks.iterations):
        if deadline is not None and it and time.perf_counter() > deadline:
            break
        i = _ucb(visits, total, it, hooks.exploration)
        sample = hooks.determinize(state, player, rng)
        bots = random.Random(rng.getrandbits(64))
        try:
            game.apply(sample, player, candidates[i], checked=False)  # the root's candidates: legal ones
        except RuleError:  # cannot happen for a legal action; scored as the worst, never chosen
            visits[i] += 1
            continue
        rollout(game, sample, hooks.rollout_level, hooks.depth, bots)
        score = outcome(game, sample, player) if game.is_over(sample) else hooks.evaluate(sample, player)
        visits[i] += 1
        total[i] += min(1.0, max(0.0, score))
    best = max(range(len(candidates)), key=lambda j: (visits[j], total[j] / visits[j] if visits[j] else 0.0, -j))
    return candidates[best]


def _score(game, sample, player: str, action: Action, hooks: SearchHooks, bots: random.Random) -> float:
    try:
        game.apply(sample, player, action, checked=False)  # a root candidate: a legal one
    except RuleError:  # cannot happen for a legal action; scored as the worst
        return 0.0
    rollout(game, sample, hooks.rollout_level, hooks.depth, bots)
    score = outcome(game, sample, player) if game.is_over(sample) else hooks.evaluate(sample, player)
    return min(1.0, max(0.0, score))


def _paired(game, state, player, rng, hooks, candidates, deadline) -> Action:
    """Every candidate played on the same determinization with the same rollout dice, sample after
    sample (``iterations`` rollouts in all): the candidates are compared in the same worlds, so the
    luck of the deal cancels out of their difference (for games whose outcome the deal dominates). With a
    ``margin``, the first candidate (the game's plan, listed first) stays unless another's mean beats it
    by that much: a few samples' noise then does not replace a good plan."""
    total = [0.0] * len(candidates)
    samples = 0
    for n in range(max(1, hooks.iterations // len(candidates))):
        sample = hooks.determinize(state, player, rng)
        dice = rng.getrandbits(64)
        scores = []
        for action in candidates:
            if deadline is not None and time.perf_counter() > deadline:
                break  # out of time: a sample not played by every candidate is left out
            scores.append(_score(game, copy_state(sample), player, action, hooks, random.Random(dice)))
        if len(scores) < len(candidates):
            break
        total = [t + x for t, x in zip(total, scores)]
        samples += 1
    if not samples:  # out of time before one whole sample (a starved machine): the first, the plan
        return candidates[0]
    best = max(range(len(candidates)), key=lambda j: (total[j], -j))
    if hooks.margin and total[best] - total[0] < hooks.margin * samples:
        return candidates[0]  # not clearly better than the plan: the plan
    return candidates[best]


def _ucb(visits: list[int], total: list[float], it: int, c: float) -> int:
    """The arm to try next: each once first, in order; then the best upper confidence bound."""
    for i, n in enumerate(visits):
        if n == 0:
            return i
    log = math.log(it + 1)
    return max(range(len(visits)), key=lambda i: (total[i] / visits[i] + c * math.sqrt(log / visits[i]), -i))
