"""10x's hooks for the strong bot (games/search.py).

What a player knows: their own hand, quests and face-down choice, everything on the table, and the
sizes of every hand and pile. What they do not: the others' hands (numbered and bonus/malus cards
look alike from behind), their quests and face-down choices, the card a mask took from someone else,
the order of every deck and what lies in the discard piles (never shown). The determinizer pools
exactly those unknown cards, sorts them, and deals them again by the known sizes; the match's dice
are drawn anew."""

from __future__ import annotations

import math
import random

from games.engine import Action, GameSpec
from games.search import SearchHooks, canonical_deal, copy_state, reseed
from games.tenx.cards import code
from games.tenx.data import CARDS, THRESHOLDS
from games.tenx.prompts import legal_actions
from games.tenx.state import TenxState


def determinize(state: TenxState, player: str, rng: random.Random) -> TenxState:
    s = copy_state(state)
    r = s.round
    others = [q for q in s.order if q != player]
    hands = [s.seats[q].hand for q in others]
    unknown = [c for h in hands for c in h] + s.deck + s.bonus_deck + s.discard + s.bonus_discard
    numbered = [c for c in unknown if CARDS[c].kind == "number"]
    bonus = [c for c in unknown if CARDS[c].kind != "number"]
    s.deck, s.discard, spare_n = canonical_deal(numbered, [len(s.deck), len(s.discard), len(numbered)], rng)
    s.bonus_deck, s.bonus_discard, spare_b = canonical_deal(bonus, [len(s.bonus_deck), len(s.bonus_discard),
                                                                     len(bonus)], rng)
    for q, hand in zip(others, canonical_deal(spare_n + spare_b, [len(h) for h in hands], rng)):
        s.seats[q].hand = hand
    quests = [x for q in others for x in s.seats[q].quests] + s.quest_deck
    dealt = canonical_deal(quests, [len(s.seats[q].quests) for q in others] + [len(s.quest_deck)], rng)
    for q, mine in zip(others, dealt):
        s.seats[q].quests = mine
    s.quest_deck = dealt[-1]
    s.common_deck = canonical_deal(s.common_deck, [len(s.common_deck)], rng)[0]
    for q in others:  # a face-down choice: some numbered card of the sampled hand (whether it was a pass is hidden too)
        if q in r.choices:
            cards = sorted(c for c in s.seats[q].hand if CARDS[c].kind == "number")
            r.choices[q] = rng.choice(cards) if cards else None
    if r.taken and r.queue and r.queue[0] != player:  # another's mask took a card: some card of their hand
        r.taken = rng.choice(sorted(s.seats[r.queue[0]].hand))
    reseed(s, rng)
    return s


HAND = 0.08  # points a card's value in hand is worth at the cut-off


def evaluate(state: TenxState, player: str) -> float:
    """The lead in points over the best other, measured against the points the game is played to.
    Cards in hand count too, as the rounds they will win (a 10 kept is most of a point later), so
    the search wins a round with the lowest card that does and throws its lowest when it cannot win;
    and a little for shown quests and having declared."""
    _, target = THRESHOLDS[len(state.order)]

    def worth(q: str) -> float:
        seat = state.seats[q]
        strength = sum(CARDS[c].value if CARDS[c].kind == "number" else 0.6 * max(0, CARDS[c].value)
                       for c in seat.hand)
        return seat.points + HAND * strength + 0.3 * len(seat.shown) + (0.5 if seat.declared else 0.0)

    lead = worth(player) - max(worth(q) for q in state.order if q != player)
    return 0.5 + 0.5 * math.tanh(3.0 * lead / target)


def candidates(game: GameSpec, state: TenxState, player: str) -> list[Action]:
    """The player's legal actions, less the choices no search improves: declaring comes at once
    (it only ever helps), and a die's loss is paid with the cheapest card."""
    legal = legal_actions(state, player)
    if Action("declare") in legal:
        return [Action("declare")]
    if state.round.phase == "lose" and legal:
        worst = min(state.seats[player].hand, key=lambda c: (CARDS[c].kind == "number", CARDS[c].value, c))
        word = code(worst) if CARDS[worst].kind == "number" else f"{CARDS[worst].value:+d}"
        return [Action("discard", ("card", word))]
    return legal


SEARCH = SearchHooks(determinize, evaluate, rollout_level="normal", depth=14, iterations=48,
                     candidates=candidates, paired=True)
