"""Bad input in every phase of a 10x round: whatever anyone types gets a clear one-line answer, and a
refused line changes nothing (tests/mud/shell/test_bad_input.py's check)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.tenx.data import CARDS
from mud.shell.table import Table
from tests.games.tenx.fixtures import GAME, give, quest
from tests.mud.shell.test_bad_input import LINES, SEPARATORS, answer_and_check, back, typists

PEOPLE = ["ann", "bob"]
FUZZ = settings(deadline=None, max_examples=50, suppress_health_check=[HealthCheck.too_slow])
WORDS = ["play", "pass", "draw", "bonus", "card", "discard", "cards", "quests", "mask", "keep", "star", "roll",
         "cancel", "declare", "hand", "quests", "score", "look", "ann", "bob", "7", "7s", "5d", "4m+3", "+2", "-1",
         "+9", "11", "0", "1", "2", "3", "x", "star", "die", "s", "d", "m", "resolved", "🂡", "-", "+"]


@st.composite
def tenx_lines(draw):
    words = draw(st.lists(st.sampled_from(WORDS), min_size=0, max_size=5))
    return "".join(w + draw(SEPARATORS) for w in words)


def table_with(ann=(), bob=()):
    table = Table(GAME, PEOPLE, [], seed=5)
    table.start()
    s = table.state
    s.order = list(PEOPLE)
    for seat in s.seats.values():
        s.deck += [c for c in seat.hand if CARDS[c].kind == "number"]
        s.bonus_deck += [c for c in seat.hand if CARDS[c].kind == "bonus"]
        seat.hand = []
    give(s, "ann", *ann)
    give(s, "bob", *bob)
    return table, typists(table, PEOPLE)


def say(sessions, who, line):
    lines = answer_and_check(sessions[who], line)
    assert lines[-1].kind != "error", (who, line, lines[-1].text)


def place(t, ss):
    return t, ss


def mask(t, ss):
    say(ss, "ann", "play 4m")
    say(ss, "bob", "play 1")
    assert t.state.round.phase == "mask"


def mask_taken(t, ss):
    mask(t, ss)
    say(ss, "ann", "mask bob")
    assert t.state.round.taken


def bonus(t, ss):
    say(ss, "ann", "play 5")
    say(ss, "bob", "play 6")
    assert t.state.round.phase == "bonus"


def star(t, ss):
    say(ss, "ann", "play 6s")
    say(ss, "bob", "play 6")
    while t.state.round.phase == "bonus":
        say(ss, t.awaiting()[0], "pass")
    assert t.state.round.phase == "star"


def die(t, ss):
    say(ss, "ann", "play 5d")
    say(ss, "bob", "play 8")
    while t.state.round.phase == "bonus":
        say(ss, t.awaiting()[0], "pass")
    assert t.state.round.phase == "die"


def draw(t, ss):
    say(ss, "ann", "play 7")
    say(ss, "bob", "play 5")
    while t.state.round.phase == "bonus":
        say(ss, t.awaiting()[0], "pass")
    assert t.state.round.phase == "draw"


def reward(t, ss):
    quest(t.state, "ann", "win_by", 2)  # met this round: it gives a game card
    say(ss, "ann", "play 7")
    say(ss, "bob", "play 5")
    while t.state.round.phase == "bonus":
        say(ss, t.awaiting()[0], "pass")
    assert t.state.round.phase == "reward"


PHASES = [place, mask, mask_taken, bonus, star, die, draw, reward]
HANDS = {"ann": ("4m+3", "5", "6s", "5d", "7", "+2", "3", "-1"), "bob": ("6-2", "6", "8", "5", "1", "2")}


@pytest.mark.parametrize("phase", PHASES, ids=lambda f: f.__name__)
@FUZZ
@given(lines=st.lists(st.tuples(st.sampled_from([*PEOPLE, None]), st.one_of(tenx_lines(), LINES)),
                      min_size=1, max_size=5))
def test_any_line_in_any_phase(phase, lines):
    table, sessions = table_with(HANDS["ann"], HANDS["bob"])
    phase(table, sessions)
    for who, line in lines:
        answer_and_check(back(sessions, who), line)


@pytest.mark.parametrize("phase,who,line,needle", [
    (place, "ann", "play 9", "no 9"), (place, "ann", "play +2", "not placed"), (place, "ann", "bonus +2", "after the reveal"),
    (mask, "bob", "mask ann", "ann's choice"), (mask, "ann", "mask ann", "another player"),
    (mask, "ann", "keep", "mask first"), (mask_taken, "ann", "pass", "keep"),
    (bonus, "ann", "bonus +9", "no +9"), (bonus, "bob", "bonus -1", "ann's choice"),
    (star, "bob", "star", "ann's choice"), (die, "bob", "roll", "ann's choice"),
    (draw, "bob", "draw", "draws first"), (draw, "ann", "discard cards 1", "after you draw"),
    (reward, "bob", "draw", "chooses a reward first"),
])
def test_the_answer_says_what_is_wanted(phase, who, line, needle):
    table, sessions = table_with(HANDS["ann"], HANDS["bob"])
    phase(table, sessions)
    lines = answer_and_check(sessions[who], line)
    assert lines[-1].kind == "error" and needle.lower() in lines[-1].text.lower(), (line, lines[-1].text)
