"""The rooms of the world, built from the catalogue: the Crossroads hub, and each room a game brings.

A game names the room its tables stand in (``GameSpec.room``) and, when it brings that room to the
world, says what it is (``GameSpec.place``: its name, description and the road to it from the
Crossroads). Another game may share a room by naming it without a place. So the world names no game:
a game registered later (``games.register``) has its room and road as soon as it is in the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

import games
from games.engine import LANGS, render
from mud.shell.words import _

HUB = "crossroads"
DIRECTION_NAMES = {"n": "north", "s": "south", "e": "east", "w": "west", "u": "up", "d": "down"}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e", "u": "d", "d": "u"}
# As a reader sees them (the data keys stay the letters): "nord", "est" ... in Italian.
DIRECTION_SHOWN = {"n": _("north"), "s": _("south"), "e": _("east"), "w": _("west"), "u": _("up"), "d": _("down")}
COUNTS = (_("No"), _("One"), _("Two"), _("Three"), _("Four"), _("Five"), _("Six"))
ROAD_ORDER = "neswud"  # the order the hub's roads are told in
# The little words a room's name is found without ('vai taverna', 'go tavern'): articles, "of".
NAME_LITTLE_WORDS = frozenset("the il lo la i gli le del dello della dei degli delle".split())


@dataclass(frozen=True)
class Room:
    """A room: its id (data: stored, compared, typed), and its name, heading and description as a
    reader reads them (messages, worded for each reader; the hub's are the world's own)."""

    id: str
    name: object
    description: object
    exits: dict = field(default_factory=dict)  # direction letter -> room id
    heading: object = None  # the name as a heading ("The Tavern"); None: ``name`` capitalised


def _places() -> list[tuple[str, object]]:
    """(room, place) of each game of the catalogue that loads, in catalogue order, read without
    building the games (``games.place_of``; a registered module that is missing is left out)."""
    out = []
    for name in games.names():
        try:
            out.append(games.place_of(name))
        except KeyError:
            continue
    return out


def _build() -> dict[str, Room]:
    """The hub first, then each game's room in catalogue order; the first game naming a room with a
    place brings it, and its road from the hub (a road already taken is not laid twice)."""
    rooms: dict[str, Room] = {}
    roads: dict[str, str] = {}
    for room, place in _places():
        if place is None or not room or room in rooms or place.road in roads:
            continue
        rooms[room] = Room(room, place.name, place.description, {OPPOSITE[place.road]: HUB},
                           getattr(place, "heading", None))
        roads[place.road] = room
    roads = {d: roads[d] for d in sorted(roads, key=ROAD_ORDER.index)}
    count = COUNTS[len(roads)] if len(roads) < len(COUNTS) else str(len(roads))
    hub = Room(HUB, _("the Crossroads"), _hub_description(count), roads, _("The Crossroads"))
    return {HUB: hub, **{r: rooms[r] for r in roads.values()}}


def _hub_description(count):
    return _("{count} roads meet under an old signpost. Lanterns swing over the cobbles; from "
             "somewhere comes the clink of dice.", count=count)


def described(room: Room):
    """A room's description as a reader sees it (a message, worded for each reader)."""
    return room.description


def name_words(name, langs: tuple[str, ...] = LANGS) -> list[str]:
    """The words that find a room by its name in ``langs`` ('gate', 'labyrinth'; 'cancello',
    'labirinto'): each language's name, lower case, without its articles (``l'`` elided too)."""
    words: list[str] = []
    for lang in langs:
        for word in render(name, lang).lower().split():
            word = _elided(word)
            if word and word not in NAME_LITTLE_WORDS and word not in words:
                words.append(word)
    return words


def _elided(word: str) -> str:
    """A word without the article or preposition elided before it ("l'osservatorio", "all'osservatorio")."""
    return word.replace("’", "'").split("'", 1)[-1]


class _Rooms(Mapping):
    """The world's rooms by id, rebuilt whenever the catalogue changes."""

    def __init__(self) -> None:
        self._seen: dict = {}  # the catalogue the rooms were built from
        self._rooms: dict[str, Room] = {}
        self.words: dict[str | None, dict[str, Room]] = {}  # a language (None: any) -> its words' index (find)

    def _now(self) -> dict[str, Room]:
        if not self._rooms or games.CATALOGUE != self._seen:  # (every command asks: a comparison, no copy)
            self._rooms, self._seen = _build(), dict(games.CATALOGUE)
            self.words = {lang: _index(self._rooms.values(), langs) for lang, langs in _READ_IN.items()}
        return self._rooms

    def __getitem__(self, room_id: str) -> Room:
        return self._now()[room_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._now())

    def __len__(self) -> int:
        return len(self._now())


ROOMS = _Rooms()


def shown(room: Room):
    """A room's name as a reader sees it inside a sentence ("the Crossroads", "il Crocevia")."""
    return room.name


def heading(room: Room):
    """A room's name as the heading of its description, capitalised ("The Tavern", "La Taverna")."""
    if room.heading is not None:
        return room.heading
    return room.name[0].upper() + room.name[1:] if isinstance(room.name, str) else room.name


def game_of(room_id: str):
    """The GameSpec whose tables stand in this room (the first, if several), or None."""
    here = games.in_room(room_id)
    return here[0] if here else None


def title_of(room: Room) -> str:
    """What is played in a room: its games' titles ('' for the hub)."""
    return " / ".join(g.title for g in games.in_room(room.id))


def has_tables(room: Room) -> bool:
    return game_of(room.id) is not None


def roads() -> list[tuple[str, Room]]:
    """The hub's roads, as (direction letter, room), in the order the welcome tells them."""
    return [(d, ROOMS[r]) for d, r in ROOMS[HUB].exits.items()]


# The languages a room's name is read in, by the reader's language: theirs and English; None, any.
_READ_IN = {None: LANGS, **{lang: tuple(x for x in LANGS if x in ("en", lang)) for lang in LANGS}}


def _index(rooms, langs: tuple[str, ...]) -> dict[str, Room]:
    """Each word that finds a room in ``langs`` -- its id, the words of its name, and each start of
    three letters or more of these -- and the first room, in the world's order, it finds: a walk to a
    room costs one look-up however many rooms and languages there are."""
    index: dict[str, Room] = {}
    for room in rooms:
        for word in (room.id, *name_words(room.name, langs)):
            index.setdefault(word, room)
            for end in range(3, len(word)):
                index.setdefault(word[:end], room)
    return index


def find(word: str, lang: str | None = None) -> Room | None:
    """A room named by its id or any word of its name ('crossroads', 'cross'), as a reader of ``lang``
    reads it or in English ('taverna' or 'tavern' for an Italian reader); None: in any language. The
    names are the rooms' own messages: no table of words stands beside them."""
    ROOMS._now()
    index = ROOMS.words.get(lang) or ROOMS.words["en"]  # (xx, a language of no player: English)
    return index.get(_elided(word.lower()))
