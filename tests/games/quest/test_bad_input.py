"""Bad input in every waiting state of the full game: a duel at each of its stages, a consent
question, a wounded player's window, a dead player. Whatever anyone types gets a clear one-line
answer, and a refused line changes nothing (tests/mud/shell/test_bad_input.py's check, reused)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.quest import GAME
from mud.shell.table import Table
from tests.games.quest.fixtures import isolate, place
from tests.mud.shell.test_bad_input import LINES, SEPARATORS, answer_and_check, back, typists

PEOPLE = ["alice", "bob", "carol"]
FUZZ = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
DUEL_WORDS = ["fight", "rock", "paper", "scissors", "throw", "choose", "play", "block", "sword", "lance", "mace",
              "shield", "armour", "armor", "none", "nothing", "loot", "steal", "gold", "gold key", "rope", "heal",
              "drink", "potion", "me", "cast", "bolt", "sight", "C4", "Z9", "scry", "alice", "bob", "carol", "north",
              "n", "allow", "deny", "consent", "stop", "pass", "act", "keep", "break", "1", "0", "-3", "🐉"]


@st.composite
def duel_lines(draw):
    words = draw(st.lists(st.sampled_from(DUEL_WORDS), min_size=0, max_size=5))
    return "".join(w + draw(SEPARATORS) for w in words)


def table_at_the_door(alice=(), bob=(), gold=(1, 1)):
    """alice (B2, her turn) beside bob (B3) through a green door; carol far away. All people."""
    table = Table(GAME, PEOPLE, [], seed=3, options={"rules": "full"})
    table.start()
    s = table.state
    s.order = list(PEOPLE)
    s.turn.player = "alice"
    isolate(s, "B2")
    isolate(s, "B3")
    place(s, "alice", "B2")
    place(s, "bob", "B3")
    place(s, "carol", "E8")
    s.players["alice"].objects, s.players["bob"].objects = list(alice), list(bob)
    s.players["alice"].gold, s.players["bob"].gold = gold
    return table, typists(table, PEOPLE)


def say(sessions, who, line):
    lines = answer_and_check(sessions[who], line)
    assert lines[-1].kind != "error", (who, line, lines[-1].text)


def rps(table, sessions):
    say(sessions, "alice", "fight east")
    assert table.state.duel.stage == "rps"


def rps_half(table, sessions):
    rps(table, sessions)
    say(sessions, "alice", "rock")


def attack(table, sessions):
    table.state.players["alice"].objects = ["sword", "lance"]
    table.state.players["bob"].objects = ["mace", "shield"]
    say(sessions, "alice", "fight east")
    assert table.state.duel.stage == "attack"


def answer(table, sessions):
    attack(table, sessions)
    say(sessions, "alice", "play sword")
    assert table.state.duel.stage == "answer"


def loot(table, sessions):
    table.state.players["alice"].objects = ["sword"]
    table.state.players["bob"].objects = ["rope"]
    say(sessions, "alice", "fight east")
    assert table.state.duel.stage == "loot"


def block(table, sessions):
    table.state.players["alice"].rank = "wizard"
    table.state.players["bob"].objects = ["shield"]
    say(sessions, "alice", "cast bolt at bob")
    assert table.state.duel.stage == "block"


def consent(table, sessions):
    say(sessions, "alice", "move east")
    assert table.state.turn.phase == "consent"


def wounded(table, sessions):
    table.state.players["alice"].objects = ["sword"]
    table.state.players["bob"].gold = 0
    table.state.order = ["alice", "carol", "bob"]
    say(sessions, "alice", "fight east")
    assert table.state.players["bob"].wounded and table.state.turn.player == "carol"


def dead(table, sessions):
    wounded(table, sessions)
    say(sessions, "carol", "pass")
    assert not table.state.players["bob"].alive


STATES = [rps, rps_half, attack, answer, loot, block, consent, wounded, dead]


@pytest.mark.parametrize("state", STATES, ids=lambda f: f.__name__)
@FUZZ
@given(lines=st.lists(st.tuples(st.sampled_from([*PEOPLE, None]), st.one_of(duel_lines(), LINES)),
                      min_size=1, max_size=5))
def test_any_line_in_a_waiting_state(state, lines):
    table, sessions = table_at_the_door()
    state(table, sessions)
    for who, line in lines:
        answer_and_check(back(sessions, who), line)


@pytest.mark.parametrize("state,who,line,needle", [
    (rps, "alice", "play sword", "rock"), (rps, "carol", "rock", "not you"), (rps_half, "alice", "paper", "waits"),
    (attack, "bob", "play mace", "waits for alice"), (attack, "alice", "play mace", "no mace left"),
    (attack, "alice", "rock", "weapon"), (answer, "bob", "play sword", "no sword"),
    (loot, "alice", "loot sword", "bob has no sword"), (loot, "bob", "loot sword", "waits for alice"),
    (block, "bob", "play lance", "mace or a shield"), (block, "alice", "move n", "duel"),
    (consent, "alice", "act", "moving"), (consent, "carol", "allow", "nobody is asking"),
    (consent, "alice", "fight west", "waiting to enter"), (wounded, "carol", "heal bob", "no health potion"),
    (wounded, "bob", "heal", "no health potion"), (dead, "bob", "stop", "dead"), (dead, "bob", "rock", "dead"),
])
def test_the_answer_says_what_is_wanted(state, who, line, needle):
    table, sessions = table_at_the_door()
    state(table, sessions)
    lines = answer_and_check(sessions[who], line)
    assert lines[-1].kind == "error" and needle.lower() in lines[-1].text.lower(), (line, lines[-1].text)
