"""What the player to move may do now, as Actions: moves, teleports and ransoms, with the
compulsory exit from the entry squares and the three-turns-running limit applied. This list is
primary: ``apply`` refuses what is not in it (one verb's part of it, ``legal_of``), the view hands it
to the player, the bots pick in it.
"""

from __future__ import annotations

from games.dungeon_chess import moves
from games.dungeon_chess.phases import PHASES
from games.dungeon_chess.data import ENTRIES, SQUARES, TELEPORTS, name
from games.engine import Action

KIND_WORD = {"L": "fighter", "Gk": "kor", "G": "warrior", "M": "mage"}
REPEATS = 3  # the same move at most three turns running

# Every step any character could take on an empty board, (from, to) -> its Action, and every
# square's teleport: made once, since an Action is frozen and the lists are made at every checked
# move (building a frozen dataclass costs more than looking one up).
STEP_ACTIONS = {(sq, to): Action("move", (SQUARES[sq], SQUARES[to]))
                for rays in moves.RAYS.values() for sq, lines in enumerate(rays) for ray in lines for to in ray}
TELEPORT_ACTIONS = tuple(Action("teleport", (SQUARES[sq],)) for sq in range(len(SQUARES)))


def shield(state) -> frozenset:
    return moves.protected(state.board, len(state.order))


def repeat_key(state, frm: int, to: int) -> tuple:
    """What makes two moves "the same move": the same piece between the same two squares."""
    return (state.board[frm][2], frozenset((frm, to)))


def repeated_too_often(state, player: str, frm: int, to: int) -> bool:
    last = state.last.get(player)
    return bool(last) and last[0] == repeat_key(state, frm, to) and last[1] >= REPEATS


def ransoms(state, player: str) -> list[Action]:
    """Every ransom open to ``player``: a chest, a free entry square of theirs, a character of theirs
    held by someone."""
    if state.chests[player] <= 0:
        return []
    free = [sq for sq in ENTRIES[state.side[player]] if state.board[sq] is None]
    if not free:
        return []
    out = []
    for holder in state.order:
        if holder == player:
            continue
        kinds = sorted({kind for owner, kind, _ in state.held[holder] if owner == player}, key=list(KIND_WORD).index)
        out += [Action("ransom", (KIND_WORD[k], name(sq), holder)) for k in kinds for sq in free]
    return out


def candidates(state, player: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[Action]]:
    """(steps, teleports, ransoms) before the repetition limit."""
    board = state.board
    mine = moves.characters(board, player)
    steps = moves.piece_moves(board, player, shield(state), mine)
    jumps = moves.teleports(board, player, TELEPORTS[state.side[player]])
    paid = ransoms(state, player)
    if steps and moves.all_on_entries(board, player, mine):
        paid = []  # one must come out first; ransom only when none can
    return steps, jumps, paid


def _unrepeated(state, pairs: list[tuple[int, int]], last) -> list[tuple[int, int]]:
    """``pairs`` (steps or teleports, as (from, to)) without the one move made three turns running."""
    piece, squares = last[0]
    return [(a, b) for a, b in pairs if not (state.board[a][2] == piece and {a, b} == squares)]


def legal_actions(state, player: str) -> list[Action]:
    """The actions ``player`` may take now (empty when it is not their turn)."""
    if state.over:
        return []
    allowed = PHASES.allowed(state, player)  # the phase table says which verbs are for now
    if "keep" in allowed:
        return [Action("keep", (n,)) for n in state.dealt[player]]
    if "move" not in allowed:
        return []
    steps, jumps, paid = candidates(state, player)
    last = state.last.get(player)
    if last and last[1] >= REPEATS:  # only the one repeated move is left out
        kept_steps, kept_jumps = _unrepeated(state, steps, last), _unrepeated(state, jumps, last)
        if kept_steps or kept_jumps or paid:  # the limit is waived when nothing else is legal
            steps, jumps = kept_steps, kept_jumps
    actions = [STEP_ACTIONS[step] for step in steps]
    actions += [TELEPORT_ACTIONS[a] for a, _ in jumps]
    return actions + paid


def legal_of(state, player: str, verb: str) -> list[Action]:
    """``legal_actions`` of one verb (what ``apply`` checks a move against), in the same order, made
    without the others' lists: a move's check makes no ransoms, a ransom's no steps (unless every
    character of the player waits on an entry square), a teleport's neither. Only when the
    three-turns limit leaves this verb nothing does the waiver need the whole list."""
    if state.over:
        return []
    allowed = PHASES.allowed(state, player)
    if "keep" in allowed:
        return [Action("keep", (n,)) for n in state.dealt[player]] if verb == "keep" else []
    if "move" not in allowed:
        return []
    board = state.board
    if verb == "ransom":
        paid = ransoms(state, player)
        mine = moves.characters(board, player)
        if paid and moves.all_on_entries(board, player, mine) and moves.piece_moves(board, player, shield(state), mine):
            return []  # one must come out first; ransom only when none can
        return paid
    if verb == "move":
        pairs = moves.piece_moves(board, player, shield(state))
    elif verb == "teleport":
        pairs = moves.teleports(board, player, TELEPORTS[state.side[player]])
    else:
        return []
    last = state.last.get(player)
    if last and last[1] >= REPEATS:
        kept = _unrepeated(state, pairs, last)
        if kept or len(kept) == len(pairs):
            pairs = kept  # something else of this verb is left, or the repeated move is not of it
        else:  # the repeated move is this verb's only one: waived only if nothing else is legal
            return [a for a in legal_actions(state, player) if a.verb == verb]
    if verb == "move":
        return [STEP_ACTIONS[step] for step in pairs]
    return [TELEPORT_ACTIONS[a] for a, _ in pairs]


def can_act(state, player: str) -> bool:
    """Whether ``player`` has anything legal (the repetition limit never leaves nothing): the
    cheapest question first, and the first step found is enough (the entry rule only ever removes
    ransoms when there is a step)."""
    board = state.board
    if moves.teleports(board, player, TELEPORTS[state.side[player]]):
        return True
    shielded = shield(state)
    if any(moves.destinations(board, sq, shielded) for sq in moves.characters(board, player)):
        return True
    return bool(ransoms(state, player))


def move_map(state, player: str, actions: list[Action] | None = None) -> dict[str, list[str]]:
    """{from: [to, ...]} of the legal moves and teleports, for the player's view and board."""
    out: dict[str, list[str]] = {}
    for action in legal_actions(state, player) if actions is None else actions:
        if action.verb == "move":
            out.setdefault(action.args[0], []).append(action.args[1])
        elif action.verb == "teleport":
            a = action.args[0]
            pair = TELEPORTS[state.side[player]]
            other = pair[1] if name(pair[0]) == a else pair[0]
            out.setdefault(a, []).append(name(other))
    return out
