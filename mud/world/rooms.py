"""The rooms of the world as plain data: the Crossroads hub and one room per game.

A game says which room its tables stand in (``GameSpec.room``): :func:`game_of` asks the
catalogue. A room's ``game`` and ``game_title`` only say what the world *plans* to play there, so
a room whose game is not built yet still has its tables, which say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import games

HUB = "crossroads"
DIRECTION_NAMES = {"n": "north", "s": "south", "e": "east", "w": "west", "u": "up", "d": "down"}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e", "u": "d", "d": "u"}


@dataclass(frozen=True)
class Room:
    id: str
    name: str
    description: str
    exits: dict = field(default_factory=dict)  # direction letter -> room id
    game: str | None = None  # the game its tables play
    game_title: str = ""


_ROOMS = (
    Room(HUB, "the Crossroads",
         "Five roads meet under an old signpost. Lanterns swing over the cobbles; from somewhere "
         "comes the clink of dice.",
         {"n": "gate", "e": "tavern", "s": "harbour", "w": "castle", "u": "observatory"}),
    Room("gate", "the Labyrinth gate",
         "An iron gate in a wall of hedges. Beyond it forty rooms wait in the dark, each with four "
         "doors. Adventurers gather at the tables here to enter together.",
         {"s": HUB}, "quest", "Quest"),
    Room("tavern", "the Tavern",
         "Smoke, laughter and the slap of cards. Every table has a deck of a hundred numbered cards.",
         {"w": HUB}, "tenx", "10x"),
    Room("harbour", "the Harbour temple",
         "White columns above the quay. Heroes swear their oaths here before sailing for legend.",
         {"n": HUB}, "legend", "Quest for Legend"),
    Room("castle", "the Castle dungeon",
         "Torchlight on a floor of black and white flagstones, where pieces fight in the dark.",
         {"e": HUB}, "chess", "Dungeon Chess"),
    Room("observatory", "the Observatory",
         "A dome of brass and glass at the top of a spiral stair. Star charts cover the tables.",
         {"d": HUB}, "quantum", "Quantum"),
)

ROOMS: dict[str, Room] = {r.id: r for r in _ROOMS}


def game_of(room_id: str):
    """The GameSpec whose tables stand in this room (the first, if several), or None."""
    here = games.in_room(room_id)
    return here[0] if here else None


def title_of(room: Room) -> str:
    """What is played in a room: the built game's title, else the one planned."""
    game = game_of(room.id)
    return game.title if game is not None else room.game_title


def has_tables(room: Room) -> bool:
    return bool(room.game) or game_of(room.id) is not None


def find(word: str) -> Room | None:
    """A room named by any word of its name or its id ('tavern', 'gate', 'labyrinth')."""
    w = word.lower()
    for room in _ROOMS:
        words = [room.id, *room.name.lower().replace("the ", "").split()]
        if any(x == w or (len(w) >= 3 and x.startswith(w)) for x in words):
            return room
    return None
