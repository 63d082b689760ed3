"""A world of several nodes under load (issue 30): K `mud serve --node` processes on one machine,
sharing one PostgreSQL store and one Redis bus, and N full-screen (SSH TUI) players spread over them.

Starts its own PostgreSQL (fsync on) and Redis (tests/engines.py: loopback, a temporary folder),
then for each K of ``--nodes`` and each N of ``--players``: a fresh database, K nodes (each its own
data folder and ports), and N SSH TUI players dealt round robin over the nodes (player i on node
i mod K). They play bench/load.py's way, with its own client code (``ssh_player``): look, say,
walk between the Crossroads and the game rooms, one command every ``--interval`` s on average in
the proportions of ``--mix``, each command's latency the time to its own token's answer. Everyone
starts at the Crossroads, so a ``say`` reaches the room's players on every node: the lines heard
from a speaker on another node (they came over the bus) are counted apart.

Prints, per run: K, N, commands/s, latency p50/p99 overall, per kind and per node; for each node
process (its TUI workers included, if ``--tui-workers``) its CPU in seconds per second and in ms per
command it served; the same for Redis and PostgreSQL (the postmaster and its backends) and for the
simulated players (this process); the load average at the start and the end, and how long the
nodes were ready to run but waiting for a CPU. At the end, one table of every run.

On a machine with fewer free cores than nodes + Redis + PostgreSQL + the players' process, the
nodes share the cores: the per-node CPU ms per command, not the throughput, is what predicts a
bigger machine (players a node carries ~ a core / (its ms per command x commands/s a player)).

    .venv/bin/python bench/world_nodes.py --nodes 1,3 --players 60 --seconds 20
    .venv/bin/python bench/world_nodes.py --nodes 3 --players 60,90,120 --json   # one JSON line a run
    .venv/bin/python bench/world_nodes.py --nodes 1,3 --players 100,150 --calm 1.0  # each run on a quiet machine
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "bench"))

import load  # noqa: E402  (bench/load.py: the players' code)
from load import KINDS, children, cpu_seconds, free_port, pct, ssh_player  # noqa: E402
from tests.engines import Postgres, Redis, Unavailable  # noqa: E402

DATABASES = itertools.count(1)
SAID: dict[str, str] = {}  # token -> the name of the player who said it


def _record_says(next_command):
    """Wrap load.Player.next_command so each ``say`` token is known with its speaker (to tell the
    lines heard from another node's players from those of the same node's)."""
    def wrapped(self):
        kind, lines, answer = next_command(self)
        if kind == "say":
            SAID[answer.split()[-1]] = self.name
        return kind, lines, answer
    return wrapped


load.Player.next_command = _record_says(load.Player.next_command)


def fresh_database(url: str) -> str:
    """A new database on the bench's PostgreSQL, for one run (as tests/mud/server/test_pg_server.py)."""
    import psycopg
    name = f"world{os.getpid()}_{next(DATABASES)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + "/" + name


def drop_database(url: str, db_url: str) -> None:
    import psycopg
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {db_url.rsplit('/', 1)[1]} WITH (FORCE)")
    except psycopg.Error:
        pass


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of a process and its children (a node's TUI workers, the
    postmaster's backends) so far; a child gone since is missed, as in load.py."""
    total = 0.0
    for p in [pid] + children(pid):
        try:
            total += cpu_seconds(p, user=True) + cpu_seconds(p)
        except (OSError, ValueError, IndexError):
            pass
    return total


def postmaster_pid(postgres: Postgres) -> int | None:
    try:
        with open(os.path.join(postgres.data, "postmaster.pid")) as f:
            return int(f.readline())
    except (OSError, ValueError):
        return None


class Node:
    def __init__(self, name: str, store: str, bus: str, folder: str, workers: int | None):
        self.name = name
        self.data = os.path.join(folder, name)
        os.makedirs(self.data)
        self.ssh_port, self.telnet_port = free_port(), free_port()
        cmd = [sys.executable, "-m", "mud.cli", "serve", "--node", name, "--store", store, "--bus", bus,
               "--data", self.data, "--host", "127.0.0.1", "--ssh-port", str(self.ssh_port),
               "--telnet-port", str(self.telnet_port), "--rate", "1000", "--max-sessions", "100000",
               "--turn-time", "0", "--accounts-per-hour", "0"]
        if workers is not None:
            cmd += ["--tui-workers", str(workers)]
        self.log = open(os.path.join(folder, f"{name}.log"), "w")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)

    async def ready(self, seconds: float) -> None:
        """Wait until the node listens on both ports; else stop with its log's last lines."""
        deadline = time.monotonic() + seconds
        for port in (self.telnet_port, self.ssh_port):
            while self.proc.poll() is None and time.monotonic() < deadline:
                try:
                    _r, w = await asyncio.open_connection("127.0.0.1", port)
                    w.close()
                    break
                except OSError:
                    await asyncio.sleep(0.1)
            else:
                self.log.flush()
                with open(self.log.name) as f:
                    tail = "".join(f.readlines()[-15:])
                raise SystemExit(f"node {self.name} did not listen on {port} "
                                 f"({'it exited' if self.proc.poll() is not None else 'in time'}):\n{tail}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()


def player_args(args) -> argparse.Namespace:
    """What load.py's players read of its arguments."""
    return argparse.Namespace(interval=args.interval, mix_table=load.parse_mix(args.mix), ssh_tui=True,
                              login_timeout=args.login_timeout, timeout=args.timeout)


async def calm(limit: float, most: float = 180.0) -> float:
    """Wait (at most ``most`` s) until the 1-minute load average is under ``limit``: the previous
    run's nodes (or other work) leave it high for a minute or so. -> seconds waited."""
    t0 = time.monotonic()
    while limit and os.getloadavg()[0] >= limit and time.monotonic() - t0 < most:
        await asyncio.sleep(2)
    return time.monotonic() - t0


async def run(k: int, n: int, args, postgres: Postgres, redis: Redis) -> dict:
    waited = await calm(args.calm)
    load_before = os.getloadavg()
    db = fresh_database(postgres.url)
    folder = tempfile.mkdtemp(prefix="questmud-world-")
    nodes: list[Node] = []
    SAID.clear()
    try:
        for i in range(k):  # one after the other, as an operator would (each up before the next starts)
            nodes.append(Node(f"n{i + 1}", db, redis.url, folder, args.tui_workers))
            await nodes[-1].ready(60)
        await asyncio.sleep(0.5)
        pargs = player_args(args)
        stats = [dict(load.new_stats(), at=[]) for _ in nodes]  # at: (sent, latency) of each command
        home: dict[str, int] = {}
        start, until = asyncio.Event(), [0.0]
        tasks, t0 = [], time.monotonic()
        for i in range(n):  # 25 at a time, as load.py logs in
            name, at = f"splayer{i}", i % k
            home[name] = at
            tasks.append(asyncio.create_task(ssh_player(nodes[at].ssh_port, name, stats[at], pargs, start, until)))
            if i % 25 == 24:
                await asyncio.sleep(0.05)
        while sum(s["connected"] + s["failed"] for s in stats) < n and time.monotonic() - t0 < 900:
            await asyncio.sleep(0.2)
        login_time = time.monotonic() - t0
        await asyncio.sleep(1.0)  # the arrivals' lines settle
        pg = postmaster_pid(postgres)
        pids = {node.name: node.proc.pid for node in nodes}
        pids["redis"] = redis.proc.pid
        if pg:
            pids["postgres"] = pg
        cpu1 = {what: tree_cpu(pid) for what, pid in pids.items()}
        wait1 = {node.name: load.cpu_wait(node.proc.pid) for node in nodes}
        me1 = time.process_time()
        until[0] = time.monotonic() + args.seconds
        t1 = time.monotonic()
        start.set()
        await asyncio.sleep(max(0.0, until[0] - time.monotonic()))
        elapsed = time.monotonic() - t1
        cpu2 = {what: tree_cpu(pid) for what, pid in pids.items()}
        wait2 = {node.name: load.cpu_wait(node.proc.pid) for node in nodes}
        me2 = time.process_time()
        load_after = os.getloadavg()
        await asyncio.gather(*tasks, return_exceptions=True)  # the last commands' answers
        dead = [node.name for node in nodes if node.proc.poll() is not None]
    finally:
        for node in nodes:
            node.stop()
        drop_database(postgres.url, db)
        if args.keep_logs:
            print(f"  (the nodes' logs: {folder})")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    out = figures(k, n, args, nodes, stats, home, cpu2, cpu1, wait2, wait1, me2 - me1, elapsed, login_time,
                  load_before, load_after, dead, t1)
    out["calm_wait_s"], out["calm"] = round(waited, 1), args.calm
    return out


def figures(k, n, args, nodes, stats, home, cpu2, cpu1, wait2, wait1, mine, elapsed, login_time,
            load_before, load_after, dead, t1) -> dict:
    def lat(kind=None, at=None):
        picked = stats if at is None else [stats[at]]
        return [x for s in picked for kk in KINDS if kind in (None, kk) for x in s["latency"][kk]]

    every = lat()
    out = {"nodes": k, "players": n, "seconds": args.seconds, "interval": args.interval, "mix": args.mix,
           "tui_workers": args.tui_workers, "cpus": os.cpu_count(),
           "loadavg_before": round(load_before[0], 2), "loadavg_after": round(load_after[0], 2),
           "connected": sum(s["connected"] for s in stats), "failed": sum(s["failed"] for s in stats),
           "login_s": round(login_time, 1), "commands": len(every), "per_s": round(len(every) / elapsed, 1),
           "timeouts": sum(sum(s["timeouts"].values()) for s in stats),
           "p50": pct(every, .5), "p99": pct(every, .99), "dead_nodes": dead,
           "kinds": {kk: {"n": len(lat(kk)), "p50": pct(lat(kk), .5), "p99": pct(lat(kk), .99)} for kk in KINDS},
           "per_node": {}, "engines": {}}
    slowest = sorted(((lat_s, sent - t1, nodes[i].name) for i, s in enumerate(stats) for sent, lat_s in s["at"]),
                     reverse=True)[:5]  # a stall (a full garbage collection, the machine busy) shows as a cluster
    out["slowest"] = [{"node": name, "sent_at_s": round(at, 2), "ms": round(1000 * lat_s, 1)}
                      for lat_s, at, name in slowest]
    for i, node in enumerate(nodes):
        mine_n = lat(at=i)
        cpu = cpu2[node.name] - cpu1[node.name]
        heard = set().union(*[s.heard for s in stats[i]["screens"]]) if stats[i]["screens"] else set()
        by_speaker = [home.get(SAID.get(tok, ""), -1) for tok in heard]
        heard_lines = sum(len(s.heard) for s in stats[i]["screens"])
        out["per_node"][node.name] = {
            "players": stats[i]["connected"], "commands": len(mine_n), "p50": pct(mine_n, .5),
            "p99": pct(mine_n, .99), "cpu_s_per_s": cpu / elapsed,
            "cpu_ms_per_command": 1000 * cpu / len(mine_n) if mine_n else float("nan"),
            "cpu_wait_pct": 100 * (wait2[node.name] - wait1[node.name]) / elapsed,
            "heard_lines": heard_lines,
            "heard_from_other_nodes": sum(1 for b in by_speaker if b not in (i, -1))}
    for what in ("redis", "postgres"):
        if what in cpu2:
            cpu = cpu2[what] - cpu1[what]
            out["engines"][what] = {"cpu_s_per_s": cpu / elapsed,
                                    "cpu_ms_per_command": 1000 * cpu / len(every) if every else float("nan")}
    out["players_cpu_s_per_s"] = mine / elapsed
    node_cpu = sum(f["cpu_s_per_s"] for f in out["per_node"].values())
    out["nodes_cpu_s_per_s"] = node_cpu
    out["nodes_cpu_ms_per_command"] = 1000 * node_cpu * elapsed / len(every) if every else float("nan")
    return out


def show(out: dict) -> None:
    print(f"world: {out['nodes']} node(s), {out['players']} SSH TUI players, {out['seconds']:g} s, a command per "
          f"{out['interval']:g} s each, mix {out['mix']}; load average {out['loadavg_before']:.2f} before, "
          f"{out['loadavg_after']:.2f} after, {out['cpus']} CPUs"
          + (f" (waited {out['calm_wait_s']:.0f} s for it to fall under {out['calm']:g})" if out["calm_wait_s"] > 1 else ""))
    print(f"  connected {out['connected']}, failed {out['failed']}, logins took {out['login_s']} s"
          + (f"; NODES DIED: {', '.join(out['dead_nodes'])}" if out["dead_nodes"] else ""))
    print(f"  commands {out['commands']} ({out['per_s']}/s), timeouts {out['timeouts']}; latency p50 "
          f"{out['p50']:.1f} ms, p99 {out['p99']:.1f} ms")
    for kk, f in out["kinds"].items():
        print(f"    {kk:5} {f['n']:6}  p50 {f['p50']:7.1f} ms  p99 {f['p99']:7.1f} ms")
    print("  the slowest commands (node, sent at s into the run: ms): "
          + ", ".join(f"{w['node']} {w['sent_at_s']:.1f}: {w['ms']:.0f}" for w in out["slowest"]))
    for name, f in out["per_node"].items():
        print(f"  node {name}: {f['players']} players, {f['commands']} commands, p50 {f['p50']:.1f} ms, p99 "
              f"{f['p99']:.1f} ms; CPU {f['cpu_s_per_s']:.2f} s/s, {f['cpu_ms_per_command']:.2f} ms a command; "
              f"waited for a CPU {f['cpu_wait_pct']:.0f}% of the time; chat lines shown {f['heard_lines']} "
              f"({f['heard_from_other_nodes']} distinct ones said on another node)")
    for what, f in out["engines"].items():
        print(f"  {what}: CPU {f['cpu_s_per_s']:.2f} s/s, {f['cpu_ms_per_command']:.3f} ms a command (all nodes')")
    print(f"  all nodes: CPU {out['nodes_cpu_s_per_s']:.2f} s/s, {out['nodes_cpu_ms_per_command']:.2f} ms a command; "
          f"the simulated players (this process): {out['players_cpu_s_per_s']:.2f} s/s")


def table(runs: list[dict]) -> None:
    print("\n  K    N  cmd/s  p50 ms  p99 ms  look p99  say p99  move p99  nodes CPU s/s (each)        "
          "ms/cmd/node  redis s/s  pg s/s  players s/s  load before/after")
    for o in runs:
        each = "+".join(f"{f['cpu_s_per_s']:.2f}" for f in o["per_node"].values())
        per = "/".join(f"{f['cpu_ms_per_command']:.2f}" for f in o["per_node"].values())
        eng = o["engines"]
        print(f"  {o['nodes']}  {o['players']:3}  {o['per_s']:5.1f}  {o['p50']:6.1f}  {o['p99']:6.1f}  "
              f"{o['kinds']['look']['p99']:8.1f}  {o['kinds']['say']['p99']:7.1f}  {o['kinds']['move']['p99']:8.1f}  "
              f"{o['nodes_cpu_s_per_s']:.2f} ({each}){'':{max(0, 17 - len(each))}}  {per:11}  "
              f"{eng.get('redis', {}).get('cpu_s_per_s', float('nan')):9.3f}  "
              f"{eng.get('postgres', {}).get('cpu_s_per_s', float('nan')):6.3f}  {o['players_cpu_s_per_s']:11.2f}  "
              f"{o['loadavg_before']:.2f}/{o['loadavg_after']:.2f}"
              + (f"  timeouts {o['timeouts']}, failed {o['failed']}" if o["timeouts"] or o["failed"] else ""))


def ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def arguments(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=ints, default=[1, 3], help="node counts, run in turn (default 1,3)")
    ap.add_argument("--players", type=ints, default=[60], help="players, or a list run in turn (default 60)")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--interval", type=float, default=2.0, help="mean seconds between one player's commands")
    ap.add_argument("--mix", default="look=80,say=10,move=10", help="share of each kind of command")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds a command may wait for its answer")
    ap.add_argument("--login-timeout", type=float, default=120.0)
    ap.add_argument("--tui-workers", type=int, default=None, metavar="N",
                    help="start each node with --tui-workers N (default: the server's default)")
    ap.add_argument("--calm", type=float, default=0.0, metavar="LOAD",
                    help="before each run, wait (up to 3 min) until the 1-minute load average is under LOAD")
    ap.add_argument("--keep-logs", action="store_true", help="keep the nodes' data folders and logs")
    ap.add_argument("--json", action="store_true", help="one JSON line of figures per run (and no table)")
    args = ap.parse_args(argv)
    load.parse_mix(args.mix)  # (its errors before anything starts)
    return args


def main() -> None:
    args = arguments()
    postgres, redis = Postgres(fsync=True), Redis()
    runs = []
    try:
        try:
            postgres.start()
            redis.start()
        except Unavailable as why:
            raise SystemExit(f"bench/world_nodes.py: {why}") from None
        for k in args.nodes:
            for n in args.players:
                out = asyncio.run(run(k, n, args, postgres, redis))
                runs.append(out)
                print(json.dumps(out)) if args.json else show(out)
                sys.stdout.flush()
    finally:
        redis.stop()
        postgres.stop()
    if not args.json and runs:
        table(runs)


if __name__ == "__main__":
    main()
