"""A standing consent policy: `consent all|ask|none` answers for you when someone steps in."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from games.quest import GAME
from tests.games.quest.fixtures import act, dice, isolate, new, place, texts


def setup(policy: str | None):
    s = new()
    place(s, "tizio", "C4")
    place(s, "caio", "C5")
    isolate(s, "C4")
    dice(s, 2)
    if policy:
        act(s, "caio", "consent", policy)
    return s


def test_ask_is_the_default():
    s = setup(None)
    act(s, "tizio", "move", "e")
    assert s.turn.phase == "consent" and GAME.awaiting(s) == ["caio"]


def test_consent_all_lets_in_at_once():
    s = setup("all")
    ev = act(s, "tizio", "move", "e")
    assert s.players["tizio"].pos == "C5" and s.turn.phase == "moving"
    assert "caio lets you in." in texts(ev, "tizio")  # (issue 26: the mover reads it as 'you')
    assert not any("answer 'allow'" in x for x in texts(ev, "caio"))


def test_consent_none_keeps_out_at_once():
    s = setup("none")
    ev = act(s, "tizio", "move", "e")
    assert s.players["tizio"].pos == "C4" and s.turn.phase == "moving" and "C5" in s.turn.refused
    assert "caio refuses to let you in." in texts(ev, "tizio")


def test_the_policy_is_private_and_can_be_changed_back():
    s = setup("none")
    assert GAME.view(s, "caio")["me"]["consent"] == "none"
    assert "consent" not in str(GAME.view(s, "tizio")["players"]["caio"])
    act(s, "caio", "consent", "ask")
    act(s, "tizio", "move", "e")
    assert GAME.awaiting(s) == ["caio"]


def test_a_policy_needs_a_known_word():
    s = new()
    with pytest.raises(RuleError):
        act(s, "caio", "consent", "maybe")
