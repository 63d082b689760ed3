"""Helpers to build exact Quest situations for rule tests: chosen rooms, doors, positions, dice."""

from __future__ import annotations

from games.engine import Action
from games.quest import GAME, board
from games.quest.board import Door, Room
from games.quest.data import SUITS


def new(players=("tizio", "caio", "sempronio"), seed=1, rules="basic"):
    state = GAME.new_match(list(players), seed, {"rules": rules})
    state.order = list(players)
    state.turn.player = players[0]
    return state


def room(state, coord: str, location: str, difficulty: int) -> None:
    suit = next(s for s, d in SUITS.items() if d == difficulty)
    state.rooms[coord] = Room(location, suit)


def door(state, a: str, b: str, colour: str, is_open: bool = True) -> None:
    state.doors[board.edge(a, b)] = Door(colour, is_open)


def place(state, player: str, coord: str) -> None:
    p = state.players[player]
    p.pos = coord
    p.seen.add(coord)


def dice(state, *rolls: int) -> None:
    """The next d6 rolls of the match, in order."""
    queue = list(rolls)
    state.rng.die = lambda sides=6: queue.pop(0)


def act(state, player: str, verb: str, *args):
    return GAME.apply(state, player, Action(verb, tuple(args)))


def texts(events, player):
    return [str(e.text) for e in events if e.visible_to(player)]


def isolate(state, coord: str) -> None:
    """Make every door of ``coord`` green so tests can walk freely around it."""
    for nb in board.exits(coord).values():
        door(state, coord, nb, "green")
