"""Words three friends stumbled on playing 10x by hand over telnet, TinTin++ and ``ssh -T``: a
suggestion naming a card the player does not hold, an answer labelled with the game's inner word,
a bonus typed without its sign, "discards nothing" right after a discard."""

from __future__ import annotations

from games.words import worded
import pytest

from games.engine import Action, RuleError, command_line
from games.tenx import scoring
from games.tenx.abilities import expected
from games.tenx.prompts import discard_answers
from tests.games.tenx.fixtures import GAME, act, dice, give, new, quest, texts


def test_the_lost_roll_suggests_a_card_the_player_holds():
    """alice lost her roll holding 6, 1 star/mask, +3 and -3, and read "discard a game card of your
    choice ('discard 3', 'discard +1')"."""
    s = new(("x", "y"))
    give(s, "x", "5d", "6", "1sm", "+3")
    give(s, "y", "8")
    act(s, "x", "play", "5d")
    act(s, "y", "play", "8")
    while s.round.phase == "bonus":
        act(s, GAME.awaiting(s)[0], "pass")
    dice(s, 2)
    act(s, "x", "roll")
    assert s.round.phase == "lose"
    said = str(expected(s, "x"))
    assert "'discard 3'" not in said and "'discard +1'" not in said
    assert "'discard +3'" in said or "'discard 1 star'" in said or "'discard 6'" in said, said
    act(s, "x", "discard", "card", "+3")  # the suggestion is a command that works
    assert s.round.phase != "lose"


def test_a_bonus_typed_without_its_sign_is_told_the_sign():
    """carol held +5 and typed 'bonus 5': "You have no 5 in hand."."""
    s = new(("x", "y"))
    give(s, "x", "2", "+5")
    give(s, "y", "9")
    act(s, "x", "play", "2")
    act(s, "y", "play", "9")
    with pytest.raises(RuleError, match=r"named with their sign: \+5"):
        act(s, "x", "bonus", "5")


def test_the_quest_discard_answers_say_which_quests_in_words():
    """"Discard three quests (hand) for a point": 'hand' and 'resolved' are the command's words."""
    s = new(("x", "y"))
    for kind, arg in (("lose_by", 2), ("lose_by", 3), ("lose_by", 4)):
        quest(s, "x", kind, arg)
    labels = [label for label, _action in worded(discard_answers(s, "x"), "en")]
    assert labels == ["Discard three quests you hold for a point"]
    s.seats["x"].shown, s.seats["x"].quests = s.seats["x"].quests, []
    assert [label for label, _a in worded(discard_answers(s, "x"), "en")] == ["Discard three quests you met for a point"]


def test_a_quest_discard_answer_is_the_command_a_player_would_type():
    """Issue 40, item 7: the answer "[1] Discard three quests you hold for a point" ran, and was
    echoed, as "discard quests hand". The bare 'discard quests' (the verb's own example) takes those
    three, so that is the answer; a pile is named only when the bare command would take the other."""
    s = new(("x", "y"))
    for kind, arg in (("lose_by", 2), ("lose_by", 3), ("lose_by", 4)):
        quest(s, "x", kind, arg)
    assert [(label, command_line(a)) for label, a in worded(discard_answers(s, "x"), "en")] == [
        ("Discard three quests you hold for a point", "discard quests")]
    for kind, arg in (("win_by", 2), ("win_by", 3), ("win_by", 4)):
        s.seats["x"].shown.append(quest(s, "x", kind, arg))
        s.seats["x"].quests.pop()
    assert [command_line(a) for _label, a in discard_answers(s, "x")] == [
        "discard quests", "discard quests hand"]  # the bare form takes the resolved ones first
    assert GAME.canonical(s, "x", Action("discard", ("quests", "resolved"))) == Action("discard", ("quests",))
    assert GAME.canonical(s, "x", Action("discard", ("quests", "hand"))) == Action("discard", ("quests", "hand"))


def test_keeping_ones_cards_after_drawing_is_not_told_as_discarding_nothing():
    """bob discarded three quests for a point, then kept the rest: "bob discards nothing." read as
    if the discard had not happened."""
    s = new(("x", "y"))
    s.round.phase, s.round.draw_order, s.round.discarding = "draw", [], "x"
    ev = act(s, "x", "pass")
    assert "x keeps their cards." in texts(ev, "y")
    assert not any("discards nothing" in t for t in texts(ev, "y"))


def test_the_first_commands_do_not_promise_a_card_the_hand_may_lack():
    """carol, holding no 7, was told to start with "'play 7' (place card 7 face down)"."""
    what = {str(command): str(what) for command, what in GAME.first_commands}["play 7"]
    assert "card 7" not in what and "by its number" in what


def test_the_final_points_are_read_from_the_winner_down():
    """"carol wins the game! Points: bob 11, carol 13, alice 9." listed the seats in play order."""
    s = new(("x", "y", "z"))
    for name, points in (("x", 11), ("y", 13), ("z", 9)):
        s.seats[name].points = points
    s.seats["y"].declared = True
    (end,) = [e for e in scoring.finish(s) if e.kind == "game_over"]
    assert str(end.text) == "y wins the game! Points: y 13, x 11, z 9."


def test_a_declaration_names_the_player_once():
    """"bob declares: bob may now win the game." -- read by bob himself too."""
    s = new(("x", "y"))
    give(s, "x", "9")
    give(s, "y", "3")
    s.seats["x"].points = 15
    ev = act(s, "x", "declare")
    assert texts(ev, "y") == ["x declares and may now win the game."]
