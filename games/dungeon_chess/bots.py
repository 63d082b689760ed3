"""Dungeon Chess bots, which see only their own view.

* easy: takes the most valuable capture on offer, else moves at random.
* normal: looks one full round ahead -- each of its actions, then every opponent in turn answering
  with their most valuable capture -- and keeps the action that leaves it best off in points
  against the others; a little pull towards the centre keeps it from idling.
"""

from __future__ import annotations

from games.dungeon_chess import moves
from games.dungeon_chess.data import ALL_ENTRIES, CHEST_POINTS, PIECE_WORDS, PIECES, SIZE, SQUARES, points
from games.engine import Action


INDEX = {name: i for i, name in enumerate(SQUARES)}
VALUE = {kind: points(kind) for kind in PIECES}
RAYS = moves.RAYS


def _board(view) -> list:
    board = [None] * (SIZE * SIZE)
    for i, (sq, (owner, kind)) in enumerate(sorted(view["board"].items())):
        board[INDEX[sq]] = (owner, kind, i)
    return board


def _actions(view) -> list[Action]:
    out = [Action("move", (a, b)) for a, tos in view["moves"].items() for b in tos]
    return out + [Action("ransom", tuple(r)) for r in view["ransoms"]]


def _as_played(view, action: Action) -> Action:
    """A move from a teleport square of one's own that only the teleport reaches is played as one."""
    a = action.args[0]
    if action.verb == "move" and a in view.get("teleports_from", ()):
        if INDEX[action.args[1]] not in moves.destinations(_board(view), INDEX[a]):
            return Action("teleport", (a,))
    return action


def _best_capture(board, player, squares, shield):
    """The most valuable capture ``player`` (whose pieces stood on ``squares``) could make:
    (value, from, to), or None."""
    best, top = None, 0
    for sq in squares:
        cell = board[sq]
        if cell is None or cell[0] != player or sq in ALL_ENTRIES:
            continue  # taken meanwhile; or nobody captures from an entry square
        for ray in RAYS[cell[1]][sq]:
            for to in ray:
                there = board[to]
                if there is None:
                    continue
                if there[0] != player and to not in ALL_ENTRIES and there[0] not in shield:
                    v = VALUE[there[1]]
                    if v > top:
                        best, top = (v, sq, to), v
                break
    return best


def _centre(sq: int) -> float:
    return -(abs(sq % SIZE - 4.5) + abs(sq // SIZE - 4.5))


CENTRE = tuple(_centre(sq) for sq in range(SIZE * SIZE))


def _outcome(me, n, board0, counts0, action: Action, replies, where) -> float:
    """How much better off in points than the others (on average) ``action`` leaves the bot after
    every opponent answers with their best capture, plus a pull towards the centre."""
    board = board0[:]
    count = dict(counts0)
    gain = dict.fromkeys(counts0, 0)
    pull = 0.0
    if action.verb == "ransom":
        word, sq, holder = action.args
        kind = PIECE_WORDS[word]
        v = VALUE[kind]
        gain[me] += v - CHEST_POINTS
        gain[holder] += CHEST_POINTS - v
        count[me] += 1
        board[INDEX[sq]] = (me, kind, -1)
    else:
        a, b = INDEX[action.args[0]], INDEX[action.args[1]]
        taken = board[b]
        if taken is not None:
            v = VALUE[taken[1]]
            gain[me] += v
            gain[taken[0]] -= v
            count[taken[0]] -= 1
        board[b], board[a] = board[a], None
        pull = CENTRE[b] - CENTRE[a]
    for opp in replies:
        shield = frozenset(p for p, c in count.items() if c == 1) if n >= 3 else ()
        hit = _best_capture(board, opp, where[opp], shield)
        if hit is not None:
            v, a, b = hit
            victim = board[b][0]
            gain[opp] += v
            gain[victim] -= v
            count[victim] -= 1
            board[b], board[a] = board[a], None
            if victim == me:
                pull -= CENTRE[b]
    mine = gain[me]
    others = (sum(gain.values()) - mine) / (n - 1)
    return mine - others + 0.02 * pull


def scored(view) -> list[tuple[Action, float]]:
    """Each of the player's actions (as the bot thinks of them) with the normal bot's lookahead
    score: its own gain against the others' best replies. The search ranks its candidates by it."""
    me, order = view["you"], view["order"]
    n = len(order)
    board = _board(view)
    counts = moves.counts(board)
    for p in order:
        counts.setdefault(p, 0)
    start = order.index(me)
    replies = [order[(start + i) % n] for i in range(1, n)]
    where = {p: moves.characters(board, p) for p in replies}
    return [(action, _outcome(me, n, board, counts, action, replies, where)) for action in _actions(view)]


def as_played(view, action) -> Action:
    return _as_played(view, action)


def _normal(view, rng) -> Action:
    best, choice = None, None
    for action, outcome in scored(view):
        score = outcome + rng.random() * 0.01
        if best is None or score > best:
            best, choice = score, action
    return _as_played(view, choice)


def _easy(view, rng) -> Action:
    actions = _actions(view)
    board = view["board"]
    captures = [a for a in actions if a.verb == "move" and a.args[1] in board]
    if captures:
        top = max(VALUE[board[a.args[1]][1]] for a in captures)
        return _as_played(view, rng.choice([a for a in captures if VALUE[board[a.args[1]][1]] == top]))
    return _as_played(view, rng.choice(actions))


def bot_action(view, rng, level="normal", memory=None) -> Action:
    me = view.get("me")
    if view["phase"] == "choose":
        dealt = me["dealt"]
        if level == "easy":
            return Action("keep", (rng.choice(dealt)["number"],))
        return Action("keep", (max(dealt, key=lambda t: (t["bonus"], -t["number"]))["number"],))
    if not view["moves"] and not view["ransoms"]:
        return Action("pass")  # never asked: a player with nothing legal passes by the rules
    if level == "easy":
        return _easy(view, rng)
    return _normal(view, rng)


def refused(memory, view, action) -> None:
    """Nothing to learn: the bots choose among the legal actions of their view."""
