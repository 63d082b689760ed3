"""Bad input at a Quantum table, typed as a player types it: moves through ships, an ability used
twice, builds that do not add up, squares off the map, nonsense -- each gets one clear line and
changes nothing (tests/mud/shell/test_bad_input.py's check)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import Action
from mud.shell.table import Table
from tests.games.quantum.fixtures import GAME, put
from tests.mud.shell.test_bad_input import SEPARATORS, answer_and_check, typists

PEOPLE = ["ann", "bob"]
WORDS = ["move", "attack", "deploy", "reconfigure", "build", "research", "use", "end", "advance", "stay", "take",
         "refresh", "drop", "place", "relocate", "sabotage", "keep", "reroll", "home", "map", "cards", "to", "from",
         "on", "with", "ann", "bob", "1", "2", "3", "4", "5", "6", "7", "0", "99", "a1", "b4", "c5", "d5", "e5",
         "i9", "z9", "a0", "b2", "e8", "surge", "swift", "x", "-1", "🂡"]


def table_in_play():
    """ann's turn: ann has a 3 at b4, a 3 at c5 and a 4 at a1; bob a 2 at b3 and a 6 at d5."""
    table = Table(GAME, PEOPLE, [], seed=5)
    table.start()
    s = table.state
    for p in PEOPLE:
        GAME.apply(s, p, Action("keep"))
    for p in list(s.turn_order):
        GAME.apply(s, p, Action("home", (s.map.starts[PEOPLE.index(p)],)))
    for ship in s.ships:
        if ship.where == "play":
            ship.where, ship.square = "scrap", None
    s.turn.player, s.turn.actions = "ann", 3
    s.pending = []
    put(s, "ann", 3, "b4")
    put(s, "ann", 3, "c5")
    put(s, "ann", 4, "a1")
    put(s, "bob", 2, "b3")
    put(s, "bob", 6, "d5")
    return table, typists(table, PEOPLE)


def refused(sessions, who, line) -> str:
    lines = answer_and_check(sessions[who], line)
    assert lines[-1].kind == "error", (line, [x.text for x in lines])
    return lines[-1].text


def test_a_move_through_ships_is_one_clear_line():
    table, sessions = table_in_play()
    put(table.state, "bob", 1, "c4")  # c5 is walled in: bob at c4 and d5, the planet b5
    assert "cannot reach c2: up to 3 orthogonal steps, never through a ship" in refused(sessions, "ann", "move c5 c2")
    assert "is a planet" in refused(sessions, "ann", "move b4 b5")
    assert "Usage: move SHIP SQUARE" in refused(sessions, "ann", "move b4 to z99")


def test_an_ability_used_twice_is_refused_and_changes_nothing():
    table, sessions = table_in_play()
    answer_and_check(sessions["ann"], "use 4 5")
    assert "used its ability this turn" in refused(sessions, "ann", "use a1 3")


def test_a_build_that_does_not_add_up_says_what_it_needs():
    table, sessions = table_in_play()
    assert "add up to 3 + 3 = 6; it needs exactly 7" in refused(sessions, "ann", "build b5")
    assert "not a planet" in refused(sessions, "ann", "build c5")


def test_squares_and_ships_that_are_not_there():
    table, sessions = table_in_play()
    assert "2 ships showing 3" in refused(sessions, "ann", "move 3 to c4")
    assert "No ship at e5" in refused(sessions, "ann", "reconfigure e5")
    assert "is bob's" in refused(sessions, "ann", "reconfigure d5")
    assert "It is ann's turn" in refused(sessions, "bob", "research")
    assert "You take a card when" in refused(sessions, "ann", "take surge")


FUZZ = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def lines(draw):
    words = draw(st.lists(st.sampled_from(WORDS), min_size=0, max_size=5))
    return "".join(w + draw(SEPARATORS) for w in words)


@FUZZ
@given(line=lines(), who=st.sampled_from(["ann", "bob", None]))
def test_any_line_in_play_is_answered_and_a_refusal_changes_nothing(line, who):
    table, sessions = table_in_play()
    answer_and_check(sessions[who], line)


def test_a_move_may_be_typed_without_its_word():
    table, sessions = table_in_play()
    lines = answer_and_check(sessions["ann"], "b4 a4")
    assert lines[-1].text == "ann moves the 3 from b4 to a4."
    lines = answer_and_check(sessions["ann"], "4 a2")
    assert lines[-1].text == "ann moves the 4 from a1 to a2."
