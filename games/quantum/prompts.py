"""What a Quantum player may do now (``legal_actions``, primary) and the question put to them, whose
answers are among those actions. Built from public facts only (Quantum hides nothing but the decks'
order)."""

from __future__ import annotations

from games.engine import Action
from games.quantum import turns
from games.quantum.abilities import attack_targets, carriable, carry_blocked, carry_drops, carry_reach, swap_targets
from games.quantum.actions import buildable, deploy_squares, may_move
from games.quantum.cardnames import card_name
from games.quantum.moves import attacks, destinations, map_order, reach_of
from games.quantum.owed import pending_actions
from games.quantum.phases import PHASES, TURN_VERBS
from games.quantum.setup import choosing_home, home_options
from games.quantum.state import QuantumState
from games.quantum.words import _


def awaiting(state: QuantumState) -> list[str]:
    if state.phase == "roll":
        return [p for p in state.order if not state.players[p].decided]
    if state.phase == "home":
        return [choosing_home(state)]
    if state.phase == "play":
        return [state.turn.player]
    return []


def legal_actions(state: QuantumState, player: str, carries: bool = True) -> list[Action]:
    """Everything ``player`` may do now, of the verbs their stage allows (phases.py)."""
    return PHASES.only(state, player, _found(state, player, carries))


def _found(state: QuantumState, player: str, carries: bool) -> list[Action]:
    if player not in awaiting(state):
        return []
    if state.phase == "roll":
        return [Action("keep"), Action("reroll")]
    if state.phase == "home":
        return [Action("home", (p, sq)) for p in home_options(state) for sq in state.map.orthogonal(p)]
    if state.pending:
        return pending_actions(state)
    return turn_actions(state, player, carries)


def _ships(state: QuantumState, player: str, occupant: dict | None = None):
    order = map_order(state, [s.square for s in state.fleet(player)])
    occupant = state.occupant() if occupant is None else occupant
    return [occupant[sq] for sq in order]


def legal_of(state: QuantumState, player: str, verb: str) -> list[Action]:
    """``legal_actions`` of one verb (``GameSpec.legal_of``: what ``apply`` checks a move against).
    In a turn only that verb's actions are made -- a move's reach, not every ship's abilities nor the
    planets one could build on; a set-up step or an owed choice has few answers, filtered."""
    if verb not in PHASES.allowed(state, player) or player not in awaiting(state):
        return []
    if state.phase == "play" and not state.pending:
        return turn_actions(state, player, verbs=frozenset((verb,)))
    return [a for a in _found(state, player, True) if a.verb == verb]


def turn_actions(state: QuantumState, player: str, carries: bool = True,
                 verbs: frozenset[str] | tuple[str, ...] = TURN_VERBS) -> list[Action]:
    """The turn's actions of ``verbs`` (all of them by default), in the one order the bots draw from:
    'end', then each ship's moves, attacks, reconfigure and abilities, then deploy, build, research."""
    turn = state.turn
    left = turn.actions
    out = [Action("end")] if "end" in verbs else []
    moving = left >= 1 and ("move" in verbs or "attack" in verbs)
    if moving or "reconfigure" in verbs or "use" in verbs:
        occupant = state.occupant()
        for ship in _ships(state, player, occupant):
            sq = ship.square
            if moving and may_move(state, ship):
                if "attack" not in verbs:
                    dests, froms = destinations(state, ship, occupant), {}  # a move's check: no enemy looked for
                elif "move" not in verbs:
                    dests, froms = [], attacks(state, ship, occupant)
                else:
                    dests, froms = reach_of(state, ship, occupant)  # one search for both
                out += [Action("move", (sq, d)) for d in dests]
                out += [Action("attack", (sq, t, f)) for t, fs in froms.items() for f in fs]
            if left >= 1 and "reconfigure" in verbs:
                out.append(Action("reconfigure", (sq,)))
            if "use" in verbs and ship.id not in turn.used:
                out += ability_actions(state, ship, carries)
    if "deploy" in verbs and left >= 1 and state.fleet(player, "scrap"):
        out += [Action("deploy", (sq,)) for sq in deploy_squares(state, player)]
    if "build" in verbs and left >= 2:
        out += [Action("build", (p,)) for p in buildable(state, player)]
    if "research" in verbs and left >= 1:
        out.append(Action("research"))
    return out


def ability_actions(state: QuantumState, ship, carries: bool = True) -> list[Action]:
    sq, v = ship.square, ship.value
    if v == 1:
        return [Action("use", (sq, t)) for t in attack_targets(state, ship)]
    if v == 2:
        if not carries or state.turn.actions < 1 or not may_move(state, ship):
            return []
        out = []
        for other in carriable(state, ship):
            blocked = carry_blocked(state, ship, other)
            for stop in carry_reach(state, ship, other, blocked):
                drops = carry_drops(state, ship, other, stop, blocked)
                out += [Action("use", (sq, other.square, stop, d)) for d in drops]
        return out
    if v == 3:
        return [Action("use", (sq, t)) for t in swap_targets(state, ship)]
    if v == 4:
        return [Action("use", (sq, "3")), Action("use", (sq, "5"))]
    if v == 6:
        return [Action("use", (sq,))]
    return []


# An answer's label: the verb in each language's words, its arguments (squares, cards, players) as typed.
BARE = {"keep": _("Keep"), "reroll": _("Reroll"), "advance": _("Advance"), "stay": _("Stay"),
        "refresh": _("Refresh all six"), "end": _("End the turn"), "research": _("Research +1")}
WITH_ARGS = {"take": lambda a: _("Take {args}", args=a), "place": lambda a: _("Place {args}", args=a),
             "drop": lambda a: _("Drop {args}", args=a), "relocate": lambda a: _("Relocate {args}", args=a),
             "reroll": lambda a: _("Reroll {args}", args=a), "sabotage": lambda a: _("Sabotage {args}", args=a),
             "build": lambda a: _("Build {args}", args=a), "deploy": lambda a: _("Deploy {args}", args=a),
             "move": lambda a: _("Move {args}", args=a), "attack": lambda a: _("Attack {args}", args=a),
             "use": lambda a: _("Use {args}", args=a), "reconfigure": lambda a: _("Reconfigure {args}", args=a),
             "home": lambda a: _("Home {args}", args=a)}


def _label(action: Action):
    if not action.args:
        return BARE.get(action.verb, action.verb.capitalize())
    args = " ".join(map(str, action.args))
    if action.verb in ("take", "drop"):  # a card: by its name in the reader's words
        args = card_name(action.args[0])
    made = WITH_ARGS.get(action.verb)
    return made(args) if made is not None else f"{action.verb.capitalize()} {args}"


def question(state: QuantumState, player: str):
    if player not in awaiting(state):
        return None
    if state.phase == "roll":
        values = [s.value for s in state.ships if s.owner == player and s.where == "scrap"][:3]
        return (_("Your opening roll: {dice} (total {total}). Keep it, or reroll all three once (the second roll "
                  "stands)?", dice=", ".join(map(str, values)), total=sum(values)),
                [(BARE["keep"], Action("keep")), (BARE["reroll"], Action("reroll"))])
    if state.phase == "home":
        options = [(_("Start at {planet}", planet=p), Action("home", (p, state.map.orthogonal(p)[-1])))
                   for p in home_options(state)]
        return _("Choose your starting planet (your ships go on 3 of its 4 orthogonal squares)."), options
    if state.pending:
        answers = pending_actions(state)
        if state.pending[0]["kind"] == "reorganise":
            answers = answers[:1] + [a for a in answers if a.verb == "reroll" and len(a.args) in (1, len(state.fleet(player)))]
        return turns.owed_question(state), [(_label(a), a) for a in answers[:20]]
    left = state.turn.actions
    builds = [Action("build", (p,)) for p in buildable(state, player)] if left >= 2 else []
    deploys = []  # a fleet with no ship in play: bringing one back is what to do
    if left >= 1 and not state.fleet(player) and state.fleet(player, "scrap"):
        deploys = [Action("deploy", (sq,)) for sq in deploy_squares(state, player)[:4]]
    picks = builds + deploys + ([Action("research")] if left >= 1 else []) + [Action("end")]
    if left == 0:  # nothing an action buys is open: listing it all misled (the first hour's replay)
        text = _("Your turn: no action left. A ship's ability is free ('use ...'); or end.")
        return text, [(_label(a), a) for a in picks]
    return (_.plural("Your turn: {n} action left. Move, attack, deploy, reconfigure, build, research, use an ability, "
                     "or end.", "Your turn: {n} actions left. Move, attack, deploy, reconfigure, build, research, "
                     "use an ability, or end.", left), [(_label(a), a) for a in picks])
