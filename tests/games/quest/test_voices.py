"""A player reads their own deeds in their own words ("You turn up the white door to the north"),
and what is done to them as done to 'you' ("bot1 wins the duel against you"); everyone else reads
the names. Replaying the first hour (issue 26), a newcomer read "root turns the white door ...",
"root asks bot1 to let them into D7" and "bot1 wins the duel against root" about themselves."""

from __future__ import annotations

from tests.games.quest.fixtures import act, dice, door, isolate, new, place, room, texts
from tests.games.quest.test_fidelity import _crowd


def test_a_white_door_turned_by_a_peek_is_told_to_the_peeker_in_their_own_words():
    s = new(("tizio", "caio"))
    place(s, "tizio", "C4")
    isolate(s, "C4")
    door(s, "C4", "B4", "white", is_open=False)
    dice(s, 3)
    ev = act(s, "tizio", "peek", "n")
    assert "You turn up the white door to the north: it is closed." in texts(ev, "tizio")
    assert "tizio turns the white door between C4 and B4: it is closed." in texts(ev, "caio")
    assert not any("tizio turns" in x for x in texts(ev, "tizio"))
    assert [e.data["face"] for e in ev if e.kind == "door_turned" and e.visible_to("caio")] == ["closed"]


def test_asking_to_enter_is_told_to_the_mover_as_their_own_question():
    s = new(("tizio", "caio", "sempronio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    dice(s, 3)
    ev = act(s, "tizio", "move", "e")
    assert "You ask caio to let you into B3." in texts(ev, "tizio")
    assert "tizio asks caio to let them into B3." in texts(ev, "sempronio")
    assert not any(e.kind == "consent_asked" for e in ev if e.visible_to("caio"))  # caio is asked instead


def test_a_duel_and_its_winner_are_told_to_each_duellist_as_you():
    s = _crowd(armed_a=("sword",))  # tizio forces his way into B3; caio, unarmed, loses at once
    ev = act(s, "tizio", "fight")
    assert "You force your way into B3 and duel caio!" in texts(ev, "tizio")
    assert "tizio forces the way into B3 and duels you!" in texts(ev, "caio")
    assert "tizio forces the way into B3 and duels caio!" in texts(ev, "sempronio")
    assert "You win the duel against caio." in texts(ev, "tizio")
    assert "tizio wins the duel against you." in texts(ev, "caio")
    assert "tizio wins the duel against caio." in texts(ev, "sempronio")
    for who in ("tizio", "caio", "sempronio"):  # one telling each, the same data
        seen = [e for e in ev if e.kind == "duel_won" and e.visible_to(who)]
        assert len(seen) == 1 and seen[0].data["winner"] == "tizio"


def test_gold_given_is_told_to_the_giver_and_the_receiver_as_you():
    s = new(("tizio", "caio", "sempronio"))
    ev = act(s, "tizio", "give", "caio", 1, "gold")
    assert texts(ev, "tizio") == ["You give caio 1 gold."]
    assert texts(ev, "caio") == ["tizio gives you 1 gold."]
    assert texts(ev, "sempronio") == ["tizio gives caio 1 gold."]


def test_a_deed_reads_as_something_the_player_tries():
    """'You attempt finding the smith' read oddly: a deed is tried, and the smith is bought from."""
    s = new(("tizio", "caio"))
    room(s, "C4", "field", 1)
    place(s, "tizio", "C4")
    dice(s, 3)
    said = texts(act(s, "tizio", "buy", "sword"), "tizio")
    assert said[0] == "You try buying from the smith: roll 3 >= 1. You take a sword for 1 gold."


def test_the_mover_reads_who_let_them_in_as_you():
    s = new(("tizio", "caio", "sempronio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    dice(s, 3)
    act(s, "tizio", "move", "e")
    ev = act(s, "caio", "allow")
    assert texts(ev, "caio")[0] == "You allow tizio."
    assert "caio lets you in." in texts(ev, "tizio")
    assert "caio lets tizio in." in texts(ev, "sempronio")


def test_an_unarmed_loser_reads_that_they_had_no_weapon():
    s = _crowd(armed_a=("sword",))
    ev = act(s, "tizio", "fight")
    assert "You have no weapon against tizio's and lose at once." in texts(ev, "caio")
    assert "caio has no weapon against yours and loses at once." in texts(ev, "tizio")
    assert "caio has no weapon against tizio's and loses at once." in texts(ev, "sempronio")
