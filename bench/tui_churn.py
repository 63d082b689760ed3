"""Do served TUI sessions leave anything behind? Opens and closes N of them in one process.

Each session: a ``ServedApp`` on a counting terminal in one ``World`` (as ``mud serve`` runs them),
its first frame, ``look`` and ``say hi``, then ctrl+q and the world session closed, as the SSH
server does when a client leaves. Every 50 sessions it prints the process's RSS, the objects the
garbage collector tracks, and the kinds that grew since the first 50 (caches fill during the first
hundred or so; after that, growth would be a leak).

    .venv/bin/python bench/tui_churn.py --sessions 400
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.tui_inproc import Term  # noqa: E402  (a counting terminal)
from mud.server.tui.driver import ServedApp, run_served  # noqa: E402
from mud.world.world import World  # noqa: E402


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


async def session(world: World, n: int) -> None:
    term = Term()
    ws = world.connect(f"p{n}")
    app = ServedApp(ws, term, max_line=300)
    task = asyncio.create_task(run_served(app, term.size))
    for _ in range(500):
        if b"command" in term.tail:
            break
        await asyncio.sleep(0.01)
    term.driver.feed(b"look\rsay hi\r")
    await asyncio.sleep(0.05)
    term.driver.feed(b"\x11")  # ctrl+q
    await asyncio.wait_for(task, 10)
    world.disconnect(ws)


async def main(sessions: int) -> None:
    world = World()
    first = None
    for n in range(sessions):
        await session(world, n)
        if n % 50 == 49:
            gc.collect()
            kinds = collections.Counter(type(o).__name__ for o in gc.get_objects())
            first = first or kinds
            grew = ", ".join(f"{k} +{v}" for k, v in (kinds - first).most_common(5)) or "nothing"
            print(f"{n + 1:5} sessions: RSS {rss_mb():6.1f} MB, {sum(kinds.values()):,} objects; grew since 50: {grew}",
                  file=sys.__stdout__, flush=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=400)
    asyncio.run(main(ap.parse_args().sessions))
