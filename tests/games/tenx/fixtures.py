"""Helpers to build exact 10x situations: chosen hands and quests, fixed dice, acting as a player."""

from __future__ import annotations

import re

from games import get
from games.engine import Action
from games.tenx.data import CARDS, PERSONAL

GAME = get("tenx")


def new(players=("g1", "g2", "g3", "g4"), seed=1, options=None):
    """A match in the given seat order, opened, with empty hands and quests (tests deal them)."""
    state = GAME.new_match(list(players), seed, options or {})
    state.order = list(players)
    GAME.opening(state)
    for s in state.seats.values():
        state.deck += [c for c in s.hand if CARDS[c].kind == "number"]
        state.bonus_deck += [c for c in s.hand if CARDS[c].kind == "bonus"]
        state.quest_deck += s.quests
        s.hand, s.quests = [], []
    return state


def card(state, text: str) -> str:
    """Take a card out of the decks: ``'7'`` (a plain 7 without bottom), ``'7s'``, ``'4m+3'``, ``'+2'``."""
    if text[0] in "+-":
        pile = state.bonus_deck
        hits = [c for c in pile if CARDS[c].value == int(text)]
    else:
        pile = state.deck
        digits, letters, bottom = re.fullmatch(r"(\d+)([sdm]*)([+-]\d)?", text).groups()
        mods = {"s": "star", "d": "die", "m": "mask"}
        want = tuple(m for k, m in mods.items() if k in letters)
        hits = [c for c in pile if CARDS[c].value == int(digits) and CARDS[c].mods == want
                and CARDS[c].bottom == (int(bottom) if bottom else None)]
    assert hits, f"no card {text} left"
    pile.remove(hits[0])
    return hits[0]


def give(state, player: str, *texts: str) -> list[str]:
    ids = [card(state, t) for t in texts]
    state.seats[player].hand += ids
    return ids


def quest(state, player: str, kind: str, arg: int = 0) -> str:
    q = next(q for q in state.quest_deck if PERSONAL[q].kind == kind and PERSONAL[q].arg == arg)
    state.quest_deck.remove(q)
    state.seats[player].quests.append(q)
    return q


def dice(state, *rolls: int) -> None:
    queue = list(rolls)
    state.rng.die = lambda sides=6: queue.pop(0)


def act(state, player: str, verb: str, *args):
    return GAME.apply(state, player, Action(verb, tuple(args)))


def texts(events, player):
    return [str(e.text) for e in events if e.visible_to(player)]
