"""What the parts of a world of several nodes cost (issue 30): the bus's message and the store's move.

Starts its own Redis and PostgreSQL (tests/engines.py: Debian's packages, loopback, a temporary
folder) and prints:

* **bus**: a message published by one node and heard by another (mud/server/nodes/bus.py), one at a time
  and in bursts: latency p50/p99 and this process's CPU per message (both nodes are in it, so that
  is the sending and the receiving side together);
* **store**: a move logged and committed, one per commit and ten per commit (group commit), on the
  SQLite store (WAL, synchronous=FULL, in a temporary folder) and on the PostgreSQL one (a local
  server, flushing at each commit, on the same disk): commit latency p50/p99 and CPU per move in
  this process.

    .venv/bin/python bench/nodes.py [--messages 2000] [--moves 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mud.server.nodes import bus  # noqa: E402
from mud.store import Store  # noqa: E402
from bench.store_moves import timed_moves  # noqa: E402
from tests.engines import Postgres, Redis, Unavailable  # noqa: E402

try:
    from mud.store import postgres as pgstore
except ImportError:
    pgstore = None


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


async def bus_figures(url: str, count: int, burst: int) -> str:
    got: dict[int, float] = {}
    done = asyncio.Event()

    def hear(message: dict) -> None:
        got[message["n"]] = time.perf_counter() - message["at"]
        if len(got) >= count:
            done.set()

    a, b = bus.Bus(url, "bench-a", lambda m: None), bus.Bus(url, "bench-b", hear)
    await a.start()
    await b.start()
    await asyncio.sleep(0.3)
    cpu0 = time.process_time()
    for n in range(count):
        await a.publish({"kind": "say", "room": "crossroads", "speaker": "alice", "line": "hello there",
                         "n": n, "at": time.perf_counter()})
        if burst == 1 or n % burst == burst - 1:
            await asyncio.sleep(0.001 if burst == 1 else 0.01)
    await asyncio.wait_for(done.wait(), 30)
    cpu = time.process_time() - cpu0
    await a.stop()
    await b.stop()
    lat = [v * 1000 for v in got.values()]
    return (f"bus, {count} messages {'one at a time' if burst == 1 else f'in bursts of {burst}'}: latency p50 "
            f"{statistics.median(lat):.2f} ms, p99 {pct(lat, 0.99):.2f} ms; CPU {1000 * cpu / count:.3f} ms a "
            f"message (publisher and listener, this process)")


def store_figures(store, label: str, moves: int, per_commit: int) -> str:
    cpu, waits = timed_moves(store, moves, per_commit)
    return (f"store {label}, {moves} moves, {per_commit} a commit: commit p50 {statistics.median(waits):.2f} ms, "
            f"p99 {pct(waits, 0.99):.2f} ms; CPU {1000 * cpu / moves:.3f} ms a move (this process)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=2000)
    ap.add_argument("--moves", type=int, default=2000)
    args = ap.parse_args()
    print(f"bench/nodes.py on {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    redis = Redis()
    try:
        redis.start()
        print(asyncio.run(bus_figures(redis.url, args.messages, 1)))
        print(asyncio.run(bus_figures(redis.url, args.messages, 50)))
    except Unavailable as why:
        print(f"bus: skipped ({why})")
    finally:
        redis.stop()
    with tempfile.TemporaryDirectory() as folder:
        for per in (1, 10):
            store = Store(os.path.join(folder, f"bench{per}.db"))
            print(store_figures(store, "SQLite (WAL, synchronous=FULL)", args.moves, per))
            store.close()
    postgres = Postgres(fsync=True)
    try:
        postgres.start()
        if pgstore is None:
            print("store PostgreSQL: skipped (psycopg is not installed: pip install 'questmud[scale]')")
        for per in (1, 10) if pgstore is not None else ():
            store = pgstore.PgStore(postgres.url)
            print(store_figures(store, "PostgreSQL (local, fsync on)", args.moves, per))
            store.close()
    except Unavailable as why:
        print(f"store PostgreSQL: skipped ({why})")
    finally:
        postgres.stop()


if __name__ == "__main__":
    main()
