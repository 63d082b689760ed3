"""Dungeon Chess's words (docs/i18n.md): the domain's message factory ``_`` and the names the game's
sentences carry as parameters -- the characters, the sides, the secret targets, the endings.

Italian agrees where English does not: "the Mage" is *la* Maga, "the Fighter" *il* Lottatore. So a
character is never a bare name glued into a sentence that needs an article: a sentence that begins
with someone's character is one message per kind (``MOVED`` ...), and a character inside a sentence
is a whole phrase that carries its own article (``owned``, ``the``), each translated as a unit.
"""

from __future__ import annotations

from pathlib import Path

from games.words import Msg, Words

_ = Words("dungeon_chess", Path(__file__).resolve().parent / "locale")

# kind -> the character's name, alone (lists, refusals that name a kind)
NAMES = {"L": _("Fighter"), "Gk": _("Kor Warrior"), "G": _("Warrior"), "M": _("Mage")}
# kind -> the character with its article, inside a sentence
THE = {"L": _("the Fighter"), "Gk": _("the Kor Warrior"), "G": _("the Warrior"), "M": _("the Mage")}
SIDES = {"S": _("South"), "W": _("West"), "N": _("North"), "E": _("East")}

# number -> what the secret target asks (data.TARGETS keeps the English and the bonus)
TARGETS = {
    1: _("Hold an enemy Mage"),
    2: _("Your own Mage is on the board"),
    3: _("Hold 3 or more chests"),
    4: _("Hold 2 or more enemy Fighters"),
    5: _("Hold an enemy Kor Warrior"),
    6: _("Never pay a ransom"),
    7: _("4 or more of your characters are on the board"),
    8: _("Your Warrior makes 2 or more captures"),
    9: _("Hold characters of every opponent"),
    10: _("One of your characters stands on an enemy teleport square"),
}

# how each kind moves, as a refused move explains it
HOW = {"L": _("1 square orthogonally"), "Gk": _("1-3 squares orthogonally"), "G": _("1-3 squares diagonally"),
       "M": _("1-3 squares in any direction")}

# why the game ended (ending.ending_reason's words)
WHY = {
    "single": _("only one player has more than a single character left"),
    "quiet": _("40 rounds in a row passed without a capture or a ransom"),
    "blocked": _("nobody could move in a whole round"),
}


def owned(owner: str, kind: str) -> Msg:
    """Someone's character inside a sentence: "ann's Mage", in Italian "la Maga di ann"."""
    if kind == "L":
        return _("{owner}'s Fighter", owner=owner)
    if kind == "Gk":
        return _("{owner}'s Kor Warrior", owner=owner)
    if kind == "G":
        return _("{owner}'s Warrior", owner=owner)
    return _("{owner}'s Mage", owner=owner)


def moved(kind: str, player: str, frm: str, to: str, entering: bool) -> Msg:
    """A step onto an empty square, begun with the character (one sentence per kind and case)."""
    p = {"player": player, "frm": frm, "to": to}
    if entering:
        if kind == "L":
            return _("{player}'s Fighter comes into play and moves {frm}-{to}.", **p)
        if kind == "Gk":
            return _("{player}'s Kor Warrior comes into play and moves {frm}-{to}.", **p)
        if kind == "G":
            return _("{player}'s Warrior comes into play and moves {frm}-{to}.", **p)
        return _("{player}'s Mage comes into play and moves {frm}-{to}.", **p)
    if kind == "L":
        return _("{player}'s Fighter moves {frm}-{to}.", **p)
    if kind == "Gk":
        return _("{player}'s Kor Warrior moves {frm}-{to}.", **p)
    if kind == "G":
        return _("{player}'s Warrior moves {frm}-{to}.", **p)
    return _("{player}'s Mage moves {frm}-{to}.", **p)


def captured(kind: str, player: str, frm: str, to: str, victim: Msg) -> Msg:
    """A capture by landing; ``victim`` is the taken character's phrase (:func:`owned`)."""
    p = {"player": player, "frm": frm, "to": to, "victim": victim}
    if kind == "L":
        return _("{player}'s Fighter moves {frm}-{to} and captures {victim}!", **p)
    if kind == "Gk":
        return _("{player}'s Kor Warrior moves {frm}-{to} and captures {victim}!", **p)
    if kind == "G":
        return _("{player}'s Warrior moves {frm}-{to} and captures {victim}!", **p)
    return _("{player}'s Mage moves {frm}-{to} and captures {victim}!", **p)


def teleported(kind: str, player: str, frm: str, to: str) -> Msg:
    p = {"player": player, "frm": frm, "to": to}
    if kind == "L":
        return _("{player}'s Fighter teleports {frm}-{to}.", **p)
    if kind == "Gk":
        return _("{player}'s Kor Warrior teleports {frm}-{to}.", **p)
    if kind == "G":
        return _("{player}'s Warrior teleports {frm}-{to}.", **p)
    return _("{player}'s Mage teleports {frm}-{to}.", **p)


def listing(items: list, last_word: bool = False) -> Msg | str:
    """Names in a row: "a, b, c" (``last_word``: "a and b and c", as the winners are said)."""
    out = items[0]
    for item in items[1:]:
        out = _("{names} and {name}", names=out, name=item) if last_word else _("{names}, {name}", names=out, name=item)
    return out
