"""Your own map: marks on doors and notes on rooms, seen by their writer only."""

from __future__ import annotations

import json

import pytest

from games.engine import RuleError
from games.quest import GAME, show
from games.words import worded
from tests.games.quest.fixtures import act, new, place


def test_mark_a_door_open_closed_then_clear_it():
    s = new()
    place(s, "tizio", "C4")
    ev = act(s, "tizio", "mark", "e", "open")
    assert [e.to for e in ev] == [("tizio",)]
    view = GAME.view(s, "tizio")
    assert view["doors"]["C4-C5"]["mark"] == "open"
    act(s, "tizio", "mark", "e", "closed")
    assert GAME.view(s, "tizio")["doors"]["C4-C5"]["mark"] == "closed"
    act(s, "tizio", "mark", "e", "unknown")
    assert "mark" not in GAME.view(s, "tizio")["doors"]["C4-C5"]


def test_marks_and_notes_are_private():
    s = new()
    place(s, "tizio", "C4")
    act(s, "tizio", "mark", "e", "open")
    act(s, "tizio", "note", "B4", "dragon here?")
    for other in ("caio", "sempronio", ""):
        text = json.dumps(worded(GAME.view(s, other), "en"))
        assert "dragon here?" not in text and '"mark"' not in text


def test_notes_show_on_the_players_own_map_and_can_be_erased():
    s = new()
    act(s, "tizio", "note", "B4", "dragon   here?")
    view = GAME.view(s, "tizio")
    assert view["me"]["notes"] == {"B4": "dragon here?"}
    assert "Your notes: B4 dragon here?" in [str(line) for line in show.render_map(view)]
    assert [str(line) for line in show.render_notes(view)] == ["B4: dragon here?"]
    act(s, "tizio", "note", "B4")
    assert GAME.view(s, "tizio")["me"]["notes"] == {}


def test_a_marked_unseen_door_shows_the_mark_on_the_plain_map():
    s = new()
    place(s, "tizio", "C4")
    door = GAME.view(s, "tizio")["doors"]["C4-C5"]
    if door["colour"] == "green" or door["face"] != "unknown":
        pytest.skip("the door is already known in this layout")
    act(s, "tizio", "mark", "e", "closed")
    assert show.door_glyph(GAME.view(s, "tizio")["doors"]["C4-C5"]) == "X"


def test_marks_and_notes_cost_no_turn_and_refuse_bad_input():
    s = new()
    turn = (s.turn.player, s.turn.phase)
    someone = [p for p in s.order if p != s.turn.player][0]
    place(s, someone, "A1")
    act(s, someone, "note", "E8", "exit?")  # any time, not only on one's turn
    assert (s.turn.player, s.turn.phase) == turn
    with pytest.raises(RuleError):
        act(s, someone, "mark", "n", "open")  # A1 has no door to the north
    with pytest.raises(RuleError):
        act(s, someone, "note", "Z9", "x")
    with pytest.raises(RuleError):
        act(s, someone, "note", "B4", "x" * 61)
