"""Ladder figures for issue 18 part B (Quest, Quest for Legend, Quantum) until `mud arena` lands:
seeded bots-only games with a level per seat, in worker processes, and each level's wins and time
per move.

    python bench/ladder_b.py quest strong,normal --games 300 --workers 2

Seats are filled in the order given; each game's seating is the game's own (seeded), and the
levels rotate over the seats from game to game so no level keeps one seat. Prints wins per level,
the win rate against the fair share, and median/p99 time per move of each level. A figure, not a test.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.engine import RuleError, bot_rng  # noqa: E402

LIMIT = 5000


def one(job) -> dict:
    name, seed, levels, options, *tune = job
    game = games.get(name)
    if tune and tune[0]:  # an experiment: the strong bot's budget changed (--tune iterations=1,depth=8)
        game.search = replace(game.search, **tune[0])
    k = seed % len(levels)
    levels = levels[k:] + levels[:k]  # rotate: no level keeps one seat
    names = [f"bot{i}" for i in range(1, len(levels) + 1)]
    level = dict(zip(names, levels))
    state = game.new_match(names, seed, dict(options))
    game.opening(state)
    rngs = {p: bot_rng(seed, p) for p in names}
    memory = {p: {} for p in names}
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    steps = 0
    while not game.is_over(state) and steps < LIMIT:
        p = game.awaiting(state)[0]
        t = time.perf_counter()
        choice = game.bot_action(state, p, rngs[p], level[p], memory[p])
        times[level[p]].append(time.perf_counter() - t)
        for action in [choice] + game.legal_actions(state, p):
            try:
                game.apply(state, p, action)
                break
            except RuleError:
                game.bot_refused(state, p, action, memory[p])
        steps += 1
    won = list(game.winners(state)) if game.is_over(state) else []
    return {"seed": seed, "won": [level[p] for p in won], "share": 1 / len(won) if won else 0,
            "times": times, "steps": steps}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("levels")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--tune", default="", help="the strong bot's budget changed: iterations=1,depth=8")
    args = ap.parse_args(argv)
    levels = args.levels.split(",")
    options = tuple(o.split("=", 1) for o in args.option)
    tune = {k: int(v) for k, v in (kv.split("=") for kv in args.tune.split(",") if kv)}
    jobs = [(args.game, args.seed + i, levels, options, tune) for i in range(args.games)]
    wins = {lv: 0.0 for lv in levels}
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    start = time.perf_counter()
    done = 0
    with multiprocessing.Pool(args.workers) as pool:
        for r in pool.imap_unordered(one, jobs):
            done += 1
            for lv in r["won"]:
                wins[lv] += r["share"]
            for lv, ts in r["times"].items():
                times[lv] += ts
            if done % 10 == 0:
                print(f"  {done}/{args.games} {time.perf_counter() - start:.0f}s "
                      + " ".join(f"{lv}={w:.1f}" for lv, w in wins.items()), file=sys.stderr, flush=True)
    n = args.games
    print(f"{args.game} {','.join(levels)} {dict(options)} {tune or ''}: {n} games, {time.perf_counter() - start:.0f} s")
    for lv in dict.fromkeys(levels):
        seats = levels.count(lv)
        fair = seats / len(levels)
        ts = sorted(times[lv])
        med = statistics.median(ts) * 1000 if ts else 0
        p99 = ts[min(len(ts) - 1, int(len(ts) * 0.99))] * 1000 if ts else 0
        print(f"  {lv:7} seats {seats}: wins {wins[lv]:.1f}/{n} = {wins[lv] / n:.1%} "
              f"(fair {fair:.0%}, x{wins[lv] / n / fair:.2f}); move median {med:.1f} ms, p99 {p99:.1f} ms, max {ts[-1] * 1000 if ts else 0:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
