"""How characters move, on a bare board: straight lines, never jumping a piece, entry squares never a
landing, captures by landing. Pure functions of a board (a list of 100 cells, each None or a piece
``(owner, kind, pid)``) so the rules and the bots' look-ahead share one move generator.
"""

from __future__ import annotations

from games.dungeon_chess.data import ALL_ENTRIES, PIECES, SIZE


def _rays(directions, reach):
    out = []
    for sq in range(SIZE * SIZE):
        f0, r0 = sq % SIZE, sq // SIZE
        rays = []
        for df, dr in directions:
            ray = []
            for step in range(1, reach + 1):
                f, r = f0 + df * step, r0 + dr * step
                if not (0 <= f < SIZE and 0 <= r < SIZE):
                    break  # the dungeon's outer walls
                ray.append(f + SIZE * r)
            if ray:
                rays.append(tuple(ray))
        out.append(tuple(rays))
    return tuple(out)


# kind -> square -> the lines that kind may move along from there, nearest square first
RAYS = {kind: _rays(dirs, reach) for kind, (_, dirs, reach, _) in PIECES.items()}


def characters(board, owner: str) -> list[int]:
    """The squares of ``owner``'s characters on the board (entry squares included)."""
    return [sq for sq, cell in enumerate(board) if cell and cell[0] == owner]


def counts(board) -> dict[str, int]:
    """Owner -> how many characters they have on the board."""
    out: dict[str, int] = {}
    for cell in filter(None, board):  # the empty squares skipped in C: asked several times a move
        owner = cell[0]
        out[owner] = out.get(owner, 0) + 1
    return out


def protected(board, players: int) -> frozenset:
    """"At least one!": with 3 or 4 players, the owners whose last character is on the board."""
    if players < 3:
        return frozenset()
    return frozenset(owner for owner, n in counts(board).items() if n == 1)


def destinations(board, sq: int, shielded: frozenset = frozenset()) -> list[int]:
    """Where the character on ``sq`` may go: empty squares along its lines, and the first enemy in a
    line when it may be taken. A piece on an entry square takes nobody; nobody lands on an entry
    square (an empty one is passed over, an occupied one blocks); ``shielded`` owners cannot lose a
    piece."""
    owner, kind, _ = board[sq]
    from_entry = sq in ALL_ENTRIES
    out = []
    for ray in RAYS[kind][sq]:
        for to in ray:
            cell = board[to]
            if to in ALL_ENTRIES:
                if cell is None:
                    continue
                break
            if cell is None:
                out.append(to)
                continue
            if cell[0] != owner and not from_entry and cell[0] not in shielded:
                out.append(to)
            break
    return out


def piece_moves(board, owner: str, shielded: frozenset = frozenset(), squares=None) -> list[tuple[int, int]]:
    """Every (from, to) step of ``owner``'s characters (standing on ``squares``, when known)."""
    if squares is None:
        squares = characters(board, owner)
    return [(sq, to) for sq in squares for to in destinations(board, sq, shielded)]


def all_on_entries(board, owner: str, squares=None) -> bool:
    """True when every character ``owner`` has on the board stands on an entry square (then one must
    come out, before any ransom)."""
    mine = characters(board, owner) if squares is None else squares
    return bool(mine) and all(sq in ALL_ENTRIES for sq in mine)


def teleports(board, owner: str, pair: tuple[int, int]) -> list[tuple[int, int]]:
    """The owner's characters standing on one of their two teleport squares with the other empty."""
    a, b = pair
    out = []
    for here, there in ((a, b), (b, a)):
        cell = board[here]
        if cell is not None and cell[0] == owner and board[there] is None:
            out.append((here, there))
    return out
