"""Reasons a sound player has, given to the easy/normal bots so that seeded games reach rules they
never used (issue 24): rock-paper-scissors when the bot is the lighter of two unarmed players (a tie
goes to the lighter), a knight's useless gold handed to a wizard (it only weighs in a tie), the
crystal ball looked into when the bot knows nowhere to go."""

from __future__ import annotations

import random

from games.engine import Action
from games.quest import GAME, bot_duels, bot_habits
from tests.games.quest.fixtures import act, dice, isolate, new, place, room


class Low(random.Random):
    """A bot rng whose every draw is low: each 'now and then' of the bots happens."""

    def random(self) -> float:
        return 0.1


def refused_by(caio_gold: int, caio_objects=(), tizio_gold: int = 0):
    s = new(("tizio", "caio"), rules="full")
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    s.players["tizio"].gold, s.players["caio"].gold = tizio_gold, caio_gold
    s.players["caio"].objects = list(caio_objects)
    dice(s, 3)
    act(s, "tizio", "move", "e")
    act(s, "caio", "deny")
    return GAME.view(s, "tizio")


def test_an_unarmed_bot_forces_its_way_in_only_against_heavier_unarmed_occupants():
    rng = random.Random(1)
    assert bot_duels.should_force(refused_by(caio_gold=2), "normal", rng, "B3"), "lighter: ties are its own"
    assert not bot_duels.should_force(refused_by(caio_gold=1, tizio_gold=1), "normal", rng, "B3"), "same weight"
    assert not bot_duels.should_force(refused_by(caio_gold=2, caio_objects=("rope",)), "normal", rng, "B3"), \
        "a card may be a weapon: the unarmed loses at once"


def knight_with_gold(*ranks: str, bag: bool = False):
    s = new(("tizio", "caio", "sempronio"), rules="full")
    s.players["tizio"].rank = "knight"
    s.players["tizio"].gold = 2
    s.players["tizio"].consent = "ask"
    if bag:
        s.players["tizio"].treasures = ["bag of money"]
    for name, rank in zip(("caio", "sempronio"), ranks):
        s.players[name].rank = rank
    return GAME.view(s, "tizio")


def test_a_knight_hands_its_gold_to_a_wizard_and_to_nobody_else():
    memory: dict = {}
    assert bot_habits.habit(knight_with_gold("vassal", "wizard"), random.Random(1), "normal", memory) \
        == Action("give", ("sempronio", 2, "gold"))
    assert bot_habits.habit(knight_with_gold("vassal", "knight"), random.Random(1), "normal", {}) is None
    assert bot_habits.habit(knight_with_gold("wizard", "wizard", bag=True), random.Random(1), "normal", {}) is None, \
        "the bag's gold never runs out: giving it would never end"


def test_a_bot_with_the_crystal_ball_and_nowhere_known_to_go_looks_at_a_player_on_an_unknown_room():
    s = new(("tizio", "caio", "sempronio"), rules="full")
    place(s, "tizio", "C4")
    room(s, "C4", "church", 1)  # nothing a vassal needs
    place(s, "caio", "A1")
    place(s, "sempronio", "C6")
    s.players["tizio"].treasures = ["crystal ball"]
    s.players["tizio"].gold = 0
    s.floor_keys = {"gold": "E8", "silver": "E7"}  # no key to pick up first
    s.players["tizio"].seen = {"C4"}
    assert GAME.bot_action(s, "tizio", Low(), "normal", {}) == Action("scry", ("sempronio",)), "the nearer one"
    s.players["tizio"].seen.add("C6")
    room(s, "C6", "city", 1)  # a city is known now: the bot walks there instead
    assert GAME.bot_action(s, "tizio", Low(), "normal", {}).verb != "scry"
