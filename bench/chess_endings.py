"""How seeded bots-only Dungeon Chess games end: by the game's own ending (`single`), by the 40-round
quiet limit (`quiet`), or not at all within the cap of actions (`unfinished`, with --limit off). The
figures of docs/bots.md (issue 24: quiet endings of two-player games, each level against itself).

    python bench/chess_endings.py normal --games 300              seeds 0..299, two players
    python bench/chess_endings.py strong --games 200 --workers 2
    python bench/chess_endings.py normal --games 200 --limit off --cap 20000
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.botgame import play_levels  # noqa: E402


def one(job) -> tuple[int, str, int]:
    seed, level, players, limit, cap = job
    done = play_levels(games.get("chess"), seed, [level] * players, {"limit": limit}, limit=cap)
    return seed, done.state.end_reason or "unfinished", done.actions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("level", choices=["easy", "normal", "strong"])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0, help="the first seed")
    ap.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    ap.add_argument("--limit", choices=["on", "off"], default="on")
    ap.add_argument("--cap", type=int, default=100000, help="actions after which a game counts as unfinished")
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args(argv)
    jobs = [(a.seed + i, a.level, a.players, a.limit, a.cap) for i in range(a.games)]
    ends: Counter = Counter()
    slow: list[int] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(a.workers) as pool:
        for n, (seed, reason, actions) in enumerate(pool.map(one, jobs), 1):
            ends[reason] += 1
            if reason != "single":
                slow.append(seed)
            if n % 25 == 0 or n == len(jobs):
                print(f"  {n} games: {dict(ends)}", flush=True)
    took = time.perf_counter() - start
    quiet = ends["quiet"]
    print(f"Dungeon Chess, {a.players} x {a.level}, limit {a.limit}, seeds {a.seed}-{a.seed + a.games - 1}: "
          f"{dict(ends)}; quiet endings {quiet} = {100 * quiet / a.games:.1f}%; not by the game's own ending: "
          f"seeds {slow[:20]}{' ...' if len(slow) > 20 else ''}; {took:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
