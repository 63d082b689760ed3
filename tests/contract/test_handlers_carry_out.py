"""A handler only carries a legal move out (issue 41), for every game of the catalogue: ``apply``
checks each action against the legal actions before any handler runs (``GameSpec.is_legal``), so
no handler -- nor anything it runs in its game -- refuses anything; the game words its refusals in
one place, its ``why_not``, and lists one verb's legal actions without the rest (``legal_of``, held
to ``legal_actions`` by tests/contract/test_legal_iff.py)."""

from __future__ import annotations

import pytest

import games
from games.engine import RuleError
from tests.contract.handler_walk import reachable
from tests.contract.kit import contract_games

GAMES = contract_games()


@pytest.fixture(params=GAMES)
def game(request):
    return games.get(request.param)


def test_every_game_words_its_refusals_in_one_place_and_checks_a_move_against_its_verb(game):
    assert game.why_not is not None and game.legal_of is not None, game.name


def test_no_handler_nor_what_it_runs_refuses_anything(game):
    found = reachable(set(game.handlers.values()))
    assert len(found) >= len(set(game.handlers.values())), game.name
    assert {name: raised for name, raised in found.items() if raised} == {}


def _refuses_deep():
    raise RuleError("no")


def _carries_out():
    return _refuses_deep()


def test_the_walk_finds_a_refusal_raised_in_a_function_a_handler_calls():
    found = reachable([_carries_out])
    assert found[f"{__name__}._refuses_deep"] == [f"{__name__}._refuses_deep: raise RuleError"]
