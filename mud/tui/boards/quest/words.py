"""The words Quest's board draws from the game's data (mud/tui/boards/quest/__init__.py): a door's face,
colour and direction, a key, a player's condition, a card held twice, what a player carries -- worded in the screen's
language (mud/tui/words.py). Kept apart so the board stays about drawing; it takes the game's data
from the board, and names no game."""

from __future__ import annotations

from mud.tui.words import _, current, tr

FACE_WORD = {"open": _("open"), "closed": _("closed"), "unknown": _("not seen"), "locked": _("locked")}
# the doors' colours, as the room panel names them (the view's are data: DOOR_STYLE's keys)
COLOUR_WORD = {"green": _("green"), "white": _("white"), "red": _("red"), "gold": _("gold"), "silver": _("silver"),
               "black": _("black")}


# the directions of the room panel's doors, by the game's names for them (its data)
DIRECTION_WORD = {"north": _("north"), "east": _("east"), "south": _("south"), "west": _("west")}


def direction_word(name) -> str:
    """A door's direction (the game's name for it) in words."""
    return tr(DIRECTION_WORD.get(str(name), name))


def colour_word(colour: str) -> str:
    """A door's or a key's colour in words."""
    return tr(COLOUR_WORD.get(colour, colour))


CONDITION_WORD = {"dead": _("dead"), "wounded": _("wounded")}
KEY_WORD = {"gold": _("gold key"), "silver": _("silver key"), "black": _("black key")}


def joined(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the screen's language."""
    if len(words) < 2:
        return "".join(words)
    return tr(_("{some} and {last}", some=", ".join(words[:-1]), last=words[-1]))


def counted(names: list) -> list[str]:
    """Each card once, a card held twice or more with its count: ``2 swords`` (not ``sword, sword``)."""
    counts = {n: names.count(n) for n in names}
    if current() == "en":
        return [str(n) if k == 1 else f"{k} {n}s" for n, k in counts.items()]
    return [tr(n) if k == 1 else tr(_("{n} × {card}", n=k, card=tr(n))) for n, k in counts.items()]


def carrying(me: dict, object_names: dict) -> list[list[str]]:
    """This player's belongings in words, in groups: money (always said first, so it is never
    cut off; a bag of money as unlimited gold), cards (by ``object_names``, the game's), treasures, keys."""
    money = _("bag of money (unlimited gold)") if me.get("bag") else _("{n} gold", n=me.get("gold", 0))
    groups = [[tr(money)],
              counted([object_names.get(o, o) for o in me.get("objects", [])]),
              [tr(t) for t in me.get("treasures", []) if t != "bag of money"],
              [tr(KEY_WORD.get(k, k)) for k in me.get("keys", [])]]
    return [g for g in groups if g]
