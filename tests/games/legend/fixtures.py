"""Helpers to build exact Quest for Legend situations: chosen heroes and hands, missions already on
the table, whose turn it is; and acting as a player through the GameSpec."""

from __future__ import annotations

import pickle

import pytest


from games.engine import Action, RuleError
from games.legend.state import OnTable, Placed

from games.legend import GAME  # (registered in the catalogue once the contract kit passes)


def new(players=("ann", "bob", "cat", "dan"), heroes=None, seed=1, options=None, turn=None):
    """A match in the given seat order, opened, every hand emptied back into the draw pile; heroes
    as given (a list in seat order), the turn to ``turn`` (default: the first seat), phase 1."""
    state = GAME.new_match(list(players), seed, options or {})
    GAME.opening(state)
    for seat in state.seats.values():
        state.deck += seat.hand
        seat.hand = []
    if heroes:
        for p, h in zip(players, heroes):
            state.seats[p].hero = h
    state.turn, state.phase = turn or players[0], "play"
    return state


def give(state, player: str, *cards: str) -> None:
    """Cards from the draw pile into a hand (``'I'``, ``'medusa'`` ...)."""
    for c in cards:
        state.deck.remove(c)
        state.seats[player].hand.append(c)


def put(state, owner: str, mission: str, *under: str, by: str | None = None) -> OnTable:
    """A mission already on the table in front of ``owner``, with resource cards under it."""
    state.deck.remove(mission)
    state.serial += 1
    entry = OnTable(state.serial, mission, owner)
    for t in under:
        state.deck.remove(t)
        entry.under.append(Placed(t, (t,), by or owner))
    state.table.append(entry)
    return entry


def act(state, player: str, line: str):
    """Carry out a typed line's action (verb and words, as the verbs' build makes them)."""
    verb, *words = line.split()
    return GAME.apply(state, player, Action(verb, tuple(words)))


def refused(state, player: str, line: str) -> str:
    """The one-line refusal of ``line``; asserts it changed nothing."""
    before = pickle.dumps(state)
    with pytest.raises(RuleError) as err:
        act(state, player, line)
    assert pickle.dumps(state) == before, f"{line!r} was refused but changed the state"
    text = str(err.value)
    assert text and "\n" not in text
    return text


def kinds(events) -> list[str]:
    return [e.kind for e in events]
