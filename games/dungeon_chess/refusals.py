"""Why a Dungeon Chess action is refused, in one line for the player (``GameSpec.why_not``).

``apply`` checks every action against the legal ones before a handler runs, so the handlers in
rules.py only carry a legal move out; this module words the refusal of an action that is not legal,
in the words the handlers used to say. It is asked only about a canonical action that is not legal
(canonical.py), and only at a moment the phase table allows the verb (phases.py words the others),
so it may take its time. Each verb's reasons are checked in the order a player would ask them: is it
a square at all, is it your piece, can it get there. Everything it reads is public (the board, the
holds, the chests) or the player's own (their dealt targets), so no refusal tells what is hidden.
"""

from __future__ import annotations

import inspect

from games.dungeon_chess import legal, moves
from games.dungeon_chess.data import ALL_ENTRIES, ENTRIES, PIECE_WORDS, TELEPORTS, name, square
from games.dungeon_chess.words import HOW, NAMES, _, owned
from games.engine import Action
from games.words import Msg

REPEATED = _("You made that same move three turns running: make another.")
TITLE = _("Dungeon Chess")


def _not_a_square(word) -> Msg:
    return _("'{word}' is not a square of the dungeon (a1 to j10).", word=str(word)[:12])


def _describe(state, sq: int) -> Msg:
    owner, kind, _pid = state.board[sq]
    return owned(owner, kind)


def _in_line(board, frm: int, to: int) -> bool:
    """True when ``to`` is the first piece along one of the lines of the piece on ``frm``."""
    kind = board[frm][1]
    for ray in moves.RAYS[kind][frm]:
        for sq in ray:
            if board[sq] is not None:
                if sq == to:
                    return True
                break
            if sq == to:
                return False
    return False


# --- each verb's reasons, with the arguments its handler takes --------------------------------------
def keep(state, player: str, number) -> Msg | None:
    try:
        number = int(number)
    except (TypeError, ValueError):
        return _("Keep one of your two targets by its number, e.g. 'keep 3'.")
    if number not in state.dealt[player]:
        a, b = state.dealt[player]
        return _("You were dealt targets #{a} and #{b}: keep one of those.", a=a, b=b)
    return None


def move(state, player: str, frm, to) -> Msg | None:
    """A step: the squares, the piece, the landing, the reach (a move between one's own teleport
    squares that no step makes is a teleport already: canonical.py)."""
    a, b = square(str(frm)), square(str(to))
    if a is None:
        return _not_a_square(frm)
    if b is None:
        return _not_a_square(to)
    board = state.board
    here = board[a]
    if here is None:
        return _("There is no character on {square}.", square=name(a))
    if here[0] != player:
        return _("That is {piece}; move one of yours.", piece=_describe(state, a))
    if a == b:
        return _("A move goes to another square.")
    if b in ALL_ENTRIES:
        return _("{square} is an entry square: no character in play may stop there.", square=name(b))
    if b not in moves.destinations(board, a, legal.shield(state)):
        there = board[b]
        if there is not None and there[0] == player:
            return _("Your own {piece} stands on {square}.", piece=NAMES[there[1]], square=name(b))
        if there is not None and _in_line(board, a, b):
            if a in ALL_ENTRIES:
                return _("A character on an entry square cannot capture ({square}).", square=name(a))
            return _("At least one! {player}'s last character cannot be captured.", player=there[0])
        return _("Your {piece} cannot reach {to} from {frm} ({how}, never jumping a piece).",
                 piece=NAMES[here[1]], to=name(b), frm=name(a), how=HOW[here[1]])
    if legal.repeated_too_often(state, player, a, b) and \
            Action("move", (name(a), name(b))) not in legal.legal_actions(state, player):
        return REPEATED  # (unless the limit is waived: nothing else is legal)
    return None


def teleport(state, player: str, frm, to=None) -> Msg | None:
    """A jump between the player's own two teleport squares, the other one empty."""
    a = square(str(frm))
    if a is None:
        return _not_a_square(frm)
    pair = TELEPORTS[state.side[player]]
    cell = state.board[a]
    if a not in pair:
        return _("{square} is not one of your teleport squares ({first}, {second}).", square=name(a),
                 first=name(pair[0]), second=name(pair[1]))
    if cell is None or cell[0] != player:
        return _("None of your characters stands on {square}.", square=name(a))
    b = pair[1] if a == pair[0] else pair[0]
    if to is not None:
        there = square(str(to))
        if there is None:
            return _not_a_square(to)
        if there != b:
            return _("From {frm} a teleport goes to {to} only.", frm=name(a), to=name(b))
    if state.board[b] is not None:
        return _("Your other teleport square, {square}, is taken.", square=name(b))
    if legal.repeated_too_often(state, player, a, b) and \
            Action("teleport", (name(a),)) not in legal.legal_actions(state, player):
        return REPEATED
    return None


def ransom(state, player: str, what, where=None, holder=None) -> Msg | None:
    """A captured character bought back: its word, who holds it, a chest, a free entry square of
    one's own, and none of one's characters waiting on an entry square to come out."""
    kind = PIECE_WORDS.get(str(what).lower().replace(" ", ""))
    if kind is None:
        return _("'{word}' is not a character: fighter, kor, warrior or mage.", word=str(what)[:12])
    holders = [h for h in state.order if h != player and any(o == player and k == kind for o, k, _pid in state.held[h])]
    if holder is not None:
        holder = next((h for h in state.order if h.lower() == str(holder).lower()), str(holder))
        if holder not in holders:
            return _("{holder} holds no {piece} of yours.", holder=holder[:20], piece=NAMES[kind])
    elif not holders:
        return _("Nobody holds a {piece} of yours.", piece=NAMES[kind])
    if state.chests[player] <= 0:
        return _("You have no chest left to pay a ransom with.")
    mine = ENTRIES[state.side[player]]
    if where is None:
        if all(state.board[sq] is not None for sq in mine):
            return _("Both your entry squares are taken: no ransom now.")
    else:
        sq = square(str(where))
        if sq is None:
            return _not_a_square(where)
        if sq not in mine:
            return _("A ransomed character comes back on your entry squares ({first}, {second}).",
                     first=name(mine[0]), second=name(mine[1]))
        if state.board[sq] is not None:
            return _("Your entry square {square} is taken.", square=name(sq))
    steps = legal.candidates(state, player)[0]
    if steps and moves.all_on_entries(state.board, player):
        return _("All your characters stand on entry squares: one must come out before a ransom.")
    return None


REASONS = {"keep": keep, "move": move, "teleport": teleport, "ransom": ransom}
SIGNATURES = {verb: inspect.signature(reason) for verb, reason in REASONS.items()}


def why_not(state, player: str, action: Action) -> Msg | None:
    """The one line that says why ``action`` (canonical, not legal) is refused; None when the
    rules have no words of their own for it (the engine's general line then)."""
    reason = REASONS.get(action.verb)
    if reason is None:
        return _("{game} has no '{verb}' action.", game=TITLE, verb=action.verb)
    try:
        SIGNATURES[action.verb].bind(state, player, *action.args)
    except TypeError:
        return _("'{verb}' does not take those arguments.", verb=action.verb)
    return reason(state, player, *action.args)
