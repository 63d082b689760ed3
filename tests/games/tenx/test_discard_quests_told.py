"""Discarding three quests for a point is told as every other 10x deed is: the actor reads "You
discard ...", everyone else the third person -- in both languages; in the 'discardall' variant the
quests discarded from the hand stay the actor's secret."""

from __future__ import annotations

from games.engine import render
from games.tenx import scoring
from tests.games.tenx.fixtures import act, new, quest


def discarding(options=None):
    """x holds three different quests, right after drawing (the discard window)."""
    s = new(("x", "y"), options=options)
    picked = [quest(s, "x", "lose_by", n) for n in (2, 3, 4)]
    s.round.phase, s.round.draw_order, s.round.discarding = "draw", [], "x"
    return s, picked


def told(events, player: str, lang: str = "en") -> list[str]:
    return [render(e.text, lang) for e in events if e.visible_to(player) and e.kind == "discarded_quests"]


def test_the_actor_reads_you_and_the_others_read_the_third_person():
    s, picked = discarding()
    ev = act(s, "x", "discard", "quests")
    named = scoring.quest_text(picked)
    assert told(ev, "x") == [f"You discard 3 personal quests for a point (1): {render(named, 'en')}."]
    assert told(ev, "y") == [f"x discards 3 personal quests for a point (1): {render(named, 'en')}."]
    assert told(ev, "x", "it") == [f"Scarti 3 quest personali in cambio di un punto (1): {render(named, 'it')}."]
    assert told(ev, "y", "it") == [f"x scarta 3 quest personali in cambio di un punto (1): {render(named, 'it')}."]


def test_quests_discarded_face_down_are_named_to_the_actor_alone():
    s, picked = discarding({"variant": "discardall"})
    ev = act(s, "x", "discard", "quests")
    named = scoring.quest_text(picked)
    assert told(ev, "x") == [f"You discard 3 personal quests for a point (1): {render(named, 'en')}."]
    assert told(ev, "y") == ["x discards 3 personal quests for a point (1), face down."]
    assert told(ev, "y", "it") == ["x scarta 3 quest personali coperte in cambio di un punto (1)."]
    others = [e for e in ev if e.kind == "discarded_quests" and e.visible_to("y")]
    assert all("quests" not in e.data for e in others)
