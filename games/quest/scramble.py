"""Everything hidden from one player, shuffled: a state that player cannot tell from the real one.

The contract kit's non-interference test compares a player's view, prompts and bot choices on the
real state and on this one; a search bot can use it to sample what it does not know. It reads only
what the state records of that player's knowledge (rooms stood on or learned, red doors looked
at, white doors turned for all) and never changes what the player may know.
"""

from __future__ import annotations

import pickle
import random

from games.quest import board
from games.quest.board import Room
from games.quest.duels import RPS
from games.quest.state import QuestState


def scramble(state: QuestState, player: str, rng: random.Random) -> QuestState:
    s: QuestState = pickle.loads(pickle.dumps(state))
    me = s.players[player]
    unseen = [] if s.over else [c for c in board.COORDS if c not in me.seen]  # the end reveals the map
    cards = [s.rooms[c] for c in unseen]
    rng.shuffle(cards)
    s.rooms.update({c: Room(r.location, r.suit) for c, r in zip(unseen, cards)})
    for e, d in s.doors.items():
        if d.locked_kind or d.colour == "green" or s.over:
            continue
        if (d.colour == "red" and e not in me.peeked) or (
                d.colour == "white" and e not in s.turned and e not in me.peeked):
            d.open = rng.random() < 0.5
    known = {s.duel.loser} if s.duel and s.duel.stage == "loot" and s.duel.winner == player else set()
    others = [s.players[q] for q in s.order if q != player and q not in known]
    if s.duel is not None:
        for q in list(s.duel.secret):
            if q != player:
                s.duel.secret[q] = rng.choice(list(RPS))
    for pile in ("objects", "treasures"):
        pool = [c for o in others for c in getattr(o, pile)]
        rng.shuffle(pool)
        for o in others:
            n = len(getattr(o, pile))
            setattr(o, pile, pool[:n])
            pool = pool[n:]
    return s
