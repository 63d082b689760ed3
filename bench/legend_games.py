"""Bot-against-bot Quest for Legend games per second on the bare engine: a figure, not a test.

    python bench/legend_games.py               300 games of 4 bots (seeds 0..299)
    python bench/legend_games.py --players 2 --games 1000 --level easy --teams on --tournament 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import get  # noqa: E402
from games import botgame  # noqa: E402

GAME = get("legend")


def play(seed: int, players: int, level: str, options: dict) -> tuple[int, int]:
    actions, state = botgame.play(GAME, seed, players, level, options)
    return actions, state.turns


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    ap.add_argument("--level", choices=["easy", "normal"], default="normal")
    ap.add_argument("--teams", choices=["off", "on"], default="off")
    ap.add_argument("--tournament", choices=["1", "3", "5"], default="1")
    args = ap.parse_args(argv)
    options = {"teams": args.teams, "tournament": args.tournament}
    start = time.perf_counter()
    results = [play(seed, args.players, args.level, options) for seed in range(args.games)]
    elapsed = time.perf_counter() - start
    actions, turns = zip(*results)
    print(f"Quest for Legend, {args.players} bots ({args.level}, teams {args.teams}, "
          f"{args.tournament} game{'s' * (args.tournament != '1')} a match), {args.games} matches: {elapsed:.2f} s")
    print(f"  games/s          {args.games * int(args.tournament) / elapsed:10.1f}")
    print(f"  actions/s        {sum(actions) / elapsed:10.0f}")
    print(f"  turns per game   {statistics.mean(turns):10.1f}  (max {max(turns)})")
    print(f"  actions per match {statistics.mean(actions):9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
