"""Bot-against-bot Quantum games per second on the bare engine: a figure, not a test.

    python bench/quantum_games.py               300 games of 2 bots (seeds 0..299)
    python bench/quantum_games.py --players 4 --games 100 --level easy
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

GAME = get("quantum")


def play(seed: int, players: int, level: str) -> tuple[int, int]:
    actions, state = botgame.play(GAME, seed, players, level)
    return actions, state.round


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    ap.add_argument("--level", choices=["easy", "normal"], default="normal")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    results = [play(seed, args.players, args.level) for seed in range(args.games)]
    elapsed = time.perf_counter() - start
    rounds_report(f"Quantum, {args.players} bots ({args.level})", args.games, elapsed, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
