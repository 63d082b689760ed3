"""`mud backup` of a big database while the server keeps writing: how long the copy takes, and what it
costs the writer (the time each move's commit takes, before and during the backup).

A store is filled with ``--matches`` matches of ``--moves`` moves each (written straight, in big
transactions), then a writer thread commits one move at a time as the server does (``log_move``,
autocommit, WAL, synchronous=NORMAL) for ``--seconds``, while ``mud backup`` copies the file in its
own process half-way through. Prints the file's size, the backup's time, and the commit latency
(p50, p99, max) before the backup and while it ran.

    .venv/bin/python bench/backup.py --matches 1000 --moves 500
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from games.engine import Action  # noqa: E402
from mud.store import Store  # noqa: E402


def fill(store: Store, matches: int, moves: int) -> None:
    store.db.execute("BEGIN")
    for m in range(matches):
        mid = store.db.execute(
            "INSERT INTO matches (game, room, seed, options, humans, bots, level, status, created)"
            " VALUES ('quest', 'gate', ?, '{}', '[\"ann\"]', '[\"bot1\"]', 'normal', 'over', ?)",
            (m, time.time())).lastrowid
        store.db.executemany("INSERT INTO moves (match, seq, player, verb, args, by_bot, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                             [(mid, s, "ann" if s % 2 else "bot1", "move", json.dumps(["n"]), s % 2, time.time())
                              for s in range(1, moves + 1)])
    store.db.execute("COMMIT")


def pct(xs: list[float], p: float) -> float:
    return sorted(xs)[min(len(xs) - 1, int(p * len(xs)))] * 1000 if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=6.0, help="how long the writer writes")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as data:
        db = os.path.join(data, "questmud.db")
        store = Store(db)
        fill(store, args.matches, args.moves)
        match = store.create_match("quest", "gate", 1, {}, ["ann"], ["bot1"], "normal")
        size = os.path.getsize(db) + (os.path.getsize(db + "-wal") if os.path.exists(db + "-wal") else 0)
        timings: list[tuple[float, float]] = []  # (when, seconds a commit took)
        stop = threading.Event()

        def writer() -> None:
            own = Store(db)
            seq = 0
            while not stop.is_set():
                seq += 1
                began = time.perf_counter()
                own.log_move(match, seq, "ann", Action("move", ("n",)), False)
                timings.append((began, time.perf_counter() - began))
                time.sleep(0.002)  # a busy server: some hundreds of moves a second
            own.close()

        thread = threading.Thread(target=writer)
        thread.start()
        time.sleep(args.seconds / 2)
        began = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "mud.cli", "backup", "--data", data,
                               os.path.join(data, "copy.db")], cwd=ROOT, capture_output=True, text=True)
        ended = time.perf_counter()
        time.sleep(max(0.0, args.seconds / 2 - (ended - began)))
        stop.set()
        thread.join()
        store.close()
        before = [t for at, t in timings if at < began]
        during = [t for at, t in timings if began <= at <= ended]
        print(f"database: {args.matches} matches, {args.matches * args.moves} moves, {size / 2**20:.1f} MB")
        print(f"mud backup: {ended - began:.2f} s (process included); {done.stdout.strip() or done.stderr.strip()}")
        for label, xs in (("before", before), ("during", during)):
            print(f"commit latency {label} the backup: {len(xs)} commits, p50 {pct(xs, 0.5):.2f} ms, "
                  f"p99 {pct(xs, 0.99):.2f} ms, max {max(xs) * 1000 if xs else float('nan'):.2f} ms")
        if during:
            print(f"mean during/before: {statistics.mean(during) / statistics.mean(before):.2f}x")


if __name__ == "__main__":
    main()
