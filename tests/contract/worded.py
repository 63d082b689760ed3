"""What a seat of any game reads, collected for the contract's words test (issue 43): seeded bots-only
games, and at sampled states the refusals ``apply`` gives to near-legal actions, each screen, the
status line, the question and its answers' labels, and the summaries the shell folds others' turns
into. Nothing here knows a game: it reads the GameSpec (as tests/contract/kit.py does)."""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, field

import games
from games.botgame import bot_rng, play_turn, seat_names
from games.engine import Action, RuleError
from games.words import said, worded
from mud.shell.fold import Folded, Folder
from tests.contract.test_legal_iff import candidates

FOREIGN = (Action("fly"),)  # a verb no game has: the engine's refusal, worded like the game's


def marked(text: str) -> bool:
    """Wholly one message in the pseudo-language ``xx`` (games/words.py wraps each in ⟦ ⟧)."""
    return text.startswith("⟦") and text.endswith("⟧")


@dataclass
class Read:
    """All a seeded game gave its readers: events, refusals (as raised), sampled states, folded turns."""

    names: list[str]
    events: list = field(default_factory=list)
    refusals: list = field(default_factory=list)  # (player, action, what apply said)
    states: list = field(default_factory=list)
    folds: list[Folded] = field(default_factory=list)


def play_read(name: str, seed: int, seats: int | None = None, sample_every: int = 9, limit: int = 3000,
              options: dict | None = None, extra: tuple[Action, ...] = ()) -> Read:
    """A bots-only game of ``name``: every event, each seat's folded stream, and at every
    ``sample_every`` moves (and the end) a copy of the state and the refusals at it (to the near-legal
    actions, and to ``extra``: a game's own tries)."""
    game = games.get(name)
    names = seat_names(seats or game.default_players)
    state = game.new_match(names, seed, dict(options or {}))
    out = Read(names, events=list(game.opening(state)))
    rngs, memory = {n: bot_rng(seed, n) for n in names}, {n: {} for n in names}
    folders = {n: Folder(game, n) for n in names}
    rnd, moves = random.Random(seed), 0
    while not game.is_over(state) and moves < limit:
        if moves % sample_every == 0:
            out.states.append(pickle.loads(pickle.dumps(state)))
            out.refusals += refusals_at(game, state, rnd, extra)
        bot = game.awaiting(state)[0]
        events = play_turn(game, state, bot, rngs[bot], "normal", memory[bot]).events
        out.events += events
        for n, folder in folders.items():
            out.folds += [f for f in folder.fold([e for e in events if e.visible_to(n)]) if isinstance(f, Folded)]
        moves += 1
    out.states.append(state)
    return out


def refusals_at(game, state, rnd: random.Random, extra: tuple[Action, ...] = ()) -> list:
    """What ``apply`` says to each seat's near-legal actions that it refuses: (player, action, said).
    Each is tried on a copy of ``state``; a copy that ``apply`` refused at its gate (the action not
    legal: no handler ran, so nothing changed) serves the next try, any other gets a fresh one."""
    out = []
    frozen = pickle.dumps(state)
    seats = list(game.seats_of(state))
    legal = {p: game.legal_actions(state, p) for p in seats}
    for p in seats:
        others = [a for q in seats if q != p for a in legal[q]]
        copy = None
        for action in candidates(game, legal[p], others, rnd) + list(FOREIGN + extra):
            copy = copy if copy is not None else pickle.loads(frozen)
            try:
                game.apply(copy, p, action)
            except RuleError as err:
                out.append((p, action, said(err)))
                if not _refused_at_the_gate(game, state, p, action):
                    copy = None
            else:
                copy = None
    return out


def _refused_at_the_gate(game, state, player: str, action: Action) -> bool:
    """``apply`` refuses an action whose canonical form is not legal before any handler runs (its
    order: guard, canonical form, phase table, legality, and only then the handler)."""
    try:
        canon = game.canonical(state, player, action) if game.canonical is not None else action
    except RuleError:
        return True
    return not game.is_legal(state, player, canon)


def read_by(game, state, who: str | None, lang: str) -> list[str]:
    """Everything ``who`` reads of the match besides events, worded in ``lang``: each screen's lines,
    the status line, the question's text and its answers' labels (their commands are data)."""
    view = game.view(state, who)
    lines = [worded(line, lang) for show in game.screens.values() for line in show(view)]
    lines.append(worded(game.status(view), lang))
    asked = worded(game.prompt(state, who), lang)
    if asked:
        lines += [asked["text"]] + [label for label, _command in asked["choices"]]
    return lines
