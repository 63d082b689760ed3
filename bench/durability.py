"""What durability costs: moves stored per second and a move's round trip (p50/p99), before and after.

N telnet players, each at their own table of Quest with three bots, type ``pass`` again and again,
each as soon as the last answer's prompt came back; every ``pass`` stores the person's move and the
bots' replies. The server runs in its own process in one of three modes:

* ``before``    -- synchronous=NORMAL, each write committed at once (the store before issue 28);
* ``full``      -- synchronous=FULL, each write committed at once (an fsync per move, no grouping);
* ``group``     -- synchronous=FULL with group commit, answers held until their commit (today's).

Moves per second are the moves in the file at the end (committed: another connection reads them)
over the time; the round trip is from sending ``pass`` to its prompt.

    .venv/bin/python bench/durability.py [--players 1,10,50] [--seconds 10] [--modes before,full,group]
    .venv/bin/python bench/durability.py --fsync-ms 5     # as on a disk whose fsync takes 5 ms more
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.load import proc_figures  # noqa: E402
from tests.net_clients import free_port  # noqa: E402
from tests.telnet_clients import Client, log_in  # noqa: E402

MODES = ("before", "full", "group")
SEATING: list[asyncio.Lock] = []  # made on the bench's loop
FSYNC_MS = [0.0]


def serve(mode: str, data: str, port: int, fsync_ms: float) -> int:
    """The server of one mode (this script run with --serve). ``fsync_ms``: each fsync made slower
    by that much (a disk slower than this machine's), by sleeping after each synced commit."""
    import mud.server.core
    import mud.store.sqlite
    from mud.cli import main as cli

    if mode == "before":
        mud.store.sqlite.PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=5000")
    if mode in ("before", "full"):
        mud.server.core.GroupCommit = lambda store: None  # every write commits at once; bytes go at once
    if fsync_ms and mode != "before":  # (NORMAL syncs only at checkpoints)
        write, commit = mud.store.sqlite.Store._write, mud.store.sqlite.Store.commit

        def slow_write(self, q, params):
            cur = write(self, q, params)
            if not self.batched:
                time.sleep(fsync_ms / 1000)
            return cur

        def slow_commit(self):
            synced = bool(self.pending)
            ok = commit(self)
            if synced:
                time.sleep(fsync_ms / 1000)
            return ok

        mud.store.sqlite.Store._write, mud.store.sqlite.Store.commit = slow_write, slow_commit
    return cli.main(["serve", "--data", data, "--telnet-port", str(port), "--ssh-port", "-1", "--rate", "1000",
                     "--turn-time", "0"])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


async def seated(port: int, i: int) -> Client:
    """A player logged in (a new account) at their own table, their match started."""
    conn = await Client.connect(port)
    await log_in(conn, f"p{i}x")
    conn.send("n")
    await conn.expect("> ", timeout=60)
    await new_match(conn, i)
    return conn


async def new_match(conn: Client, seed: int) -> None:
    """Sit at a new table and start (each step waits for its own words: others' news comes between).
    One player at a time, or two would sit at the same open table."""
    async with SEATING[0]:
        conn.send("sit")
        await conn.expect("You sit at table", timeout=60)
        conn.send(f"start bots=3 seed={seed} rules=basic")
        await conn.expect(") > ", timeout=60)


async def play(conn: Client, i: int, until: float, times: list[float]) -> None:
    command = "pass"
    while time.monotonic() < until:
        began = time.monotonic()
        conn.send(command)
        seen = await conn.expect(") > ", timeout=60)  # "(your turn) > ", "(allow or deny, 1-2) > "
        times.append(time.monotonic() - began)
        if "(game over) > " in seen[-20:]:  # the bots won: 'sit' gets up, to a new match (not timed)
            await new_match(conn, i * 1000 + len(times))
        # a bot asks to enter our room: allow; another question with numbered answers: the first
        command = "allow" if "(allow or deny" in seen[-40:] else "1" if "1-" in seen[-30:] else "pass"


def stored(data: str) -> int:
    db = sqlite3.connect(os.path.join(data, "questmud.db"))
    try:
        return db.execute("SELECT count(*) FROM moves").fetchone()[0]
    finally:
        db.close()


async def one_run(mode: str, players: int, seconds: float) -> dict:
    with tempfile.TemporaryDirectory() as data:  # (here /tmp is on the same disk as the project)
        port = free_port()
        errors = open(os.path.join(data, "stderr.txt"), "w+")
        proc = subprocess.Popen([sys.executable, __file__, "--serve", mode, "--data", data, "--port", str(port),
                                 "--fsync-ms", str(FSYNC_MS[0])],
                                cwd=ROOT, stderr=errors, text=True)
        try:
            for _ in range(200):
                time.sleep(0.05)
                if "listening" in open(errors.name).read() or proc.poll() is not None:
                    break
            if "listening" not in open(errors.name).read():
                raise RuntimeError(f"the server did not start: {open(errors.name).read()}")
            times: list[float] = []
            SEATING[:] = [asyncio.Lock()]
            conns = await asyncio.gather(*(seated(port, i) for i in range(players)))  # not measured
            first, cpu0 = stored(data), proc_figures(proc.pid)[1]
            began = time.monotonic()
            await asyncio.gather(*(play(conn, i, began + seconds, times) for i, conn in enumerate(conns)))
            took = time.monotonic() - began
            if "Traceback" in open(errors.name).read():
                print(open(errors.name).read(), file=sys.stderr)
            for conn in conns:
                conn.close()
            moves, cpu = stored(data) - first, proc_figures(proc.pid)[1] - cpu0
        except BaseException:
            print(open(errors.name).read()[-3000:], file=sys.stderr)
            raise
        finally:
            proc.terminate()
            proc.wait(20)
            errors.close()
    return {"mode": mode, "players": players, "moves/s": moves / took, "commands": len(times) / took,
            "p50": percentile(times, 0.5) * 1000, "p99": percentile(times, 0.99) * 1000, "cpu": cpu / took}


async def main(players: list[int], seconds: float, modes: list[str]) -> None:
    print(f"{'mode':8} {'players':>7} {'moves/s':>9} {'commands/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'server CPU':>10}")
    for n in players:
        for mode in modes:
            r = await one_run(mode, n, seconds)
            print(f"{r['mode']:8} {r['players']:7d} {r['moves/s']:9.0f} {r['commands']:10.0f} {r['p50']:8.1f} "
                  f"{r['p99']:8.1f} {r['cpu']:9.0%}", flush=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="1,10,50", help="comma-separated numbers of players")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--fsync-ms", type=float, default=0.0,
                    help="make every fsync this much slower (a slower disk than this machine's)")
    ap.add_argument("--serve", choices=MODES, help=argparse.SUPPRESS)
    ap.add_argument("--data", help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.serve:
        sys.exit(serve(a.serve, a.data, a.port, a.fsync_ms))
    FSYNC_MS[0] = a.fsync_ms
    asyncio.run(main([int(x) for x in a.players.split(",")], a.seconds, a.modes.split(",")))
