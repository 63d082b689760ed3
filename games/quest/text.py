"""How Quest speaks: the names of its things as messages, and small phrasing helpers, so rules.py
reads as rules and not as prose. Every helper returns a message (games/words.py) of the ``quest``
domain, worded for each reader; ``str()`` of it is the English the game always wrote."""

from __future__ import annotations

from games.engine import Event
from games.quest.board import Door, Room
from games.quest.words import _

DIRECTION = {"n": _("north"), "s": _("south"), "e": _("east"), "w": _("west")}

PLACE = {"castle": _("Castle"), "desert": _("Desert"), "forest": _("Enchanted forest"), "city": _("City"),
         "tower": _("Abandoned tower"), "field": _("Field of Mars"), "church": _("Church"),
         "countryside": _("Countryside"), "port": _("Sea port"), "cave": _("Dragon's cave")}

# A location as data names it ("castle", as the published map has it), in the reader's words.
PLACE_WORD = {"castle": _("castle"), "desert": _("desert"), "forest": _("forest"), "city": _("city"),
              "tower": _("tower"), "field": _("field"), "church": _("church"), "countryside": _("countryside"),
              "port": _("port"), "cave": _("cave")}

DEED = {"castle": _("an audience with the king"), "desert": _("a mystic epiphany"),
        "forest": _("a search for a chest"), "city": _("an odd job"), "tower": _("freeing the damsel"),
        "field": _("buying from the smith"), "church": _("taking a bible"),
        "countryside": _("the quest for the Grail"), "port": _("finding a rope"), "cave": _("facing the dragon")}

# A card or treasure named bare ("sword"), and with its article ("a sword": Italian agrees it).
THING = {"sword": _("sword"), "lance": _("lance"), "mace": _("mace"), "shield": _("shield"),
         "armour": _("armour"), "rope": _("rope"), "damsel": _("damsel"), "head": _("dragon head"),
         "bible": _("bible"), "grail": _("Grail"), "crystal ball": _("crystal ball"),
         "health potion": _("health potion"), "bag of money": _("bag of money"), "black key": _("black key")}
A_THING = {"sword": _("a sword"), "lance": _("a lance"), "mace": _("a mace"), "shield": _("a shield"),
           "armour": _("an armour"), "rope": _("a rope"), "damsel": _("a damsel"), "head": _("a dragon head"),
           "bible": _("a bible"), "grail": _("the Grail"), "crystal ball": _("a crystal ball"),
           "health potion": _("a health potion"), "bag of money": _("a bag of money"),
           "black key": _("a black key")}
THE_THING = {"crystal ball": _("the crystal ball"), "health potion": _("the health potion"),
             "bag of money": _("the bag of money"), "black key": _("the black key")}

# A door's or a key's colour (both feminine in Italian: la porta rossa, la chiave d'oro).
COLOUR = {"green": _("green"), "white": _("white"), "red": _("red"), "gold": _("gold"), "silver": _("silver"),
          "black": _("black")}
FACE = {"open": _("open"), "closed": _("closed"), "locked": _("locked"), "unknown": _("unknown")}
RANK = {"vassal": _("vassal"), "knight": _("knight"), "wizard": _("wizard"), "king": _("king")}


def gold(n: int):
    """``3 gold`` -- in Italian a real plural: ``1 moneta d'oro``, ``3 monete d'oro``."""
    return _.plural("{n} gold", "{n} gold", n)


def direction(d: str):
    return DIRECTION.get(d, d)  # a word no direction names is shown as it came (and refused)


def place(location: str):
    return PLACE[location]


def room_name(room: Room):
    return _("{place} (difficulty {difficulty})", place=PLACE[room.location], difficulty=room.difficulty)


def action_name(room: Room):
    return DEED[room.location]


def obj(card: str):
    return THING.get(card, card)


def a_obj(card: str):
    return A_THING.get(card, card)


def colour(c: str):
    return COLOUR.get(c, c)


def key(c: str):
    """``the gold key``."""
    return _("the {colour} key", colour=colour(c))


def face_word(face: str):
    return FACE.get(face, face)


def face(door: Door) -> str:
    """The face a player reads, as data (open, closed, locked): :func:`face_word` words it."""
    if door.locked_kind:
        return "open" if door.open else "locked"
    return "open" if door.open else "closed"


def door_here(door: Door, d: str):
    """``the red door to the north`` (from where the player stands)."""
    return _("the {colour} door to the {direction}", colour=colour(door.colour), direction=direction(d))


def door_between(door: Door, a: str, b: str):
    return _("the {colour} door between {a} and {b}", colour=colour(door.colour), a=a, b=b)


def commas(items: list):
    """``a, b, c``: the items joined by commas, each worded in the reader's language."""
    out = items[0]
    for item in items[1:]:
        out = _("{first}, {then}", first=out, then=item)
    return out


def listing(items: list):
    if not items:
        return _("nothing")
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}", items=commas(items[:-1]), last=items[-1])


def voiced(kind: str, own: dict, others, hidden: tuple[str, ...] = (), **data) -> list[Event]:
    """One happening told to each player it is about in their own words (``own``: player -> 'You win
    the duel against bob.'), and as ``others`` to everyone else but ``hidden`` -- the same kind and
    data for all. A player read their own deeds in the third person ('root turns the white door',
    'bot1 wins the duel against root'), which a newcomer took for someone else (issue 26)."""
    return [Event(kind, text, dict(data), to=(who,)) for who, text in own.items()] + \
        [Event(kind, others, dict(data), not_to=tuple(own) + tuple(h for h in hidden if h not in own))]
