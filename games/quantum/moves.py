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
    near = state.map._open_steps[dirs]
    out: dict[str, tuple[int, str | None]] = {start: (0, None)}
    frontier = [start]
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for sq in frontier:
            for other in near[sq]:
                if other not in out and other not in blocked:
                    out[other] = (d, sq)
                    nxt.append(other)
        frontier = nxt
    return out


def _blocked(state: QuantumState, ship: Ship) -> set[str]:
    return {s.square for s in state.ships if s.where == "play" and s.id != ship.id}


def destinations(state: QuantumState, ship: Ship, occupant: dict[str, Ship] | None = None) -> list[str]:
    """The empty squares the ship can move to now, in map order (``reach_of``'s first half, without
    looking for enemies: one verb's legal moves need only this). ``occupant``: the state's, when the
    caller has it already."""
    occupant = state.occupant() if occupant is None else occupant
    reach = distances(state, ship.square, move_range(state, ship), steps_of(ship), set(occupant) - {ship.square})
    return sorted((sq for sq in reach if sq != ship.square), key=state.map.rank.__getitem__)


def reach_of(state: QuantumState, ship: Ship, occupant: dict[str, Ship] | None = None
             ) -> tuple[list[str], dict[str, list[str]]]:
    """(the empty squares the ship can move to, enemy square -> the squares it can attack it
    from), from one search. ``occupant``: the state's, when the caller has it already."""
    limit = move_range(state, ship)
    dirs = steps_of(ship)
    occupant = state.occupant() if occupant is None else occupant
    reach = distances(state, ship.square, limit, dirs, set(occupant) - {ship.square})
    rank = state.map.rank
    near = state.map._steps[dirs]
    out: dict[str, list[str]] = {}
    for sq in sorted(reach, key=lambda q: (reach[q][0], rank[q])):
        if reach[sq][0] >= limit:
            break
        for other in near[sq]:
            o = occupant.get(other)
            if o is not None and o.owner != ship.owner:
                out.setdefault(other, []).append(sq)
    dests = sorted((sq for sq in reach if sq != ship.square), key=rank.__getitem__)
    return dests, {k: out[k] for k in sorted(out, key=rank.__getitem__)}


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


def attacks(state: QuantumState, ship: Ship, occupant: dict[str, Ship] | None = None) -> dict[str, list[str]]:
    """Enemy square -> the squares the ship could attack it from (its own square when adjacent;
    otherwise an empty square it can reach with a step to spare)."""
    return reach_of(state, ship, occupant)[1]


def _order(state: QuantumState):
    return state.map.rank.__getitem__


def map_order(state: QuantumState, squares) -> list[str]:
    """Squares sorted top to bottom, left to right."""
    return sorted(squares, key=state.map.rank.__getitem__)


def free_orbit(state: QuantumState, planet: str, taken: dict[str, Ship] | None = None) -> list[str]:
    """A planet's empty orbit squares (all 8 around it); ``taken``: the state's occupant, when the
    caller looks at several planets."""
    taken = state.occupant() if taken is None else taken
    return [sq for sq in state.map.orbit(planet) if sq in state.map.open_squares and sq not in taken]


def adjacent(state: QuantumState, a: str, b: str, dirs=ORTHO) -> bool:
    return b in state.map.neighbours(a, dirs)
