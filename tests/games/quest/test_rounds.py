"""Issue 40, item 16: a player's second turn at a table of four read "It is your turn (5)" and the
status bar "Turn 5": the count was every seat's. The player reads the round of the table."""

from __future__ import annotations

from games.quest import GAME
from games.quest.turns import die, end_turn
from tests.games.quest.fixtures import act, new, texts

FOUR = ("ann", "bob", "cat", "dan")


def test_the_second_turn_of_each_player_is_round_two_not_turn_five():
    state = new(FOUR)
    for player in FOUR:
        assert str(GAME.status_line(GAME.view(state, player))).startswith(f"Round 1: {player}")
        events = act(state, player, "pass")
    assert texts(events, "ann")[-1] == "It is your turn (round 2): move, act, or pass."
    assert texts(events, "bob")[-1] == "It is ann's turn."
    assert str(GAME.status_line(GAME.view(state, "bob"))).startswith("Round 2: ann")
    turn = next(e for e in events if e.kind == "turn")
    assert turn.data["number"] == 5 and turn.data["round"] == 2  # the ledger's count is still kept


def test_a_round_still_begins_at_the_first_seat_when_a_player_has_died():
    state = new(FOUR)
    state.players["ann"].wounded = True
    for player in ("ann", "bob", "cat"):
        act(state, player, "pass")
    events = act(state, "dan", "pass")  # ann's turn comes: her wounds kill her; bob begins round 2
    assert not state.players["ann"].alive
    assert texts(events, "bob")[-1] == "It is your turn (round 2): move, act, or pass."
    for player in ("bob", "cat", "dan"):
        events = act(state, player, "pass")
    assert texts(events, "bob")[-1] == "It is your turn (round 3): move, act, or pass."


def test_the_rounds_need_every_player_to_have_played():
    state = new(FOUR)
    die(state, "cat")
    act(state, "ann", "pass")
    events = act(state, "bob", "pass")  # cat is dead: dan, still round 1
    assert texts(events, "dan")[-1] == "It is your turn (round 1): move, act, or pass."
    assert end_turn(state) and state.turn.player == "ann" and state.turn.round == 2
