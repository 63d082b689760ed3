"""The rules of a turn: keeping a secret target, moving (and capturing), teleporting, ransoming; then
the end check, the next player clockwise, and passes for whoever cannot act. A handler only carries
a legal action out: ``apply`` has checked it against the legal actions (legal.py) before it runs, and
a refused action's words are refusals.py's (``why_not``); whether the verb is for now at all (whose
turn, the targets first) is the phase table's (phases.py)."""

from __future__ import annotations

from games.dungeon_chess import legal, moves
from games.dungeon_chess.data import ALL_ENTRIES, PIECE_WORDS, TARGETS, TELEPORTS, name, square
from games.dungeon_chess.ending import ending_reason
from games.dungeon_chess.words import SIDES, THE, _, captured, listing, moved, owned, teleported
from games.dungeon_chess.words import TARGETS as TARGET_WORDS
from games.engine import announce, both, tell

def awaiting(state) -> list[str]:
    if state.over:
        return []
    if state.phase == "choose":
        return [p for p in state.order if state.target[p] is None]
    return [state.player]


def opening(state) -> list:
    sides = listing([_("{player} {side}", player=p, side=SIDES[state.side[p]]) for p in state.order])
    events = [announce(_("Dungeon Chess: {sides}. Capture characters, collect chests; "
                         "each player keeps one of two secret targets.", sides=sides), "setup",
                       sides=dict(state.side))]
    for p in state.order:
        a, b = state.dealt[p]
        events.append(tell(p, _("Your secret targets to choose from: #{a} {target_a} (+{bonus_a}), "
                                "#{b} {target_b} (+{bonus_b}). Keep one: 'keep {a}' or 'keep {b}'.",
                                a=a, target_a=TARGET_WORDS[a], bonus_a=TARGETS[a][1],
                                b=b, target_b=TARGET_WORDS[b], bonus_b=TARGETS[b][1]),
                           "dealt", targets=[a, b]))
    return events


# --- the handlers: each carries out a legal action (``apply`` checked it; refusals.py words the rest) ---
def do_keep(state, player: str, number) -> list:
    number = int(number)  # the listed number (a legal 3.0 equals 3)
    state.target[player] = number
    events = both(player, _("You keep secret target #{number}: {target} (+{bonus}).", number=number,
                            target=TARGET_WORDS[number], bonus=TARGETS[number][1]),
                  _("{player} has chosen a secret target.", player=player), "kept")
    events[0].data["target"] = number
    return events  # the last target kept ends the choosing: the phase table's flow (phases.py)


def do_move(state, player: str, frm, to) -> list:
    """A step, or a capture by landing (a move between one's teleport squares that no step makes
    is a teleport already: canonical.py)."""
    return _step(state, player, square(frm), square(to))


def _step(state, player: str, a: int, b: int) -> list:
    board = state.board
    piece = board[a]
    taken = board[b]
    key = legal.repeat_key(state, a, b)
    board[b], board[a] = piece, None
    data = {"player": player, "piece": piece[1], "from": name(a), "dest": name(b), **_waiver(state, player, key)}
    if taken is None:
        events = [announce(moved(piece[1], player, name(a), name(b), a in ALL_ENTRIES), "moved", **data)]
        state.quiet += 1
    else:
        state.held[player].append(taken)
        if piece[1] == "G":
            state.warrior_takes[player] += 1
        state.quiet = 0
        data.update(victim=taken[0], captured=taken[1])
        events = [announce(captured(piece[1], player, name(a), name(b), owned(taken[0], taken[1])), "captured", **data)]
        if len(state.order) >= 3 and len(moves.characters(board, taken[0])) == 1:
            events.append(announce(_("At least one! {player}'s last character cannot be captured.", player=taken[0]),
                                   "last_one", player=taken[0]))
    _remember(state, player, key)
    return events + _next(state)


def do_teleport(state, player: str, frm) -> list:
    a = square(frm)
    pair = TELEPORTS[state.side[player]]
    b = pair[1] if a == pair[0] else pair[0]
    cell = state.board[a]
    key = legal.repeat_key(state, a, b)
    waiver = _waiver(state, player, key)
    state.board[b], state.board[a] = cell, None
    state.quiet += 1
    _remember(state, player, key)
    return [announce(teleported(cell[1], player, name(a), name(b)), "teleported",
                     player=player, piece=cell[1], **{"from": name(a), "dest": name(b)}, **waiver)] + _next(state)


def do_ransom(state, player: str, what, where, holder) -> list:
    """The listed form names all three: the character's word, the entry square, the holder."""
    kind = PIECE_WORDS[what]
    sq = square(where)
    piece = next(p for p in state.held[holder] if p[0] == player and p[1] == kind)
    state.held[holder].remove(piece)
    state.chests[player] -= 1
    state.chests[holder] += 1
    state.board[sq] = piece
    state.paid.add(player)
    state.quiet = 0
    state.last.pop(player, None)
    text = _("{player} pays {holder} a chest: {piece} comes back on {square}.", player=player, holder=holder,
             piece=THE[kind], square=name(sq))
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
        events.append(announce(_("{player} can neither move, teleport nor ransom, and passes.", player=p), "passed",
                               player=p))
