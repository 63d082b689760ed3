"""Quantum's actions (rules/quantum.md, A turn): move or attack, deploy, reconfigure, build a cube
(2 actions), research; and combat. Each only carries a legal move out: ``apply`` has checked the
action against the legal ones, and the refusals are worded in refusals.py (``why_not``)."""

from __future__ import annotations

from games.engine import Event, announce
from games.quantum import turns
from games.quantum.data import BUILD_COST, INTERPENETRATION
from games.quantum.moves import free_orbit, map_order, path_to
from games.quantum.state import QuantumState, Ship
from games.quantum.words import _


# --- the ship a move names -------------------------------------------------------------------------

def ship_at(state: QuantumState, square: str) -> Ship:
    """The ship a legal action names: its canonical form names one's own ship by its square."""
    return state.occupant()[square]


def may_move(state: QuantumState, ship: Ship) -> bool:
    moved = state.turn.moved.get(ship.id, 0)
    return moved == 0 or (moved == 1 and state.turn.overdrive)


def _mark_moved(state: QuantumState, ship: Ship) -> None:
    turn = state.turn
    if turn.moved.get(ship.id, 0) == 1:
        turn.overdrive = False  # Overdrive's second move is spent
    turn.moved[ship.id] = turn.moved.get(ship.id, 0) + 1


# --- move and attack ----------------------------------------------------------------------------------

def do_move(state: QuantumState, player: str, ref: str, square: str) -> list[Event]:
    """A ship to an empty square it reaches (onto an enemy is an attack: the canonical form says so)."""
    ship = ship_at(state, ref)
    path = path_to(state, ship, square)
    start = ship.square
    ship.square = square
    _mark_moved(state, ship)
    turns.spend(state, 1)
    ev = [announce(_("{player} moves the {value} from {frm} to {dest}.", player=player, value=ship.value, frm=start,
                     dest=square), "moved", player=player, ship=ship.id, frm=start, dest=square, path=path)]
    return ev + turns.settle(state)


def do_attack(state: QuantumState, player: str, ref: str, target: str, frm: str | None = None) -> list[Event]:
    """A ship moves to ``frm`` (the canonical form always names it; the default only keeps 'attack
    SHIP SQUARE' a well-formed action for why_not to word) and fights the enemy at ``target``."""
    ship = ship_at(state, ref)
    enemy = state.occupant()[target]
    start = ship.square
    ship.square = frm
    _mark_moved(state, ship)
    turns.spend(state, 1)
    ev = [announce(_("{player} moves the {value} from {frm} to {dest}.", player=player, value=ship.value, frm=start,
                     dest=frm), "moved", player=player, ship=ship.id, frm=start, dest=frm)] if frm != start else []
    return ev + fight(state, ship, enemy) + turns.settle(state)


def fight(state: QuantumState, attacker: Ship, defender: Ship) -> list[Event]:
    """Both roll a die and add their ship's value (Ferocious: -1); the lower total wins, a tie goes
    to the attacker (to the defender if Stubborn). The winner's effects follow."""
    a, d = attacker.owner, defender.owner
    ra, rd = state.rng.die(), state.rng.die()
    ta = ra + attacker.value - (1 if state.has_command(a, "ferocious") else 0)
    td = rd + defender.value - (1 if state.has_command(d, "ferocious") else 0)
    won = ta < td or (ta == td and not state.has_command(d, "stubborn"))
    at, where = attacker.square, defender.square
    words = dict(attacker=a, value=attacker.value, at=at, defender=d, other=defender.value, square=where,
                 sum=f"{ra}+{attacker.value}{'-1' if ta != ra + attacker.value else ''}={ta}",
                 against=f"{rd}+{defender.value}{'-1' if td != rd + defender.value else ''}={td}")
    data = dict(attacker=a, ship=attacker.id, defender=d, target=defender.id, at=at, square=where, rolls=[ra, rd],
                totals=[ta, td], won=won)
    if not won:
        return [announce(_("{attacker}'s {value} at {at} attacks {defender}'s {other} at {square}: {sum} against "
                           "{against}: {defender} holds; the attacker stays at {at}.", **words), "combat", **data)]
    defender.where, defender.square = "scrap", None
    ev = [announce(_("{attacker}'s {value} at {at} attacks {defender}'s {other} at {square}: {sum} against "
                     "{against}: {defender}'s ship is destroyed.", **words), "combat", **data)]
    state.pending.append({"kind": "advance", "ship": attacker.id, "to": where, "at": at})
    ev += turns.dominion(state, a, 2 if state.has_command(a, "raider") else 1)
    ev += turns.dominion(state, d, -1)
    return ev


def _advance_owed(state: QuantumState, player: str) -> dict:
    """The advance owed to ``player`` (the phase table let 'advance' and 'stay' through only then)."""
    return state.pending[0]


def do_advance(state: QuantumState, player: str) -> list[Event]:
    owed = _advance_owed(state, player)
    state.pending.pop(0)
    ship = state.ship(owed["ship"])
    ship.square = owed["to"]
    ev = [announce(_("{player}'s {value} advances into {dest}.", player=player, value=ship.value, dest=owed["to"]),
                   "advanced", player=player,
                   ship=ship.id, dest=owed["to"])]
    return ev + turns.settle(state)


def do_stay(state: QuantumState, player: str) -> list[Event]:
    owed = _advance_owed(state, player)
    state.pending.pop(0)
    ship = state.ship(owed["ship"])
    ev = [announce(_("{player}'s {value} stays at {at}.", player=player, value=ship.value, at=owed["at"]),
                   "stayed", player=player, ship=ship.id,
                   at=owed["at"])]
    return ev + turns.settle(state)


# --- deploy, reconfigure, research ----------------------------------------------------------------------

def deploy_squares(state: QuantumState, player: str) -> list[str]:
    planets = [p for p, owners in state.cubes.items() if player in owners]
    taken = state.occupant()
    return map_order(state, {sq for p in planets for sq in free_orbit(state, p, taken)})


def do_deploy(state: QuantumState, player: str, square: str) -> list[Event]:
    ship = state.fleet(player, "scrap")[0]
    ship.where, ship.square, ship.value = "play", square, state.rng.die()
    turns.spend(state, 1)
    ev = [announce(_("{player} deploys a ship at {square}: a {value}.", player=player, square=square,
                     value=ship.value), "deployed", player=player,
                   ship=ship.id, square=square, value=ship.value)]
    return ev + turns.settle(state)


def do_reconfigure(state: QuantumState, player: str, ref: str) -> list[Event]:
    ship = ship_at(state, ref)
    old = ship.value
    ship.value = state.rng.die()
    turns.spend(state, 1)
    ev = [announce(_("{player} reconfigures the {was} at {square}: now a {value}.", player=player, was=old,
                     square=ship.square, value=ship.value), "reconfigured",
                   player=player, ship=ship.id, square=ship.square, was=old, value=ship.value)]
    return ev + turns.settle(state)


def do_research(state: QuantumState, player: str) -> list[Event]:
    turns.spend(state, 1)
    return turns.research(state, player, 1, _("research")) + turns.settle(state)


# --- building -------------------------------------------------------------------------------------------

def _distance(a: str, b: str) -> int:
    """Orthogonal steps between two squares ('b2', 'k11'), as the crow walks."""
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:]))


def build_need(state: QuantumState, player: str, planet: str) -> tuple[int | None, object]:
    """(the sum a cube of ``player`` on ``planet`` needs, or None with the reason it cannot be built)."""
    game = state.map
    if planet not in game.planets:
        return None, _("{planet} is not a planet.", planet=planet)
    cubes = state.cubes.get(planet, [])
    if len(cubes) >= game.slots(planet):
        return None, _("Planet {planet} is full ({slots} slots).", planet=planet, slots=game.slots(planet))
    mine = cubes.count(player)
    number = game.planets[planet].number
    if mine:
        elsewhere = [p for p in game.planets if player not in state.cubes.get(p, [])
                     and len(state.cubes.get(p, [])) < game.slots(p)]
        if elsewhere:
            near = min(map_order(state, elsewhere), key=lambda p: _distance(planet, p))  # not the map's first
            return None, _("You already have a cube on {planet}: build on a planet without yours first "
                           "(such as {near}).", planet=planet, near=near)
    return number + (INTERPENETRATION * len(cubes) if mine else 0), ""  # every cube there counts


def builders(state: QuantumState, player: str, planet: str) -> list[Ship]:
    occupant = state.occupant()
    return [occupant[sq] for sq in state.map.orthogonal(planet) if sq in occupant and occupant[sq].owner == player]


def build_problem(state: QuantumState, player: str, planet: str):
    need, why = build_need(state, player, planet)
    if need is None:
        return why
    ships = builders(state, player, planet)
    if len(ships) < 2:
        return _("Building on {planet} needs at least two of your ships on its four orthogonal squares.", planet=planet)
    total = sum(s.value for s in ships)
    slack = 1 if state.has_command(player, "engineer") else 0
    if abs(total - need) > slack:
        values = " + ".join(str(s.value) for s in ships)
        number = state.map.planets[planet].number
        if need != number:
            return _("Your ships around {planet} add up to {values} = {total}; it needs exactly {need} (the planet's "
                     "{number} + 3 per cube there, whoever's).", planet=planet, values=values, total=total, need=need,
                     number=number)
        return _("Your ships around {planet} add up to {values} = {total}; it needs exactly {need}.", planet=planet,
                 values=values, total=total, need=need)
    return None


def buildable(state: QuantumState, player: str) -> list[str]:
    """The planets ``player`` can build on now (actions aside), in map order: those with two of
    their ships on the orthogonal squares looked at first, the full check only for them."""
    near: dict[str, int] = {}
    for ship in state.fleet(player):
        for planet in state.map.neighbours(ship.square):
            if planet in state.map.planets:
                near[planet] = near.get(planet, 0) + 1
    return map_order(state, [p for p, n in near.items() if n >= 2 and not build_problem(state, player, p)])


def do_build(state: QuantumState, player: str, planet: str) -> list[Event]:
    total = sum(s.value for s in builders(state, player, planet))
    turns.spend(state, BUILD_COST)
    ev = [announce(_("{player} builds a cube on {planet} (ships adding up to {total}).", player=player, planet=planet,
                     total=total), "built", player=player,
                   planet=planet, total=total)]
    ev += turns.place_cube(state, player, planet)
    if state.winners:  # the last cube: the game ends after this action (games/quantum/ending.py)
        return ev
    state.pending.append({"kind": "card", "why": "build"})
    return ev + turns.settle(state)
