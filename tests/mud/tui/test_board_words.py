"""Boards read a line as it is typed (a piece selected by 'mv e2', a ship by 'm 3') with the game's own
words for its verbs (issue 41): a board declares no verb word of its own, so a verb's alias added to
the game's grammar is one a board understands too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from mud.tui.boards import chess, quantum

BOARDS = {"chess": Path(chess.__file__), "quantum": Path(quantum.__file__)}


def test_the_boards_words_for_moving_are_the_games_verbs_and_aliases():
    assert set(chess.STEPPING) == {"move", "mv", "teleport", "tp"} and set(chess.MOVING) == {"move", "mv"}
    assert set(quantum.SELECTING) == {"move", "m", "attack", "a", "use", "reconfigure", "reconf"}
    assert set(quantum.MOVING) == {"move", "m"}


def test_a_ship_or_piece_is_selected_by_an_alias_the_grammar_declares():
    ship = {"square": "c4", "value": 3, "where": "play", "owner": "ann"}
    view = {"you": "ann", "phase": "play", "ships": [ship], "moves": {"c4": ["c5"]}, "targets": {}}
    assert quantum.typed(view, "m c4", None) == "c4"
    assert chess.typed({"moves": {"e2": ["e3"]}}, "mv e2", None) == "e2"


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_board_spells_out_no_alias_of_its_games_verbs(name):
    source = BOARDS[name].read_text(encoding="utf-8")
    read = ("move", "teleport", "attack", "use", "reconfigure")  # the verbs a board reads a line by
    aliases = {a for v in games.get(name).verbs if v.name in read for a in v.aliases if len(a) > 1}
    spelled = sorted(a for a in aliases if re.search(rf"""["']{re.escape(a)}["']""", source))
    assert not spelled, f"{name}'s board declares verb words of its own: {spelled}"
