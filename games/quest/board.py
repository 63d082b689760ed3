"""The labyrinth's geometry and its seeded generation.

Coordinates are strings like ``"B6"`` (row letter A-E top to bottom, column 1-8 left to right).
A door sits on every edge between two orthogonally adjacent rooms: 5*7 + 4*8 = 67 doors, keyed by
the sorted pair of the rooms it joins.

Generation guarantees (rules/quest.md, "The board"):

* with every key held, every room reaches every other (a random spanning tree of the grid is laid
  with passable doors first, locked doors counting as passable);
* the start rooms and the floor keys lie in a part of the map that, without any key, reaches at
  least one room of each of the ten location types.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Rng
from games.quest.data import COLS, DIRECTIONS, DOOR_MIX, LOCATION_IDS, LOCATIONS, LOCKED_DOORS, ROWS, SUITS

Edge = tuple[str, str]

COORDS: list[str] = [f"{r}{c}" for r in ROWS for c in COLS]


def coord(row: int, col: int) -> str | None:
    """The coordinate at a 0-based row and 1-based column, or None off the board."""
    if 0 <= row < len(ROWS) and 1 <= col <= max(COLS):
        return f"{ROWS[row]}{col}"
    return None


def split(c: str) -> tuple[int, int]:
    return ROWS.index(c[0]), int(c[1:])


def _neighbour(c: str, direction: str) -> str | None:
    row, col = split(c)
    dr, dc = DIRECTIONS[direction]
    return coord(row + dr, col + dc)


# Geometry never changes: every neighbour and edge is computed once here.
_NEIGHBOURS = {(c, d): _neighbour(c, d) for c in COORDS for d in "nesw"}
_EXITS = {c: {d: _NEIGHBOURS[c, d] for d in "nesw" if _NEIGHBOURS[c, d]} for c in COORDS}
_EDGE = {(c, n): ((c, n) if split(c) < split(n) else (n, c)) for c in COORDS for n in _EXITS[c].values()}
_DOOR_NAMES = {(c, d): "-".join(_EDGE[c, n]) for c in COORDS for d, n in _EXITS[c].items()}


def neighbour(c: str, direction: str) -> str | None:
    """The room next to ``c`` in a direction (n/s/e/w), or None at the labyrinth's edge."""
    return _NEIGHBOURS.get((c, direction))


def edge(a: str, b: str) -> Edge:
    """The door between two adjacent rooms, as their sorted pair."""
    return _EDGE[a, b]


def edge_name(e: Edge) -> str:
    return f"{e[0]}-{e[1]}"


def parse_edge(name: str) -> Edge:
    a, b = name.split("-")
    return edge(a, b)


def exits(c: str) -> dict[str, str]:
    """Direction -> neighbouring room, for the doors of room ``c``."""
    return dict(_EXITS[c])


def direction_to(a: str, b: str) -> str | None:
    """The direction of the door from ``a`` to ``b``, or None when they are not neighbours."""
    return next((d for d, nb in _EXITS[a].items() if nb == b), None)



def door_name(c: str, direction: str) -> str:
    """``"B5-B6"``: the name of the door of room ``c`` in a direction (it must exist)."""
    return _DOOR_NAMES[c, direction]


ALL_EDGES: list[Edge] = sorted({edge(c, n) for c in COORDS for n in exits(c).values()},
                               key=lambda e: (split(e[0]), split(e[1])))
assert len(ALL_EDGES) == 67


def is_coord(text: str) -> bool:
    t = text.upper()
    return len(t) == 2 and t[0] in ROWS and t[1] in "12345678"


@dataclass
class Door:
    """One door tile. ``colour`` is public; ``open`` is its hidden face (for locked doors: whether
    it has been left open by a key holder, which is public)."""

    colour: str
    open: bool

    @property
    def locked_kind(self) -> bool:
        return self.colour in LOCKED_DOORS


@dataclass
class Room:
    location: str  # castle, desert, ...
    suit: str

    @property
    def difficulty(self) -> int:
        return SUITS[self.suit]


@dataclass
class Layout:
    rooms: dict[str, Room]
    doors: dict[Edge, Door]
    floor_keys: dict[str, str]  # key colour -> coordinate
    starts: list[str]


def _spanning_tree(rng: Rng) -> set[Edge]:
    """A random spanning tree of the grid (Kruskal over shuffled edges)."""
    parent = {c: c for c in COORDS}

    def find(c: str) -> str:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    edges = list(ALL_EDGES)
    rng.shuffle(edges)
    tree = set()
    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            tree.add((a, b))
    return tree


def components(doors: dict[Edge, Door], passable) -> dict[str, int]:
    """Room -> component number over the doors for which ``passable(door)`` holds."""
    adj: dict[str, list[str]] = {c: [] for c in COORDS}
    for (a, b), d in doors.items():
        if passable(d):
            adj[a].append(b)
            adj[b].append(a)
    comp: dict[str, int] = {}
    for start in COORDS:
        if start in comp:
            continue
        n = len(set(comp.values()))
        stack = [start]
        comp[start] = n
        while stack:
            c = stack.pop()
            for nb in adj[c]:
                if nb not in comp:
                    comp[nb] = n
                    stack.append(nb)
    return comp


def keyless(door: Door) -> bool:
    return door.open and not door.locked_kind


def _try_layout(rng: Rng, players: int) -> Layout | None:
    cards = [Room(LOCATIONS[rank][0], suit) for rank in sorted(LOCATIONS) for suit in SUITS]
    rng.shuffle(cards)
    rooms = dict(zip(COORDS, cards))

    passable = [Door(c, True) for c, (n, k) in DOOR_MIX.items() for _ in range(k)]
    passable += [Door(c, False) for c in LOCKED_DOORS]
    closed = [Door(c, False) for c, (n, k) in DOOR_MIX.items() for _ in range(n - k)]
    rng.shuffle(passable)
    tree = sorted(_spanning_tree(rng), key=ALL_EDGES.index)
    rest = [e for e in ALL_EDGES if e not in set(tree)]
    doors = {e: passable.pop() for e in tree}
    others = passable + closed
    rng.shuffle(others)
    doors.update(zip(rest, others))
    doors = {e: doors[e] for e in ALL_EDGES}

    comp = components(doors, keyless)
    good = []
    for n in sorted(set(comp.values())):
        members = [c for c in COORDS if comp[c] == n]
        if {rooms[c].location for c in members} == set(LOCATION_IDS):
            good.extend(members)
    if len(good) < players + 2:
        return None
    picks = rng.sample(good, players + 2)
    floor = {"gold": picks[0], "silver": picks[1]}
    return Layout(rooms, doors, floor, picks[2:])



def generate(rng: Rng, players: int) -> Layout:
    """A seeded labyrinth for ``players`` seats that meets every guarantee above."""
    for _ in range(1000):
        layout = _try_layout(rng, players)
        if layout is not None:
            return layout
    raise RuntimeError("could not generate a labyrinth")  # never seen; a bug, not a rule
