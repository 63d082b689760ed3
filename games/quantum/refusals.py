"""Why a Quantum action is refused (``GameSpec.why_not``): every refusal of the game's verbs, worded
in one place, so the handlers only carry a legal move out.

``apply`` asks this only for an action that is not legal (its canonical form, of a verb the phase
table allows at this moment: the table words the others), so it may take its time. Each verb's
reasons come in the order a player meets them -- the turn's actions left, the ship named, then the
move itself -- and the first that holds is the line. A reason that does not hold has no words
here: ``explain`` gives the general line. Quantum hides only the decks' order, which no line names.
"""

from __future__ import annotations


from games.engine import Action, RuleError, unfit
from games.quantum.abilities import attack_targets, carry_drops, carry_reach, protected
from games.quantum.actions import build_problem, deploy_squares, may_move
from games.quantum.cardnames import card_names
from games.quantum.data import BUILD_COST
from games.quantum.faceup import named, takeable
from games.quantum.maps import AROUND, square_word
from games.quantum.moves import attacks, map_order, move_range, path_to
from games.quantum.naming import find_ship
from games.quantum.owed import dominion_planets, expansion_squares, relocations, sabotage_targets
from games.quantum.setup import home_options
from games.quantum.state import QuantumState, Ship
from games.quantum.verbs import VERBS
from games.quantum.words import _
from games.words import Msg, said

TITLE = "Quantum"


def why_not(state: QuantumState, player: str, action: Action) -> Msg | str | None:
    """The one-line refusal of ``action`` (canonical, not legal) for ``player``; None when the rules
    have no words for it (the general line then)."""
    refused = unfit(HANDLERS, TITLE, action)  # (the engine's lines: no such verb, no such arguments)
    if refused is not None:
        return refused
    check = REASONS.get(action.verb)
    try:
        return check(state, player, *action.args) if check is not None else None
    except RuleError as err:  # find_ship's words (shared with ``canonical``)
        return said(err)


def _handlers() -> dict:
    """Action verb -> the handler of the verb that declares it (as ``GameSpec.handlers`` reads VERBS):
    their signatures say which arguments a verb takes."""
    found: dict = {}
    for v in VERBS:
        if v.handler is not None:
            for name in (v.name, *v.actions):
                found.setdefault(name, v.handler)
    return found


HANDLERS = _handlers()


# --- the turn's actions ----------------------------------------------------------------------------

def _short(state: QuantumState, actions: int) -> Msg | None:
    """The turn has fewer than ``actions`` left."""
    left = state.turn.actions
    if left < actions:
        if actions == 2:
            return _("That needs 2 actions; you have {left} left ('end' ends your turn).", left=left)
        return _("That needs an action; you have {left} left ('end' ends your turn).", left=left)
    return None


def _movable(state: QuantumState, player: str, ref: str) -> tuple[Ship | None, Msg | None]:
    """(the ship named, or None with why it cannot move now)."""
    short = _short(state, 1)
    if short:
        return None, short
    ship = find_ship(state, player, ref)
    if not may_move(state, ship):
        return None, _("Your {value} at {square} has already moved this turn.", value=ship.value, square=ship.square)
    return ship, None


def _move(state: QuantumState, player: str, ref: str, square: str) -> Msg | None:
    ship, why = _movable(state, player, ref)
    if ship is None:
        return why
    other = state.occupant().get(square)
    if other is not None and other.owner != player:
        return _attack(state, player, ref, square)
    if other is not None:
        return _("Your own {value} is at {square}.", value=other.value, square=square)
    if square not in state.map.squares:
        return _("There is no square {square} on this map.", square=square)
    if square in state.map.planets:
        return _("{square} is a planet: ships move on the squares around planets.", square=square)
    if path_to(state, ship, square) is None:
        words = dict(value=ship.value, at=ship.square, square=square, steps=move_range(state, ship))
        if ship.value == 5:
            return _("Your {value} at {at} cannot reach {square}: up to {steps} orthogonal or diagonal steps, never "
                     "through a ship or a planet.", **words)
        return _("Your {value} at {at} cannot reach {square}: up to {steps} orthogonal steps, never through a ship "
                 "or a planet.", **words)
    return None


def _attack(state: QuantumState, player: str, ref: str, target: str, frm: str | None = None) -> Msg | None:
    ship, why = _movable(state, player, ref)
    if ship is None:
        return why
    enemy = state.occupant().get(target)
    if enemy is None or enemy.owner == player:
        return _("There is no enemy ship at {square} to attack.", square=target[:6])
    options = attacks(state, ship).get(target)
    if not options:
        return _("Your {value} at {at} cannot reach {square}: it needs an empty square next to it within {steps} "
                 "steps, or to be next to it.", value=ship.value, at=ship.square, square=target,
                 steps=move_range(state, ship) - 1)
    if (frm or options[0]) not in options:
        return _("Attack {square} from one of: {options}.", square=target, options=", ".join(options))
    return None


def _deploy(state: QuantumState, player: str, square: str) -> Msg | None:
    short = _short(state, 1)
    if short:
        return short
    if not state.fleet(player, "scrap"):
        return _("Your scrapyard is empty: no ship to deploy.")
    free = deploy_squares(state, player)
    if square not in free:
        if free:
            return _("Deploy on a free orbit square of a planet with your cube: {squares}.", squares=", ".join(free[:12]))
        return _("Deploy on a free orbit square of a planet with your cube: none is free.")
    return None


def _reconfigure(state: QuantumState, player: str, ref: str) -> Msg | None:
    short = _short(state, 1)
    if short:
        return short
    find_ship(state, player, ref)
    return None


def _research(state: QuantumState, player: str) -> Msg | None:
    return _short(state, 1)


def _build(state: QuantumState, player: str, planet: str) -> Msg | None:
    return _short(state, BUILD_COST) or build_problem(state, player, planet)


# --- abilities ('use') -------------------------------------------------------------------------------

def _use(state: QuantumState, player: str, ref: str, *words: str) -> Msg | None:
    ship = find_ship(state, player, ref)
    if ship.id in state.turn.used:
        return _("Your ship at {square} has used its ability this turn (once a turn).", square=ship.square)
    args = [w for w in (str(x).strip().lower() for x in words) if w and (w.isdigit() or square_word(w))]
    args = [square_word(w) or w for w in args]
    return ABILITY_REASONS[ship.value](state, player, ship, args)


def _one(state: QuantumState, player: str, ship: Ship, args: list[str]) -> Msg | None:
    targets = attack_targets(state, ship)
    if len(args) != 1 or args[0] not in targets:
        if targets:
            return _("A 1 attacks an enemy ship orthogonally next to it: 'use {square} {target}'.", square=ship.square,
                     target=targets[0])
        return _("A 1 attacks an enemy ship orthogonally next to it: none is next to it.")
    return None


def _two(state: QuantumState, player: str, ship: Ship, args: list[str]) -> Msg | None:
    if state.turn.actions < 1:
        return _("A carry is the 2's move: it needs an action; you have none left.")
    if not may_move(state, ship):
        return _("Your 2 at {square} has already moved this turn: a carry is its move.", square=ship.square)
    usage = _("'use {square} <ship to carry> <where the 2 stops> <where it puts the ship down>'", square=ship.square)
    if len(args) != 3:
        return _("A 2 carries an adjacent ship: {usage}.", usage=usage)
    what, stop, drop = args
    carried = state.occupant().get(what)
    if carried is None or carried.id == ship.id or what not in state.map.neighbours(ship.square, AROUND):
        return _("There is no ship next to your 2 at {square}: {usage}.", square=what, usage=usage)
    if protected(state, carried, player):
        return _("{owner}'s ship at {square} is guarded by Warden: it cannot be carried.", owner=carried.owner,
                 square=what)
    reach = carry_reach(state, ship, carried)
    if stop not in reach:
        return _("The 2 cannot stop at {square}: up to {steps} orthogonal steps, never through a ship or a planet.",
                 square=stop, steps=max(d for d, _n in reach.values()) or 2)
    if drop not in carry_drops(state, ship, carried, stop):
        return _("{square} is not an empty square around {stop} to put the ship down on.", square=drop, stop=stop)
    return None


def _three(state: QuantumState, player: str, ship: Ship, args: list[str]) -> Msg | None:
    if len(args) != 1 or args[0] not in state.occupant() or args[0] == ship.square:
        return _("A 3 swaps places with any other ship: 'use {square} <square of the other ship>'.", square=ship.square)
    other = state.occupant()[args[0]]
    if protected(state, other, player):
        return _("{owner}'s ship at {square} is guarded by Warden: it cannot be swapped.", owner=other.owner,
                 square=args[0])
    return None


def _four(state: QuantumState, player: str, ship: Ship, args: list[str]) -> Msg | None:
    if len(args) != 1 or args[0] not in ("3", "5"):
        return _("A 4 turns into a 3 or a 5: 'use {square} 3' or 'use {square} 5'.", square=ship.square)
    return None


def _five(state: QuantumState, player: str, ship: Ship, args: list[str]) -> Msg | None:
    return _("A 5's ability is passive: it moves diagonally too. Just 'move' it.")


def _six(state: QuantumState, player: str, ship: Ship, args: list[str]) -> Msg | None:
    return _("A 6 rerolls itself: 'use {square}'.", square=ship.square) if args else None


ABILITY_REASONS = {1: _one, 2: _two, 3: _three, 4: _four, 5: _five, 6: _six}


# --- the choices a turn owes, and the set-up ----------------------------------------------------------

def _take(state: QuantumState, player: str, word: str) -> Msg | None:
    """A card no face-up card answers to: by its number as 'cards' shows it, or by its name."""
    if named(state.faceup, word) is not None:
        return None
    w = str(word).strip().lower()
    count = len(takeable(state.faceup))
    if w.isdigit():
        span = f"1-{count}" if count > 1 else "1"
        return _("No face-up card numbered {number}: 'cards' numbers them {span}.", number=w[:3], span=span)
    shown = card_names(takeable(state.faceup))
    if not shown:
        return _("No face-up card '{word}' (face up: none).", word=w[:20])
    return _("No face-up card '{word}' (face up: {shown}).", word=w[:20], shown=shown)


def _drop(state: QuantumState, player: str, word: str) -> Msg | None:
    owed = state.pending[0]
    w = str(word).strip().lower()
    if not [c for c in owed["choices"] if c.startswith(w) and w]:
        return _("Drop one of the commands you held: {choices}.", choices=card_names(owed["choices"]))
    return None


def _place(state: QuantumState, player: str, square: str) -> Msg | None:
    """A ship an Expansion brings, or a dominion cube (the phase table let nothing else through)."""
    if state.pending[0]["kind"] == "expansion":
        if square not in expansion_squares(state, player):
            return _("Put it on a free orbit square of a planet with your cube: {squares}.",
                     squares=", ".join(expansion_squares(state, player)[:10]))
        return None
    if square not in dominion_planets(state, player):
        return _("Place it on a planet with a free slot and none of your cubes: {planets}.",
                 planets=", ".join(dominion_planets(state, player)))
    return None


def _relocate(state: QuantumState, player: str, owner: str, planet: str, to: str) -> Msg | None:
    moves = relocations(state, player)
    if (owner, planet, to) not in moves:
        return _("Move an enemy cube to another planet with a free slot and none of that player's cubes: e.g. "
                 "'relocate {example}'.", example="%s %s %s" % moves[0])
    return None


def _sabotage(state: QuantumState, player: str, square: str) -> Msg | None:
    targets = sabotage_targets(state, player)
    if square not in targets:
        return _("Sabotage an enemy ship next to one of yours: {squares}.", squares=", ".join(targets))
    return None


def _reroll(state: QuantumState, player: str, *squares: str) -> Msg | None:
    """At the start: all three or nothing. With Reorganise: one's own ships only."""
    if state.phase != "play":
        return _("At the start you reroll all three ships: just 'reroll'.") if squares else None
    mine = {s.square for s in state.fleet(player)}
    bad = [sq for sq in dict.fromkeys(squares) if sq not in mine]
    if bad:
        return _("You have no ship at {square}: reroll your own ships ({ships}).", square=bad[0],
                 ships=", ".join(map_order(state, mine)))
    return None


def _home(state: QuantumState, player: str, planet: str, empty: str | None = None) -> Msg | None:
    if planet not in state.map.starts:
        return _("Choose a starting planet: {planets}.", planets=", ".join(home_options(state)))
    if planet in state.homes.values():
        owner = next(p for p, h in state.homes.items() if h == planet)
        return _("{owner} already starts at {planet}: choose {planets}.", owner=owner, planet=planet,
                 planets=", ".join(home_options(state)))
    squares = state.map.orthogonal(planet)
    if (squares[-1] if empty is None else empty) not in squares:
        return _("The square left empty must be one of {planet}'s four: {squares}.", planet=planet,
                 squares=", ".join(squares))
    return None


# Action verb -> its reasons, called with the action's arguments. The verbs missing (end, advance,
# stay, refresh, keep) are never refused once the phase table allows them: their only refusal is
# the table's, or the general line.
REASONS = {"move": _move, "attack": _attack, "deploy": _deploy, "reconfigure": _reconfigure,
           "research": _research, "build": _build, "use": _use, "take": _take, "drop": _drop,
           "place": _place, "relocate": _relocate, "sabotage": _sabotage, "reroll": _reroll, "home": _home}
