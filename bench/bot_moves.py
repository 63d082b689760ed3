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

from games.engine import RuleError, bot_rng  # noqa: E402
from games.quest import GAME  # noqa: E402


def timings(rules: str, games: int, max_moves: int, level: str) -> list[float]:
    out: list[float] = []
    for seed in range(games):
        names = [f"bot{i}" for i in range(1, 5)]
        state = GAME.new_match(names, seed, {"rules": rules})
        rngs = {n: bot_rng(seed, n) for n in names}
        memory: dict[str, dict] = {n: {} for n in names}
        moves = 0
        while not GAME.is_over(state) and moves < max_moves:
            bot = GAME.awaiting(state)[0]
            t0 = time.perf_counter()
            choice = GAME.bot_action(state, bot, rngs[bot], level, memory[bot])
            out.append(time.perf_counter() - t0)
            for action in [choice] + GAME.legal_actions(state, bot):
                try:
                    GAME.apply(state, bot, action)
                    break
                except RuleError:
                    GAME.bot_refused(state, bot, action, memory[bot])
            moves += 1
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
