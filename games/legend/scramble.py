"""Everything hidden from one player of Quest for Legend, shuffled: the other hands and the draw
pile, dealt out again in the same sizes (the contract kit's non-interference test uses it)."""

from __future__ import annotations

import pickle
import random

from games.legend.state import LegendState


def scramble(state: LegendState, player: str, rng: random.Random) -> LegendState:
    s: LegendState = pickle.loads(pickle.dumps(state))
    others = [q for q in s.order if q != player]
    pool = [c for q in others for c in s.seats[q].hand] + s.deck
    rng.shuffle(pool)
    for q in others:
        n = len(s.seats[q].hand)
        s.seats[q].hand, pool = pool[:n], pool[n:]
    s.deck = pool
    return s
