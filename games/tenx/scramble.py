"""Everything hidden from one player of 10x, shuffled: the others' hands, their personal quests,
their face-down choices and the decks' order (see games/quest/scramble.py for why)."""

from __future__ import annotations

import pickle
import random

from games.tenx.data import CARDS
from games.tenx.state import TenxState


def scramble(state: TenxState, player: str, rng: random.Random) -> TenxState:
    s: TenxState = pickle.loads(pickle.dumps(state))
    others = [q for q in s.order if q != player]
    r = s.round
    taken_from = None
    if r.taken and r.queue[:1] == [player]:
        taken_from = r.taken  # the card this player's mask took: theirs to see
    pool = [c for q in others for c in s.seats[q].hand] + s.deck
    rng.shuffle(pool)
    for q in others:
        n = len(s.seats[q].hand)
        s.seats[q].hand, pool = pool[:n], pool[n:]
        if r.choices.get(q):
            numbered = [c for c in s.seats[q].hand if CARDS[c].kind == "number"]
            if numbered:
                r.choices[q] = numbered[0]
    s.deck = pool
    qpool = [x for q in others for x in s.seats[q].quests] + s.quest_deck
    rng.shuffle(qpool)
    for q in others:
        n = len(s.seats[q].quests)
        s.seats[q].quests, qpool = qpool[:n], qpool[n:]
    s.quest_deck = qpool
    if taken_from is not None:
        r.taken = taken_from
    return s
