"""The die faces' abilities (rules/quantum.md, Ships): 'use <ship> ...', each ship at most once a
turn, in its owner's turn between actions. 1 attacks an adjacent ship (free); 2 carries an adjacent
ship as its move; 3 swaps with any ship (free); 4 becomes a 3 or a 5 (free); 5 moves diagonally
(passive); 6 rerolls itself (free)."""

from __future__ import annotations

from games.engine import Event, RuleError, announce
from games.quantum import turns
from games.quantum.actions import fight, find_ship, may_move, _mark_moved
from games.quantum.maps import AROUND, ORTHO, square_word
from games.quantum.moves import distances, map_order
from games.quantum.state import QuantumState, Ship


def _ready(state: QuantumState, player: str, ref: str) -> Ship:
    turns.check_turn(state, player)
    ship = find_ship(state, player, ref)
    if ship.id in state.turn.used:
        raise RuleError(f"Your ship at {ship.square} has used its ability this turn (once a turn).")
    return ship


def protected(state: QuantumState, ship: Ship, by: str) -> bool:
    """Warden: a ship next to its owner's cube cannot be carried or swapped by another's ship."""
    if ship.owner == by or not state.has_command(ship.owner, "warden"):
        return False
    return any(ship.owner in state.cubes.get(p, []) for p in state.map.neighbours(ship.square, AROUND))


def do_use(state: QuantumState, player: str, ref: str, *words: str) -> list[Event]:
    ship = _ready(state, player, ref)
    args = [w for w in (str(x).strip().lower() for x in words) if w and (w.isdigit() or square_word(w))]
    args = [square_word(w) or w for w in args]
    handler = {1: _attack, 2: _carry, 3: _swap, 4: _turn, 5: _diagonal, 6: _reroll}[ship.value]
    return handler(state, player, ship, args)


def _attack(state, player, ship, args) -> list[Event]:
    targets = attack_targets(state, ship)
    if len(args) != 1 or args[0] not in targets:
        raise RuleError("A 1 attacks an enemy ship orthogonally next to it: " +
                        (f"'use {ship.square} {targets[0]}'." if targets else "none is next to it."))
    state.turn.used.add(ship.id)
    enemy = state.occupant()[args[0]]
    ev = [announce(f"{player}'s 1 at {ship.square} attacks without moving.", "ability", player=player,
                   ship=ship.id, face=1)]
    return ev + fight(state, ship, enemy) + turns.settle(state)


def attack_targets(state: QuantumState, ship: Ship) -> list[str]:
    occupant = state.occupant()
    return [sq for sq in state.map.neighbours(ship.square, ORTHO)
            if sq in occupant and occupant[sq].owner != ship.owner]


def carry_reach(state: QuantumState, ship: Ship, carried: Ship) -> dict:
    """Where a 2 carrying ``carried`` can stop: up to 2 orthogonal steps (Swift: 3), the carried
    ship lifted from its square."""
    steps = 2 + (1 if state.has_command(ship.owner, "swift") else 0)
    blocked = {s.square for s in state.ships if s.where == "play" and s.id not in (ship.id, carried.id)}
    return distances(state, ship.square, steps, ORTHO, blocked)


def carry_drops(state: QuantumState, ship: Ship, carried: Ship, stop: str) -> list[str]:
    occupied = {s.square for s in state.ships if s.where == "play" and s.id not in (ship.id, carried.id)}
    return [sq for sq in state.map.neighbours(stop, AROUND)
            if sq in state.map.open_squares and sq not in occupied]


def carriable(state: QuantumState, ship: Ship) -> list[Ship]:
    occupant = state.occupant()
    out = [occupant[sq] for sq in state.map.neighbours(ship.square, AROUND) if sq in occupant]
    return [s for s in out if not protected(state, s, ship.owner)]


def _carry(state, player, ship, args) -> list[Event]:
    if state.turn.actions < 1:
        raise RuleError("A carry is the 2's move: it needs an action; you have none left.")
    if not may_move(state, ship):
        raise RuleError(f"Your 2 at {ship.square} has already moved this turn: a carry is its move.")
    usage = f"'use {ship.square} <ship to carry> <where the 2 stops> <where it puts the ship down>'"
    if len(args) != 3:
        raise RuleError(f"A 2 carries an adjacent ship: {usage}.")
    what, stop, drop = args
    carried = state.occupant().get(what)
    if carried is None or carried.id == ship.id or what not in state.map.neighbours(ship.square, AROUND):
        raise RuleError(f"There is no ship next to your 2 at {what}: {usage}.")
    if protected(state, carried, player):
        raise RuleError(f"{carried.owner}'s ship at {what} is guarded by Warden: it cannot be carried.")
    reach = carry_reach(state, ship, carried)
    if stop not in reach:
        raise RuleError(f"The 2 cannot stop at {stop}: up to {max(d for d, _ in reach.values()) or 2} orthogonal "
                        "steps, never through a ship or a planet.")
    if drop not in carry_drops(state, ship, carried, stop):
        raise RuleError(f"{drop} is not an empty square around {stop} to put the ship down on.")
    start = ship.square
    ship.square, carried.square = stop, drop
    _mark_moved(state, ship)
    state.turn.used.add(ship.id)
    turns.spend(state, 1)
    way = f"goes from {start} to {stop}" if stop != start else f"stays at {stop}"  # up to 2 steps: maybe none
    ev = [announce(f"{player}'s 2 carries {carried.owner}'s {carried.value} from {what}: the 2 {way} "
                   f"and puts it down at {drop}.", "carried", player=player, ship=ship.id,
                   carried=carried.id, owner=carried.owner, frm=what, stop=stop, dest=drop)]
    return ev + turns.settle(state)


def swap_targets(state: QuantumState, ship: Ship) -> list[str]:
    return map_order(state, [s.square for s in state.ships if s.where == "play" and s.id != ship.id
                             and not protected(state, s, ship.owner)])


def _swap(state, player, ship, args) -> list[Event]:
    if len(args) != 1 or args[0] not in state.occupant() or args[0] == ship.square:
        raise RuleError(f"A 3 swaps places with any other ship: 'use {ship.square} <square of the other ship>'.")
    other = state.occupant()[args[0]]
    if protected(state, other, player):
        raise RuleError(f"{other.owner}'s ship at {args[0]} is guarded by Warden: it cannot be swapped.")
    a, b = ship.square, other.square
    ship.square, other.square = b, a
    state.turn.used.add(ship.id)
    ev = [announce(f"{player}'s 3 at {a} swaps places with {other.owner}'s {other.value} at {b}.", "swapped",
                   player=player, ship=ship.id, other=other.id, owner=other.owner, frm=a, dest=b)]
    return ev + turns.settle(state)


def _turn(state, player, ship, args) -> list[Event]:
    if len(args) != 1 or args[0] not in ("3", "5"):
        raise RuleError(f"A 4 turns into a 3 or a 5: 'use {ship.square} 3' or 'use {ship.square} 5'.")
    ship.value = int(args[0])
    state.turn.used.add(ship.id)
    ev = [announce(f"{player}'s 4 at {ship.square} turns into a {ship.value}.", "transformed", player=player,
                   ship=ship.id, square=ship.square, value=ship.value)]
    return ev + turns.settle(state)


def _diagonal(state, player, ship, args) -> list[Event]:
    raise RuleError("A 5's ability is passive: it moves diagonally too. Just 'move' it.")


def _reroll(state, player, ship, args) -> list[Event]:
    if args:
        raise RuleError(f"A 6 rerolls itself: 'use {ship.square}'.")
    ship.value = state.rng.die()
    state.turn.used.add(ship.id)
    ev = [announce(f"{player}'s 6 at {ship.square} rerolls itself: now a {ship.value}.", "rerolled_six",
                   player=player, ship=ship.id, square=ship.square, value=ship.value)]
    return ev + turns.settle(state)
