"""The lines a bots-only bench prints for a game played in rounds (10x, Quantum): games and actions
per second, rounds and actions per game."""

from __future__ import annotations

import statistics


def rounds_report(title: str, games: int, elapsed: float, results: list[tuple[int, int]]) -> None:
    """``results``: (actions, rounds) per game, played in ``elapsed`` seconds."""
    actions, rounds = zip(*results)
    print(f"{title}, {games} games: {elapsed:.2f} s")
    print(f"  games/s          {games / elapsed:10.1f}")
    print(f"  actions/s        {sum(actions) / elapsed:10.0f}")
    print(f"  rounds per game  {statistics.mean(rounds):10.1f}  (max {max(rounds)})")
    print(f"  actions per game {statistics.mean(actions):10.1f}")
