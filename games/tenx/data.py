"""10x's cards and quests as plain tables (rules/tenx.md, Cards). Tests check every count.

A numbered card is written as its modifiers (s star, d die, m mask) and, when it has one, the
bonus/malus printed at its bottom: ``"sd"`` is a star-and-die card, ``"m+3"`` a mask card that may
also be played as +3, ``"-2"`` a plain card with a -2 at the bottom, ``"-"`` a plain card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.words import Msg
from games.tenx.words import _

MODIFIERS = ("star", "die", "mask")
_LETTER = {"s": "star", "d": "die", "m": "mask"}
# The modifiers of a numbered card as a player reads them (its name: "7 star/die/mask").
MODS_SHOWN = {("star",): _("star"), ("die",): _("die"), ("mask",): _("mask"), ("star", "die"): _("star/die"),
              ("star", "mask"): _("star/mask"), ("die", "mask"): _("die/mask"),
              ("star", "die", "mask"): _("star/die/mask")}

# value -> its cards (Decision in rules/tenx.md: one fixed table meeting every count).
NUMBERED_TABLE = {
    10: "s-1 s d-2 -3 - -",
    9: "s s-2 d -1 -3 -",
    8: "s s-3 sd d-1 -2 - - -",
    7: "sdm s s-1 d-2 d -3 - -",
    6: "s s-1 sm d d-3 -2 - -",
    5: "s+1 s s+2 sd s d+1 d m+3 - - - -",
    4: "s s+1 sd s s+2 d d+1 m+3 - - - -",
    3: "s s+1 sm s s+2 d d+1 dm +3 - - -",
    2: "s s+1 sm s s+2 sd d d+1 dm +3 - - - -",
    1: "s s+1 sm s s+2 sm d d+1 d +3 - - - -",
}

# The 55 bonus/malus cards: value -> how many.
BONUS_TABLE = {1: 10, 2: 10, 3: 10, -1: 5, -2: 5, -3: 5, 4: 5, 5: 5}


@dataclass(frozen=True)
class Card:
    """A game card: numbered (``value`` 1-10, ``mods``, maybe a ``bottom``) or bonus/malus (``value``
    is the change it makes)."""

    id: str
    kind: str  # "number" or "bonus"
    value: int
    mods: tuple[str, ...] = ()
    bottom: int | None = None

    @property
    def name(self) -> str:
        if self.kind == "bonus":
            return f"{self.value:+d}"
        mods = "/".join(self.mods)
        return f"{self.value}" + (f" {mods}" if mods else "") + (f" [{self.bottom:+d}]" if self.bottom else "")

    @property
    def shown(self) -> Msg | str:
        """The name a player reads: ``name`` in the reader's language (a modifier is a word; the
        numbers are the same in every language), while ``name`` stays the English data."""
        if not self.mods:
            return self.name
        mods = MODS_SHOWN[self.mods]
        if self.bottom:
            return _("{value} {mods} [{bottom:+d}]", value=self.value, mods=mods, bottom=self.bottom)
        return _("{value} {mods}", value=self.value, mods=mods)

    @property
    def as_bonus(self) -> int | None:
        """What this card adds when played as a bonus/malus, or None."""
        return self.value if self.kind == "bonus" else self.bottom


def _parse(code: str) -> tuple[tuple[str, ...], int | None]:
    if code == "-":
        return (), None
    m = re.fullmatch(r"([sdm]*)([+-]\d)?", code)
    assert m, code
    mods = tuple(name for letter, name in _LETTER.items() if letter in m.group(1))
    return mods, int(m.group(2)) if m.group(2) else None


def _build() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    n = 0
    for value, row in NUMBERED_TABLE.items():
        for code in row.split():
            mods, bottom = _parse(code)
            cards[f"n{n:02d}"] = Card(f"n{n:02d}", "number", value, mods, bottom)
            n += 1
    b = 0
    for value, count in BONUS_TABLE.items():
        for _ in range(count):
            cards[f"b{b:02d}"] = Card(f"b{b:02d}", "bonus", value)
            b += 1
    return cards


CARDS: dict[str, Card] = _build()
NUMBERED_IDS = [c for c in CARDS if CARDS[c].kind == "number"]
BONUS_IDS = [c for c in CARDS if CARDS[c].kind == "bonus"]


@dataclass(frozen=True)
class Quest:
    """A personal or common quest: what it asks (``kind``, ``arg``) and, for a personal one, its reward."""

    id: str
    kind: str
    arg: int = 0
    reward: str = ""  # personal quests: card, quest or point
    text: Msg | str = ""  # what it asks, as players read it (a message: each reader's language)


# Personal quests: (kind, arg, reward, how many, text).
PERSONAL_TABLE = (
    ("win_star", 0, "card", 3, _("win using the star")),
    ("win_die", 0, "card", 3, _("win using the die")),
    ("win_mask", 0, "card", 3, _("win using the mask")),
    ("win_plain", 0, "quest", 9, _("win without star, die or mask")),
    ("win_by", 2, "card", 3, _("win by 2")),
    ("win_by", 3, "quest", 3, _("win by 3")),
    ("win_by", 4, "point", 3, _("win by 4")),
    ("lose_by", 2, "card", 3, _("lose by 2")),
    ("lose_by", 3, "quest", 3, _("lose by 3")),
    ("lose_by", 4, "point", 3, _("lose by 4")),
    ("play", 3, "card", 3, _("play a 3")),
    ("play", 2, "quest", 3, _("play a 2")),
    ("play", 1, "point", 3, _("play a 1")),
    ("play_seven", 7, "point", 5, _("play the 7 star/die/mask")),
)
SEVENS_VARIANT_EXTRA = 4  # the 'sevens' variant: four more 'play the 7 star/die/mask'

# Common quests, one copy each: (kind, arg, text).
COMMON_TABLE = (
    ("win_by_least", 3, _("win by at least 3")),
    ("win_star", 0, _("win using the star")),
    ("win_die", 0, _("win using the die")),
    ("win_mask", 0, _("win using the mask")),
    ("win_plain", 0, _("win without star, die or mask")),
    ("lose_by_least", 3, _("lose by at least 3")),
    ("play_at_most", 3, _("play a 3 or lower")),
    ("play_at_least", 7, _("play a 7 or higher")),
    ("discard_cards", 7, _("discard 7 game cards")),
    ("discard_quests", 3, _("discard 3 personal quests")),
)


def _personal() -> dict[str, Quest]:
    out: dict[str, Quest] = {}
    for kind, arg, reward, count, text in PERSONAL_TABLE:
        for _ in range(count):
            qid = f"p{len(out):02d}"
            out[qid] = Quest(qid, kind, arg, reward, text)
    seven = next(q for q in out.values() if q.kind == "play_seven")
    for _ in range(SEVENS_VARIANT_EXTRA):  # p50-p53: only in the 'sevens' variant's deck
        qid = f"p{len(out):02d}"
        out[qid] = Quest(qid, seven.kind, seven.arg, seven.reward, seven.text)
    return out


PERSONAL: dict[str, Quest] = _personal()


def personal_quests(sevens: bool = False) -> list[str]:
    """The ids of the personal quest deck: 50, or 54 with the 'sevens' variant."""
    return list(PERSONAL)[:50 + SEVENS_VARIANT_EXTRA * sevens]
COMMON: dict[str, Quest] = {f"c{i}": Quest(f"c{i}", kind, arg, "", text)
                            for i, (kind, arg, text) in enumerate(COMMON_TABLE)}

TITLE = "10x"  # the game's name as players read it (GameSpec.title; refusals name the game with it)
START_NUMBERED, START_BONUS, START_QUESTS = 5, 2, 2
HAND_LIMIT, QUEST_LIMIT = 10, 5  # game cards (numbered and bonus/malus), personal quests in hand
DISCARD_CARDS, DISCARD_QUESTS = 7, 3
COMMON_EVERY = 3  # rounds; 5 in the 'five' variant
# players -> (points from which one must declare, points that end the game)
THRESHOLDS = {4: (7, 10), 3: (10, 12), 2: (15, 20)}

# Variants (rules/tenx.md): name -> what it changes. 'hardcore' turns them all on.
VARIANTS = {
    "discardall": "discards are made face down: only their owner sees the cards thrown away",
    "critical": "a die roll of 1 discards two game cards",
    "ordered": "from the last winner, each chooses in turn whether to play",
    "pure10": "a tie of plain 10s wins nobody (a 10 with a star still wins)",
    "single": "always a single winner per round (ties to fewest points, resolved quests, quests, cards)",
    "five": "a common quest every 5 rounds instead of 3",
    "sevens": "four more 'play the 7 star/die/mask' personal quests",
}
