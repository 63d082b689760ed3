"""The normal Quantum bot's plan (games/quantum/bots.py): the planet a player can build on soonest,
which of their ships go to which of its orthogonal squares, and how many moves that takes -- an
estimate on an open map (ships and planets ignored), cheap enough to recompute before every action."""

from __future__ import annotations

from itertools import combinations

from games.quantum.actions import build_need
from games.quantum.data import INTERPENETRATION
from games.quantum.moves import move_range

FAR = 99


def planet_needs(state, me) -> dict[str, int]:
    """Planet -> the sum a cube of ``me`` needs there now (planets where none can go left out):
    actions.build_need for every planet at once."""
    game, cubes = state.map, state.cubes
    free = [p for p in game.planets if len(cubes.get(p, ())) < game.slots(p)]
    elsewhere = any(me not in cubes.get(p, ()) for p in free)
    out = {}
    for p in free:
        there = cubes.get(p, [])
        if me in there and elsewhere:
            continue
        out[p] = game.planets[p].number + (INTERPENETRATION * len(there) if me in there else 0)
    return out


def open_steps(a, b, diagonal: bool) -> int:
    """Steps between two squares on an open map (a plan's estimate: ships and planets ignored)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) if diagonal else dx + dy


def best_plan(state, me):
    """(planet, [(ship, square)], moves, diff, group): the planet to build on soonest and which
    ships go where; ``diff`` is how far their values are from the sum it needs (0: exact)."""
    ships = state.fleet(me)
    if len(ships) < 2:
        return None
    slack = 1 if state.has_command(me, "engineer") else 0
    occupant = state.occupant()
    xy = state.map.squares
    ranges = {s.id: max(1, move_range(state, s)) for s in ships}
    rough = []  # planets by a cheap lower bound: each ship's moves to the planet's centre, less one step
    for planet, need in planet_needs(state, me).items():
        centre = xy[planet]
        near = sorted(max(0, open_steps(xy[s.square], centre, s.value == 5) - 1) // ranges[s.id] for s in ships)
        rough.append((near[0] + near[1], state.map.rank[planet], planet, need))
    rough.sort()
    best = None
    for low, _, planet, need in rough:
        if best is not None and low >= best[0]:
            break
        squares = [sq for sq in state.map.orthogonal(planet) if sq not in occupant or occupant[sq].owner == me]
        if len(squares) < 2:
            continue
        there = {occupant[sq].id for sq in squares if sq in occupant}
        free = [sq for sq in squares if sq not in occupant]
        cost = {s.id: sorted((-(-open_steps(xy[s.square], xy[sq], s.value == 5) // ranges[s.id]), sq) for sq in free)
                for s in ships if s.id not in there}
        nearest = sorted([0] * len(there) + [c[0][0] for c in cost.values() if c])
        if len(nearest) < 2:
            continue
        bound = nearest[0] + nearest[1]
        if best is not None and bound >= best[0]:
            continue
        for n in range(2, len(squares) + 1):
            for group in combinations(ships, n):
                total = sum(s.value for s in group)
                diff = 0 if abs(total - need) <= slack else abs(total - need)
                if diff > 5:
                    continue
                floor = 3 * (diff > 0) + diff * 0.1 + 0.5 * len(there - {s.id for s in group})
                if best is not None and floor + bound >= best[0]:
                    continue
                moves, where = _assign(group, there, cost)
                if moves >= FAR:
                    continue
                score = moves + floor
                if best is None or score < best[0]:
                    best = (score, planet, where, moves, diff, group)
    if best is None:
        return None
    return best[1], best[2], best[3], best[4], best[5]


def _assign(group, there, cost):
    """Each ship of ``group`` to a free square (ships already on one keep it), nearest first; the
    total in moves (a ship's steps over its range, rounded up)."""
    taken, where, moves = set(), [], 0
    for s in group:
        if s.id in there:
            where.append((s, s.square))
            continue
        pick = next(((m, sq) for m, sq in cost[s.id] if sq not in taken), None)
        if pick is None:
            return FAR, []
        taken.add(pick[1])
        where.append((s, pick[1]))
        moves += pick[0]
    return moves, where


def plan_cost(state, me, planet, group, moved: dict) -> int:
    """The plan's moves still to make, as best_plan reckons them, with some of our ships put elsewhere
    (``moved``: ship id -> square): a ship of the plan off the planet's squares, the moves to the
    nearest one not held by an enemy; a ship of ours on them but not in the plan, one to step aside."""
    orth = state.map.orthogonal(planet)
    occupant, xy = state.occupant(), state.map.squares
    open_sq = [sq for sq in orth if sq not in occupant or occupant[sq].owner == me]
    in_group = {s.id for s in group}
    cost = 0
    for s in state.fleet(me):
        at = moved.get(s.id, s.square)
        if s.id in in_group and at not in orth:
            reach = max(1, move_range(state, s))
            cost += min((-(-open_steps(xy[at], xy[sq], s.value == 5) // reach) for sq in open_sq), default=FAR)
        elif s.id not in in_group and at in orth:
            cost += 1
    return cost


def needed_sum(state, me, planet) -> int:
    need, _ = build_need(state, me, planet)
    return need or 0
