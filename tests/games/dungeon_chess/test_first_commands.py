"""The first screen's "Start with: ... 'move e2 e5' (land on an enemy to capture it)" told a player
seated West, North or East to move South's piece (issue 40 round three, hand play). The example move
is one of the reader's own: a step their piece may take from where it stands."""

from __future__ import annotations

import pytest

from games.dungeon_chess import legal
from games.dungeon_chess.data import SQUARES
from mud.shell.help import intro
from tests.games.dungeon_chess.fixtures import GAME

NAMES = ("ann", "bob", "cid", "dee")


def opened(players: int):
    state = GAME.new_match(list(NAMES[:players]), 1, {})
    GAME.opening(state)
    return state


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_example_move_is_a_step_of_the_readers_own_piece_for_every_seat(players):
    state = opened(players)
    for name in state.order:
        (move,) = [str(command) for command, _what in GAME.first_commands_of(state, name) if str(command).startswith("move ")]
        _verb, frm, to = move.split()
        steps = legal.candidates(state, name)[0]
        assert (SQUARES.index(frm), SQUARES.index(to)) in steps, (players, state.side[name], move)
        assert state.board[SQUARES.index(frm)][0] == name


def test_the_first_screen_names_each_seats_own_move():
    state = opened(4)
    said = {name: " ".join(map(str, intro(GAME, {}, state, name))) for name in state.order}
    assert len({text for text in said.values()}) == 4  # four sides, four examples
    assert all("(land on an enemy to capture it)" in text for text in said.values())


def test_without_a_match_the_game_gives_its_fixed_examples():
    assert GAME.first_commands_of(None, None) == GAME.first_commands
