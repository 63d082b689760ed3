"""The first help page tells of the directions ('n' alone means 'move north') only where one walks:
in the world and at Quest, whose `move` takes a direction (the world's own page says how to walk) -- not at Dungeon Chess or Quantum, whose
`move` moves a piece or a ship (found by the docs' audit of issue 44)."""

from __future__ import annotations

import pytest

import games
from mud.shell.table import Table
from mud.world.world import World
from tests.seating import seated

DIRECTIONS = "'n' alone means 'move north'"


def _first_page(name: str) -> str:
    spec = games.get(name)
    players = [f"p{i}" for i in range(spec.min_players)]
    match = Table(spec, players, [], seed=3)
    match.start()
    return "\n".join(line.text for line in seated(match, players[0], "onlooker")[0].handle("help"))


@pytest.mark.parametrize("name", ["quest"])
def test_where_move_takes_a_direction_the_first_page_tells_of_n(name):
    assert DIRECTIONS in _first_page(name)


@pytest.mark.parametrize("name", ["chess", "quantum"])
def test_where_move_moves_a_piece_the_first_page_says_nothing_of_directions(name):
    assert DIRECTIONS not in _first_page(name)


def test_in_the_world_the_first_page_tells_how_to_walk():
    ws = World().connect("walker")
    assert "Walk with n, e, s, w" in " ".join(line.text for line in ws.handle("help"))
