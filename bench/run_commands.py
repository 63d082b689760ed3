"""`mud run` commands per second: a long generated command file through mud.local.script.run_text.

    python bench/run_commands.py               20000 commands, text, JSON and one-player views
    python bench/run_commands.py --quick       3000 commands
    python bench/run_commands.py --lines 100000 --bots 2

The file is generated from a seed: two people (alice, bob) and, by default, no bots, so the game
lasts. Two thirds of the lines have no prefix and go to the awaited player (moves, peeks, acts, passes,
answers to requests to enter); the rest are free commands of either player (map, ledger, score, talk,
gifts, a typo). Each output mode plays the same file once. Prints commands per second, output lines,
bytes and refusals. A figure, not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mud.local.script import run_text  # noqa: E402

TURN = ["n", "s", "e", "w", "move north", "go east", "peek", "peek south", "roll", "act", "stop", "pass",
        "take key", "leave open", "allow", "deny"]
FREE = ["look", "map", "ledger", "score", "inventory", "who", "say hello", ":waves", "'anyone there?",
        "help moving", "commands", "mvoe north", "give {other} 1 gold", "tell {other} meet me at C3"]
PLAYERS = ("alice", "bob")


def generate(lines: int, seed: int = 0, bots: int = 0) -> str:
    """A command file of ``lines`` commands: mostly the awaited player's turn, a third free commands."""
    rnd = random.Random(seed)
    out = [f"@players {','.join(PLAYERS)}", f"@seed {seed}", "@rules basic"]
    if bots:
        out.append(f"@bots {bots}")
    for _ in range(lines):
        if rnd.random() < 0.65:
            out.append(rnd.choice(TURN))  # no prefix: the awaited player
        else:
            me = rnd.choice(PLAYERS)
            other = PLAYERS[1 - PLAYERS.index(me)]
            out.append(f"{me}> " + rnd.choice(FREE).format(other=other))
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=20000, help="commands in the file; default 20000")
    ap.add_argument("--quick", action="store_true", help="3000 commands, a few seconds")
    ap.add_argument("--bots", type=int, default=0, help="bots at the table besides alice and bob")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    n = 3000 if args.quick else args.lines
    text = generate(n, args.seed, args.bots)
    print(f"mud run: {n} commands, 2 players + {args.bots} bots, seed {args.seed}")
    modes = [("every player (text)", {}), ("--as alice", {"as": "alice"}), ("--json", {"json": True}),
             ("--json --omniscient", {"json": True, "omniscient": True})]
    for label, cli in modes:
        start = time.perf_counter()
        out, status = run_text(text, {**cli})
        elapsed = time.perf_counter() - start
        rows = out.splitlines()
        refused = sum('"type": "error"' in r if cli.get("json") else "] ! " in r or r.startswith("! ") for r in rows)
        print(f"  {label:<22} {n / elapsed:9.0f} commands/s  {elapsed:6.2f} s  "
              f"{len(rows):7d} lines  {len(out.encode()) / 1e6:6.1f} MB  {refused} refused"
              + ("  (game over)" if "wins the game" in out else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
