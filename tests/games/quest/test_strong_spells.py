"""Issue 24: the strong bot could never cast a spell (its search looked for 'cast' among legal actions
that never held one). Now the bolts in reach are among the moves it weighs at the start of a turn."""

from __future__ import annotations

import random
import time

from games.engine import Action
from games.quest import GAME
from games.quest.search import candidates
from tests.games.quest.fixtures import isolate, new, place


def duel_of_two():
    """Two players left: merlin, a wizard on B2, and bob next door on B3 (a green door between),
    publicly owning nothing (no gold, no card, no treasure, no key): a bolt strikes him (nothing to
    block it with, no bible), he is mortally wounded with nobody to heal him, and dies before his turn
    -- merlin, the last one alive, wins. Any other move leaves the race open."""
    s = new(("merlin", "bob"), rules="full")
    isolate(s, "B2")
    place(s, "merlin", "B2")
    place(s, "bob", "B3")
    s.players["merlin"].rank = "wizard"
    s.players["bob"].gold = 0
    return s


def test_a_bolt_in_reach_is_weighed_by_the_search():
    s = duel_of_two()
    assert Action("cast", ("bolt", "bob")) in candidates(GAME, s, "merlin")
    assert not [a for a in candidates(GAME, s, "merlin") if GAME.is_free(a) or a.args[:1] == ("sight",)]


def test_the_strong_bot_casts_the_bolt_that_wins_the_game():
    s = duel_of_two()
    started = time.perf_counter()
    chosen = GAME.bot_action(s, "merlin", random.Random(7), "strong", {})
    assert chosen == Action("cast", ("bolt", "bob"))
    assert time.perf_counter() - started < 2.0  # its budget is 0.9 s a move (docs/bots.md)
    GAME.apply(s, "merlin", chosen)
    assert s.winner == "merlin"
