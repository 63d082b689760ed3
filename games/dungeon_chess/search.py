"""Dungeon Chess's hooks for the strong bot (games/search.py).

Everything on the board, in the holds and in the chests is public; the one hidden fact is each
other player's secret target (two dealt, one kept). The determinizer deals the others two targets
again from the ten minus the player's own two, in a canonical order, and keeps one of them for each
player who has chosen. The search looks at the normal bot's best few actions (ranked by its own
one-round lookahead) and plays rollouts with normal bots, scored by points at the cut-off."""

from __future__ import annotations

import math
import random

from games.dungeon_chess import bots
from games.dungeon_chess.data import TARGETS
from games.dungeon_chess.legal import legal_actions
from games.dungeon_chess.scoring import final_score
from games.dungeon_chess.state import ChessState
from games.dungeon_chess.view import view
from games.engine import Action, GameSpec
from games.search import SearchHooks, canonical_deal, copy_state, reseed

WIDTH = 5  # root candidates: the normal bot's best few
SCALE = 6.0  # points of lead that make a game as good as won


def determinize(state: ChessState, player: str, rng: random.Random) -> ChessState:
    s = copy_state(state)
    if s.over:
        return s
    others = [p for p in s.order if p != player]
    unknown = [n for n in TARGETS if n not in s.dealt.get(player, [])]
    piles = canonical_deal(unknown, [len(s.dealt[p]) for p in others], rng)
    for p, dealt in zip(others, piles):
        s.dealt[p] = sorted(dealt)
        if s.target[p] is not None:
            s.target[p] = rng.choice(s.dealt[p])
    reseed(s, rng)
    return s


def evaluate(state: ChessState, player: str) -> float:
    """The lead in points (targets that hold now included) over the best other player."""
    score = {p: final_score(state, p)["total"] for p in state.order}
    lead = score[player] - max(v for p, v in score.items() if p != player)
    return 0.5 + 0.5 * math.tanh(lead / SCALE)


def candidates(game: GameSpec, state: ChessState, player: str) -> list[Action]:
    """The target choice whole; in play, the normal bot's best ``WIDTH`` actions by its lookahead."""
    legal = legal_actions(state, player)
    if state.phase != "play" or len(legal) <= WIDTH:
        return legal
    seen = dict(view(state, player), you=player)
    ranked = [a for a, _ in sorted(bots.scored(seen), key=lambda pair: -pair[1])]
    out = list(dict.fromkeys(bots.as_played(seen, a) for a in ranked))[:WIDTH]
    return [a for a in out if a in legal] or legal


SEARCH = SearchHooks(determinize, evaluate, rollout_level="normal", depth=6, iterations=24,
                     candidates=candidates)
