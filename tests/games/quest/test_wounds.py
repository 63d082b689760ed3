"""Wounds and death (rules/quest.md, Duels): a loser with nothing is mortally wounded; a health
potion before their next turn saves them; otherwise they die, watch and talk; the last alive wins."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from games.quest import GAME
from games.words import worded
from mud.shell.table import Table
from tests.games.quest.fixtures import act, dice, isolate, new, place, texts
from tests.seating import seated


def wounded_caio(players=("tizio", "caio", "sempronio")):
    """tizio (armed) forces his way into caio's room; caio owns nothing and is mortally wounded."""
    s = new(players, rules="full")
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    for i, p in enumerate(p for p in players if p not in ("tizio", "caio")):
        place(s, p, f"E{8 - i}")
    s.players["tizio"].objects = ["sword"]
    s.players["caio"].gold = 0
    dice(s, *[3] * 20)
    ev = act(s, "tizio", "fight", None, "e")
    return s, ev


def test_a_loser_with_nothing_is_mortally_wounded():
    s, ev = wounded_caio(("tizio", "sempronio", "caio"))
    assert s.players["caio"].wounded and s.players["caio"].alive
    assert any(e.kind == "wounded" and e.to is None for e in ev)
    assert s.duel is None and s.turn.player == "sempronio"  # nothing to loot: the move ended


def test_the_wounded_die_when_their_turn_comes():
    s, ev = wounded_caio()
    # caio's turn came right after tizio's move: he died on the way
    assert not s.players["caio"].alive
    assert any(e.kind == "died" for e in ev)
    assert s.turn.player == "sempronio"


def test_a_potion_before_the_next_turn_saves_them():
    s = new(("tizio", "sempronio", "caio"), rules="full")
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    place(s, "sempronio", "E8")
    s.players["tizio"].objects = ["sword"]
    s.players["caio"].gold = 0
    s.players["sempronio"].treasures = ["health potion"]
    dice(s, *[3] * 20)
    act(s, "tizio", "fight", None, "e")
    assert s.players["caio"].wounded and s.turn.player == "sempronio"
    assert worded(GAME.view(s, "sempronio")["prompt"], "en")["choices"] == [["Heal caio", "heal caio"]]
    ev = act(s, "sempronio", "heal", "caio")
    assert not s.players["caio"].wounded and "health potion" not in s.players["sempronio"].treasures
    assert any(e.kind == "healed" for e in ev)
    act(s, "sempronio", "pass")
    assert s.turn.player == "caio" and s.players["caio"].alive


def test_a_potion_given_can_be_drunk_by_the_wounded():
    s = new(("tizio", "sempronio", "caio"), rules="full")
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    s.players["tizio"].objects = ["sword"]
    s.players["caio"].gold = 0
    s.players["sempronio"].treasures = ["health potion"]
    dice(s, *[3] * 20)
    act(s, "tizio", "fight", None, "e")
    act(s, "sempronio", "give", "caio", 1, "potion")
    act(s, "caio", "heal")
    assert not s.players["caio"].wounded


def test_heal_is_refused_without_a_potion_or_a_wound():
    s, _ = wounded_caio(("tizio", "caio", "sempronio", "mevio"))
    with pytest.raises(RuleError, match="no health potion"):
        act(s, "sempronio", "heal", "tizio")
    s.players["sempronio"].treasures = ["health potion"]
    with pytest.raises(RuleError, match="not wounded"):
        act(s, "sempronio", "heal", "tizio")


def test_the_dead_never_act_but_watch():
    s, _ = wounded_caio(("tizio", "caio", "sempronio", "mevio"))
    assert not s.players["caio"].alive
    for verb, args in (("pass", ()), ("act", ()), ("give", ("tizio", 1, "gold")), ("allow", ())):
        with pytest.raises(RuleError, match="dead"):
            act(s, "caio", verb, *args)
    assert "caio" not in s.occupants("B3")
    v = GAME.view(s, "caio")
    assert v["me"]["alive"] is False and v["players"]["caio"]["alive"] is False
    assert "caio" not in GAME.awaiting(s)


def test_the_dead_are_skipped_in_the_turn_order():
    s, _ = wounded_caio(("tizio", "caio", "sempronio", "mevio"))
    seen = []
    for _ in range(6):
        seen.append(s.turn.player)
        act(s, s.turn.player, "pass")
    assert "caio" not in seen


def test_the_last_one_alive_wins():
    s, ev = wounded_caio(("tizio", "caio"))
    assert s.winner == "tizio"
    assert [e.kind for e in ev][-2:] == ["game_over", "revealed"]
    assert "the last one alive" in texts(ev, "caio")[-2]


def test_the_dead_give_back_what_they_hold():
    s = new(("tizio", "sempronio", "caio", "mevio"), rules="full")
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    s.players["tizio"].objects = ["sword"]
    s.players["caio"].gold = 0
    dice(s, *[3] * 20)
    act(s, "tizio", "fight", None, "e")
    s.players["caio"].keys = ["gold"]  # picked up in the window, say
    act(s, "sempronio", "pass")
    assert not s.players["caio"].alive and s.floor_keys["gold"] == "B3" and s.players["caio"].keys == []


def test_the_dead_still_look_and_talk_at_the_table():
    table = Table(GAME, ["tizio", "caio", "sempronio"], [], seed=1, options={"rules": "full"})
    table.start()
    s = table.state
    s.order = ["tizio", "caio", "sempronio"]
    s.turn.player = "tizio"
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    place(s, "sempronio", "E8")
    s.players["tizio"].objects = ["sword"]
    s.players["caio"].gold = 0
    tizio, caio, sempronio = seated(table, "tizio", "caio", "sempronio")
    tizio.handle("fight east")
    sempronio.handle("pass")
    assert not s.players["caio"].alive
    caio.drain()
    assert caio.handle("say I will haunt you")[-1].kind != "error"
    assert any("haunt" in line.text for line in tizio.drain())
    assert caio.handle("look") and caio.handle("map")[-1].kind != "error"
    assert caio.handle("pass")[-1].kind == "error" and "dead" in caio.handle("pass")[-1].text
