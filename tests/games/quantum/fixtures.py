"""Helpers to build exact Quantum situations: a match past its set-up with the ships placed by hand,
fixed dice, acting as a player."""

from __future__ import annotations

import pickle

import games
from games.engine import Action, RuleError
from games.quantum.state import Turn

if "quantum" not in games.CATALOGUE:
    games.register("quantum", "games.quantum")
GAME = games.get("quantum")


def new(players=("ann", "bob"), seed=1, options=None):
    """A match just opened: everyone still deciding on the opening roll."""
    state = GAME.new_match(list(players), seed, options or {})
    GAME.opening(state)
    return state


def playing(players=("ann", "bob"), seed=1, options=None, empty=True):
    """A match in play, ``players[0]``'s turn with 3 actions; with ``empty`` no ship and no cube is
    on the map (tests put them with :func:`put`; every ship waits in the scrapyard or reserve)."""
    state = new(players, seed, options)
    for p in players:
        do(state, p, "keep")
    for p in list(state.turn_order):
        do(state, p, "home", state.map.starts[list(players).index(p)])
    state.turn_order = list(players)
    if empty:
        for s in state.ships:
            if s.where == "play":
                s.where, s.square = "scrap", None
        state.cubes = {}
        for p in state.players.values():
            p.cubes_left = state.map.cubes
    state.turn = Turn(players[0], 3)
    state.pending = []
    return state


def put(state, owner: str, value: int, square: str):
    """One of ``owner``'s ships not in play (scrapyard first) put on ``square`` showing ``value``."""
    spare = [s for s in state.ships if s.owner == owner and s.where == "scrap"] or \
        [s for s in state.ships if s.owner == owner and s.where == "reserve"]
    ship = spare[0]
    ship.where, ship.square, ship.value = "play", square, value
    return ship


class Dice:
    """Fixed dice (picklable, so refused() can compare states): each call pops the next roll."""

    def __init__(self, rolls):
        self.rolls = list(rolls)

    def __call__(self, sides: int = 6) -> int:
        assert self.rolls, "more dice were rolled than the test fixed"
        return self.rolls.pop(0)


def dice(state, *rolls: int) -> None:
    """The next dice of the match, in order (the test fails if more are drawn)."""
    state.rng.die = Dice(rolls)


def do(state, player: str, verb: str, *args):
    return GAME.apply(state, player, Action(verb, tuple(args)))


def refused(state, player: str, verb: str, *args) -> str:
    """The one-line refusal of an action, checking that it changed nothing."""
    before = pickle.dumps(state)
    try:
        do(state, player, verb, *args)
    except RuleError as err:
        assert pickle.dumps(state) == before, "a refused action changed the state"
        text = str(err)
        assert text and "\n" not in text
        return text
    raise AssertionError(f"{verb} {args} was accepted")


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def at(state, square: str):
    return state.occupant().get(square)
