"""10x's refusals live in one place (issue 41): ``apply`` checks every action against the legal ones
before a handler runs, the game's ``why_not`` (games/tenx/refusals.py) words each refusal, and the
handlers only carry a legal move out -- nothing they run refuses anything."""

from __future__ import annotations


import pytest

from games.engine import Action, RuleError
from games.tenx.refusals import REFUSALS, why_not
from tests.games.tenx.fixtures import GAME, act, give, new, quest


def test_every_verb_with_a_handler_has_its_refusals():
    assert set(REFUSALS) == set(GAME.handlers)


def _refusal(state, player: str, verb: str, *args) -> str:
    with pytest.raises(RuleError) as refused:
        act(state, player, verb, *args)
    return str(refused.value)


def test_why_not_words_a_card_not_held_an_ambiguous_one_and_a_bonus_card_placed():
    s = new(("x", "y"))
    give(s, "x", "7s", "7d", "+2")
    give(s, "y", "5")
    assert _refusal(s, "x", "play", "9") == "You have no 9 in hand."
    assert _refusal(s, "x", "play", "7") == "Which one: 7 star, 7 die? Name it exactly: 7d or 7s."
    assert _refusal(s, "x", "play", "+2") == "A bonus/malus card is not placed: play a numbered card."
    assert _refusal(s, "x", "play", "7", "q") == "'q' is not a modifier: star, die or mask (s, d, m)."
    assert str(why_not(s, "x", Action("play", ("9",)))) == "You have no 9 in hand."


def test_why_not_words_the_arguments_and_verbs_the_handlers_do_not_take():
    s = new(("x", "y"))
    assert _refusal(s, "x", "frobnicate") == "10x has no 'frobnicate' action."
    assert _refusal(s, "x", "declare", "now") == "'declare' does not take those arguments."
    assert _refusal(s, "x", "pass", "now") == "'pass' does not take those arguments."


def test_why_not_words_a_bonus_out_of_range_and_one_named_without_its_sign():
    s = new(("x", "y"))
    give(s, "x", "9", "+3", "+5")
    give(s, "y", "10")
    act(s, "x", "play", "9")
    act(s, "y", "play", "10")
    assert _refusal(s, "x", "bonus", "+3") == "+3 would take your card to 12: values stay between 1 and 10."
    assert _refusal(s, "x", "bonus", "-2") == "You have no -2 to play."
    assert _refusal(s, "x", "bonus", "5") == \
        "You have no 5 in hand. Bonus/malus cards are named with their sign: +5."


def test_why_not_words_a_mask_on_an_empty_hand_and_on_oneself():
    s = new(("x", "y", "z"))
    give(s, "x", "5m+3")
    give(s, "y", "6", "3")
    give(s, "z", "2")
    act(s, "x", "play", "5m+3")
    act(s, "y", "play", "6")
    act(s, "z", "play", "2")  # z's hand is empty now: everyone sees how many cards a player holds
    assert _refusal(s, "x", "mask", "z") == "z has no cards in hand."
    assert _refusal(s, "x", "mask", "x") == "Take from another player: 'mask <player>'."
    assert _refusal(s, "x", "mask", "nobody") == "Take from another player: 'mask <player>'."


def test_why_not_words_a_declaration_too_early_or_twice():
    s = new(("x", "y"))
    assert _refusal(s, "x", "declare") == "You may declare from 15 points; you have 0."
    s.seats["x"].points = 15
    act(s, "x", "declare")
    assert _refusal(s, "x", "declare") == "You have already declared."


def test_why_not_words_discards_for_a_point_that_name_no_seven_cards_or_three_quests():
    s = new(("x", "y"))
    s.round.phase, s.round.discarding = "draw", "x"  # x has just drawn and may discard for a point
    give(s, "x", "1", "2", "3")
    quest(s, "x", "play", 3)
    assert _refusal(s, "x", "discard", "cards", "1", "2") == \
        "Name 7 game cards to discard: 'discard cards 1 1 2 +1 ...'."
    assert _refusal(s, "x", "discard", "cards", "1", "2", "3", "4", "5", "6", "7") == "You have no 4 in hand."
    assert _refusal(s, "x", "discard", "quests") == \
        "You need three different personal quests, all in hand or all resolved."
    assert _refusal(s, "x", "discard", "quests", "4") == "Your quests in hand are numbered 1 to 1 (see 'quests')."
    assert _refusal(s, "x", "discard", "hats") == \
        "Discard 'cards' (seven game cards) or 'quests' (three different personal quests)."
    assert _refusal(s, "x", "draw", "bonus").startswith("You have drawn")  # the step's, not why_not's


def test_why_not_words_a_draw_of_neither_kind_and_a_cancel_of_no_active_quest():
    s = new(("x", "y"))
    s.round.phase, s.round.draw_order = "draw", ["x", "y"]
    assert _refusal(s, "x", "draw", "quest") == \
        "Draw a numbered card ('draw') or two bonus/malus cards ('draw bonus')."
    s.active = ["c0", "c1"]
    s.round.phase, s.round.cancellers, s.round.draw_order = "cancel", ["x"], []
    assert _refusal(s, "x", "cancel", "7") == "No active common quest '7': name it by its number in 'quests' (1-2)."
    # a spelling the handler took yet legal never listed: no words of its own, the general line as before
    assert _refusal(s, "x", "cancel", "01") == "'cancel 01' is not a move you can make now."


def test_a_pass_refused_to_the_drawer_says_what_to_do_and_to_another_who_is_awaited():
    """At the draw, 'pass' is no move: the one drawing is told to draw (not that the game waits
    for them, by name), the others whom the game waits for."""
    s = new(("x", "y"))
    while not (s.round.phase == "draw" and not s.round.discarding):
        who = GAME.awaiting(s)[0]
        act(s, who, *_first_legal(s, who))
    drawer = s.round.draw_order[0]
    other = "y" if drawer == "x" else "x"
    mine = _refusal(s, drawer, "pass")
    assert mine.startswith("There is nothing to pass now. Draw: 'draw'") and drawer not in mine
    assert _refusal(s, other, "pass") == f"There is nothing to pass now. The game waits for {drawer}."


def _first_legal(state, player: str) -> tuple:
    action = GAME.legal_actions(state, player)[0]
    return (action.verb, *action.args)
