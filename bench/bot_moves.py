"""How long a Quest bot takes to choose one move: the median, the 99th percentile and the worst,
over seeded 4-bot games in both rule sets (full games are cut at a number of moves). A bot must
stay well under a second per move; a figure, not a test.

    python bench/bot_moves.py [--games 40] [--max-moves 3000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import botgame  # noqa: E402
from games.quest import GAME  # noqa: E402


def timings(rules: str, games: int, max_moves: int, level: str) -> list[float]:
    out: list[float] = []

    def timed(game, state, bot, rng, lv, memory):
        t0 = time.perf_counter()
        choice = game.bot_action(state, bot, rng, lv, memory)
        out.append(time.perf_counter() - t0)
        return choice

    for seed in range(games):
        botgame.play_levels(GAME, seed, [level] * 4, {"rules": rules}, limit=max_moves, chooser=timed)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--max-moves", type=int, default=3000)
    args = ap.parse_args()
    for rules in ("basic", "full"):
        for level in ("easy", "normal"):
            t = sorted(timings(rules, args.games, args.max_moves, level))
            p99 = t[min(len(t) - 1, int(0.99 * len(t)))]
            print(f"{rules:>5} rules, {level:>6} bots: {len(t)} moves; per move median "
                  f"{1e6 * statistics.median(t):.0f} us, p99 {1e6 * p99:.0f} us, worst {1e3 * t[-1]:.2f} ms")


if __name__ == "__main__":
    main()
