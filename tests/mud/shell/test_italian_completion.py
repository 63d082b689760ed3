"""Completion offers an Italian reader Italian words, and, as in English, nothing hidden: at seeded
states of bots-only games, what a seat is offered is the same at the real state and at a copy where
everything hidden from it is shuffled (``GameSpec.scramble``)."""

import pickle
import random

import pytest

import games
from mud.shell.table import Table
from tests.contract.kit import play
from tests.seating import seated

PREFIXES = {"quest": ["", "s", "compra ", "compra s", "muovi ", "sbircia ", "dai ", "dai bot2 ", "prendi ",
                      "lascia ", "saccheggia ", "gioca ", "combatti ", "lancia "],
            "tenx": ["", "g", "gioca ", "scarta ", "pesca ", "maschera ", "bonus "]}


def _offered(game, state, p: str) -> dict[str, list[str]]:
    table = Table(game, [], list(game.seats_of(state)), 0)
    table.state = pickle.loads(pickle.dumps(state))
    typist = seated(table, p, bot_seats=True)[0]
    typist.ws.lang = "it"
    return {prefix: typist.ws.complete(prefix) for prefix in PREFIXES[game.name]}


@pytest.mark.parametrize("name", sorted(PREFIXES))
def test_italian_completion_tells_nothing_hidden(name):
    game = games.get(name)
    played = play(name, 1, sample_every=20)
    rng = random.Random(7)
    checked = 0
    for state in played.states[:6]:
        for p in list(game.seats_of(state))[:2]:
            real = _offered(game, state, p)
            assert real == _offered(game, game.scramble(state, p, rng), p), f"{name}: {p}'s completion leaks"
            assert not any(p in words for words in real.values()), f"{p} is offered as a target"
            checked += 1
    assert checked


def test_an_italian_seat_is_offered_italian_verbs():
    game = games.get("quest")
    state = play("quest", 1, sample_every=20).states[0]
    offered = _offered(game, state, "bot1")
    assert {"sbircia", "scruta", "segna", "saccheggia"} <= set(offered["s"])
    assert "peek" not in offered["s"] and "sbircia" not in _offered_en(game, state, "bot1")


def _offered_en(game, state, p: str) -> list[str]:
    table = Table(game, [], list(game.seats_of(state)), 0)
    table.state = pickle.loads(pickle.dumps(state))
    return seated(table, p, bot_seats=True)[0].ws.complete("s")
