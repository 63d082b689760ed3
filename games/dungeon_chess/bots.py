"""Dungeon Chess bots, which see only their own view.

* easy: takes the most valuable capture on offer, else moves at random.
* normal: looks one full round ahead -- each of its actions, then every opponent in turn answering
  with their most valuable capture, then its own best capture -- and keeps the action that leaves it
  best off in points against the others. It presses (issue 24: two bots that never did ended most
  two-player games by the quiet limit): a capture counts a little beyond its value, so an even trade
  beats a quiet move; a guarded piece may be offered, its recapture counted; a fork counts; moved
  pieces are drawn towards the enemy; and as the quiet rounds add up, every capture in the line
  (its own or an opponent's) counts more, until offering a guarded piece for an exchange pays.
  With the quiet limit off (nothing but the players ends a dance of pieces back and forth: issue 40)
  it also remembers the positions it made since the last capture or ransom, and each time it made
  one counts against making it again, so a position that keeps coming back sends it elsewhere.
"""

from __future__ import annotations

import hashlib

from games.dungeon_chess import moves
from games.dungeon_chess.data import (ALL_ENTRIES, CHEST_POINTS, PIECE_WORDS, PIECES, QUIET_ROUNDS, SIZE, SQUARES,
                                      points)
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


def _captures(board, player, squares, shield) -> dict[int, tuple[int, int]]:
    """Every enemy character ``player`` (whose pieces stood on ``squares``) could capture now:
    {its square: (its value, the square of the first of ``player``'s pieces found that reaches it)}."""
    out = {}
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
                    out.setdefault(to, (VALUE[there[1]], sq))
                break
    return out


def _best_capture(board, player, squares, shield):
    """The most valuable capture ``player`` could make: (value, from, to), or None."""
    best = None
    for to, (v, frm) in _captures(board, player, squares, shield).items():
        if best is None or v > best[0]:
            best = (v, frm, to)
    return best


def _centre(sq: int) -> float:
    return -(abs(sq % SIZE - 4.5) + abs(sq // SIZE - 4.5))


CENTRE = tuple(_centre(sq) for sq in range(SIZE * SIZE))


# How the normal bot presses (weights in points). A capture it makes counts TRADE beyond its value, so
# that an even trade beats a quiet move: trades bring the end closer. Once the others have answered,
# its own best capture counts RECAPTURE of its value (and TRADE) when it answers a capture (a guarded
# piece is safe to offer), THREAT of it when it is only a threat (the enemy may step away), and the
# second piece it threatens FORK of its value (only one of the two can step away). A moved piece is
# drawn CHASE a king step towards the nearest enemy. SPUR is what each capture in the line is worth
# once the quiet rounds reach half the limit (RAMP: the urgency grows from 0 to 1 over that half).
TRADE = 1.0
RECAPTURE = 1.0
THREAT = 0.3
FORK = 0.8
CHASE = 0.08
SPUR = 4.0
RAMP = 2.0
PULL = 0.02


def nearness(board, me: str, squares) -> dict[int, int]:
    """For each of ``squares``, how many king steps to the nearest enemy character in play (10: none)."""
    enemies = [(sq % SIZE, sq // SIZE) for sq, cell in enumerate(board)
               if cell is not None and cell[0] != me and sq not in ALL_ENTRIES]
    out = {}
    for sq in squares:
        f, r = sq % SIZE, sq // SIZE
        out[sq] = min([max(abs(ef - f), abs(er - r)) for ef, er in enemies], default=SIZE)
    return out


def _over(count: dict, n: int) -> bool:
    """Whether the game would end with these characters on the board (checked after every turn)."""
    single = sum(1 for c in count.values() if c <= 1)
    return single >= 1 if n == 2 else single >= n - 1


def _shield(count: dict, n: int):
    return frozenset(p for p, c in count.items() if c == 1) if n >= 3 else ()


def _outcome(me, n, board0, counts0, action: Action, replies, where, near, urgency, mine0) -> float:
    """How much better off in points than the others (on average) ``action`` leaves the bot after
    every opponent answers with their best capture, plus its pressure (the captures it would have
    next) and its pulls towards the enemy and the centre. The line stops where the game would end."""
    board = board0[:]
    count = dict(counts0)
    gain = dict.fromkeys(counts0, 0)
    pull = press = 0.0
    if action.verb == "ransom":
        word, sq, holder = action.args
        kind = PIECE_WORDS[word]
        v = VALUE[kind]
        gain[me] += v - CHEST_POINTS
        gain[holder] += CHEST_POINTS - v
        count[me] += 1
        board[INDEX[sq]] = (me, kind, -1)
        mine = mine0 + [INDEX[sq]]
    else:
        a, b = INDEX[action.args[0]], INDEX[action.args[1]]
        taken = board[b]
        if taken is not None:
            v = VALUE[taken[1]]
            gain[me] += v
            gain[taken[0]] -= v
            count[taken[0]] -= 1
            press += TRADE + SPUR * urgency
        press += CHASE * (1 + 2 * urgency) * (near[a] - near[b])  # the chase quickens too
        board[b], board[a] = board[a], None
        pull = CENTRE[b] - CENTRE[a]
        mine = [b if sq == a else sq for sq in mine0]
    over = _over(count, n)
    answered = False
    for opp in replies:
        if over:
            break
        hit = _best_capture(board, opp, where[opp], _shield(count, n))
        if hit is not None:
            v, a, b = hit
            victim = board[b][0]
            gain[opp] += v
            gain[victim] -= v
            count[victim] -= 1
            board[b], board[a] = board[a], None
            press += SPUR * urgency
            if victim == me:
                pull -= CENTRE[b]
                answered = True
            over = _over(count, n)
    if not over:
        threats = sorted((v for v, _ in _captures(board, me, mine, _shield(count, n)).values()), reverse=True)
        if threats:
            press += (RECAPTURE * threats[0] + TRADE) if answered else THREAT * threats[0]
        if len(threats) > 1:
            press += FORK * threats[1]
    others = (sum(gain.values()) - gain[me]) / (n - 1)
    return gain[me] - others + press + PULL * pull


def scored(view) -> list[tuple[Action, float]]:
    """Each of the player's actions (as the bot thinks of them) with the normal bot's lookahead
    score: its own gain against the others' best replies, and its pressure. The search ranks its
    candidates by it."""
    me, order = view["you"], view["order"]
    n = len(order)
    board = _board(view)
    counts = moves.counts(board)
    for p in order:
        counts.setdefault(p, 0)
    start = order.index(me)
    replies = [order[(start + i) % n] for i in range(1, n)]
    where = {p: moves.characters(board, p) for p in replies}
    actions = _actions(view)
    near = nearness(board, me, {INDEX[sq] for a in actions if a.verb == "move" for sq in a.args})
    urgency = min(1.0, RAMP * view.get("quiet", 0) / (QUIET_ROUNDS * n))
    mine = moves.characters(board, me)
    return [(action, _outcome(me, n, board, counts, action, replies, where, near, urgency, mine))
            for action in actions]


def as_played(view, action) -> Action:
    return _as_played(view, action)


# With the limit off, what each earlier time the bot made a position costs it when it weighs making
# it again (points). Small against a piece (a Fighter is worth 1): a first return costs less than a
# real gain, but a dance of many returns soon costs more than offering an exchange.
REPEAT = 0.4


def position_after(view, action: Action) -> str:
    """The board ``action`` leaves, as a short digest (the same on every run and machine, unlike
    ``hash``): what the bot remembers of a position it made."""
    board = dict(view["board"])
    if action.verb == "ransom":
        word, sq, _ = action.args
        board[sq] = (view["you"], PIECE_WORDS[word])
    else:
        a, b = action.args
        board[b] = board.pop(a)
    text = ";".join(f"{sq}{owner}{kind}" for sq, (owner, kind) in sorted(board.items()))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _made(view, memory: dict) -> dict[str, int] | None:
    """The positions the bot made since the last capture or ransom ({digest: times}), kept in its
    seat's ``memory`` (which a snapshot keeps, so a resumed match goes on alike); None with the
    limit on, where the quiet limit ends a dance and the bot plays as it always did."""
    if view.get("limit", True):
        return None
    quiet = view.get("quiet", 0)
    if quiet <= memory.get("quiet", -1):  # quiet counted from 0 again: a capture or a ransom since
        memory.pop("made", None)
    memory["quiet"] = quiet
    return memory.setdefault("made", {})


def _normal(view, rng, memory: dict | None = None) -> Action:
    made = _made(view, memory) if memory is not None else None
    best, choice = None, None
    for action, outcome in scored(view):
        score = outcome + rng.random() * 0.01
        if made:
            score -= REPEAT * made.get(position_after(view, action), 0)
        if best is None or score > best:
            best, choice = score, action
    if made is not None:
        key = position_after(view, choice)
        made[key] = made.get(key, 0) + 1
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
    return _normal(view, rng, memory)


def refused(memory, view, action) -> None:
    """Nothing to learn: the bots choose among the legal actions of their view."""
