"""What a node's check of its sessions against the store costs its loop (issue 42): one step of a
round (``mud/world/recheck.py``: CHUNK sessions, the bans read once) over a world of N sessions on a
SQLite store, in ms -- the longest the loop is held by it once a second after the bus comes back.

    .venv/bin/python bench/recheck_round.py [--sessions 1000] [--bans 200]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from mud.store import Store  # noqa: E402
from mud.store import moderation as modstore  # noqa: E402
from mud.world.recheck import CHUNK, Recheck  # noqa: E402
from mud.world.world import Settings, World  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--bans", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = Store(os.path.join(folder, "mud.db"))
        world = World(store, Settings(max_sessions=args.sessions + 1))
        for i in range(args.sessions):
            store.create_account(f"pl{i}", None, hashed=(b"", b""))
            world.connect(f"pl{i}").address = f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"
        for i in range(args.bans):
            modstore.ban(store, "address" if i % 2 else "name", f"192.0.2.{i % 250}" if i % 2 else f"gone{i}",
                         None, "mod", "bench")
        recheck, steps = Recheck(world), []
        recheck.begin()
        while recheck.todo:
            began = time.perf_counter()
            recheck.step()
            steps.append((time.perf_counter() - began) * 1000)
        steps.sort()
        print(f"{args.sessions} sessions, {args.bans} bans in force: {len(steps)} steps of {CHUNK}; "
              f"a step {steps[len(steps) // 2]:.1f} ms median, {steps[-1]:.1f} ms at most; "
              f"the round {sum(steps):.0f} ms of loop time over {len(steps)} s")
        store.close()


if __name__ == "__main__":
    main()
