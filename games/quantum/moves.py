"""Where a ship can go: up to its value in steps (Swift: one more), orthogonal (a 5 diagonal too),
never through a ship or a planet square, and which enemies it can reach to attack.

Everything here only looks at the state; the rule modules change it.
"""

from __future__ import annotations

from games.quantum.maps import AROUND, ORTHO
from games.quantum.state import QuantumState, Ship


def steps_of(ship: Ship):
    """The directions a ship steps in: a 5 moves diagonally too (its passive ability)."""
    return AROUND if ship.value == 5 else ORTHO


def move_range(state: QuantumState, ship: Ship) -> int:
    return ship.value + (1 if state.has_command(ship.owner, "swift") else 0)


def distances(state: QuantumState, start: str, limit: int, dirs, blocked: set[str]) -> dict[str, tuple[int, str | None]]:
    """Square -> (steps, previous square) over empty open squares, up to ``limit`` steps."""
    game = state.map
    out: dict[str, tuple[int, str | None]] = {start: (0, None)}
    frontier = [start]
    for d in range(1, limit + 1):
        nxt = []
        for sq in frontier:
            for other in game.neighbours(sq, dirs):
                if other in out or other not in game.open_squares or other in blocked:
                    continue
                out[other] = (d, sq)
                nxt.append(other)
        frontier = nxt
    return out


def _blocked(state: QuantumState, ship: Ship) -> set[str]:
    return {s.square for s in state.ships if s.where == "play" and s.id != ship.id}


def destinations(state: QuantumState, ship: Ship) -> list[str]:
    """The empty squares the ship can move to now, in map order."""
    reach = distances(state, ship.square, move_range(state, ship), steps_of(ship), _blocked(state, ship))
    return sorted((sq for sq in reach if sq != ship.square), key=_order(state))


def path_to(state: QuantumState, ship: Ship, square: str) -> list[str] | None:
    reach = distances(state, ship.square, move_range(state, ship), steps_of(ship), _blocked(state, ship))
    if square not in reach or square == ship.square:
        return None
    return _path(reach, square)


def _path(reach, square) -> list[str]:
    out = [square]
    while reach[out[-1]][1] is not None:
        out.append(reach[out[-1]][1])
    return out[::-1]


def attacks(state: QuantumState, ship: Ship) -> dict[str, list[str]]:
    """Enemy square -> the squares the ship could attack it from (its own square when adjacent;
    otherwise an empty square it can reach with a step to spare)."""
    reach = distances(state, ship.square, move_range(state, ship) - 1, steps_of(ship), _blocked(state, ship))
    enemies = {s.square: s for s in state.ships if s.where == "play" and s.owner != ship.owner}
    out: dict[str, list[str]] = {}
    for sq in sorted(reach, key=lambda q: (reach[q][0], _order(state)(q))):
        for other in state.map.neighbours(sq, steps_of(ship)):
            if other in enemies:
                out.setdefault(other, []).append(sq)
    return {k: out[k] for k in sorted(out, key=_order(state))}


def _order(state: QuantumState):
    squares = state.map.squares
    return lambda sq: (squares[sq][1], squares[sq][0])


def map_order(state: QuantumState, squares) -> list[str]:
    """Squares sorted top to bottom, left to right."""
    return sorted(squares, key=_order(state))


def free_orbit(state: QuantumState, planet: str) -> list[str]:
    """A planet's empty orbit squares (all 8 around it)."""
    taken = state.occupant()
    return [sq for sq in state.map.orbit(planet) if sq in state.map.open_squares and sq not in taken]


def adjacent(state: QuantumState, a: str, b: str, dirs=ORTHO) -> bool:
    return b in state.map.neighbours(a, dirs)
