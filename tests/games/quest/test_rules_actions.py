"""Quest rules: the location actions, decks, gold, giving, knighthood, the ledger (rules/quest.md)."""

import random

import pytest

from games.engine import Action, RuleError
from games.quest import GAME
from games.quest.data import OBJECT_NAMES
from games.quest.actions import reveal
from tests.games.quest.fixtures import act, dice, new, place, room, texts


def at(location, difficulty=1, rules="basic", **kw):
    s = new(rules=rules)
    place(s, "tizio", "B6")
    room(s, "B6", location, difficulty)
    me = s.players["tizio"]
    for k, v in kw.items():
        setattr(me, k, v)
    return s


def pass_round(s):
    for p in s.order[1:]:
        act(s, p, "pass")


def test_the_original_example_tizio_faces_the_dragon():
    """Tizio on B6, a Dragon's cave that is a 10 of clubs (difficulty 3): rolls 2, fails; next turn
    rolls 3, succeeds, secretly takes a dragon head; the ledger reads 'Tizio, B6 = 3'."""
    s = new(players=("Tizio", "Caio", "Sempronio"))
    place(s, "Tizio", "B6")
    room(s, "B6", "cave", 3)
    s.players["Tizio"].objects.append("sword")
    dice(s, 2, 3)
    ev = act(s, "Tizio", "act")
    assert not s.ledger and "head" not in s.players["Tizio"].objects
    assert "Tizio acts at B6 and fails." in texts(ev, "Caio")
    pass_round(s)
    ev = act(s, "Tizio", "act")
    assert "head" in s.players["Tizio"].objects and "sword" in s.players["Tizio"].objects
    assert [e.line() for e in s.ledger] == ["Tizio, B6 = 3"]
    assert "Ledger: Tizio, B6 = 3" in texts(ev, "Caio")
    assert not any("head" in t or "dragon" in t.lower() for t in texts(ev, "Caio"))
    check = reveal(s).data["ledger"]
    assert check == [{"entry": "Tizio, B6 = 3", "location": "cave", "difficulty": 3, "holds": True}]


@pytest.mark.parametrize("roll,ok", [(1, False), (2, False), (3, True), (6, True)])
def test_success_exactly_when_roll_at_least_difficulty(roll, ok):
    s = at("port", 3)
    dice(s, roll)
    act(s, "tizio", "act")
    assert ("rope" in s.players["tizio"].objects) == ok and bool(s.ledger) == ok


def test_acting_ends_the_turn_and_cannot_follow_a_move():
    s = at("city", 1)
    dice(s, 4)
    act(s, "tizio", "roll")
    with pytest.raises(RuleError, match="instead of moving"):
        act(s, "tizio", "act")


def test_castle_needs_dragon_head_or_damsel_and_basic_game_ends():
    s = at("castle", 2)
    with pytest.raises(RuleError, match="dragon head or a damsel"):
        act(s, "tizio", "act")
    s.players["tizio"].objects.append("damsel")
    dice(s, 2)
    ev = act(s, "tizio", "act")
    assert s.players["tizio"].rank == "knight" and "damsel" not in s.players["tizio"].objects
    assert s.winner == "tizio" and GAME.is_over(s)
    kinds = [e.kind for e in ev]
    assert "game_over" in kinds and "revealed" in kinds
    with pytest.raises(RuleError, match="over"):
        act(s, "caio", "pass")


def test_castle_choose_card():
    s = at("castle", 1, objects=["head", "damsel"])
    dice(s, 6)
    act(s, "tizio", "act", "damsel")
    assert s.players["tizio"].objects == ["head"]


def test_full_rules_continue_after_the_first_knight():
    s = at("castle", 1, rules="full", objects=["head"])
    dice(s, 6)
    act(s, "tizio", "act")
    assert s.players["tizio"].rank == "knight" and not s.over and s.turn.player == "caio"


@pytest.mark.parametrize("location", ["desert", "countryside"])
def test_knights_only_actions(location):
    s = at(location, 1)
    with pytest.raises(RuleError, match="Only knights"):
        act(s, "tizio", "act")


def test_tower_needs_rope_and_rope_is_kept():
    s = at("tower", 1)
    with pytest.raises(RuleError, match="need a rope"):
        act(s, "tizio", "act")
    s.players["tizio"].objects.append("rope")
    dice(s, 1)
    act(s, "tizio", "act")
    assert sorted(s.players["tizio"].objects) == ["damsel", "rope"]


def test_cave_needs_sword():
    s = at("cave", 1)
    with pytest.raises(RuleError, match="need a sword"):
        act(s, "tizio", "act")


def test_smith_costs_one_gold_and_needs_a_named_weapon():
    s = at("field", 1)
    with pytest.raises(RuleError, match="Name the weapon"):
        act(s, "tizio", "act")
    dice(s, 1)
    act(s, "tizio", "buy", "lance")
    me = s.players["tizio"]
    assert me.objects == ["lance"] and me.gold == 0


def test_smith_without_gold_is_refused_but_free_for_knights():
    s = at("field", 1, gold=0)
    with pytest.raises(RuleError, match="costs 1 gold"):
        act(s, "tizio", "buy", "sword")
    s.players["tizio"].rank = "knight"
    dice(s, 1)
    act(s, "tizio", "buy", "sword")
    assert s.players["tizio"].objects == ["sword"] and s.players["tizio"].gold == 0


def test_bag_of_money_pays_the_smith():
    s = at("field", 1, gold=0, treasures=["bag of money"])
    dice(s, 1)
    act(s, "tizio", "buy", "mace")
    assert s.players["tizio"].objects == ["mace"]


def test_buy_elsewhere_is_refused():
    s = at("city", 1)
    with pytest.raises(RuleError, match="no smith here"):
        act(s, "tizio", "buy", "sword")


def test_an_act_that_cannot_succeed_is_refused_before_the_turn_is_spent():
    """Issue 26, item 6: 'act' at a church with no bible left in the deck "cannot succeed"; it is
    refused with that reason (to the actor alone: a refusal is no event), and the turn stays theirs."""
    s = at("church", 1)
    s.objects["bible"] = 0
    with pytest.raises(RuleError) as refused:
        act(s, "tizio", "act")
    assert str(refused.value) == ("The object deck has no bible left, so taking a bible cannot succeed; "
                                  "your turn is not spent.")
    assert s.turn.player == "tizio" and s.turn.phase == "start" and not s.ledger
    assert Action("act") not in GAME.legal_actions(s, "tizio")
    assert "act" not in [a.verb for _, a in (GAME.question(s, "tizio") or ("", []))[1]]
    s.objects["bible"] = 1  # one left: the same act is legal and accepted
    assert Action("act") in GAME.legal_actions(s, "tizio")


def test_the_view_says_what_act_would_at_the_start_of_ones_own_turn_and_a_bot_does_not_try():
    """The deck's contents stay hidden; what the player's own 'act' would answer at no cost shows in
    their view (``deck_out``), so a bot neither tries a deed that cannot succeed nor seeks it again."""
    s = at("church", 1, rules="full", rank="wizard")
    s.objects["bible"] = 0
    assert GAME.view(s, "tizio")["me"]["deck_out"] == ["bible"]
    assert GAME.view(s, "caio")["me"]["deck_out"] == []  # not caio's turn, nor caio's church
    memory = {}
    choice = GAME.bot_action(s, "tizio", random.Random(0), "normal", memory)
    assert choice.verb != "act" and memory["exhausted"] == {"bible"}
    act(s, "tizio", "move", "n")  # once moving, the view says nothing of the deck
    assert GAME.view(s, "tizio")["me"]["deck_out"] == []


@pytest.mark.parametrize("location, card, kw", [
    ("countryside", "grail", {"rank": "knight"}), ("tower", "damsel", {"objects": ["rope"]}),
    ("port", "rope", {}), ("cave", "head", {"objects": ["sword"]}),
])
def test_every_deed_whose_card_has_run_out_is_refused_and_not_listed(location, card, kw):
    s = at(location, 1, rules="full", **kw)
    s.objects[card] = 0
    with pytest.raises(RuleError, match=f"has no {OBJECT_NAMES.get(card, card)} left"):
        act(s, "tizio", "act")
    assert Action("act") not in GAME.legal_actions(s, "tizio") and s.turn.player == "tizio"


def test_a_weapon_the_smith_has_run_out_of_is_refused_and_the_others_still_sold():
    s = at("field", 1)
    s.objects["sword"] = 0
    with pytest.raises(RuleError, match="no sword left"):
        act(s, "tizio", "buy", "sword")
    buys = {a.args[0] for a in GAME.legal_actions(s, "tizio") if a.verb == "buy"}
    assert "sword" not in buys and "mace" in buys


def test_church_gives_a_bible_and_port_a_rope():
    s = at("church", 1)
    dice(s, 1)
    act(s, "tizio", "act")
    assert s.players["tizio"].objects == ["bible"] and s.objects["bible"] == 2


def test_city_work_is_a_visible_coin():
    s = at("city", 2)
    dice(s, 2)
    ev = act(s, "tizio", "act")
    assert s.players["tizio"].gold == 2
    assert any("earns a gold coin" in t and "city" in t for t in texts(ev, "caio"))


def test_forest_chest_is_known_but_not_its_content():
    s = at("forest", 1)
    dice(s, 1)
    ev = act(s, "tizio", "act")
    found = s.players["tizio"].treasures
    assert len(found) == 1 and len(s.treasures) == 3
    assert any("finds a chest" in t for t in texts(ev, "caio"))
    assert not any(found[0] in t for t in texts(ev, "caio"))
    assert any(found[0] in t for t in texts(ev, "tizio"))


def test_failure_tells_others_nothing_of_the_roll():
    s = at("port", 4)
    dice(s, 3)
    ev = act(s, "tizio", "act")
    assert texts(ev, "caio")[0] == "tizio acts at B6 and fails."
    assert all(e.data.get("roll") is None for e in ev if e.visible_to("caio"))


def test_give_gold_is_public_and_objects_are_private():
    s = new()
    s.players["tizio"].objects.append("rope")
    ev = act(s, "caio", "give", "tizio", 1, "gold")  # any time, from anywhere
    assert s.players["tizio"].gold == 2 and s.players["caio"].gold == 0
    assert "caio gives tizio 1 gold." in texts(ev, "sempronio")
    ev = act(s, "tizio", "give", "caio", 1, "rope")
    assert s.players["caio"].objects == ["rope"]
    assert texts(ev, "sempronio") == ["tizio gives caio a card."]
    assert texts(ev, "caio") == ["tizio gives you a rope."]


def test_give_what_you_do_not_have_is_refused():
    s = new()
    with pytest.raises(RuleError, match="only 1 gold"):
        act(s, "tizio", "give", "caio", 2, "gold")
    with pytest.raises(RuleError, match="no sword"):
        act(s, "tizio", "give", "caio", 1, "sword")
    with pytest.raises(RuleError, match="yourself"):
        act(s, "tizio", "give", "tizio", 1, "gold")
    with pytest.raises(RuleError, match="not something you can give"):
        act(s, "tizio", "give", "caio", 1, "unicorn")


def test_bag_of_money_is_unlimited_gold():
    s = new()
    s.players["tizio"].treasures.append("bag of money")
    act(s, "tizio", "give", "caio", 5, "gold")
    assert s.players["caio"].gold == 6


def test_weight_counts_treasures_gold_and_weapons_but_not_armour():
    """The seed: "the lighter wins: the one who holds fewer treasures, coins and weapon cards" -- weapons
    and armour are kept apart ("armi o armature"), so an armour weighs nothing."""
    s = new()
    me = s.players["tizio"]
    me.objects += ["sword", "rope", "armour", "mace", "armour"]
    me.treasures += ["bag of money"]
    assert me.weight == 1 + 1 + 2  # the bag, the coin, sword and mace


def test_reveal_detects_a_false_entry():
    s = at("port", 4)
    dice(s, 4)
    act(s, "tizio", "act")
    s.ledger[0].roll = 2  # a tampered entry
    assert reveal(s).data["ok"] is False
