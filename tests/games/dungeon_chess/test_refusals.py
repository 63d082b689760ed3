"""Dungeon Chess's refusals live in one place (issue 41): the game's ``why_not`` words why an action
that is not legal is refused, and the verb handlers only carry a legal move out -- no handler, nor
anything of the game it calls, refuses anything of its own."""

from __future__ import annotations


import pytest

from games.dungeon_chess import GAME
from games.dungeon_chess.refusals import why_not
from games.engine import Action, RuleError
from tests.games.dungeon_chess.fixtures import match, position

PACKAGE = "games.dungeon_chess"
REFUSALS = {"RuleError", "NotNow"}


def refused(state, player, verb, *args) -> str:
    with pytest.raises(RuleError) as err:
        GAME.apply(state, player, Action(verb, args))
    return str(err.value)


def board():
    return position({"e5": ("ann", "Gk"), "e7": ("bob", "M"), "c2": ("ann", "G"), "a1": ("ann", "L"),
                     "j10": ("bob", "L"), "j9": ("bob", "L")})


@pytest.mark.parametrize("verb,args,says", [
    ("move", ("k3", "k4"), "'k3' is not a square of the dungeon (a1 to j10)."),
    ("move", ("e5", "z9"), "'z9' is not a square of the dungeon (a1 to j10)."),
    ("move", ("e4", "e5"), "There is no character on e4."),
    ("move", ("j10", "i10"), "That is bob's Fighter; move one of yours."),
    ("move", ("e5", "e1"), "e1 is an entry square: no character in play may stop there."),
    ("move", ("e5", "e9"), "Your Kor Warrior cannot reach e9 from e5 (1-3 squares orthogonally, never jumping a piece)."),
    ("move", ("a1", "a1"), "A move goes to another square."),
    ("teleport", ("e5",), "e5 is not one of your teleport squares (c2, h2)."),
    ("teleport", ("h2",), "None of your characters stands on h2."),
    ("teleport", ("c2", "d4"), "From c2 a teleport goes to h2 only."),
    ("ransom", ("dragon",), "'dragon' is not a character: fighter, kor, warrior or mage."),
    ("ransom", ("mage",), "Nobody holds a Mage of yours."),
    ("ransom", ("mage", "e1", "cat"), "cat holds no Mage of yours."),
    ("move", ("e5",), "'move' does not take those arguments."),
    ("fly", ("e5",), "Dungeon Chess has no 'fly' action."),
])
def test_why_not_words_each_refusal_and_apply_says_it(verb, args, says):
    state = board()
    assert str(why_not(state, "ann", GAME.canonical(state, "ann", Action(verb, args)))) == says
    assert refused(state, "ann", verb, *args) == says


def test_a_capture_refused_says_which_rule_forbids_it():
    s = position({"e5": ("ann", "Gk"), "e6": ("bob", "L"), "a1": ("ann", "L"), "j10": ("cat", "L"),
                  "j9": ("cat", "L")}, players=("ann", "bob", "cat"))
    assert refused(s, "ann", "move", "e5", "e6") == "At least one! bob's last character cannot be captured."
    s = position({"e1": ("ann", "G"), "f2": ("bob", "L"), "a1": ("ann", "L"), "j10": ("bob", "L")})
    assert refused(s, "ann", "move", "e1", "f2") == "A character on an entry square cannot capture (e1)."
    assert refused(s, "ann", "move", "a1", "e1") == "e1 is an entry square: no character in play may stop there."


def test_a_ransom_refused_says_what_is_missing():
    s = position({"e5": ("ann", "Gk"), "a1": ("ann", "L"), "j10": ("bob", "L"), "j9": ("bob", "M")})
    s.held["bob"] += [("ann", "G", 90), ("ann", "M", 91)]
    assert refused(s, "ann", "ransom", "mage", "e5") == \
        "A ransomed character comes back on your entry squares (e1, f1)."
    s.chests["ann"] = 0
    assert refused(s, "ann", "ransom", "mage") == "You have no chest left to pay a ransom with."


def test_a_kept_target_refused_names_the_two_dealt():
    state = match(keep=False)
    a, b = state.dealt["ann"]
    other = next(n for n in range(1, 11) if n not in (a, b))
    assert refused(state, "ann", "keep", other) == f"You were dealt targets #{a} and #{b}: keep one of those."
    assert refused(state, "ann", "keep", "x") == "Keep one of your two targets by its number, e.g. 'keep 3'."


def test_why_not_is_silent_for_what_it_has_no_words_for():
    """A legal action has no refusal; the engine words anything else the rules forbid in general."""
    state = board()
    assert why_not(state, "ann", Action("move", ("e5", "e6"))) is None

