"""Quantum's maps: a map text read into tiles and squares, every mistake named with its line.

A map is text, one line per row of tiles, top to bottom, tiles separated by spaces:

    # a comment (from # to the end of the line)
    cubes 7          how many cubes each player must place (optional: 7/6/5 for 2/3/4 players)
    8 9S1 10         7 8 9 10 a planet; S1 S2 ... marks the starting planets (one per player)
    7 V 7            V the void tile; . no tile at all (a hole in the map)
    10 9S2 8

The built-in maps (data.BUILT_IN) are written the same way. Tile (x, y) covers squares 3x..3x+2
by 3y..3y+2, its planet at (3x+1, 3y+1). A square is named by its column letter and row number,
rows from the top: 'a1' is the top left corner.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from games.engine import RuleError
from games.quantum.data import BUILT_IN, CUBES, SLOTS, TILE
from games.quantum.words import _

MAX_WIDE, MAX_HIGH = 6, 8  # tiles: a text map of 18 columns of squares still fits 80 columns
ORTHO = ((0, -1), (1, 0), (0, 1), (-1, 0))  # top, right, bottom, left
DIAG = ((1, -1), (1, 1), (-1, 1), (-1, -1))
AROUND = ORTHO + DIAG
TILE_WORD = re.compile(r"(7|8|9|10)(?:s(\d+))?|v|\.", re.I)
SQUARE_WORD = re.compile(r"([a-x])([1-9][0-9]?)")


class MapError(RuleError):
    """A map text with mistakes: ``messages`` lists one message per mistake (``errors``: their English,
    for logs and tests); the refusal's message joins them, worded in each reader's language."""

    def __init__(self, messages: list):
        self.messages = list(messages)
        self.errors = [str(m) for m in self.messages]
        super().__init__(_joined(self.messages))


def _joined(messages: list):
    """Mistakes one after the other, '; ' between them."""
    if len(messages) <= 1:
        return messages[0] if messages else ""
    return _("{first}; {rest}", first=messages[0], rest=_joined(messages[1:]))


@dataclass(frozen=True)
class Tile:
    x: int
    y: int
    kind: str  # planet or void
    number: int = 0
    start: int = 0  # 1.. for a starting planet, 0 otherwise


@dataclass
class Map:
    """A map's tiles and the geometry the rules need: squares, planets, adjacency."""

    tiles: list[Tile]
    cols: int
    rows: int
    cubes: int
    text: str = ""  # the canonical text (what the option carries)
    name: str = ""  # a built-in map's name, or "" for a map file

    @property
    def width(self) -> int:
        return self.cols * TILE

    @property
    def height(self) -> int:
        return self.rows * TILE

    @property
    def players(self) -> int:
        return sum(1 for t in self.tiles if t.start)

    @cached_property
    def planets(self) -> dict[str, Tile]:
        """Planet square name -> its tile."""
        return {name(t.x * TILE + 1, t.y * TILE + 1): t for t in self.tiles if t.kind == "planet"}

    @cached_property
    def starts(self) -> list[str]:
        """The starting planets' squares, S1 first."""
        return [sq for sq, t in sorted(self.planets.items(), key=lambda kv: kv[1].start) if t.start]

    @cached_property
    def squares(self) -> dict[str, tuple[int, int]]:
        """Every square of the map (planet squares too) -> (x, y)."""
        out = {}
        for t in self.tiles:
            for dy in range(TILE):
                for dx in range(TILE):
                    x, y = t.x * TILE + dx, t.y * TILE + dy
                    out[name(x, y)] = (x, y)
        return out

    @cached_property
    def open_squares(self) -> frozenset[str]:
        """Squares a ship may stand on: all but the planets."""
        return frozenset(s for s in self.squares if s not in self.planets)

    @cached_property
    def void(self) -> frozenset[str]:
        return frozenset(name(t.x * TILE + dx, t.y * TILE + dy) for t in self.tiles if t.kind == "void"
                         for dy in range(TILE) for dx in range(TILE))

    def step(self, square: str, dx: int, dy: int) -> str | None:
        x, y = self.squares[square]
        other = name(x + dx, y + dy) if 0 <= x + dx < 26 and 0 <= y + dy else None
        return other if other in self.squares else None

    @cached_property
    def _steps(self) -> dict[tuple, dict[str, list[str]]]:
        return {dirs: {sq: [s for s in (self.step(sq, dx, dy) for dx, dy in dirs) if s] for sq in self.squares}
                for dirs in (ORTHO, DIAG, AROUND)}

    @cached_property
    def _open_steps(self) -> dict[tuple, dict[str, list[str]]]:
        return {dirs: {sq: [s for s in near if s in self.open_squares] for sq, near in steps.items()}
                for dirs, steps in self._steps.items()}

    @cached_property
    def rank(self) -> dict[str, int]:
        """Square -> its place reading the map top to bottom, left to right."""
        return {sq: y * 100 + x for sq, (x, y) in self.squares.items()}

    def neighbours(self, square: str, dirs=ORTHO) -> list[str]:
        """The map's squares one step from ``square`` in the given directions (planets included)."""
        return self._steps[dirs][square]

    def orthogonal(self, planet: str) -> list[str]:
        """A planet's 4 orthogonal orbit squares: top, right, bottom, left."""
        return self.neighbours(planet, ORTHO)

    def orbit(self, planet: str) -> list[str]:
        """A planet's 8 orbit squares."""
        return self.neighbours(planet, AROUND)

    def slots(self, planet: str) -> int:
        return SLOTS[self.planets[planet].number]


def name(x: int, y: int) -> str:
    return f"{chr(ord('a') + x)}{y + 1}"


def square_word(word: str) -> str | None:
    """A typed square ('D5', 'd5') as its name, or None: the grammar's SQUARE slot."""
    m = SQUARE_WORD.fullmatch(str(word).strip().lower())
    return f"{m.group(1)}{int(m.group(2))}" if m and int(m.group(2)) >= 1 else None


def parse_map(text: str) -> Map:
    """A map text read into a :class:`Map`, or MapError listing every mistake (line and what)."""
    errors: list = []
    rows: list[tuple[int, list[str]]] = []
    cubes = None
    for number, raw in enumerate(str(text).splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0].lower() == "cubes":
            if cubes is not None:
                errors.append(_("line {number}: 'cubes' is given twice", number=number))
            elif len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= 20:
                errors.append(_("line {number}: write 'cubes N' with N from 1 to 20", number=number))
            else:
                cubes = int(words[1])
            continue
        rows.append((number, words))
    if not rows:
        raise MapError(errors + [_("the map has no rows of tiles (e.g. '8 9S1 10')")])
    tiles: list[Tile] = []
    starts: dict[int, int] = {}
    width = len(rows[0][1])
    for y, (number, words) in enumerate(rows):
        if len(words) != width:
            errors.append(_("line {number}: {n} tiles where the first row has {width}", number=number, n=len(words),
                            width=width))
        for x, word in enumerate(words):
            m = TILE_WORD.fullmatch(word)
            if not m:
                errors.append(_("line {number}: '{word}' is not a tile (7 8 9 10, with S1.. on a start; V; .)",
                                number=number, word=word[:12]))
                continue
            if word == ".":
                continue
            if word.lower() == "v":
                tiles.append(Tile(x, y, "void"))
                continue
            start = int(m.group(2)) if m.group(2) else 0
            if m.group(2) is not None and start < 1:
                errors.append(_("line {number}: starting planets are S1, S2, S3, S4", number=number))
            if start in starts:
                errors.append(_("line {number}: S{start} is already on line {other}", number=number, start=start,
                                other=starts[start]))
            elif start:
                starts[start] = number
            tiles.append(Tile(x, y, "planet", int(m.group(1)), start))
    cols = max(len(w) for _, w in rows)
    if cols > MAX_WIDE or len(rows) > MAX_HIGH:
        errors.append(_("the map is {cols} tiles wide and {rows} high: {wide} wide and {high} high at most",
                        cols=cols, rows=len(rows), wide=MAX_WIDE, high=MAX_HIGH))
    n = len(starts)
    if not 2 <= n <= 4:
        errors.append(_("a map has 2 to 4 starting planets, one per player (S1, S2 ...): this one has {n}", n=n))
    elif sorted(starts) != list(range(1, n + 1)):
        missing = [f"S{i}" for i in range(1, n + 1) if i not in starts]
        errors.append(_.plural("the starting planets go S1 to S{last}: {missing} is missing",
                               "the starting planets go S1 to S{last}: {missing} are missing", len(missing),
                               last=n, missing=", ".join(missing)))
    if errors:
        raise MapError(errors)
    game = Map(tiles, cols, len(rows), cubes or CUBES[n])
    _check_play(game, rows, errors)
    if errors:
        raise MapError(errors)
    game.text = canonical(game)
    return game


def _check_play(game: Map, rows: list[tuple[int, list[str]]], errors: list) -> None:
    """Mistakes only the whole map shows: too few slots, parts no ship can reach."""
    slots = sum(game.slots(p) for p in game.planets)
    need = game.players * game.cubes
    if slots < need:
        errors.append(_("{players} players with {cubes} cubes each need {need} slots: the planets have {slots}",
                        players=game.players, cubes=game.cubes, need=need, slots=slots))
    first = game.orthogonal(game.starts[0])[0]
    seen, todo = {first}, [first]
    while todo:
        for s in game.neighbours(todo.pop(), ORTHO):
            if s in game.open_squares and s not in seen:
                seen.add(s)
                todo.append(s)
    for t in game.tiles:
        centre = name(t.x * TILE + 1, t.y * TILE + 1)
        if not any(s in seen for s in game.neighbours(centre, AROUND)):
            line = rows[t.y][0]
            errors.append(_("line {number}: tile {tile} cannot be reached from the others", number=line, tile=t.x + 1))


def canonical(game: Map) -> str:
    """The map written back in its one canonical form (what a map option carries)."""
    grid = [["."] * game.cols for _ in range(game.rows)]
    for t in game.tiles:
        grid[t.y][t.x] = "V" if t.kind == "void" else f"{t.number}" + (f"S{t.start}" if t.start else "")
    return f"cubes {game.cubes}\n" + "".join(" ".join(row) + "\n" for row in grid)


def accept(text: str) -> str:
    """The map option's check: a built-in map's name, or a map text made canonical (MapError)."""
    word = str(text).strip().lower()
    if word in BUILT_IN:
        return word
    return parse_map(text).text


_LOADED: dict[str, Map] = {}


def load(value: str) -> Map:
    """The map a map option names: a built-in name, or a map text (cached: maps never change)."""
    key = str(value)
    if key not in _LOADED:
        word = key.strip().lower()
        game = parse_map(BUILT_IN[word]) if word in BUILT_IN else parse_map(key)
        game.name = word if word in BUILT_IN else ""
        _LOADED[key] = game
    return _LOADED[key]
