"""A duel says why it ended (issue 15): which throw beat which, and in a tie the weights that
settled it, so nobody is left wondering why the lighter or the defender won."""

from __future__ import annotations

from tests.games.quest.fixtures import act, texts
from tests.games.quest.test_duels import duel_at_door


def test_a_throw_says_what_beat_what():
    s, _ = duel_at_door()
    act(s, "tizio", "throw", "rock")
    ev = act(s, "caio", "throw", "scissors")
    assert "tizio shows rock, caio shows scissors: rock beats scissors, tizio wins." in texts(ev, "sempronio")


def test_a_tied_throw_names_both_weights():
    s, _ = duel_at_door(gold=(3, 1))
    act(s, "tizio", "throw", "rock")
    ev = act(s, "caio", "throw", "rock")
    assert "tizio shows rock, caio shows rock: a tie, which goes to the lighter player, caio (tizio 3, caio 1)." \
        in texts(ev, "tizio")
    s, _ = duel_at_door(gold=(2, 2))
    act(s, "tizio", "throw", "paper")
    ev = act(s, "caio", "throw", "paper")
    assert texts(ev, "caio")[-1].endswith("a tie, and they weigh the same (tizio 2, caio 2): they choose again.")


def test_hands_nobody_took_end_with_the_weights():
    s, _ = duel_at_door(objects_a=("sword",), objects_b=("sword",), gold=(3, 1))
    act(s, "tizio", "play", "sword")
    ev = act(s, "caio", "play", "sword")
    shown = texts(ev, "sempronio")
    assert "The hands are played: nobody took a hand; the lighter wins: tizio 4, caio 2." in shown
    assert "caio wins the duel against tizio." in shown


def test_hands_at_the_same_weight_say_the_defender_wins_and_why():
    s, _ = duel_at_door(objects_a=("sword",), objects_b=("sword",), gold=(1, 1))
    act(s, "tizio", "play", "sword")
    ev = act(s, "caio", "play", "sword")
    assert ("The hands are played: nobody took a hand; the same weight: the defender wins: tizio 2, caio 2."
            in texts(ev, "tizio"))


def test_an_armour_does_not_weigh_in_a_tie_so_the_defender_wins():
    """mud run --bots 4 --seed 117, seq 909: bot2 (armour, mace, shield, rope, 1 gold) weighed 4 and lost
    to bot4 (3) at one hand each; without the armour both weigh 3 and the defender wins."""
    s, _ = duel_at_door(objects_a=("sword", "lance"), objects_b=("armour", "mace", "shield", "rope"), gold=(1, 1))
    s.players["caio"].armour = "keep"  # the armour stays in caio's hand, and must weigh nothing there
    act(s, "tizio", "play", "sword")
    act(s, "caio", "play", "shield")  # caio takes the hand
    act(s, "tizio", "play", "lance")
    ev = act(s, "caio", "play", "mace")  # tizio takes the hand
    assert ("The hands are played: 1 hand each; the same weight: the defender wins: tizio 3, caio 3."
            in texts(ev, "sempronio"))
    assert s.duel.winner == "caio"


def test_an_armour_does_not_weigh_in_a_tied_throw():
    s, _ = duel_at_door(objects_a=("armour", "armour"), gold=(1, 2))
    act(s, "tizio", "throw", "rock")
    ev = act(s, "caio", "throw", "rock")
    assert "tizio shows rock, caio shows rock: a tie, which goes to the lighter player, tizio (tizio 1, caio 2)." \
        in texts(ev, "caio")
    assert s.duel.winner == "tizio"
