"""Bot-against-bot Dungeon Chess games per second, and legal-move generations per second, on the bare
engine: figures, not tests.

    python bench/chess_games.py                       200 games of 4 bots (seeds 0..199)
    python bench/chess_games.py --players 2 --games 1000 --level easy
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import get  # noqa: E402
from games.engine import RuleError, bot_rng  # noqa: E402

GAME = get("chess")


def play(seed: int, players: int, level: str, keep: list) -> int:
    """One whole game; every 10th position is kept for the move-generation figure."""
    names = [f"bot{i}" for i in range(1, players + 1)]
    state = GAME.new_match(names, seed, {})
    GAME.opening(state)
    rngs = {n: bot_rng(seed, n) for n in names}
    actions = 0
    while not state.over:
        bot = GAME.awaiting(state)[0]
        choice = GAME.bot_action(state, bot, rngs[bot], level, {})
        for action in [choice] + GAME.legal_actions(state, bot):
            try:
                GAME.apply(state, bot, action)
                break
            except RuleError:
                pass
        actions += 1
        if actions % 10 == 0 and len(keep) < 2000:
            keep.append(pickle.loads(pickle.dumps(state)))
    return actions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    ap.add_argument("--level", choices=["easy", "normal"], default="normal")
    args = ap.parse_args(argv)
    positions: list = []
    start = time.perf_counter()
    actions = [play(seed, args.players, args.level, positions) for seed in range(args.games)]
    elapsed = time.perf_counter() - start
    positions = [s for s in positions if not s.over]
    start = time.perf_counter()
    generated = 0
    for _ in range(5):
        for state in positions:
            generated += len(GAME.legal_actions(state, state.player))
    gen_time = time.perf_counter() - start
    print(f"Dungeon Chess, {args.players} bots ({args.level}), {args.games} games: {elapsed:.2f} s")
    print(f"  games/s                     {args.games / elapsed:10.1f}")
    print(f"  actions/s                   {sum(actions) / elapsed:10.0f}")
    print(f"  actions per game            {statistics.mean(actions):10.1f}  (max {max(actions)})")
    print(f"  legal-move generations/s    {5 * len(positions) / gen_time:10.0f}"
          f"  ({generated / gen_time:.0f} legal actions/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
