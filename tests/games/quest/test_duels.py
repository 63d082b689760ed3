"""Duels, one rule per test (rules/quest.md, Duels): entering by force, rock-paper-scissors, armed
hands, armour, ties, loot, the winner's hold on the room."""

from __future__ import annotations

import itertools
import pickle

import pytest

from games.engine import RuleError
from games.quest import GAME
from games.quest.duels import BEATS, DUEL_WEAPONS, hand_winner
from tests.games.quest.fixtures import act, dice, isolate, new, place, texts


def snap(state) -> bytes:
    """Everything of the state but its (test-patched) dice."""
    return pickle.dumps({k: v for k, v in vars(state).items() if k != "rng"})


def duel_at_door(objects_a=(), objects_b=(), gold=(1, 1), rules="basic", keys_b=()):
    """tizio (B2) forces his way into caio's room (B3) through a green door: the duel has begun."""
    s = new(("tizio", "caio", "sempronio"), rules=rules)
    isolate(s, "B2")
    isolate(s, "B3")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    place(s, "sempronio", "E8")
    s.players["tizio"].objects = list(objects_a)
    s.players["caio"].objects = list(objects_b)
    s.players["tizio"].gold, s.players["caio"].gold = gold
    s.players["caio"].keys = list(keys_b)
    dice(s, 3, 3, 3, 3, 3, 3)
    act(s, "tizio", "move", "e")
    act(s, "caio", "deny")
    ev = act(s, "tizio", "fight")
    return s, ev


def test_fight_after_a_refusal_enters_and_starts_a_duel():
    s, ev = duel_at_door()
    assert s.players["tizio"].pos == "B3"
    assert s.turn.phase == "duel" and s.duel.attacker == "tizio" and s.duel.defender == "caio"
    assert "duel" in [e.kind for e in ev]
    assert GAME.awaiting(s) == ["tizio", "caio"]


def test_fight_without_asking_first():
    s = new(("tizio", "caio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    dice(s, 2)
    act(s, "tizio", "fight", None, "e")
    assert s.duel is not None and s.players["tizio"].pos == "B3"


def test_fight_bob_names_the_neighbour():
    s = new(("tizio", "caio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    dice(s, 2)
    act(s, "tizio", "fight", "caio")
    assert s.duel.defender == "caio"


def test_fight_needs_someone_there_and_a_neighbour():
    s = new(("tizio", "caio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "E8")
    with pytest.raises(RuleError, match="not in a room next to yours"):
        act(s, "tizio", "fight", "caio")
    with pytest.raises(RuleError, match="Nobody is on B3"):
        act(s, "tizio", "fight", None, "e")
    with pytest.raises(RuleError, match="Fight whom"):
        act(s, "tizio", "fight")


def test_rps_choices_stay_secret_until_both_have_chosen():
    s, _ = duel_at_door()
    ev = act(s, "tizio", "throw", "rock")
    for e in ev:
        if e.visible_to("caio") or e.visible_to("sempronio"):
            assert "rock" not in str(e.text) and "rock" not in str(e.data)
    other, _ = duel_at_door()
    act(other, "tizio", "throw", "paper")
    for who in ("caio", "sempronio"):  # what they see cannot tell rock from paper
        assert GAME.view(s, who) == GAME.view(other, who)
    assert GAME.view(s, "tizio")["duel"]["mine"] == "rock"
    ev = act(s, "caio", "throw", "scissors")
    reveal = [e for e in ev if e.kind == "rps_revealed"]
    assert reveal and reveal[0].to is None and reveal[0].data["winner"] == "tizio"


@pytest.mark.parametrize("a,b,winner", [
    ("rock", "scissors", "tizio"), ("scissors", "paper", "tizio"), ("paper", "rock", "tizio"),
    ("scissors", "rock", "caio"), ("paper", "scissors", "caio"), ("rock", "paper", "caio")])
def test_rps_matrix(a, b, winner):
    s, _ = duel_at_door()
    act(s, "tizio", "throw", a)
    act(s, "caio", "throw", b)
    assert s.duel.winner == winner


def test_rps_tie_goes_to_the_lighter():
    s, _ = duel_at_door(gold=(3, 1))
    act(s, "tizio", "throw", "rock")
    act(s, "caio", "throw", "rock")
    assert s.duel.winner == "caio"


def test_rps_tie_at_equal_weight_is_played_again():
    s, _ = duel_at_door(gold=(1, 1))
    act(s, "tizio", "throw", "paper")
    ev = act(s, "caio", "throw", "paper")
    assert "they choose again" in texts(ev, "sempronio")[-1]
    assert s.duel.stage == "rps" and s.duel.secret == {} and s.duel.winner is None
    act(s, "tizio", "throw", "paper")
    act(s, "caio", "throw", "rock")
    assert s.duel.winner == "tizio"


def test_armed_beats_unarmed_at_once():
    s, ev = duel_at_door(objects_a=(), objects_b=("lance",))
    assert s.duel.winner == "caio" and s.duel.stage == "loot"
    assert any(e.kind == "duel_unarmed" for e in ev)


def test_armour_alone_is_not_armed():
    s, _ = duel_at_door(objects_a=("armour",), objects_b=())
    assert s.duel.stage == "rps"


@pytest.mark.parametrize("attack,answer", list(itertools.product(DUEL_WEAPONS, repeat=2)))
def test_the_weapon_matrix(attack, answer):
    expected = None if attack == answer else ("attack" if answer in BEATS[attack] else "answer")
    assert hand_winner(attack, answer) == expected
    # and in a real one-hand duel
    s, _ = duel_at_door(objects_a=(attack,), objects_b=(answer,), gold=(1, 2))
    act(s, "tizio", "play", attack)
    act(s, "caio", "play", answer)
    if expected is None:  # a void hand, then equal hands: the lighter (tizio) wins
        assert s.duel.hands == [None] and s.duel.winner == "tizio"
    else:
        assert s.duel.winner == ("tizio" if expected == "attack" else "caio")


def test_every_pair_of_weapons_has_exactly_one_winner():
    for a, b in itertools.combinations(DUEL_WEAPONS, 2):
        assert (b in BEATS[a]) != (a in BEATS[b])


def test_defender_answers_having_seen_the_attack_others_do_not():
    s, _ = duel_at_door(objects_a=("sword", "mace"), objects_b=("shield", "lance"))
    ev = act(s, "tizio", "play", "sword")
    assert any("sword" in x for x in texts(ev, "caio"))
    assert not any("sword" in x for x in texts(ev, "sempronio"))
    assert "sword" not in str(GAME.view(s, "sempronio").get("duel"))


def test_out_of_cards_loses_the_remaining_hands():
    s, _ = duel_at_door(objects_a=("sword",), objects_b=("sword", "lance", "mace"))
    act(s, "tizio", "play", "sword")
    act(s, "caio", "play", "sword")  # void
    assert s.duel.winner == "caio"  # the two hands left go to caio
    assert s.duel.hands == [None, "caio", "caio"]


def test_playing_a_card_you_do_not_hold_is_refused():
    s, _ = duel_at_door(objects_a=("sword",), objects_b=("mace",))
    before = snap(s)
    with pytest.raises(RuleError, match="no lance left"):
        act(s, "tizio", "play", "lance")
    with pytest.raises(RuleError, match="not played"):
        act(s, "tizio", "play", "armour")
    with pytest.raises(RuleError, match="waits for tizio"):
        act(s, "caio", "play", "mace")
    assert snap(s) == before


def test_armour_breaks_to_take_a_lost_hand_and_returns_to_the_deck():
    s, _ = duel_at_door(objects_a=("sword",), objects_b=("mace", "armour"))
    left = s.objects["armour"]
    act(s, "tizio", "play", "sword")
    ev = act(s, "caio", "play", "mace")  # sword beats mace: caio lost the hand, his armour takes it
    assert "armour" not in s.players["caio"].objects and s.objects["armour"] == left + 1
    assert any(e.kind == "armour_broken" and e.to is None for e in ev)
    assert s.duel.winner == "caio"


def test_armour_kept_leaves_the_hand_lost():
    s, _ = duel_at_door(objects_a=("sword",), objects_b=("mace", "armour"))
    ev = act(s, "caio", "armour", "keep")
    assert ev[0].to == ("caio",) and s.players["caio"].armour == "keep"
    act(s, "tizio", "play", "sword")
    act(s, "caio", "play", "mace")
    assert s.duel.winner == "tizio" and "armour" in s.players["caio"].objects


def test_no_counter_armour():
    """The winner of the hand is not offered an armour against the broken one."""
    s, _ = duel_at_door(objects_a=("sword", "armour"), objects_b=("mace", "armour"))
    act(s, "tizio", "play", "sword")
    act(s, "caio", "play", "mace")
    assert s.duel.winner == "caio" and "armour" in s.players["tizio"].objects


def test_equal_hands_the_lighter_wins_then_the_defender():
    s, _ = duel_at_door(objects_a=("sword", "lance"), objects_b=("shield", "shield"), gold=(1, 0))
    act(s, "tizio", "play", "sword")
    act(s, "caio", "play", "shield")  # caio
    act(s, "tizio", "play", "lance")
    act(s, "caio", "play", "shield")  # tizio
    assert s.duel.winner == "caio"  # caio weighs 2, tizio 3
    s, _ = duel_at_door(objects_a=("sword", "lance"), objects_b=("shield", "shield"), gold=(1, 1))
    act(s, "tizio", "play", "sword")
    act(s, "caio", "play", "shield")
    act(s, "tizio", "play", "lance")
    act(s, "caio", "play", "shield")
    assert s.duel.winner == "caio"  # same weight: the defender


def test_weapons_go_back_to_their_owners():
    s, _ = duel_at_door(objects_a=("sword", "lance"), objects_b=("mace", "shield"))
    act(s, "tizio", "play", "sword")
    act(s, "caio", "play", "mace")
    act(s, "tizio", "play", "lance")
    act(s, "caio", "play", "shield")
    assert sorted(s.players["tizio"].objects) == ["lance", "sword"]
    assert sorted(s.players["caio"].objects) == ["mace", "shield"]


def test_loot_only_from_the_loser_and_the_winners_choice():
    s, _ = duel_at_door(objects_a=("lance",), objects_b=("rope",))
    assert s.duel.stage == "loot" and GAME.awaiting(s) == ["tizio"]
    with pytest.raises(RuleError, match="caio has no sword"):
        act(s, "tizio", "loot", "sword")
    with pytest.raises(RuleError, match="waits for tizio"):
        act(s, "caio", "loot", "lance")
    ev = act(s, "tizio", "loot", "rope")
    assert s.players["tizio"].objects == ["lance", "rope"] and s.players["caio"].objects == []
    assert not any("rope" in x for x in texts(ev, "sempronio"))
    assert s.duel is None and s.turn.player == "caio"  # the move ended in that room


def test_the_winner_sees_what_the_loser_holds_and_nobody_else_does():
    s, ev = duel_at_door(objects_a=("lance",), objects_b=("rope", "head"))
    offers = [e for e in ev if e.kind == "loot_offer"]
    assert offers and offers[0].to == ("tizio",) and "head" in str(offers[0].text)
    assert GAME.view(s, "tizio")["prompt"]["choices"]


def test_loot_gold_and_keys():
    s, _ = duel_at_door(objects_a=("lance",), gold=(1, 2))
    act(s, "tizio", "loot", "gold")
    assert s.players["tizio"].gold == 2 and s.players["caio"].gold == 1
    s, _ = duel_at_door(objects_a=("lance",), gold=(1, 0), keys_b=("silver",))
    act(s, "tizio", "loot", "silver key")
    assert s.players["tizio"].keys == ["silver"]


def test_the_winner_holds_the_room_the_loser_must_leave_or_fight():
    s, _ = duel_at_door(objects_a=("mace",), objects_b=(), gold=(1, 2))
    act(s, "tizio", "loot", "gold")  # caio lost (unarmed) and is in B3 with tizio, who forced his way in
    assert s.players["caio"].beaten_by == "tizio" and s.players["tizio"].pos == "B3"
    assert s.turn.player == "caio"
    before = snap(s)
    for verb, args in (("act", ()), ("stop", ()), ("scry", ("tizio",))):
        with pytest.raises(RuleError):
            act(s, "caio", verb, *args)
    assert snap(s) == before
    ev = act(s, "caio", "fight", "tizio")
    assert s.duel is not None and s.duel.cause == "stay" and any(e.kind == "duel" for e in ev)


def test_an_attacker_who_loses_is_driven_back():
    s, _ = duel_at_door(objects_a=(), objects_b=("mace",), gold=(2, 1))
    ev = act(s, "caio", "loot", "gold")
    assert s.players["tizio"].pos == "B2" and s.players["tizio"].beaten_by is None
    back = [e for e in ev if e.kind == "driven_back"]
    assert back and back[0].to is None and back[0].data == {"player": "tizio", "room": "B2", "origin": "B3", "wounded": False}
    assert s.turn.player == "caio", "the attacker's move is over"


def test_leaving_the_room_ends_the_hold():
    s, _ = duel_at_door(objects_a=("mace",), objects_b=())
    act(s, "tizio", "loot", "gold")
    dice(s, 2, 2)
    act(s, "caio", "move", "w")
    assert s.players["caio"].beaten_by is None


def test_fight_dragon_is_the_caves_action():
    from mud.shell import parser
    from games.engine import Action
    cmds = parser.CommandSet(GAME.verbs, GAME.slots, GAME.fillers)
    p = parser.parse("fight dragon", cmds)
    assert p.verb.build(p.slots) == Action("act")
    p = parser.parse("fight north", cmds)
    assert p.verb.build(p.slots) == Action("fight", (None, "n"))


def test_loot_bag_of_money_as_typed():
    """The parser drops 'of'; the bag is still found (and a refusal names the verb typed)."""
    from games.quest.items import resolve_item
    from mud.shell import parser
    cmds = parser.CommandSet(GAME.verbs, GAME.slots, GAME.fillers)
    p = parser.parse("loot bag of money", cmds)
    (item,) = p.verb.build(p.slots).args if p.verb.build else parser.slot_values(p.verb, p.slots)
    assert resolve_item(item, "loot") == ("treasure", "bag of money")
    with pytest.raises(RuleError, match="not something you can loot"):
        resolve_item("moon", "loot")
