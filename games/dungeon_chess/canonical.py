"""The one form of each Dungeon Chess action that ``legal_actions`` lists (``GameSpec.canonical``):
squares in lower case ('E2' -> 'e2'); a move between one's own two teleport squares that no step makes
is that teleport; a ransom names the character's word, the entry square and the holder, each filled in
as the rules choose when left out ('ransom warrior' -> 'ransom warrior e1 bob'); a kept target is
a number. ``apply`` runs the handler on this form, so an action applies exactly when its canonical
form is legal."""

from __future__ import annotations

from games.dungeon_chess import legal, moves
from games.dungeon_chess.data import ENTRIES, PIECE_WORDS, TELEPORTS, name, square
from games.engine import Action

KIND_WORD = legal.KIND_WORD


def _move(state, player: str, frm, to) -> Action | None:
    a, b = square(frm), square(to)
    if a is None or b is None:
        return None
    cell = state.board[a]
    if {a, b} == set(TELEPORTS[state.side[player]]) and cell is not None and cell[0] == player and \
            b not in moves.destinations(state.board, a, legal.shield(state)):
        return Action("teleport", (name(a),))  # the teleport's own form: rules.do_teleport carries it out
    return Action("move", (name(a), name(b)))


def _teleport(state, player: str, frm, to=None) -> Action | None:
    a = square(frm)
    if a is None or (to is not None and {a, square(to)} != set(TELEPORTS[state.side[player]])):
        return None
    return Action("teleport", (name(a),))


def _ransom(state, player: str, what, where=None, holder=None) -> Action | None:
    """The rules' defaults: the first holder in seat order, the first free entry of one's own."""
    kind = PIECE_WORDS.get(str(what).lower().replace(" ", ""))
    if kind is None:
        return None
    holders = [h for h in state.order if h != player and any(o == player and k == kind for o, k, _ in state.held[h])]
    if holder is None:
        holder = holders[0] if holders else None
    else:
        holder = next((h for h in state.order if h.lower() == str(holder).lower()), None)
    if where is None:
        sq = next((sq for sq in ENTRIES[state.side[player]] if state.board[sq] is None), None)
    else:
        sq = square(where)
    if holder is None or sq is None:
        return None
    return Action("ransom", (KIND_WORD[kind], name(sq), holder))


FORMS = {"move": _move, "teleport": _teleport, "ransom": _ransom}


def canonical(state, player: str, action: Action) -> Action:
    """``action`` as legal lists it; unchanged when it cannot be read (refusals.py says why)."""
    if action.verb == "keep" and len(action.args) == 1 and isinstance(action.args[0], str) and \
            action.args[0].isdigit():
        return Action("keep", (int(action.args[0]),))
    form = FORMS.get(action.verb)
    if form is None or player not in state.side:
        return action
    try:
        return form(state, player, *action.args) or action
    except TypeError:  # arguments that do not fit: refused, in refusals.py's words
        return action
