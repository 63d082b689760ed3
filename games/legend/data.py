"""Quest for Legend's cards as plain tables (rules/quest-for-legend.md, Cards): the four heroes with
their gifts, the ten missions (each twice in the deck) with their codes and Legend Points, and the
four resource types (eleven cards each). Everything else reads these tables."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

HAND_LIMIT = 5  # cards kept at the end of a turn (and dealt at the start)
TWINS = 2  # every mission card exists twice
PER_TYPE = 11  # resource cards of each type
TOURNAMENT = ("1", "3", "5")  # games in a match: one, or a tournament of 3 or 5

# Resource types: the letter players type, and the card's name.
RESOURCES = {"I": "ship", "A": "divine favour", "C": "companions", "E": "equipment"}
TYPE_ORDER = "IACE"
# Words a player may type for a resource card, besides its letter.
RESOURCE_WORDS = {"ship": "I", "ships": "I", "boat": "I", "favour": "A", "favor": "A", "divine": "A",
                  "companion": "C", "companions": "C", "equipment": "E", "gear": "E"}


@dataclass(frozen=True)
class Mission:
    key: str  # the word it is typed as
    name: str  # its full name
    short: str  # its name on a crowded screen
    code: tuple[tuple[str, int], ...]  # resource type -> cards needed
    points: int  # Legend Points: what it scores completed, and costs unfinished or superseded

    @cached_property
    def need(self) -> dict[str, int]:
        return dict(self.code)

    @cached_property
    def size(self) -> int:
        return sum(n for _, n in self.code)

    @cached_property
    def code_text(self) -> str:
        return " ".join(f"{t}/{n}" for t, n in self.code)


_MISSIONS = (
    Mission("sphinx", "Riddle of the Sphinx", "Sphinx", (("A", 1),), 1),
    Mission("boar", "Erymanthian Boar", "Boar", (("C", 1), ("E", 1)), 2),
    Mission("hydra", "Hydra of Lerna", "Hydra", (("C", 1), ("E", 2)), 3),
    Mission("sirens", "Song of the Sirens", "Sirens", (("I", 2), ("A", 1)), 3),
    Mission("labyrinth", "Labyrinth of the Minotaur", "Labyrinth", (("A", 1), ("C", 1), ("E", 1)), 3),
    Mission("fleece", "Golden Fleece", "Fleece", (("I", 1), ("A", 1), ("C", 2)), 4),
    Mission("medusa", "Slaying of Medusa", "Medusa", (("I", 1), ("A", 1), ("E", 2)), 4),
    Mission("horse", "Trojan Horse", "Horse", (("I", 1), ("C", 2), ("E", 1)), 4),
    Mission("tartarus", "Descent into Tartarus", "Tartarus", (("A", 2), ("C", 1), ("E", 2)), 5),
    Mission("ithaca", "Return to Ithaca", "Ithaca", (("I", 2), ("A", 2), ("C", 1)), 5),
)
MISSIONS: dict[str, Mission] = {m.key: m for m in _MISSIONS}


@dataclass(frozen=True)
class Hero:
    key: str
    name: str
    favoured: str  # the mission reached one card short when this hero places (owner or disturber)
    pair: str  # the resource type of the two cards that count as one ...
    stands_for: str  # ... card of this type

    @property
    def gift_text(self) -> str:
        return (f"{MISSIONS[self.favoured].short} one card short; "
                f"{self.pair}+{self.pair} count as one {self.stands_for}")


_HEROES = (
    Hero("hercules", "Hercules", "hydra", "E", "C"),
    Hero("ulysses", "Ulysses", "ithaca", "C", "I"),
    Hero("perseus", "Perseus", "medusa", "A", "E"),
    Hero("jason", "Jason", "fleece", "I", "A"),
)
HEROES: dict[str, Hero] = {h.key: h for h in _HEROES}


def full_deck() -> list[str]:
    """The 64 game cards, unshuffled: each mission twice (by its key) and eleven of each resource (by
    its letter). A card is just that string: twins and cards of one type are alike."""
    return [m for m in MISSIONS for _ in range(TWINS)] + [t for t in TYPE_ORDER for _ in range(PER_TYPE)]


def card_name(card: str) -> str:
    """How a card reads in a list: ``I``, ``Medusa``."""
    return MISSIONS[card].short if card in MISSIONS else card


def card_sort(card: str) -> tuple:
    """Resources first in I A C E order, then missions by their value."""
    if card in MISSIONS:
        return (1, MISSIONS[card].points, card)
    return (0, TYPE_ORDER.index(card), card)


# A mission's short name in Italian, as the Italian screens show it (the seed's words), typed whole.
ITALIAN_WORDS = {"sfinge": "sphinx", "cinghiale": "boar", "idra": "hydra", "sirene": "sirens",
                 "labirinto": "labyrinth", "vello": "fleece", "cavallo": "horse", "tartaro": "tartarus",
                 "itaca": "ithaca"}


def mission_word(word: str) -> list[str]:
    """The missions a typed word names: its key, or a word (or a 3-letter start) of its name, or its short
    name in Italian."""
    w = word.lower().strip(".,;:!?'\"")
    if w in MISSIONS:
        return [w]
    if w in ITALIAN_WORDS:
        return [ITALIAN_WORDS[w]]
    hits = []
    for m in _MISSIONS:
        words = {m.key, *m.name.lower().replace("'", " ").split()} - {"of", "the", "into", "to"}
        if any(x == w or (len(w) >= 3 and x.startswith(w)) for x in words):
            hits.append(m.key)
    return hits


def resource_word(word: str) -> str | None:
    """The resource type a typed word names (``I``, ``i``, ``ship``), or None."""
    w = word.strip(".,;:!?")
    if w.upper() in RESOURCES:
        return w.upper()
    return RESOURCE_WORDS.get(w.lower())
