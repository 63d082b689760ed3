"""The cards as data, counted against rules/quest-for-legend.md (Cards, heroes' gifts)."""

from __future__ import annotations

from collections import Counter

from games.legend.data import HEROES, MISSIONS, RESOURCES, full_deck


def test_sixty_four_game_cards_twenty_missions_and_forty_four_resources():
    deck = Counter(full_deck())
    assert sum(deck.values()) == 64
    assert sum(n for c, n in deck.items() if c in MISSIONS) == 20
    assert sum(n for c, n in deck.items() if c in RESOURCES) == 44


def test_ten_missions_each_twice_and_eleven_resources_of_each_type():
    deck = Counter(full_deck())
    assert len(MISSIONS) == 10 and all(deck[k] == 2 for k in MISSIONS)
    assert set(RESOURCES) == set("IACE") and all(deck[t] == 11 for t in RESOURCES)


def test_missions_codes_and_values_as_the_rules_table():
    table = {"sphinx": ("A/1", 1), "boar": ("C/1 E/1", 2), "hydra": ("C/1 E/2", 3), "sirens": ("I/2 A/1", 3),
             "labyrinth": ("A/1 C/1 E/1", 3), "fleece": ("I/1 A/1 C/2", 4), "medusa": ("I/1 A/1 E/2", 4),
             "horse": ("I/1 C/2 E/1", 4), "tartarus": ("A/2 C/1 E/2", 5), "ithaca": ("I/2 A/2 C/1", 5)}
    assert {k: (m.code_text, m.points) for k, m in MISSIONS.items()} == table
    assert all(m.points == m.size for m in MISSIONS.values()), "a mission's value is the cards it needs"


def test_the_originals_two_codes():
    assert MISSIONS["fleece"].name == "Golden Fleece" and MISSIONS["fleece"].need == {"I": 1, "A": 1, "C": 2}
    assert MISSIONS["medusa"].name == "Slaying of Medusa" and MISSIONS["medusa"].need == {"I": 1, "A": 1, "E": 2}


def test_four_heroes_with_their_favoured_mission_and_pair():
    gifts = {h.name: (h.favoured, h.pair, h.stands_for) for h in HEROES.values()}
    assert gifts == {"Hercules": ("hydra", "E", "C"), "Ulysses": ("ithaca", "C", "I"),
                     "Perseus": ("medusa", "A", "E"), "Jason": ("fleece", "I", "A")}
