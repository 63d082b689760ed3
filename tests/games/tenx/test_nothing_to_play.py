"""Issue 40, item 18: 10x asked questions whose only answer was "[0] Pass" (a card at 9 holding
only +3s; no numbered card to place). Passing is not made for the player -- their hand is theirs to
know, and a pass made at once would tell the table it held nothing. The question's text says what is
happening and that 'pass' goes on; since issue 43 its one answer is "[0] Pass" again, like every
other question's (with no numbered answer, a player who answers by number had nothing to choose)."""

from __future__ import annotations

from games.words import worded

from games.engine import Action
from games.tenx.rounds import start_placement
from mud.world.asking import asked_lines
from tests.games.tenx.fixtures import GAME, act, give, new


def test_a_card_no_bonus_of_the_hand_fits_is_not_asked_for_a_bonus():
    s = new(("x", "y"))
    give(s, "x", "9", "+3", "+2")
    give(s, "y", "5")
    act(s, "x", "play", "9")
    act(s, "y", "play", "5")
    assert s.round.phase == "bonus" and GAME.awaiting(s) == ["y"]
    act(s, "y", "pass")
    assert GAME.awaiting(s) == ["x"]
    asked = worded(GAME.prompt(s, "x"), "en")
    assert asked == {"text": "Your card is at 9 and no bonus/malus of yours keeps it between 1 and 10: 'pass' "
                             "lets the round go on.", "choices": [["Pass", "pass"]]}
    assert GAME.legal_actions(s, "x") == [Action("pass")]
    shown = [line.text for line in asked_lines(asked)]
    assert shown[0] == asked["text"] and shown[1].startswith("[0] Pass")  # answered like any other question
    act(s, "x", "pass")
    assert s.round.phase != "bonus"


def test_a_bonus_that_fits_is_still_offered_with_pass():
    s = new(("x", "y"))
    give(s, "x", "9", "+1")
    give(s, "y", "5")
    act(s, "x", "play", "9")
    act(s, "y", "play", "5")
    act(s, "y", "pass")
    assert [label for label, _c in worded(GAME.prompt(s, "x"), "en")["choices"]] == ["+1", "Pass"]


def test_a_hand_without_a_numbered_card_is_not_asked_to_place_one():
    s = new(("x", "y"))
    give(s, "x", "+3")
    give(s, "y", "5")
    asked = worded(GAME.prompt(s, "x"), "en")
    assert asked["choices"] == [["Pass", "pass"]] and asked["text"].startswith("You hold no numbered card to place: 'pass'")
    assert worded(GAME.prompt(s, "y"), "en")["choices"][0] == ["Pass", "pass"]  # y has a card: asked as before
    act(s, "x", "pass")


def test_a_player_who_may_declare_is_asked_still():
    s = new(("x", "y"))
    give(s, "x", "+3")
    give(s, "y", "5")
    s.seats["x"].points = 15  # two players declare at 15
    assert [label for label, _c in worded(GAME.prompt(s, "x"), "en")["choices"]] == ["Declare", "Pass"]


def test_a_watcher_is_told_what_the_players_do_not_told_to_place_a_card():
    """Issue 40, item 18: a watcher read "Place a card face down ('play <card>') or 'pass'."."""
    s = new(("x", "y"))
    give(s, "x", "5")
    give(s, "y", "6")
    events = start_placement(s)
    seen = {who: [str(e.text) for e in events if e.visible_to(who)] for who in ("x", "y", None, "onlooker")}
    assert seen["x"] == seen["y"] == ["Place a card face down ('play <card>') or 'pass'. Nobody sees anything "
                                      "until all have chosen."]
    assert seen[None] == seen["onlooker"] == ["Each player places a card face down, or passes; all are revealed "
                                              "together."]
