"""Quantum's maps: the three built-in maps as the rules lay them out, map texts read back in one
canonical form, and a malformed map refused with one clear line per mistake."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from games.quantum.data import BUILT_IN
from games.quantum.maps import MapError, accept, load, parse_map, square_word
from tests.games.quantum.fixtures import GAME


@pytest.mark.parametrize("name, players, cubes, slots, size", [
    ("two", 2, 7, 20, (9, 9)), ("three", 3, 6, 29, (12, 9)), ("four", 4, 5, 40, (12, 12))])
def test_each_built_in_map_has_its_players_cubes_and_slots(name, players, cubes, slots, size):
    game = load(name)
    assert (game.players, game.cubes, (game.width, game.height)) == (players, cubes, size)
    assert sum(game.slots(p) for p in game.planets) == slots
    assert all(game.planets[s].number == 9 for s in game.starts)


def test_the_two_player_map_reads_as_the_rules_draw_it():
    game = load("two")
    assert game.starts == ["e2", "e8"]
    assert {sq: t.number for sq, t in game.planets.items()} == {
        "b2": 8, "e2": 9, "h2": 10, "b5": 7, "h5": 7, "b8": 10, "e8": 9, "h8": 8}
    assert game.void == frozenset(f"{c}{r}" for c in "def" for r in (4, 5, 6))
    assert "e5" in game.open_squares and "e2" not in game.open_squares


def test_the_four_player_map_has_corners_8_central_10_and_starts_clockwise():
    game = load("four")
    numbers = {sq: t.number for sq, t in game.planets.items()}
    assert [numbers[s] for s in ("b2", "k2", "b11", "k11")] == [8, 8, 8, 8]
    assert [numbers[s] for s in ("e5", "h5", "e8", "h8")] == [10, 10, 10, 10]
    assert [numbers[s] for s in ("h2", "k8", "e11", "b5")] == [7, 7, 7, 7]
    assert game.starts == ["e2", "k5", "h11", "b8"]  # tiles (1,0), (3,1), (2,3), (0,2)
    assert not game.void


def test_a_planets_orthogonal_and_orbit_squares():
    game = load("two")
    assert game.orthogonal("e2") == ["e1", "f2", "e3", "d2"]
    assert sorted(game.orbit("b2")) == sorted(["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"])
    assert game.neighbours("a1") == ["b1", "a2"]  # the board's edge blocks


def test_squares_are_typed_in_either_case():
    assert square_word("D5") == "d5" and square_word("k12") == "k12"
    assert square_word("5d") is None and square_word("d0") is None and square_word("zz") is None


def test_a_map_text_is_read_and_written_back_canonically():
    text = "# my map\n cubes 3 \n9s1  8\n.   9S2 # the second start\n"
    assert accept(text) == "cubes 3\n9S1 8\n. 9S2\n"
    assert accept("TWO") == "two"
    assert parse_map(BUILT_IN["three"]).text == BUILT_IN["three"]


def test_the_default_number_of_cubes_follows_the_players():
    assert parse_map("9S1 9S2 9S3 10\n10 10 10 10").cubes == 6


def test_a_match_is_played_on_a_map_text():
    state = GAME.new_match(["ann", "bob"], 3, {"map": "cubes 2\n9S1 V 9S2\n"})
    assert state.map.cubes == 2 and state.map.starts == ["b2", "h2"]
    assert state.players["ann"].cubes_left == 2


def test_a_map_for_other_players_is_refused():
    with pytest.raises(RuleError, match="for 3 players"):
        GAME.new_match(["ann", "bob"], 1, {"map": "three"})


def _errors(text: str) -> list[str]:
    with pytest.raises(MapError) as err:
        parse_map(text)
    message = str(err.value)
    assert "\n" not in message and message == "; ".join(err.value.errors)
    return err.value.errors


@pytest.mark.parametrize("text, error", [
    ("8 9S1 10\n7 X 7\n10 9S2 8", "line 2: 'X' is not a tile"),
    ("8 9S1 10\n7 V\n10 9S2 8", "line 2: 2 tiles where the first row has 3"),
    ("9S1 9S1 8", "line 1: S1 is already on line 1"),
    ("9S1 9S3 8", "S2 is missing"),
    ("9S1 8 8", "2 to 4 starting planets"),
    ("9S1 9S2 9S3 9S4 9S5", "2 to 4 starting planets"),
    ("cubes 9\n9S1 9S2", "2 players with 9 cubes each need 18 slots: the planets have 6"),
    ("cubes x\n9S1 9S2", "line 1: write 'cubes N'"),
    ("cubes 2\ncubes 2\n9S1 9S2", "line 2: 'cubes' is given twice"),
    ("# nothing", "the map has no rows"),
    ("9S1 9S2 8 8 8 8 8", "7 tiles wide"),
    ("cubes 1\n9S1 . .\n. . .\n. . 9S2", "line 4: tile 3 cannot be reached"),
    ("9S0 9S1", "starting planets are S1, S2, S3, S4"),
])
def test_each_mistake_in_a_map_file_is_named_with_its_line(text, error):
    assert any(error in e for e in _errors(text)), _errors(text)


def test_every_mistake_is_listed_not_only_the_first():
    errors = _errors("8 9S1 Q\n7 V\n10 9S2 8 Z")
    assert len(errors) == 4 and errors[0].startswith("line 1") and errors[-1].startswith("line 3")


def test_a_malformed_map_option_refuses_the_match_in_one_line():
    with pytest.raises(RuleError, match="line 1: 'Q' is not a tile"):
        GAME.new_match(["ann", "bob"], 1, {"map": "9S1 Q 9S2"})


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

MAP_WORDS = ["7", "8", "9", "10", "9S1", "9S2", "8s3", "10S4", "7S5", "V", "v", ".", "11", "S1", "x", "cubes",
             "cubes 3", "# note", "9S", "9S0", "9S01", "🪐"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(MAP_WORDS), max_size=7), max_size=9))
def test_any_map_text_is_read_or_refused_with_its_mistakes(rows):
    text = "\n".join(" ".join(row) for row in rows)
    try:
        game = parse_map(text)
    except MapError as err:
        assert err.errors and all(e and "\n" not in e for e in err.errors)
        return
    assert 2 <= game.players <= 4 and parse_map(game.text).text == game.text  # canonical is stable
    assert sum(game.slots(p) for p in game.planets) >= game.players * game.cubes
