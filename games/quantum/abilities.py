"""The die faces' abilities (rules/quantum.md, Ships): 'use <ship> ...', each ship at most once a
turn, in its owner's turn between actions. 1 attacks an adjacent ship (free); 2 carries an adjacent
ship as its move; 3 swaps with any ship (free); 4 becomes a 3 or a 5 (free); 5 moves diagonally
(passive); 6 rerolls itself (free). The handlers only carry a legal use out; why one is refused
is worded in refusals.py (``why_not``)."""

from __future__ import annotations

from games.engine import Event, announce
from games.quantum import turns
from games.quantum.actions import fight, ship_at, _mark_moved
from games.quantum.maps import AROUND, ORTHO
from games.quantum.moves import distances, map_order
from games.quantum.state import QuantumState, Ship
from games.quantum.words import _


def protected(state: QuantumState, ship: Ship, by: str) -> bool:
    """Warden: a ship next to its owner's cube cannot be carried or swapped by another's ship."""
    if ship.owner == by or not state.has_command(ship.owner, "warden"):
        return False
    return any(ship.owner in state.cubes.get(p, []) for p in state.map.neighbours(ship.square, AROUND))


def do_use(state: QuantumState, player: str, ref: str, *words: str) -> list[Event]:
    """A ship's ability; the action is canonical (the ship by its square, the words only its numbers
    and squares: canonical.py) and legal, and a 5's is passive: no legal 'use' names one."""
    ship = ship_at(state, ref)
    args = list(words)
    handler = {1: _attack, 2: _carry, 3: _swap, 4: _turn, 6: _reroll}[ship.value]
    return handler(state, player, ship, args)


def _attack(state, player, ship, args) -> list[Event]:
    state.turn.used.add(ship.id)
    enemy = state.occupant()[args[0]]
    ev = [announce(_("{player}'s 1 at {square} attacks without moving.", player=player, square=ship.square),
                   "ability", player=player,
                   ship=ship.id, face=1)]
    return ev + fight(state, ship, enemy) + turns.settle(state)


def attack_targets(state: QuantumState, ship: Ship) -> list[str]:
    occupant = state.occupant()
    return [sq for sq in state.map.neighbours(ship.square, ORTHO)
            if sq in occupant and occupant[sq].owner != ship.owner]


def carry_reach(state: QuantumState, ship: Ship, carried: Ship, blocked: set[str] | None = None) -> dict:
    """Where a 2 carrying ``carried`` can stop: up to 2 orthogonal steps (Swift: 3), the carried
    ship lifted from its square. ``blocked``: ``carry_blocked``, when the caller has it already."""
    steps = 2 + (1 if state.has_command(ship.owner, "swift") else 0)
    blocked = carry_blocked(state, ship, carried) if blocked is None else blocked
    return distances(state, ship.square, steps, ORTHO, blocked)


def carry_blocked(state: QuantumState, ship: Ship, carried: Ship) -> set[str]:
    """The squares of the other ships in play while a 2 carries ``carried``: both are lifted."""
    return {s.square for s in state.ships if s.where == "play" and s.id not in (ship.id, carried.id)}


def carry_drops(state: QuantumState, ship: Ship, carried: Ship, stop: str, occupied: set[str] | None = None
                ) -> list[str]:
    """Where the carried ship may be put down around ``stop``: an empty open square (``occupied``:
    ``carry_blocked``, when the caller has it already)."""
    occupied = carry_blocked(state, ship, carried) if occupied is None else occupied
    return [sq for sq in state.map.neighbours(stop, AROUND)
            if sq in state.map.open_squares and sq not in occupied]


def carriable(state: QuantumState, ship: Ship) -> list[Ship]:
    occupant = state.occupant()
    out = [occupant[sq] for sq in state.map.neighbours(ship.square, AROUND) if sq in occupant]
    return [s for s in out if not protected(state, s, ship.owner)]


def _carry(state, player, ship, args) -> list[Event]:
    what, stop, drop = args
    carried = state.occupant()[what]
    start = ship.square
    ship.square, carried.square = stop, drop
    _mark_moved(state, ship)
    state.turn.used.add(ship.id)
    turns.spend(state, 1)
    words = dict(player=player, owner=carried.owner, value=carried.value, frm=what, start=start, stop=stop, dest=drop)
    if stop != start:  # up to 2 steps: maybe none
        text = _("{player}'s 2 carries {owner}'s {value} from {frm}: the 2 goes from {start} to {stop} "
                 "and puts it down at {dest}.", **words)
    else:
        text = _("{player}'s 2 carries {owner}'s {value} from {frm}: the 2 stays at {stop} "
                 "and puts it down at {dest}.", **words)
    ev = [announce(text, "carried", player=player, ship=ship.id,
                   carried=carried.id, owner=carried.owner, frm=what, stop=stop, dest=drop)]
    return ev + turns.settle(state)


def swap_targets(state: QuantumState, ship: Ship) -> list[str]:
    return map_order(state, [s.square for s in state.ships if s.where == "play" and s.id != ship.id
                             and not protected(state, s, ship.owner)])


def _swap(state, player, ship, args) -> list[Event]:
    other = state.occupant()[args[0]]
    a, b = ship.square, other.square
    ship.square, other.square = b, a
    state.turn.used.add(ship.id)
    ev = [announce(_("{player}'s 3 at {frm} swaps places with {owner}'s {value} at {dest}.", player=player, frm=a,
                     owner=other.owner, value=other.value, dest=b), "swapped",
                   player=player, ship=ship.id, other=other.id, owner=other.owner, frm=a, dest=b)]
    return ev + turns.settle(state)


def _turn(state, player, ship, args) -> list[Event]:
    ship.value = int(args[0])
    state.turn.used.add(ship.id)
    ev = [announce(_("{player}'s 4 at {square} turns into a {value}.", player=player, square=ship.square,
                     value=ship.value), "transformed", player=player,
                   ship=ship.id, square=ship.square, value=ship.value)]
    return ev + turns.settle(state)


def _reroll(state, player, ship, args) -> list[Event]:
    ship.value = state.rng.die()
    state.turn.used.add(ship.id)
    ev = [announce(_("{player}'s 6 at {square} rerolls itself: now a {value}.", player=player, square=ship.square,
                     value=ship.value), "rerolled_six",
                   player=player, ship=ship.id, square=ship.square, value=ship.value)]
    return ev + turns.settle(state)
