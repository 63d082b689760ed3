"""What a committed move costs the store in CPU, on SQLite and on PostgreSQL (issue 41's "one store").

The server's way: ``batched`` writes, a move logged (``log_move``) and the batch committed -- one move a
commit (a quiet table) and ten a commit (a busy loop's group commit). Prints, for each engine, the CPU
of this process per committed move (the store's Python, the driver, SQLite's own work in-process) and
the commit's latency (the fsync on SQLite with ``synchronous=FULL``; PostgreSQL's round trip and WAL
flush, fsync on). PostgreSQL is started from Debian's packages (tests/engines.py); each figure is the
best of ``--rounds`` runs, so a neighbour's burst on a shared machine counts less.

    .venv/bin/python bench/store_moves.py [--moves 2000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.engine import Action  # noqa: E402
from mud.store import Store  # noqa: E402
from mud.store import open_store  # noqa: E402
from tests.engines import Postgres, Unavailable  # noqa: E402


def timed_moves(store, moves: int, per_commit: int) -> tuple[float, list[float]]:
    """``moves`` moves of one match stored, committed every ``per_commit`` as the server's group
    commit does: (this process's CPU seconds, each commit's wait in ms). bench/nodes.py uses it too."""
    store.batched = True
    match = store.create_match("tenx", "tavern", 1, {}, ["alice"], [], "normal")
    store.commit()
    waits, cpu0 = [], time.process_time()
    for seq in range(1, moves + 1):
        store.log_move(match, seq, "alice", Action("play", ("7",)), by_bot=False)
        if seq % per_commit == 0:
            began = time.perf_counter()
            store.commit()
            waits.append((time.perf_counter() - began) * 1000)
    return time.process_time() - cpu0, waits


def run(store, moves: int, per_commit: int) -> tuple[float, float]:
    """(CPU microseconds a committed move, commit p50 ms)."""
    cpu, waits = timed_moves(store, moves, per_commit)
    return 1e6 * cpu / moves, statistics.median(waits)


def figures(label: str, open_store, moves: int, rounds: int) -> None:
    for per in (1, 10):
        best = None
        for _ in range(rounds):
            store = open_store()
            try:
                got = run(store, moves, per)
            finally:
                store.close()
            best = got if best is None or got[0] < best[0] else best
        print(f"{label}, {per} move(s) a commit: CPU {best[0]:.1f} us a committed move; commit p50 {best[1]:.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print(f"bench/store_moves.py on {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        count = iter(range(10**6))
        figures("SQLite (WAL, synchronous=FULL)", lambda: Store(os.path.join(folder, f"b{next(count)}.db")),
                args.moves, args.rounds)
    postgres = Postgres(fsync=True)
    try:
        postgres.start()
        figures("PostgreSQL (local, fsync on)", lambda: open_store(postgres.url), args.moves, args.rounds)
    except Unavailable as why:
        print(f"PostgreSQL: skipped ({why})")
    finally:
        postgres.stop()


if __name__ == "__main__":
    main()
