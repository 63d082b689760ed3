"""Bot-against-bot 10x games per second on the bare engine: a figure, not a test.

    python bench/tenx_games.py               300 games of 4 bots (seeds 0..299)
    python bench/tenx_games.py --players 2 --games 1000 --level easy --variant hardcore
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import get  # noqa: E402
from games import botgame  # noqa: E402
from figures import rounds_report  # noqa: E402  (bench/ is the path)

GAME = get("tenx")


def play(seed: int, players: int, level: str, variant: str) -> tuple[int, int]:
    actions, state = botgame.play(GAME, seed, players, level, {"variant": variant} if variant else {})
    return actions, state.round.number


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    ap.add_argument("--level", choices=["easy", "normal"], default="normal")
    ap.add_argument("--variant", default="")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    results = [play(seed, args.players, args.level, args.variant) for seed in range(args.games)]
    elapsed = time.perf_counter() - start
    rounds_report(f"10x, {args.players} bots ({args.level}{', ' + args.variant if args.variant else ''})", args.games, elapsed, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
