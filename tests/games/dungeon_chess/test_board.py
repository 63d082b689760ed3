"""The dungeon and how characters move: the board's data as the rules describe it, every movement
pattern with blocking, the walls and the entry squares."""

from games.dungeon_chess import moves
from games.dungeon_chess.data import (ALL_ENTRIES, ALL_TELEPORTS, ENTRIES, PIECES, SQUARES, START, TARGETS,
                                      TELEPORTS, dark, name, square)
from tests.games.dungeon_chess.fixtures import at, moves_from, position


def names(squares):
    return {name(s) for s in squares}


def layout(side):
    return {name(sq): kind for sq, kind in START[side]}


def test_squares_are_named_a1_to_j10_and_anything_else_is_off_the_board():
    assert len(SQUARES) == 100 and SQUARES[0] == "a1" and SQUARES[-1] == "j10"
    assert square("E2") == square("e2") == 14
    assert all(square(w) is None for w in ("k3", "a0", "a11", "j01", "", "e", "22", "ee2"))


def test_a1_is_dark_and_the_colours_alternate():
    assert dark(square("a1")) and not dark(square("b1")) and not dark(square("a2")) and dark(square("j10"))


def test_south_layout_as_in_the_rules():
    assert layout("S") == {"e1": "G", "f1": "M", "d1": "L", "g1": "L", "f2": "L", "e2": "Gk"}
    assert names(ENTRIES["S"]) == {"e1", "f1"} and names(TELEPORTS["S"]) == {"c2", "h2"}


def test_the_other_sides_are_south_turned_about_the_centre():
    assert layout("N") == {"f10": "G", "e10": "M", "g10": "L", "d10": "L", "e9": "L", "f9": "Gk"}
    assert layout("W") == {"a6": "G", "a5": "M", "a7": "L", "a4": "L", "b5": "L", "b6": "Gk"}
    assert layout("E") == {"j5": "G", "j6": "M", "j4": "L", "j7": "L", "i6": "L", "i5": "Gk"}
    assert names(TELEPORTS["N"]) == {"h9", "c9"} and names(TELEPORTS["W"]) == {"b8", "b3"}
    assert names(TELEPORTS["E"]) == {"i3", "i8"}


def test_eight_entries_eight_teleports_no_overlap_and_one_teleport_of_each_colour_per_side():
    assert len(ALL_ENTRIES) == 8 and len(ALL_TELEPORTS) == 8
    used = [sq for side in START for sq, _ in START[side]] + list(ALL_TELEPORTS)
    assert len(used) == len(set(used)) == 32
    for side, pair in TELEPORTS.items():
        assert {dark(sq) for sq in pair} == {True, False}, side
    assert not dark(square("a6")) and not dark(square("j5"))  # West's and East's Warriors start on light


def test_pieces_and_targets_tables():
    assert {k: v[3] for k, v in PIECES.items()} == {"L": 2, "Gk": 4, "G": 3, "M": 5}
    assert sorted(TARGETS) == list(range(1, 11))


def test_fighter_one_square_orthogonally():
    s = position({"e5": ("ann", "L")})
    assert moves_from(s, "e5") == {"e4", "e6", "d5", "f5"}


def test_kor_warrior_one_to_three_orthogonally():
    s = position({"e5": ("ann", "Gk")})
    assert moves_from(s, "e5") == {"e6", "e7", "e8", "e4", "e3", "e2", "d5", "c5", "b5", "f5", "g5", "h5"}


def test_warrior_one_to_three_diagonally():
    s = position({"e5": ("ann", "G")})
    assert moves_from(s, "e5") == {"f6", "g7", "h8", "d6", "c7", "b8", "f4", "g3", "h2", "d4", "c3", "b2"}


def test_mage_one_to_three_any_way():
    s = position({"e5": ("ann", "M")})
    assert len(moves_from(s, "e5")) == 24 and {"e8", "h8", "b5", "b2"} <= moves_from(s, "e5")


def test_the_walls_stop_every_line():
    s = position({"a10": ("ann", "M"), "j1": ("ann", "L")})
    assert moves_from(s, "a10") == {"a9", "a8", "a7", "b10", "c10", "d10", "b9", "c8", "d7"}
    assert moves_from(s, "j1") == {"i1", "j2"}


def test_no_jumping_own_piece_blocks_and_first_enemy_can_be_taken():
    s = position({"e5": ("ann", "Gk"), "e7": ("ann", "L"), "c5": ("bob", "L"), "b5": ("bob", "M"),
                  "g8": ("bob", "L")})
    got = moves_from(s, "e5")
    assert "e6" in got and "e7" not in got and "e8" not in got
    assert "c5" in got and "d5" in got and "b5" not in got  # the Mage behind is out of reach


def test_nobody_stops_on_an_entry_square_but_an_empty_one_is_passed_over():
    s = position({"e3": ("ann", "Gk"), "g3": ("ann", "G")})
    assert "e1" not in moves_from(s, "e3") and "e2" in moves_from(s, "e3")
    s = position({"d1": ("ann", "Gk")})  # along rank 1 over the empty entries e1, f1
    assert moves_from(s, "d1") >= {"c1", "d2", "g1"} and not {"e1", "f1"} & moves_from(s, "d1")


def test_an_occupied_entry_square_blocks_and_its_piece_cannot_be_taken():
    s = position({"c1": ("ann", "Gk"), "e1": ("bob", "G")})
    assert moves_from(s, "c1") == {"b1", "a1", "d1", "c2", "c3", "c4"}


def test_a_piece_on_an_entry_square_cannot_capture_and_not_reach_another_entry():
    s = position({"e1": ("ann", "G"), "f2": ("bob", "L"), "f1": ("ann", "M"), "b4": ("bob", "L")})
    assert "f2" not in moves_from(s, "e1") and {"d2", "c3"} <= moves_from(s, "e1")
    assert "b4" not in moves_from(s, "e1")  # c3 empty, b4 enemy: no capture from an entry square
    assert "e1" not in moves_from(s, "f1")


def test_destinations_alone_on_a_bare_board():
    board = [None] * 100
    board[square("a1")] = ("ann", "G", 0)
    assert names(moves.destinations(board, square("a1"))) == {"b2", "c3", "d4"}


def test_at_helper_reads_a_square():
    s = position({"e5": ("ann", "G")})
    assert at(s, "e5") == ("ann", "G") and at(s, "e6") is None
