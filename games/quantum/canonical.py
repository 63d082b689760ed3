"""The one form of each Quantum action that ``legal_actions`` lists (``GameSpec.canonical``): words in
lower case (player names as seated); a ship named by its value is named by its square ('move 5 d1'
-> 'move g5 d1'); a card taken by its number or the start of its name is named ('take 3' -> 'take
raider': faceup.py's numbering); a move onto an enemy ship is that attack, and an attack names the
square it is made from, the rules' own first choice when left out ('attack g5 d2' -> 'attack g5 d2
e3'); a starting planet chosen alone leaves its last square empty ('home e2' -> 'home e2 d2'). ``apply``
runs the handler on this form, so an action applies exactly when its canonical form is legal, and a
handler finds the ship on the square its action names (refusals.py words a name that fits none)."""

from __future__ import annotations

from games.engine import Action, RuleError
from games.quantum.faceup import named
from games.quantum.maps import square_word
from games.quantum.moves import attacks
from games.quantum.naming import find_ship
from games.quantum.state import QuantumState

SHIP_FIRST = ("move", "attack", "reconfigure", "use")  # verbs whose first word is one's own ship


def _word(state: QuantumState, value):
    if not isinstance(value, str):
        return value
    seated = next((p for p in state.order if p.lower() == value.lower()), None)
    return seated or value.strip().lower()


def canonical(state: QuantumState, player: str, action: Action) -> Action:
    """``action`` as legal lists it; unchanged when it names no ship of the player's (``why_not``
    refuses it with its own answer)."""
    if player not in state.order:
        return action
    verb, args = action.verb, tuple(_word(state, a) for a in action.args)
    if verb == "home" and len(args) == 1 and args[0] in state.map.starts:
        return Action(verb, (args[0], state.map.orthogonal(args[0])[-1]))  # the square left empty: the rules' default
    if verb == "take" and len(args) == 1:
        return Action(verb, (named(state.faceup, args[0]) or args[0],))
    if verb not in SHIP_FIRST or not args or not isinstance(args[0], str):
        return Action(verb, args)
    try:
        ship = find_ship(state, player, args[0])
    except RuleError:
        return Action(verb, args)
    args = (ship.square, *args[1:])
    if verb == "use":  # an ability's words: its numbers and squares ('on', 'with' go)
        words = (str(x).strip().lower() for x in args[1:])
        args = (ship.square, *(square_word(w) or w for w in words if w and (w.isdigit() or square_word(w))))
    if verb == "move" and len(args) == 2:
        enemy = state.occupant().get(args[1])
        if enemy is not None and enemy.owner != player:
            verb = "attack"  # onto an enemy, a move attacks (rules/quantum.md)
    if verb == "attack" and len(args) == 3 and not args[2]:
        args = args[:2]  # no square to attack from: the rules choose (below)
    if verb == "attack" and len(args) == 2 and ship.owner == player:
        options = attacks(state, ship).get(args[1])
        if options:
            args = (*args, options[0])
    return Action(verb, args)


def any_order(state: QuantumState, player: str, action: Action, legal: list[Action]) -> bool:
    """``GameSpec.unlisted``: the ships a Reorganise rerolls, named in any order (the dice fall in the
    order named), are legal when the same ships are listed (legal lists each set once, in map order)."""
    if action.verb != "reroll" or len(action.args) < 2 or len(set(action.args)) != len(action.args):
        return False
    wanted = sorted(action.args)
    return any(a.verb == "reroll" and len(a.args) == len(wanted) and sorted(a.args) == wanted for a in legal)
