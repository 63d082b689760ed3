"""One verb's legal actions (``legal_of``, what ``apply`` checks a move against) are exactly the whole
list's actions of that verb, in its order -- also where the three-turns limit and its waiver, or the
compulsory exit from the entry squares, shape the list."""

from __future__ import annotations

import pytest

from games.dungeon_chess import GAME
from games.dungeon_chess.data import square
from games.dungeon_chess.legal import legal_of
from tests.contract.kit import play
from tests.games.dungeon_chess.fixtures import match, position

VERBS = ("keep", "move", "teleport", "ransom", "board")


def same_as_the_whole_list(state) -> None:
    for player in state.order:
        whole = GAME.legal_actions(state, player)
        for verb in VERBS:
            assert legal_of(state, player, verb) == [a for a in whole if a.verb == verb], (player, verb)


def repeated(state, player, frm, to, times=3):
    """``player``'s piece on ``frm`` has gone between ``frm`` and ``to`` ``times`` turns running."""
    state.last[player] = ((state.board[square(frm)][2], frozenset((square(frm), square(to)))), times)
    return state


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_verb_lists_what_the_whole_list_lists_through_seeded_games(seats):
    for state in play("chess", seats, seats=seats, sample_every=4).states:
        same_as_the_whole_list(state)


def test_targets_first_then_nothing_for_a_player_whose_turn_it_is_not():
    same_as_the_whole_list(match(keep=False))
    state = match()
    other = next(p for p in state.order if p != state.player)
    assert all(legal_of(state, other, verb) == [] for verb in VERBS)


def test_the_repeated_move_is_left_out_unless_nothing_else_is_legal():
    s = repeated(position({"e5": ("ann", "L"), "a1": ("ann", "L"), "j10": ("bob", "L")}), "ann", "e5", "e6")
    assert ("e5", "e6") not in [a.args for a in legal_of(s, "ann", "move")]
    same_as_the_whole_list(s)
    # a1's Fighter boxed in by bob's protected last character and cat's pieces: its one step is waived
    s = position({"a1": ("ann", "L"), "e1": ("ann", "G"), "b1": ("bob", "L"), "d2": ("cat", "L"),
                  "f2": ("cat", "L"), "j10": ("cat", "L")}, players=("ann", "bob", "cat"))
    repeated(s, "ann", "a1", "a2")
    assert [a.args for a in legal_of(s, "ann", "move")] == [("a1", "a2")]
    same_as_the_whole_list(s)


def test_a_repeated_teleport_is_left_out_while_another_move_remains():
    s = repeated(position({"c2": ("ann", "G"), "a1": ("ann", "L"), "j10": ("bob", "L")}), "ann", "c2", "h2")
    assert legal_of(s, "ann", "teleport") == [] and legal_of(s, "ann", "move")
    same_as_the_whole_list(s)


def test_a_ransom_waits_while_a_character_can_come_off_an_entry_square():
    s = position({"e1": ("ann", "G"), "j10": ("bob", "L"), "j9": ("bob", "L")})
    s.held["bob"].append(("ann", "L", 90))
    assert legal_of(s, "ann", "ransom") == []
    same_as_the_whole_list(s)
    s.board[square("d2")] = ("bob", "L", 50)
    s.board[square("f2")] = ("bob", "L", 51)
    assert [a.args for a in legal_of(s, "ann", "ransom")] == [("fighter", "f1", "bob")]
    same_as_the_whole_list(s)
