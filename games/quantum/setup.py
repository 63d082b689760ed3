"""Quantum's set-up (rules/quantum.md, Set-up): the opening roll with its one reroll, the lowest
total choosing first (players tied for it roll off), each player's starting planet and three ships, the six
face-up cards, and the first turn."""

from __future__ import annotations

from games.engine import Event, RuleError, Rng, announce, tell
from games.quantum import cards, turns
from games.quantum.cards import deal_faceup
from games.quantum.data import DEFAULT_MAP, SHIPS, START_SHIPS, command_deck, gambit_deck
from games.quantum.maps import MapError, load
from games.quantum.state import Player, QuantumState, Ship
from games.quantum.words import _, listed
from games.words import said


def new_match(players: list[str], seed: int, options: dict | None = None) -> QuantumState:
    options = options or {}
    if not 2 <= len(players) <= 4:
        raise RuleError(_("Quantum seats 2 to 4 players."))
    value = options.get("map") or DEFAULT_MAP[len(players)]
    try:
        game = load(value)
    except (MapError, KeyError) as err:
        raise RuleError(_("That map cannot be played: {why}", why=said(err))) from None
    if game.players != len(players):
        raise RuleError(_("That map is for {wanted} players and this game has {seated}: start it with {wanted} "
                          "(bots=N at a table, --players {wanted} with mud play).", wanted=game.players,
                          seated=len(players)))
    rng = Rng(seed)
    gambits, commands = gambit_deck(), command_deck()
    rng.shuffle(gambits)
    rng.shuffle(commands)
    state = QuantumState(seed, rng, game.text if not game.name else game.name, list(players),
                         {p: Player(p, game.cubes) for p in players}, [], {}, gambits, commands)
    for p in players:
        for i in range(SHIPS):
            state.ships.append(Ship(len(state.ships), p, rng.die(), "scrap" if i < START_SHIPS else "reserve"))
    return state


def opening(state: QuantumState) -> list[Event]:
    game = state.map
    ev = [announce(_("A game of Quantum begins: {players}, {cubes} cubes each to place. Each may keep the opening "
                     "roll or reroll all three ships once.", players=", ".join(state.order), cubes=game.cubes), "setup",
                   order=list(state.order), cubes=game.cubes, map=state.map_text)]
    for p in state.order:
        ev.append(announce(_("{player} rolls {dice}.", player=p, dice=_dice(state, p)), "rolled", player=p, dice=_values(state, p)))
    return ev


def _opening_ships(state: QuantumState, player: str) -> list[Ship]:
    return [s for s in state.ships if s.owner == player and s.where == "scrap"][:START_SHIPS]


def _values(state: QuantumState, player: str) -> list[int]:
    return [s.value for s in _opening_ships(state, player)]


def _dice(state: QuantumState, player: str):
    values = _values(state, player)
    return _("{dice} (total {total})", dice=", ".join(map(str, values)), total=sum(values))


def do_keep(state: QuantumState, player: str) -> list[Event]:
    if state.phase == "play" and state.pending[:1] and state.pending[0]["kind"] == "reorganise":
        return cards.do_reroll(state, player)  # Reorganise: reroll nothing
    state.players[player].decided = True
    return [announce(_("{player} keeps {dice}.", player=player, dice=_dice(state, player)), "kept", player=player, dice=_values(state, player))]


def do_reroll(state: QuantumState, player: str, *squares: str) -> list[Event]:
    if state.phase == "play":
        return cards.do_reroll(state, player, *squares)  # Reorganise: the ships named
    for s in _opening_ships(state, player):
        s.value = state.rng.die()
    state.players[player].decided = state.players[player].rerolled = True
    return [announce(_("{player} rerolls: {dice}.", player=player, dice=_dice(state, player)), "rerolled",
                     player=player,
                     dice=_values(state, player))]


def everyone_decided(state: QuantumState) -> bool:
    """The opening roll is over: every player has kept or rerolled (the 'roll' phase ends)."""
    return all(p.decided for p in state.players.values())


def order_of_play(state: QuantumState) -> list[Event]:
    """The 'home' phase begins (everyone has decided): the lowest total chooses first and play goes
    clockwise from them, and they are asked for their starting planet. Only the players tied for the
    lowest total roll off: a tie anywhere else decides nothing."""
    ev: list[Event] = []
    totals = {p: sum(_values(state, p)) for p in state.order}
    low = min(totals.values())
    first = _roll_off(state, [p for p in state.order if totals[p] == low], low, ev)
    i = state.order.index(first)
    state.turn_order = state.order[i:] + state.order[:i]
    ev.append(announce(_("{first} has the lowest total: {first} picks a starting planet first and plays first "
                         "(then {others}).", first=first, others=", ".join(state.turn_order[1:])), "order", order=list(state.turn_order)))
    return ev + [ask_home(state)]


def _roll_off(state: QuantumState, tied: list[str], total: int, ev: list[Event]) -> str:
    """Who of the players tied at the lowest ``total`` goes first: each rolls a die, the lowest die
    wins, and only those tied for it roll again."""
    while len(tied) > 1:
        rolls = {p: state.rng.die() for p in tied}
        rolled = listed([_("{player} rolls {die}", player=p, die=r) for p, r in rolls.items()])
        ev.append(announce(_("A tie at {total}: {rolls}.", total=total, rolls=rolled), "tie_roll", total=total, rolls=rolls))
        tied = [p for p in tied if rolls[p] == min(rolls.values())]
    return tied[0]


def home_options(state: QuantumState) -> list[str]:
    taken = set(state.homes.values())
    return [p for p in state.map.starts if p not in taken]


def choosing_home(state: QuantumState) -> str | None:
    left = [p for p in state.turn_order if p not in state.homes]
    return left[0] if state.phase == "home" and left else None


def ask_home(state: QuantumState) -> Event:
    """Ask the next player to choose a starting planet."""
    p = choosing_home(state)
    return tell(p, _("Choose your starting planet: {planets} ('home <planet>').", planets=", ".join(home_options(state))),
                "asked",
                player=p, ask="home")


def do_home(state: QuantumState, player: str, planet: str, empty: str | None = None) -> list[Event]:
    """A free starting planet, and the orthogonal square left empty (the canonical form always names
    it: the last when left out; the default keeps 'home PLANET' well-formed for why_not's words)."""
    squares = state.map.orthogonal(planet)
    state.homes[player] = planet
    placed = [sq for sq in squares if sq != empty]
    for ship, sq in zip(_opening_ships(state, player), placed):
        ship.where, ship.square = "play", sq
    state.cubes.setdefault(planet, []).append(player)
    state.players[player].cubes_left -= 1
    ships = listed([_("{value} at {square}", value=s.value, square=s.square) for s in state.fleet(player)])
    ev = [announce(_("{player} starts at planet {planet} (a cube there); ships: {ships}.", player=player, planet=planet,
                     ships=ships), "home", player=player,
                   planet=planet, ships={s.square: s.value for s in state.fleet(player)},
                   ids={s.square: s.id for s in state.fleet(player)})]
    return ev + [ask_home(state)] if choosing_home(state) else ev


def everyone_home(state: QuantumState) -> bool:
    """Every player has a starting planet (the 'home' phase ends)."""
    return all(p in state.homes for p in state.order)


def first_turn(state: QuantumState) -> list[Event]:
    """The 'play' phase begins: the six face-up cards are dealt and the first player's turn starts."""
    return deal_faceup(state) + turns.start_turn(state, state.turn_order[0])
