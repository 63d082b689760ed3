"""Quantum's hooks for the strong (search) bot: a sampler of the hidden decks and a judge of a
position.

Only the decks' order is hidden in Quantum (ships, cubes, tracks, face-up cards and commands are
public): ``determinize`` sorts each deck into a canonical order and shuffles it with the bot's
rng, and draws the match's dice afresh, so the true state and any scramble of it give the same
sample. ``evaluate`` reads the public race: cubes placed first, then the dominion and research
tracks that bring cubes and cards, then the fleet in play; and turns it into a share of the win.
"""

from __future__ import annotations

import math
import pickle
import random

from games.engine import Action, GameSpec, Rng
from games.search import SearchHooks
from games.quantum.bots import _win_chance
from games.quantum.prompts import legal_actions
from games.quantum.state import QuantumState


def determinize(state: QuantumState, player: str, rng: random.Random) -> QuantumState:
    """A full state ``player`` cannot tell from the real one: decks shuffled, dice reseeded."""
    s: QuantumState = pickle.loads(pickle.dumps(state))
    s.gambits = sorted(s.gambits)
    rng.shuffle(s.gambits)
    s.commands = sorted(s.commands)
    rng.shuffle(s.commands)
    s.rng = Rng(rng.getrandbits(64))
    return s


SHARPNESS = 1.0
CUBE = 3.0  # a cube placed: the race itself
DOMINION = 0.35  # a step of dominion (six of them place a cube)
RESEARCH = 0.2  # a step of research (six of them take a card)
SHIP = 0.4  # a ship in play
STRENGTH = 0.05  # per pip under 6 of a ship in play (lower ships win fights)


def worth(state: QuantumState, player: str) -> float:
    me = state.players[player]
    value = CUBE * state.placed(player) + DOMINION * (me.dominion - 1) + RESEARCH * (me.research - 1)
    value += 0.3 * len(me.commands)
    for ship in state.ships:
        if ship.owner == player and ship.where == "play":
            value += SHIP + STRENGTH * (6 - ship.value)
    return value


def evaluate(state: QuantumState, player: str) -> float:
    """The player's share of the win: 1 once they have won, 0 once another has."""
    if state.over:
        return 1.0 if player in state.winners else 0.0
    mine = worth(state, player)
    return 1.0 / sum(math.exp(SHARPNESS * (worth(state, q) - mine)) for q in state.order)


MOST = 8  # candidates at the root: more than a small budget can tell apart


def candidates(game: GameSpec, state: QuantumState, player: str) -> list[Action]:
    """The choices worth a search (all public in Quantum): the normal bot's own choice, then any
    build, the attacks (the likeliest wins first: the dice decide them), a research, and every
    answer to a card or a choice owed; the set-up's choices in full. The moves of a plan -- many
    squares, one purpose -- are left to the normal bot's plan."""
    plan = game.bot_action(state, player, random.Random(0), "normal", {})
    if state.phase != "play" or state.pending:
        legal = legal_actions(state, player)
        return list(dict.fromkeys([plan] + legal))[:MOST]
    legal = legal_actions(state, player, carries=False)
    occupant = state.occupant()
    builds = [a for a in legal if a.verb == "build"]
    fights = []
    for a in legal:
        if a.verb == "attack" or (a.verb == "use" and len(a.args) == 2 and a.args[1] in occupant
                                  and occupant[a.args[0]].value == 1):
            fights.append((-_win_chance(state, occupant[a.args[0]], occupant[a.args[1]]), len(fights), a))
    attacks = [a for _, _, a in sorted(fights)]
    rest = [a for a in legal if a.verb == "research"]
    return list(dict.fromkeys([plan] + builds + attacks[:3] + rest))[:MOST]


SEARCH = SearchHooks(determinize, evaluate, rollout_level="normal", depth=12, iterations=16, budget_ms=800.0,
                     candidates=candidates)
