"""Commands typed in Italian (issue 43), for every game of the catalogue and the toy game: at seeded
states of bots-only games, every legal action written in Italian (``command_line(action, "it", verbs)``)
is read back by the real parser, with that seat's grammar and an Italian reader, as the same action
its English line is read as -- so an Italian answer, example or message quoting a command is one the
player can type."""

from __future__ import annotations

import pickle

import pytest

import games
from games.engine import command_line
from mud.shell import parser
from mud.shell.session import Session
from mud.shell.table import Table
from tests.contract.kit import contract_games, play
from tests.seating import seat

GAMES = contract_games()


@pytest.fixture(params=GAMES)
def game(request):
    return games.get(request.param)


def _typist(game, state, p: str):
    table = Table(game, [], list(game.seats_of(state)), 0)
    table.state = pickle.loads(pickle.dumps(state))
    table.set_bot(p, False)
    return seat(table, p)


def _read(line: str, commands, ctx):
    try:
        parsed = parser.parse(line, commands, ctx)
    except parser.ParseError as err:
        return f"refused: {err}"
    return [Session.action(parsed.verb, step) for step in parsed.steps]


@pytest.mark.parametrize("seed", range(2))
def test_every_legal_action_typed_in_italian_is_the_action_its_english_line_is(game, seed):
    played = play(game.name, seed, sample_every=7)
    checked = 0
    for state in played.states[::3] + [played.state]:
        if game.is_over(state):
            continue
        for p in game.seats_of(state):
            legal = game.legal_actions(state, p)
            if not legal:
                continue
            typist = _typist(game, state, p)
            commands = typist.commands()
            english_ctx = typist.context()
            typist.ws.lang = "it"
            italian_ctx = typist.context()
            for action in legal:
                english = command_line(action)
                italian = command_line(action, "it", game.verbs)
                said = _read(italian, commands, italian_ctx)
                assert said == _read(english, commands, english_ctx), (action, english, italian, said)
                checked += 1
    assert checked


def test_an_action_in_english_is_the_same_line_as_before(game):
    played = play(game.name, 0, sample_every=25)
    for state in played.states[:3]:
        for p in game.seats_of(state):
            for action in game.legal_actions(state, p):
                assert command_line(action, "en", game.verbs) == command_line(action)
