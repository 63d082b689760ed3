"""The ladder's figures for docs/bots.md: for one game, seeded two-player games of one level against
the next (seats alternated game by game), the win rate of the higher level (a shared win counts
half), and the time per move of the higher level (median and p99).

    python bench/ladder.py tenx strong normal --games 300 [--workers 2] [--iterations N] [--players 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402
from games.botgame import play_levels  # noqa: E402


def one(args) -> tuple[float, list[float], int]:
    name, high, low, seed, players, iterations = args
    game = games.get(name)
    if iterations and game.search is not None:
        game = replace(game, search=replace(game.search, iterations=iterations))
    levels = [low] * players
    levels[seed % players] = high
    times: list[float] = []

    def chooser(g, state, bot, rng, level, memory):
        t = time.perf_counter()
        action = g.bot_action(state, bot, rng, level, memory)
        if level == high:
            times.append(time.perf_counter() - t)
        return action

    done = play_levels(game, seed, levels, chooser=chooser)
    seat = done.seats[seed % players]
    score = (1.0 / len(done.winners)) if seat in done.winners else 0.0
    return score, times, done.actions


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("high")
    ap.add_argument("low")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    jobs = [(a.game, a.high, a.low, a.seed + i, a.players, a.iterations) for i in range(a.games)]
    t = time.perf_counter()
    with ProcessPoolExecutor(a.workers) as pool:
        results = list(pool.map(one, jobs, chunksize=1))
    wins = sum(r[0] for r in results)
    times = sorted(x for r in results for x in r[1])
    fair = 1.0 / a.players
    print(f"{a.game}: {a.high} vs {a.players - 1} x {a.low}, {a.games} games: {a.high} wins {wins:.1f} "
          f"= {100 * wins / a.games:.1f}% (fair share {100 * fair:.0f}%, x{wins / a.games / fair:.2f})")
    if times:
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(f"  {a.high} per move: median {1000 * statistics.median(times):.1f} ms, p99 {1000 * p99:.1f} ms, "
              f"max {1000 * times[-1]:.1f} ms over {len(times)} moves; "
              f"{statistics.mean(r[2] for r in results):.0f} actions per game; {time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()
