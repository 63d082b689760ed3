"""Bot-against-bot Quest games per second: the pure engine, no surface, no I/O.

    python bench/quest_games.py              150 full games of 4 bots (seeds 0..149)
    python bench/quest_games.py --quick      40 games
    python bench/quest_games.py --games 1000 --rules basic --table

Each game is played the way a table plays bots (games/engine.py contract): whoever is awaited asks
``GAME.bot_action`` for an action, and a refused one falls back to the legal actions. ``--table``
drives the same games through ``mud.shell.table.Table`` instead (events kept, as a server would).
Prints games per second and, per game, actions, turns and events. A figure, not a test.
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

MAX_ACTIONS = 100_000


def play_engine(seed: int, players: int, rules: str, level: str) -> tuple[int, int, int, str]:
    """One game on the bare engine: (actions, turns, events, winner)."""
    names = [f"bot{i}" for i in range(1, players + 1)]
    state = GAME.new_match(names, seed, {"rules": rules})
    rngs = {n: bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    events = len(GAME.opening(state))
    actions = 0
    while not GAME.is_over(state) and actions < MAX_ACTIONS:
        bot = GAME.awaiting(state)[0]
        choice = GAME.bot_action(state, bot, rngs[bot], level, memory[bot])
        for action in [choice] + GAME.moving_first(GAME.legal_actions(state, bot)[::-1]):
            try:
                events += len(GAME.apply(state, bot, action))
                break
            except RuleError:
                GAME.bot_refused(state, bot, action, memory[bot])
                continue
        else:
            raise RuntimeError(f"seed {seed}: {bot} has no legal action")
        actions += 1
    winner = (GAME.winners(state) or ["-"])[0]
    return actions, state.turn.number, events, winner


def play_table(seed: int, players: int, rules: str, level: str) -> tuple[int, int, int, str]:
    """One game through mud.shell.table.Table (bots settle the whole game at start)."""
    from mud.shell.table import Table
    table = Table(GAME, [], [f"bot{i}" for i in range(1, players + 1)], seed, {"rules": rules}, level)
    table.start()
    winner = (GAME.winners(table.state) or ["-"])[0]
    return len(table.log), table.state.turn.number, len(table.events), winner


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=150, help="how many games (seeds 0..N-1); default 150")
    ap.add_argument("--quick", action="store_true", help="40 games, a few seconds")
    ap.add_argument("--players", type=int, default=4, help="bots at the table (1-6); default 4")
    ap.add_argument("--rules", choices=["basic", "full"], default="full")
    ap.add_argument("--level", choices=["easy", "normal"], default="normal")
    ap.add_argument("--table", action="store_true", help="play through mud.shell.table.Table")
    args = ap.parse_args(argv)
    n = 40 if args.quick else args.games
    play = play_table if args.table else play_engine
    results, unfinished = [], 0
    start = time.perf_counter()
    for seed in range(n):
        actions, turns, events, winner = play(seed, args.players, args.rules, args.level)
        results.append((actions, turns, events))
        unfinished += winner == "-"
    elapsed = time.perf_counter() - start
    actions = [r[0] for r in results]
    turns = [r[1] for r in results]
    events = [r[2] for r in results]
    where = "mud.shell.table.Table" if args.table else "engine"
    print(f"quest {args.rules}, {args.players} bots ({args.level}), {n} games via {where}: {elapsed:.2f} s")
    print(f"  games/s          {n / elapsed:10.1f}")
    print(f"  actions/s        {sum(actions) / elapsed:10.0f}")
    print(f"  actions per game {statistics.mean(actions):10.1f}  (median {statistics.median(actions):.0f}, "
          f"max {max(actions)})")
    print(f"  turns per game   {statistics.mean(turns):10.1f}  (median {statistics.median(turns):.0f}, "
          f"max {max(turns)})")
    print(f"  events per game  {statistics.mean(events):10.1f}")
    if unfinished:
        print(f"  unfinished games {unfinished:10d}  (stopped after {MAX_ACTIONS} actions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
