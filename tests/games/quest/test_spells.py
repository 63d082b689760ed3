"""The full game's roads to the throne: tournaments, spells, bibles (rules/quest.md, Winning)."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from games.quest import GAME
from tests.games.quest.fixtures import act, dice, door, isolate, new, place, room, texts


def two(rules="full", rank_a="wizard", rank_b="vassal", where=("B2", "B3")):
    s = new(("merlin", "bob", "carl"), rules=rules)
    isolate(s, "B2")
    place(s, "merlin", where[0])
    place(s, "bob", where[1])
    place(s, "carl", "E8")
    s.players["merlin"].rank, s.players["bob"].rank = rank_a, rank_b
    dice(s, *[3] * 20)
    return s


def test_a_bolt_beats_the_unarmed_and_swords():
    for held in ([], ["sword"], ["lance", "sword"]):
        s = two()
        s.players["bob"].objects = list(held)
        s.players["bob"].gold = 1
        act(s, "merlin", "cast", "bolt", "bob")
        assert s.duel.winner == "merlin" and s.duel.stage == "loot"


@pytest.mark.parametrize("block", ["mace", "shield"])
def test_a_mace_or_shield_stops_the_bolt(block):
    s = two()
    s.players["bob"].objects = [block, "sword"]
    act(s, "merlin", "cast", "bolt", "bob")
    assert s.duel.stage == "block" and GAME.awaiting(s) == ["bob"]
    assert [c[1] for c in GAME.view(s, "bob")["prompt"]["choices"]] == [f"play {block}", "play none"]
    with pytest.raises(RuleError, match="Only a mace or a shield"):
        act(s, "bob", "play", "sword")
    act(s, "bob", "play", block)
    assert s.duel.winner == "bob"


def test_a_bible_absorbs_one_bolt_and_is_spent():
    s = two()
    s.players["bob"].objects = ["bible"]
    ev = act(s, "merlin", "cast", "bolt", "bob")
    assert "bible" not in s.players["bob"].objects and "bible" in s.spent
    assert any(e.kind == "bolt_absorbed" for e in ev) and s.duel is None and s.turn.player == "bob"


def test_taking_the_bolt_with_a_shield_in_hand_lets_the_bible_absorb_it():
    s = two()
    s.players["bob"].objects = ["bible", "shield"]
    act(s, "merlin", "cast", "bolt", "bob")
    act(s, "bob", "play", "none")
    assert s.players["bob"].objects == ["shield"]


def test_a_bolt_through_a_closed_door_is_stopped_and_shows_the_door():
    s = two()
    door(s, "B2", "B3", "red", is_open=False)
    ev = act(s, "merlin", "cast", "bolt", "bob")
    assert s.duel is None and s.turn.player == "bob"
    assert any("closed" in x for x in texts(ev, "merlin"))
    assert not any("closed" in x for x in texts(ev, "bob"))


def test_a_bolt_reaches_only_the_room_and_its_neighbours():
    s = two(where=("B2", "D5"))
    with pytest.raises(RuleError, match="reaches your room"):
        act(s, "merlin", "cast", "bolt", "bob")


def test_only_wizards_cast_and_only_instead_of_moving():
    s = two(rank_a="knight")
    with pytest.raises(RuleError, match="Only a wizard"):
        act(s, "merlin", "cast", "sight", "C4")
    s = two()
    act(s, "merlin", "roll")
    with pytest.raises(RuleError, match="whole turn"):
        act(s, "merlin", "cast", "sight", "C4")


def test_sight_shows_a_room_and_its_doors_to_the_wizard_alone():
    s = two()
    room(s, "C4", "church", 2)
    ev = act(s, "merlin", "cast", "sight", "C4")
    assert "C4" in GAME.view(s, "merlin")["rooms"]
    assert "C4" not in GAME.view(s, "bob")["rooms"]
    assert any("Church" in x for x in texts(ev, "merlin"))
    assert not any("Church" in x for x in texts(ev, "bob"))


def tourney():
    s = two(rank_a="knight", rank_b="knight", where=("B2", "B2"))
    room(s, "B2", "castle", 1)
    s.players["merlin"].objects = ["sword"]
    s.players["bob"].gold = 1
    return s


def test_a_tournament_makes_the_winning_knight_a_wizard():
    s = tourney()
    ev = act(s, "merlin", "fight", "bob")
    assert s.players["merlin"].rank == "wizard"
    assert any(e.kind == "promoted" and e.to is None for e in ev)


def test_a_tournament_needs_two_knights_in_a_castle_in_the_full_game():
    s = tourney()
    s.players["bob"].rank = "vassal"
    with pytest.raises(RuleError, match="between knights"):
        act(s, "merlin", "fight", "bob")
    s = tourney()
    room(s, "B2", "city", 1)
    with pytest.raises(RuleError, match="in your room already"):
        act(s, "merlin", "fight", "bob")
    s = tourney()
    s.rules = "basic"
    with pytest.raises(RuleError, match="in your room already"):
        act(s, "merlin", "fight", "bob")


def test_crowning_needs_a_wizard_with_a_bible():
    s = two()
    room(s, "B2", "castle", 1)
    with pytest.raises(RuleError, match="bible"):
        act(s, "merlin", "act")
    s.players["merlin"].objects = ["bible"]
    ev = act(s, "merlin", "act")
    assert s.winner == "merlin" and [e.kind for e in ev][-2:] == ["game_over", "revealed"]
