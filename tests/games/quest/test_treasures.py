"""Treasures in use: the crystal ball."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from games.quest import GAME
from tests.games.quest.fixtures import act, new, place, room, texts


def scrying_game():
    s = new()
    me = s.turn.player
    other = [p for p in s.order if p != me][0]
    s.players[me].treasures.append("crystal ball")
    place(s, other, "B4")
    room(s, "B4", "forest", 2)
    s.players[other].objects += ["rope", "sword"]
    s.players[other].treasures.append("black key")
    return s, me, other


def test_the_crystal_ball_shows_everything_of_one_player_to_the_user_only():
    s, me, other = scrying_game()
    ev = act(s, me, "scry", other)
    mine = " ".join(texts(ev, me))
    assert f"Your crystal ball shows {other} on B4" in mine and "a rope" in mine and "black key" in mine
    for p in s.order:
        if p != me:
            theirs = " ".join(texts(ev, p))
            assert "crystal ball" not in theirs and "rope" not in theirs and "B4" not in theirs
    view = GAME.view(s, me)
    assert view["rooms"]["B4"]["location"] == "forest"
    assert all(view["doors"][name]["face"] != "unknown" for name in view["doors"] if "B4" in name.split("-"))
    assert s.turn.player != me  # the whole turn
    assert "crystal ball" in s.players[me].treasures  # kept


def test_the_crystal_ball_needs_the_ball_the_start_of_your_turn_and_another_player():
    s, me, other = scrying_game()
    with pytest.raises(RuleError):
        act(s, other, "scry", me)  # not their turn (and no ball)
    with pytest.raises(RuleError):
        act(s, me, "scry", me)
    act(s, me, "roll")
    with pytest.raises(RuleError):
        act(s, me, "scry", other)  # already moving
    s2 = new()
    with pytest.raises(RuleError):
        act(s2, s2.turn.player, "scry", [p for p in s2.order if p != s2.turn.player][0])
