"""A thousand power cuts: the store on a disk that loses what was not synced, cut at a random moment.

Each cut runs the store's own code (tests/crashfs.py: accounts, matches, bursts of moves committed
in groups and acknowledged when the commit returns, snapshots, checkpoints) on an apsw VFS, cuts the
power after a random number of disk operations (each unsynced sector then kept or lost at random),
and reads the file back with Python's sqlite3: it must open, pass integrity_check and hold every
acknowledged match, account and move. Prints the cuts, the failures (none expected), the moves
acknowledged and the sectors thrown away.

    .venv/bin/python bench/power_cut.py [--cuts 1000] [--seed 0] [--sync NORMAL]

``--sync NORMAL`` runs the same cuts against the store as it was before (no fsync at commit), to
see the test find lost moves.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import mud.store.sqlite  # noqa: E402
from tests.crashfs import check_after_cut, play_until_cut  # noqa: E402

FULL_RUN = 500  # about the disk operations of one whole run (40 batches): cuts land anywhere in it


def main(cuts: int, first: int, sync: str) -> int:
    if sync != "FULL":
        mud.store.sqlite.PRAGMAS = ("PRAGMA journal_mode=WAL", f"PRAGMA synchronous={sync}")
    failed = acked = lost = 0
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(first, first + cuts):
            path = os.path.join(folder, f"cut{seed}.db")
            cut_after = random.Random(seed).randrange(1, FULL_RUN)
            result = play_until_cut(path, seed, cut_after)
            wrong = check_after_cut(path, result)
            acked += len(result["moves"])
            lost += result["lost"]
            if wrong:
                failed += 1
                print(f"seed {seed} (cut after {cut_after} operations): {'; '.join(wrong[:3])}", flush=True)
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(path + suffix):
                    os.remove(path + suffix)
    took = time.monotonic() - began
    print(f"synchronous={sync}: {cuts} cuts, {failed} failed; {acked} moves acknowledged before the cuts, "
          f"{lost} unsynced sectors thrown away; {took:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cuts", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0, help="the first cut's seed")
    ap.add_argument("--sync", default="FULL", choices=("FULL", "NORMAL", "OFF"))
    a = ap.parse_args()
    sys.exit(main(a.cuts, a.seed, a.sync))
