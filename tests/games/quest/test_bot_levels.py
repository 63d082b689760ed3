"""Easy must be easy: a normal bot among three easy ones wins most games (issue 15), so a first game
against easy bots is one a newcomer can win."""

from __future__ import annotations

import pytest

from games.quest import GAME
from mud.shell.table import Table

BOTS = ["bot1", "bot2", "bot3", "bot4"]


def normal_wins(seed: int, options: dict) -> bool:
    """One seeded bot game: three easy bots and one normal, its seat turning with the seed."""
    table = Table(GAME, [], BOTS, seed, options, "easy")
    normal = BOTS[seed % 4]
    table.seats[normal].level = "normal"
    table.start()
    assert table.over
    return normal in GAME.winners(table.state)


@pytest.mark.slow
def test_a_normal_bot_wins_most_games_against_three_easy_ones():
    wins = sum(normal_wins(seed, {}) for seed in range(200))  # the full game, mud play's default
    assert wins >= 120, f"the normal bot won {wins} of 200"
