"""Dungeon Chess as plain tables: the 10x10 dungeon, each side's entry and teleport squares and start
layout (South's, turned about the centre for the others), the pieces and the ten secret targets.

Squares are named as players type them (``e2``, ``j10``) and numbered for the rules as
``file + 10 * rank`` (a1 = 0, j10 = 99), so a board is a list of 100 cells.
"""

from __future__ import annotations

FILES = "abcdefghij"
SIZE = 10


def square(name: str) -> int | None:
    """The number of a square typed as ``e2`` (any case), or None when it is not on the board."""
    name = str(name).strip().lower()
    if len(name) < 2 or name[0] not in FILES or not name[1:].isdigit() or name[1:].startswith("0"):
        return None
    rank = int(name[1:])
    return FILES.index(name[0]) + SIZE * (rank - 1) if 1 <= rank <= SIZE else None


def name(sq: int) -> str:
    """The typed name of square number ``sq``."""
    return f"{FILES[sq % SIZE]}{sq // SIZE + 1}"


SQUARES = tuple(name(i) for i in range(SIZE * SIZE))


def dark(sq: int) -> bool:
    """a1 is dark; the colours alternate like a chessboard's."""
    return (sq % SIZE + sq // SIZE) % 2 == 0


# --- pieces --------------------------------------------------------------------------------------
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))

# kind -> (name, directions, reach, points)
PIECES = {
    "L": ("Fighter", ORTHOGONAL, 1, 2),
    "Gk": ("Kor Warrior", ORTHOGONAL, 3, 4),
    "G": ("Warrior", DIAGONAL, 3, 3),
    "M": ("Mage", ORTHOGONAL + DIAGONAL, 3, 5),
}
CHEST_POINTS = 3
CHESTS = 2  # each squad's chests, kept beside the board

# the words a player may type for a piece (``ransom kor``); the kind's symbol works too
PIECE_WORDS = {
    "fighter": "L", "l": "L", "lottatore": "L",
    "kor": "Gk", "gk": "Gk", "korwarrior": "Gk", "kor-warrior": "Gk",
    "warrior": "G", "g": "G", "guerriero": "G",
    "mage": "M", "m": "M", "maga": "M",
}


def piece_name(kind: str) -> str:
    return PIECES[kind][0]


def points(kind: str) -> int:
    return PIECES[kind][3]


# --- sides ---------------------------------------------------------------------------------------
# South's layout as (file, rank) from 0; entries are (square, the kind that starts there).
SOUTH_ENTRIES = (((4, 0), "G"), ((5, 0), "M"))
SOUTH_START = (((3, 0), "L"), ((6, 0), "L"), ((5, 1), "L"), ((4, 1), "Gk"))
SOUTH_TELEPORTS = ((2, 1), (7, 1))

# side -> how South's (file, rank) turns to that side, clockwise about the centre
TURNS = {
    "S": lambda f, r: (f, r),
    "W": lambda f, r: (r, 9 - f),
    "N": lambda f, r: (9 - f, 9 - r),
    "E": lambda f, r: (9 - r, f),
}
SIDE_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East"}
CLOCKWISE = ("S", "W", "N", "E")
# how many players -> the sides they take, in seat order
SIDES_FOR = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}


def _turned(side: str, fr: tuple[int, int]) -> int:
    f, r = TURNS[side](*fr)
    return f + SIZE * r


ENTRIES = {s: tuple(_turned(s, fr) for fr, _ in SOUTH_ENTRIES) for s in CLOCKWISE}
TELEPORTS = {s: tuple(_turned(s, fr) for fr in SOUTH_TELEPORTS) for s in CLOCKWISE}
START = {s: tuple((_turned(s, fr), kind) for fr, kind in SOUTH_ENTRIES + SOUTH_START) for s in CLOCKWISE}
ALL_ENTRIES = frozenset(sq for squares in ENTRIES.values() for sq in squares)
ALL_TELEPORTS = frozenset(sq for squares in TELEPORTS.values() for sq in squares)


# --- secret targets ------------------------------------------------------------------------------
# number -> (what it asks, bonus points); the tests in scoring.py read the final position
TARGETS = {
    1: ("Hold an enemy Mage", 4),
    2: ("Your own Mage is on the board", 3),
    3: ("Hold 3 or more chests", 4),
    4: ("Hold 2 or more enemy Fighters", 3),
    5: ("Hold an enemy Kor Warrior", 3),
    6: ("Never pay a ransom", 3),
    7: ("4 or more of your characters are on the board", 4),
    8: ("Your Warrior makes 2 or more captures", 3),
    9: ("Hold characters of every opponent", 3),
    10: ("One of your characters stands on an enemy teleport square", 2),
}
DEALT = 2  # targets dealt to each player, who keeps one

# rounds in a row without a capture or a ransom after which the game ends (option limit=on)
QUIET_ROUNDS = 40
