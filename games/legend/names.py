"""The names a Quest for Legend player reads, as messages: the missions (full and short), the heroes, the
resource cards. data.py keeps the English words a player types (parsing reads them); these are the words
shown, one message each, so the Italian catalogue names them as the seed does (Uccisione di Medusa, Ercole).
tests/games/legend/test_italian.py checks they read in English exactly as data.py has them."""

from __future__ import annotations

from typing import Any

from games.legend.data import MISSIONS, card_sort
from games.legend.words import _, row

MISSION_NAMES = {
    "sphinx": _("Riddle of the Sphinx"), "boar": _("Erymanthian Boar"), "hydra": _("Hydra of Lerna"),
    "sirens": _("Song of the Sirens"), "labyrinth": _("Labyrinth of the Minotaur"), "fleece": _("Golden Fleece"),
    "medusa": _("Slaying of Medusa"), "horse": _("Trojan Horse"), "tartarus": _("Descent into Tartarus"),
    "ithaca": _("Return to Ithaca"),
}
MISSION_SHORT = {
    "sphinx": _("Sphinx"), "boar": _("Boar"), "hydra": _("Hydra"), "sirens": _("Sirens"),
    "labyrinth": _("Labyrinth"), "fleece": _("Fleece"), "medusa": _("Medusa"), "horse": _("Horse"),
    "tartarus": _("Tartarus"), "ithaca": _("Ithaca"),
}
HERO_NAMES = {"hercules": _("Hercules"), "ulysses": _("Ulysses"), "perseus": _("Perseus"), "jason": _("Jason")}
RESOURCE_NAMES = {"I": _("ship"), "A": _("divine favour"), "C": _("companions"), "E": _("equipment")}


def card_shown(card: str) -> Any:
    """A card as a list shows it: its letter (``I``, read alike in Italian) or its mission's short name."""
    return MISSION_SHORT[card] if card in MISSIONS else card


def cards_shown(cards: list[str], none: Any = None) -> Any:
    """Cards in the order a hand is shown, as one message; ``none`` (by default "nothing") for no card."""
    if not cards:
        return _("nothing") if none is None else none
    return row([card_shown(c) for c in sorted(cards, key=card_sort)])


def hero_of(state, player: str) -> Any:
    """The name of the player's hero, as shown."""
    return HERO_NAMES[state.seats[player].hero]
