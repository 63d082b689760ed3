"""The rules of a turn: keeping a secret target, moving (and capturing), teleporting, ransoming; then
the end check, the next player clockwise, and passes for whoever cannot act. Every handler checks
everything before it changes anything, so a refused action leaves the state as it was; whether the
verb is for now at all (whose turn, the targets first) is the phase table's (phases.py)."""

from __future__ import annotations

from games.dungeon_chess import legal, moves
from games.dungeon_chess.data import (ALL_ENTRIES, ENTRIES, PIECE_WORDS, QUIET_ROUNDS, SIDE_NAMES, TARGETS,
                                      TELEPORTS, name, piece_name, square)
from games.dungeon_chess.ending import ending_reason
from games.engine import Action, RuleError, announce, both, tell

REPEATED = "You made that same move three turns running: make another."


def awaiting(state) -> list[str]:
    if state.over:
        return []
    if state.phase == "choose":
        return [p for p in state.order if state.target[p] is None]
    return [state.player]


def opening(state) -> list:
    sides = ", ".join(f"{p} {SIDE_NAMES[state.side[p]]}" for p in state.order)
    events = [announce(f"Dungeon Chess: {sides}. Capture characters, collect chests; "
                       "each player keeps one of two secret targets.", "setup",
                       sides=dict(state.side))]
    for p in state.order:
        a, b = state.dealt[p]
        events.append(tell(p, f"Your secret targets to choose from: #{a} {TARGETS[a][0]} (+{TARGETS[a][1]}), "
                              f"#{b} {TARGETS[b][0]} (+{TARGETS[b][1]}). Keep one: 'keep {a}' or 'keep {b}'.",
                           "dealt", targets=[a, b]))
    return events


# --- checks shared by the handlers ---------------------------------------------------------------
def _square(word) -> int:
    sq = square(str(word))
    if sq is None:
        raise RuleError(f"'{str(word)[:12]}' is not a square of the dungeon (a1 to j10).")
    return sq


def _describe(state, sq: int) -> str:
    owner, kind, _ = state.board[sq]
    return f"{owner}'s {piece_name(kind)}"


def _refuse_move(state, player: str, frm: int, to: int) -> None:
    """The one clear reason a step is not legal, or nothing when it is."""
    board = state.board
    here = board[frm]
    if here is None:
        raise RuleError(f"There is no character on {name(frm)}.")
    if here[0] != player:
        raise RuleError(f"That is {_describe(state, frm)}; move one of yours.")
    if frm == to:
        raise RuleError("A move goes to another square.")
    if to in ALL_ENTRIES:
        raise RuleError(f"{name(to)} is an entry square: no character in play may stop there.")
    kind = here[1]
    if to not in moves.destinations(board, frm, legal.shield(state)):
        there = board[to]
        if there is not None and there[0] == player:
            raise RuleError(f"Your own {piece_name(there[1])} stands on {name(to)}.")
        if there is not None and _in_line(board, frm, to):
            if frm in ALL_ENTRIES:
                raise RuleError(f"A character on an entry square cannot capture ({name(frm)}).")
            raise RuleError(f"At least one! {there[0]}'s last character cannot be captured.")
        raise RuleError(f"Your {piece_name(kind)} cannot reach {name(to)} from {name(frm)} "
                        f"({_how(kind)}, never jumping a piece).")
    if legal.repeated_too_often(state, player, frm, to) and \
            Action("move", (name(frm), name(to))) not in legal.legal_actions(state, player):
        raise RuleError(REPEATED)


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


def _how(kind: str) -> str:
    return {"L": "1 square orthogonally", "Gk": "1-3 squares orthogonally", "G": "1-3 squares diagonally",
            "M": "1-3 squares in any direction"}[kind]


def _other_teleport(state, player: str, sq: int) -> int:
    a, b = TELEPORTS[state.side[player]]
    return b if sq == a else a


# --- the handlers --------------------------------------------------------------------------------
def do_keep(state, player: str, number) -> list:
    try:
        number = int(number)
    except (TypeError, ValueError):
        raise RuleError("Keep one of your two targets by its number, e.g. 'keep 3'.") from None
    if number not in state.dealt[player]:
        a, b = state.dealt[player]
        raise RuleError(f"You were dealt targets #{a} and #{b}: keep one of those.")
    state.target[player] = number
    events = both(player, f"You keep secret target #{number}: {TARGETS[number][0]} (+{TARGETS[number][1]}).",
                  f"{player} has chosen a secret target.", "kept")
    events[0].data["target"] = number
    return events  # the last target kept ends the choosing: the phase table's flow (phases.py)


def do_move(state, player: str, frm, to) -> list:
    a, b = _square(frm), _square(to)
    pair = TELEPORTS[state.side[player]]
    cell = state.board[a] if a is not None else None
    if {a, b} == set(pair) and cell is not None and cell[0] == player \
            and b not in moves.destinations(state.board, a, legal.shield(state)):
        return do_teleport(state, player, frm)  # 'move c2 h2' between one's teleports: a teleport
    _refuse_move(state, player, a, b)
    return _step(state, player, a, b)


def _step(state, player: str, a: int, b: int) -> list:
    board = state.board
    piece = board[a]
    taken = board[b]
    key = legal.repeat_key(state, a, b)
    board[b], board[a] = piece, None
    what = piece_name(piece[1])
    data = {"player": player, "piece": piece[1], "from": name(a), "dest": name(b), **_waiver(state, player, key)}
    entering = " comes into play and" if a in ALL_ENTRIES else ""
    if taken is None:
        events = [announce(f"{player}'s {what}{entering} moves {name(a)}-{name(b)}.", "moved", **data)]
        state.quiet += 1
    else:
        state.held[player].append(taken)
        if piece[1] == "G":
            state.warrior_takes[player] += 1
        state.quiet = 0
        data.update(victim=taken[0], captured=taken[1])
        events = [announce(f"{player}'s {what} moves {name(a)}-{name(b)} and captures {taken[0]}'s "
                           f"{piece_name(taken[1])}!", "captured", **data)]
        if len(state.order) >= 3 and len(moves.characters(board, taken[0])) == 1:
            events.append(announce(f"At least one! {taken[0]}'s last character cannot be captured.",
                                   "last_one", player=taken[0]))
    _remember(state, player, key)
    return events + _next(state)


def do_teleport(state, player: str, frm, to=None) -> list:
    a = _square(frm)
    pair = TELEPORTS[state.side[player]]
    cell = state.board[a]
    if a not in pair:
        raise RuleError(f"{name(a)} is not one of your teleport squares ({name(pair[0])}, {name(pair[1])}).")
    if cell is None or cell[0] != player:
        raise RuleError(f"None of your characters stands on {name(a)}.")
    b = _other_teleport(state, player, a)
    if to is not None and _square(to) != b:
        raise RuleError(f"From {name(a)} a teleport goes to {name(b)} only.")
    if state.board[b] is not None:
        raise RuleError(f"Your other teleport square, {name(b)}, is taken.")
    if legal.repeated_too_often(state, player, a, b) and \
            Action("teleport", (name(a),)) not in legal.legal_actions(state, player):
        raise RuleError(REPEATED)
    if moves.all_on_entries(state.board, player):
        raise RuleError("All your characters stand on entry squares: one must come out.")
    key = legal.repeat_key(state, a, b)
    waiver = _waiver(state, player, key)
    state.board[b], state.board[a] = cell, None
    state.quiet += 1
    _remember(state, player, key)
    return [announce(f"{player}'s {piece_name(cell[1])} teleports {name(a)}-{name(b)}.", "teleported",
                     player=player, piece=cell[1], **{"from": name(a), "dest": name(b)}, **waiver)] + _next(state)


def do_ransom(state, player: str, what, where=None, holder=None) -> list:
    kind = PIECE_WORDS.get(str(what).lower().replace(" ", ""))
    if kind is None:
        raise RuleError(f"'{str(what)[:12]}' is not a character: fighter, kor, warrior or mage.")
    holders = [h for h in state.order if h != player and any(o == player and k == kind for o, k, _ in state.held[h])]
    if holder is not None:
        holder = next((h for h in state.order if h.lower() == str(holder).lower()), str(holder))
        if holder not in holders:
            raise RuleError(f"{holder[:20]} holds no {piece_name(kind)} of yours.")
    elif not holders:
        raise RuleError(f"Nobody holds a {piece_name(kind)} of yours.")
    else:
        holder = holders[0]
    if state.chests[player] <= 0:
        raise RuleError("You have no chest left to pay a ransom with.")
    mine = ENTRIES[state.side[player]]
    if where is None:
        free = [sq for sq in mine if state.board[sq] is None]
        if not free:
            raise RuleError("Both your entry squares are taken: no ransom now.")
        sq = free[0]
    else:
        sq = _square(where)
        if sq not in mine:
            raise RuleError(f"A ransomed character comes back on your entry squares ({name(mine[0])}, {name(mine[1])}).")
        if state.board[sq] is not None:
            raise RuleError(f"Your entry square {name(sq)} is taken.")
    steps, _, _ = legal.candidates(state, player)
    if steps and moves.all_on_entries(state.board, player):
        raise RuleError("All your characters stand on entry squares: one must come out before a ransom.")
    piece = next(p for p in state.held[holder] if p[0] == player and p[1] == kind)
    state.held[holder].remove(piece)
    state.chests[player] -= 1
    state.chests[holder] += 1
    state.board[sq] = piece
    state.paid.add(player)
    state.quiet = 0
    state.last.pop(player, None)
    text = f"{player} pays {holder} a chest: the {piece_name(kind)} comes back on {name(sq)}."
    return [announce(text, "ransomed", player=player, holder=holder, piece=kind, square=name(sq))] + _next(state)


def _waiver(state, player: str, key: tuple) -> dict:
    """``{"waived": True}`` when this move repeats one made three turns running (legal only because
    nothing else is), for the event's data; otherwise nothing."""
    last = state.last.get(player)
    return {"waived": True} if last and last[0] == key and last[1] >= legal.REPEATS else {}


def _remember(state, player: str, key: tuple) -> None:
    last = state.last.get(player)
    state.last[player] = (key, last[1] + 1 if last and last[0] == key else 1)


# --- after a turn --------------------------------------------------------------------------------
def _next(state) -> list:
    """After a turn, the next player clockwise -- unless the game has ended (the phase table's flow
    then ends it: phases.py); whoever has nothing legal passes."""
    state.turns += 1
    state.passes = 0
    events = []
    while True:
        if ending_reason(state):
            return events
        state.turn = (state.turn + 1) % len(state.order)
        p = state.player
        if legal.can_act(state, p):
            return events
        state.passes += 1
        state.quiet += 1
        state.last.pop(p, None)
        events.append(announce(f"{p} can neither move, teleport nor ransom, and passes.", "passed", player=p))
