"""Quest for Legend's hooks for the strong (search) bot: a sampler of the hidden cards and a judge
of a position, both from one player's knowledge alone.

Hidden from a player are the others' hands and the draw pile's order: ``determinize`` gathers
those cards in a canonical order (so the true deal and any scramble of it give the same sample
for the same rng), shuffles them with the bot's rng and deals them again in the same numbers; the
match's own Rng (the second pile's shuffle) is drawn afresh too.

``evaluate`` reads only the table, which is public: each side's points, counting a mission still
on the table by how far it is filled, the match's totals in a tournament; then a share of the win.
(The rollouts go to the end of the game, about a hundred actions, so it judges only a game cut
short by the clock.)

The search is paired and starts from the sharper plan (games/legend/sharp.py): at the few choices
worth it -- start a mission now or not, which one, meet a mission at once or not -- every
candidate is played on the same samples by bots of that plan to the end, and the plan's own
choice stays unless another wins clearly more often (``margin``). A search that followed its
noise played no better than the normal bot (docs/bots.md).
"""

from __future__ import annotations

import math
import pickle
import random

from games.engine import Action, GameSpec, Rng
from games.search import SearchHooks
from games.legend.data import MISSIONS
from games.legend.ending import sides
from games.legend.state import LegendState


def determinize(state: LegendState, player: str, rng: random.Random) -> LegendState:
    """A full state ``player`` cannot tell from the real one, its hidden cards dealt with ``rng``."""
    s: LegendState = pickle.loads(pickle.dumps(state))
    others = [q for q in s.order if q != player]
    pool = sorted([c for q in others for c in s.seats[q].hand] + s.deck)
    rng.shuffle(pool)
    for q in others:
        n = len(s.seats[q].hand)
        s.seats[q].hand, pool = pool[:n], pool[n:]
    s.deck = pool
    s.rng = Rng(rng.getrandbits(64))
    return s


SHARPNESS = 0.45  # one Legend Point of lead, as a share of the win
OPEN_WEIGHT = 0.8  # how much of a mission's worth its filled part already counts


def worth(state: LegendState, player: str) -> float:
    """``player``'s points as the table shows them: completed minus superseded, and each mission
    still open counted from -points (empty) towards +points (nearly done)."""
    seat = state.seats[player]
    value = float(state.totals.get(player, 0))
    value += sum(MISSIONS[e.mission].points for e in seat.completed)
    value -= sum(MISSIONS[e.mission].points for e in seat.superseded)
    for e in state.table:
        if e.owner != player:
            continue
        m = MISSIONS[e.mission]
        filled = len(e.under) / m.size
        value += m.points * (-1.0 + (1.0 + OPEN_WEIGHT) * filled)
    return value


def evaluate(state: LegendState, player: str) -> float:
    """The player's (or their team's) share of the win, 1 once they have won it."""
    if state.over:
        return 1.0 if player in state.winners else 0.0
    mine_side = next(s for s in sides(state) if player in s)
    values = [sum(worth(state, p) for p in side) for side in sides(state)]
    mine = sum(worth(state, p) for p in mine_side)
    return 1.0 / sum(math.exp(SHARPNESS * (v - mine)) for v in values)


def candidates(game: GameSpec, state: LegendState, player: str) -> list[Action]:
    """The choices worth a search, from the player's hand and the table alone, the plan's first:
    when the sharper plan would stop playing cards, every mission met at once or claimed, every
    mission that could be started, and stopping (draw; in the last round, pass). Elsewhere -- cards
    it would play, a discard, a dead twin to throw -- the plan's choice alone."""
    legal = game.legal_actions(state, player)
    plan = game.bot_action(state, player, random.Random(0), "sharp", {})
    if state.phase == "discard":
        return [plan]
    if plan.verb in ("undertake", "disturb"):
        return [plan]
    meets = [a for a in legal if a.verb in ("undertake", "disturb") and (len(a.args) != 3 or a.args[1] != "with")]
    stop = "pass" if state.phase == "last" else "draw"  # (passing phase 1 is drawing later, or starting)
    return list(dict.fromkeys([plan] + meets + [a for a in legal if a.verb in ("start", stop)]))


SEARCH = SearchHooks(determinize, evaluate, rollout_level="sharp", depth=400, iterations=24, budget_ms=750.0,
                     candidates=candidates, paired=True, margin=0.25)
