"""The words 10x's answers and screens are read in, on a line surface and in the TUI alike."""

from __future__ import annotations

from games.words import worded
import re

from games.tenx.prompts import discard_answers
from games.tenx.scoring import _reward
from games.tenx.show import render_table
from tests.games.tenx.fixtures import GAME, act, give, new


def test_the_discard_for_a_point_answer_names_the_cards_in_words_not_codes():
    """Issue 26: "Discard +2 +3 1 2d+1 3s 4sd 5sd for a point" was cryptic."""
    s = new(("x", "y"))
    give(s, "x", "+2", "+3", "1", "2d+1", "3s", "4sd", "5sd", "9")
    label, action = worded(discard_answers(s, "x")[0], "en")
    assert label == "Discard 7 cards for a point: +2, +3, 1, 2 die, 3 star, 4 star/die, 5 star/die"
    assert not re.search(r"\b\d+[sdm]+\b|\d[+-]\d", label)  # no typed codes such as 4sd or 2d+1
    assert action.args == ("cards", "+2", "+3", "1", "2d+1", "3s", "4sd", "5sd")  # the command is unchanged


def test_revealed_card_rows_keep_their_columns_whatever_the_names():
    """Issue 26: the rows lost their alignment once a name was longer than the column."""
    s = new(("ann", "francesca_rossi"))
    give(s, "ann", "5s+2")
    give(s, "francesca_rossi", "2")
    act(s, "ann", "play", "5s+2")
    act(s, "francesca_rossi", "play", "2")
    rows = [row for row in worded(render_table(GAME.view(s, "ann")), "en") if row.startswith("  ")]
    assert len(rows) == 2 and len({row.index("now") for row in rows}) == 1
    assert rows[0].index("5 star") == rows[1].index("2 ")


def test_a_quest_drawn_as_a_reward_is_not_named_to_the_table():
    """Found replaying the first hour: "bot1 draws a personal quest (the quest 'win without star, die
    or mask')" read as if it named the new, secret quest. The table hears why, in words that cannot
    be mistaken for what was drawn; only the drawer reads the new quest."""
    s = new(("ann", "bob"))
    events = _reward(s, "ann", "quest", "the quest 'win by 4'")
    public = [e for e in events if "ann" in e.not_to]
    mine = [e for e in events if e.to == ("ann",)]
    assert str(public[0].text) == "ann draws a personal quest (the reward for the quest 'win by 4')."
    assert str(mine[0].text).startswith("You draw a personal quest (the reward for the quest 'win by 4'): ")
