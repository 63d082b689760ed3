"""Positions built by hand for Dungeon Chess's rules tests: an empty dungeon, pieces placed where a
test needs them, targets already kept, and a given player to move."""

from __future__ import annotations

from games.dungeon_chess import GAME
from games.dungeon_chess.data import square
from games.dungeon_chess.state import new_match

KINDS = {"L", "Gk", "G", "M"}


def match(players=("ann", "bob"), seed=1, keep=True, options=None):
    """A new match; with ``keep`` every player has kept the lower of their two targets."""
    state = new_match(list(players), seed, options or {})
    GAME.opening(state)
    if keep:
        for p in players:
            GAME.apply(state, p, GAME.legal_actions(state, p)[0])
    return state


def position(pieces: dict, players=("ann", "bob"), turn=None, seed=1, options=None):
    """An otherwise empty board: ``pieces`` maps a square to (owner, kind); ``turn`` moves first."""
    state = match(players, seed, options=options)
    state.board = [None] * 100
    for pid, (sq, (owner, kind)) in enumerate(pieces.items()):
        assert kind in KINDS
        state.board[square(sq)] = (owner, kind, pid)
    state.turn = state.order.index(turn or players[0])
    return state


def at(state, sq: str):
    cell = state.board[square(sq)]
    return None if cell is None else (cell[0], cell[1])


def moves_from(state, sq: str) -> set[str]:
    player = state.board[square(sq)][0]
    return {a.args[1] for a in GAME.legal_actions(state, player) if a.verb == "move" and a.args[0] == sq}
