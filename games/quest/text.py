"""How Quest speaks: small phrasing helpers, so rules.py reads as rules and not as prose."""

from __future__ import annotations

from games.engine import Event
from games.quest.board import Door, Room
from games.quest.data import (DIRECTION_NAMES, LOCATION_ACTION, LOCATION_NAME, OBJECT_NAMES)


def direction(d: str) -> str:
    return DIRECTION_NAMES.get(d, d)  # a word no direction names is shown as it came (and refused)


def room_name(room: Room) -> str:
    return f"{LOCATION_NAME[room.location]} (difficulty {room.difficulty})"


def action_name(room: Room) -> str:
    return LOCATION_ACTION[room.location]


def article(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def obj(card: str) -> str:
    return OBJECT_NAMES.get(card, card)


def a_obj(card: str) -> str:
    return "the Grail" if card == "grail" else article(obj(card))


def face(door: Door) -> str:
    if door.locked_kind:
        return "open" if door.open else "locked"
    return "open" if door.open else "closed"


def door_here(door: Door, d: str) -> str:
    """``the red door to the north`` (from where the player stands)."""
    return f"the {door.colour} door to the {direction(d)}"


def door_between(door: Door, a: str, b: str) -> str:
    return f"the {door.colour} door between {a} and {b}"


def listing(items: list[str]) -> str:
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def voiced(kind: str, own: dict[str, str], others: str, hidden: tuple[str, ...] = (), **data) -> list[Event]:
    """One happening told to each player it is about in their own words (``own``: player -> 'You win
    the duel against bob.'), and as ``others`` to everyone else but ``hidden`` -- the same kind and
    data for all. A player read their own deeds in the third person ('root turns the white door',
    'bot1 wins the duel against root'), which a newcomer took for someone else (issue 26)."""
    return [Event(kind, text, dict(data), to=(who,)) for who, text in own.items()] + \
        [Event(kind, others, dict(data), not_to=tuple(own) + tuple(h for h in hidden if h not in own))]
