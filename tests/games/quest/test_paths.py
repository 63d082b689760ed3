"""Quest's rule paths (games/quest/paths.py, issue 24): each is read off one event's JSON record, so
the records say what the path needs -- whom a forced entry has beaten, whether a driven-back
attacker is mortally wounded, under which rules a duel is fought."""

from __future__ import annotations

from games.quest import GAME
from games.quest.paths import PATHS
from tests.games.quest.fixtures import act, dice, isolate, new, place
from tests.games.quest.test_fidelity import _crowd


def records(events) -> list[dict]:
    return [e.as_json() for e in events]


def taken(events) -> set[str]:
    return {name for r in records(events) for name, took in PATHS.items() if took(r)}


def test_winning_against_each_of_two_occupants_names_both_and_is_a_path():
    s = _crowd(armed_a=("sword",))  # caio and sempronio are unarmed: each loses at once
    first = act(s, "tizio", "fight")
    (won,) = [e for e in first if e.kind == "duel_won" and e.visible_to(None)]  # (the public telling)
    assert won.data["beaten"] == ["caio"] and "beat_each_of_two_occupants" not in taken(first)
    second = act(s, "tizio", "loot", "gold")
    (won,) = [e for e in second if e.kind == "duel_won" and e.visible_to(None)]  # (the public telling)
    assert won.data["beaten"] == ["caio", "sempronio"] and "beat_each_of_two_occupants" in taken(second)
    act(s, "tizio", "loot", "gold")
    assert s.players["tizio"].pos == "B3"


def test_a_forced_entry_lost_beats_nobody():
    s = _crowd(armed_b=("mace",))
    ev = act(s, "tizio", "fight")
    (won,) = [e for e in ev if e.kind == "duel_won" and e.visible_to(None)]  # (the public telling)
    assert won.data["winner"] == "caio" and won.data["beaten"] == []


def test_an_attacker_with_nothing_driven_back_is_said_to_be_mortally_wounded():
    s = _crowd(armed_b=("mace",))
    s.players["tizio"].gold = 0
    ev = act(s, "tizio", "fight")
    (back,) = [e for e in ev if e.kind == "driven_back"]
    assert back.data["wounded"] is True and s.players["tizio"].wounded
    assert "driven_back_mortally_wounded" in taken(ev)


def test_a_duel_says_under_which_rules_it_is_fought():
    for rules in ("basic", "full"):
        s = new(("tizio", "caio"), rules=rules)
        isolate(s, "B2")
        place(s, "tizio", "B2")
        place(s, "caio", "B3")
        dice(s, 3)
        act(s, "tizio", "move", "e")
        act(s, "caio", "deny")
        ev = act(s, "tizio", "fight")
        (duel,) = [e for e in ev if e.kind == "duel" and e.visible_to(None)]
        assert duel.data["rules"] == rules
        assert ("duel_in_a_basic_game" in taken(ev)) == (rules == "basic")


def test_no_path_is_named_like_an_event_kind():
    assert not set(PATHS) & set(GAME.tones)
