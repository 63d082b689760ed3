"""The first screen's example card is one the reader holds (issue 40, round three: every seat read
'play 7', held or not)."""

from __future__ import annotations

import pytest

import games
from games.engine import Action

GAME = games.get("tenx")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_the_example_card_is_one_of_the_readers_own_and_placing_it_is_accepted(players, seed):
    names = ["ann", "bob", "cy", "dee"][:players]
    state = GAME.new_match(names, seed, {})
    for name in names:
        (command, _what), = [c for c in GAME.first_commands_of(state, name) if str(c[0]).startswith("play ")]
        command = str(command)
        value = command.split()[1]
        legal = [a for a in GAME.legal_actions(state, name) if a.verb == "play"]
        assert GAME.canonical(state, name, Action("play", (value,))) in legal, (name, command, legal)


def test_a_watcher_reads_the_fixed_example():
    state = GAME.new_match(["ann", "bob"], 1, {})
    assert GAME.first_commands_of(state, None) == GAME.first_commands
