"""A busy evening (issue 44): K tables of the five games, played at a person's pace over a mix of
surfaces, with talk, walkers and watchers; K ramps up until the answers get slow or the server's
CPU is spent. Prints, per K and per surface, answer p50/p99 for moves and for talk, the server's CPU
per move (every process: the world, its TUI workers; on two nodes each node, Redis and PostgreSQL),
memory per player and the load generator's own CPU; at the end the largest K whose p99 stays under
``--limit-ms`` (100).

The evening, as stated (docs/performance.md, "A busy evening (issue 44)"):

* tables: the five games in equal shares (table i plays quest, tenx, chess, legend, quantum in turn),
  four seats each: three people and one bot (25% of the seats bots); each match played to its end,
  then the table is sat and started again;
* besides the tables, one more person per table: every other one walks the world (a room, a look,
  back), the others watch the matches of their tables (``watch N``) one after another;
* surfaces, by the players' order: 60% telnet with GMCP, 25% SSH full-screen (a pty 100x30: the TUI,
  each session its own), 15% browser sessions (the page's WebSocket protocol, 100x30); Dungeon Chess's
  seats are telnet ones (its legal moves are read off GMCP's view: a full screen asks a numbered
  question only when few moves are left, and this bench does not read boards);
* think time: lognormal, median 6 s for a move (sigma 0.6: a tenth of the moves take over 13 s), 10 s
  between a walker's steps, 15 s between a watcher's looks; every move is one of the numbered
  answers of the question on the player's screen (a legal action; 0, the pass, one time in ten
  when offered), 4% of the turns begin with a refused command and 3% with ``help``;
* talk: each seated person says a line every 45 s on average (exponential gaps), walkers every
  30 s, watchers every 60 s (to their table or their room).

A step is judged on each surface's p99 over every answer it had (moves, talk, walking, mistakes):
the counted window lasts ``--seconds`` and goes on (up to ``--max-seconds``) until every surface has
ENOUGH (100) answers, since a p99 of fewer is the slowest answer or near it; a step whose surfaces
still have too few is shown but not judged.

``--pace`` scales every think and talk time (0.05: a smoke run in which matches end in minutes).
``--serve`` passes options to each ``mud serve`` (``--serve "--tui-workers 1"``).
The people run in client processes separate from the server(s) (bench/evening_players.py; about 80
people a process, ``--clients`` to choose); their CPU is reported beside the server's.

    .venv/bin/python bench/evening.py                               # K = 5, 10, 20, 40, 80, 160 ...
    .venv/bin/python bench/evening.py --nodes 2                     # two nodes over PostgreSQL + Redis
    .venv/bin/python bench/evening.py --tables 5 --seconds 20 --warmup 5 --pace 0.05   # a smoke run
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "bench"))

import games  # noqa: E402
from load import free_port, pct, tree_figures, wait_port  # noqa: E402
from world_nodes import drop_database, fresh_database, postmaster_pid, tree_cpu  # noqa: E402

GAMES = ("quest", "tenx", "chess", "legend", "quantum")
PEOPLE_AT_A_TABLE = 3  # of four seats: the fourth is a bot
SURFACES = ("telnet", "ssh", "web")
KINDS = ("move", "talk", "walk")
PLAYERS = os.path.join(ROOT, "bench", "evening_players.py")


def shares(text: str) -> dict[str, float]:
    """'telnet=60,ssh=25,web=15' -> {surface: fraction}."""
    got = {k.strip(): float(v) for k, v in (p.split("=") for p in text.split(",") if p.strip())}
    if not got or set(got) - set(SURFACES):
        raise SystemExit(f"--surfaces: {', '.join(SURFACES)}, e.g. telnet=60,ssh=25,web=15")
    total = sum(got.values())
    return {k: v / total for k, v in got.items()}


def dealer(share: dict[str, float]):
    """The surface of each next player: the one furthest behind its share (so any run of players
    holds the shares as nearly as whole people allow)."""
    dealt = {k: 0 for k in share}
    n = 0
    while True:
        n += 1
        pick = max(share, key=lambda k: share[k] * n - dealt[k])
        dealt[pick] += 1
        yield pick


def plan(k: int, args) -> tuple[list[dict], list[dict]]:
    """K tables (game, road, people) and the K others (walkers and watchers), surfaces dealt."""
    deal = dealer(args.share)
    dealt = [next(deal) for _ in range(k * (PEOPLE_AT_A_TABLE + 1))]
    tables, loose, n = [], [], 0
    for i in range(k):
        game = GAMES[i % len(GAMES)]
        people = []
        for _ in range(PEOPLE_AT_A_TABLE):
            surface = None
            if game == "chess" and "telnet" in dealt:  # a chess seat takes a telnet player dealt: the shares hold
                dealt.remove("telnet")
                surface = "telnet"
            people.append({"name": f"ev{n:05d}", "surface": surface})
            n += 1
        tables.append({"game": game, "road": games.place_of(game)[1].road, "people": people, "node": i % args.nodes})
    rest = iter(dealt)
    for person in (person for t in tables for person in t["people"] if person["surface"] is None):
        person["surface"] = next(rest)
    for i in range(k):
        loose.append({"name": f"ev{n:05d}", "surface": next(rest), "role": "walker" if i % 2 else "watcher",
                      "node": i % args.nodes})
        n += 1
    return tables, loose


def serve_command(ports: dict, data: str, node: str | None = None, store: str = "", bus: str = "",
                  extra: tuple[str, ...] = ()) -> list[str]:
    cmd = [sys.executable, "-m", "mud.cli", "serve", "--data", data, "--host", "127.0.0.1",
           "--telnet-port", str(ports["telnet"]), "--ssh-port", str(ports["ssh"]), "--web-port", str(ports["web"]),
           "--rate", "1000", "--max-sessions", "100000", "--turn-time", "0", "--per-address", "0",
           "--accounts-per-hour", "0"]
    if node:
        cmd += ["--node", node, "--store", store, "--bus", bus]
    return cmd + list(extra)


class Nodes:
    """The server: one `mud serve`, or ``n`` nodes sharing a PostgreSQL and a Redis of their own."""

    def __init__(self, n: int, folder: str, extra: tuple[str, ...] = ()):
        self.n, self.folder, self.extra = n, folder, extra
        self.procs: list[subprocess.Popen] = []
        self.ports: list[dict] = []
        self.postgres = self.redis = None
        self.db = ""

    async def start(self) -> None:
        store = bus = ""
        if self.n > 1:
            from tests.engines import Postgres, Redis, Unavailable
            self.postgres, self.redis = Postgres(fsync=True), Redis()
            try:
                self.postgres.start()
                self.redis.start()
            except Unavailable as why:
                raise SystemExit(f"bench/evening.py: {why}") from None
            self.db = fresh_database(self.postgres.url)
            store, bus = self.db, self.redis.url
        for i in range(self.n):  # one after the other, each up before the next starts
            ports = {s: free_port() for s in SURFACES}
            data = os.path.join(self.folder, f"n{i + 1}")
            os.makedirs(data)
            log = open(os.path.join(self.folder, f"n{i + 1}.log"), "w")
            self.procs.append(subprocess.Popen(serve_command(ports, data, f"n{i + 1}" if self.n > 1 else None,
                                                             store, bus, self.extra), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT))
            self.ports.append(ports)
            for port in ports.values():
                await wait_port(port, 60)
        await asyncio.sleep(0.5)

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far of each node (TUI workers included), of its world process alone, and
        of Redis and PostgreSQL (its backends included)."""
        out = {}
        for i, proc in enumerate(self.procs):
            out[f"n{i + 1}"] = tree_cpu(proc.pid)
            out[f"n{i + 1} world"] = tree_figures(proc.pid)[2]
        if self.redis is not None:
            out["redis"] = tree_cpu(self.redis.proc.pid)
            pg = postmaster_pid(self.postgres)
            if pg:
                out["postgres"] = tree_cpu(pg)
        return out

    def rss(self) -> int:
        return sum(tree_figures(proc.pid)[0] for proc in self.procs)

    def dead(self) -> list[str]:
        return [f"n{i + 1}" for i, proc in enumerate(self.procs) if proc.poll() is not None]

    def stop(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        if self.postgres is not None:
            drop_database(self.postgres.url, self.db)
            self.redis.stop()
            self.postgres.stop()


def client_count(k: int, args) -> int:
    people = k * (PEOPLE_AT_A_TABLE + 1)
    wanted = args.clients or max(1, math.ceil(people / 80))
    return args.nodes * math.ceil(wanted / args.nodes)  # each process speaks to one node


def orders_for(tables, loose, clients: int, nodes: Nodes, args) -> list[dict]:
    """Deal the tables (whole: a table's people in one process) and the others over the processes;
    process j speaks to node j mod n."""
    out = [{"index": j, "ports": nodes.ports[j % args.nodes], "pace": args.pace, "tables": [], "loose": []}
           for j in range(clients)]
    for what, items in (("tables", tables), ("loose", loose)):
        for i, item in enumerate(items):
            mine = [o for o in out if o["index"] % args.nodes == item["node"]]
            mine[(i // args.nodes) % len(mine)][what].append(item)
    return out


async def evening(k: int, args) -> dict:
    folder = tempfile.mkdtemp(prefix="questmud-evening-")
    nodes = Nodes(args.nodes, folder, tuple(args.serve.split()))
    clients: list[asyncio.subprocess.Process] = []
    try:
        await nodes.start()
        rss_idle = nodes.rss()
        tables, loose = plan(k, args)
        for orders in orders_for(tables, loose, client_count(k, args), nodes, args):
            child = await asyncio.create_subprocess_exec(sys.executable, PLAYERS, stdin=subprocess.PIPE,
                                                         stdout=subprocess.PIPE, cwd=ROOT, limit=2**24)
            child.stdin.write((json.dumps(orders) + "\n").encode())
            clients.append(child)
        t0 = time.monotonic()
        ready = [json.loads(await asyncio.wait_for(c.stdout.readline(), 900)) for c in clients]
        seated_s = time.monotonic() - t0
        await asyncio.sleep(args.warmup)
        rss_playing = nodes.rss()
        cpu0, me0, t1 = nodes.cpu(), time.process_time(), time.monotonic()
        load0 = os.getloadavg()[0]
        for c in clients:
            c.stdin.write(b"measure\n")
        await asyncio.sleep(args.seconds)
        while time.monotonic() - t1 < args.max_seconds and not await enough(clients, tables, loose):
            await asyncio.sleep(5)
        cpu1, me1, elapsed = nodes.cpu(), time.process_time(), time.monotonic() - t1
        load1 = os.getloadavg()[0]
        for c in clients:
            c.stdin.write(b"stop\n")
        results = [json.loads(await asyncio.wait_for(c.stdout.readline(), 120)) for c in clients]
        dead = nodes.dead()
    finally:
        for c in clients:
            if c.returncode is None:
                try:
                    c.kill()
                except ProcessLookupError:
                    pass
        nodes.stop()
        shutil.rmtree(folder, ignore_errors=True)
    return figures(k, args, ready, results, seated_s, elapsed, cpu0, cpu1, me1 - me0, rss_idle, rss_playing,
                   (load0, load1), dead)


ENOUGH = 100  # answers a surface must have in the window for its p99 to judge the step


async def enough(clients, tables, loose) -> bool:
    """Every surface someone plays on has ENOUGH answers counted (below that, a p99 is the
    slowest answer or close to it: one hiccup would decide the step)."""
    answered: dict[str, int] = {}
    for c in clients:
        c.stdin.write(b"count\n")
        got = json.loads(await asyncio.wait_for(c.stdout.readline(), 60))["answered"]
        for s, n in got.items():
            answered[s] = answered.get(s, 0) + n
    used = {p["surface"] for t in tables for p in t["people"]} | {p["surface"] for p in loose}
    return all(answered.get(s, 0) >= ENOUGH for s in used)


def figures(k, args, ready, results, seated_s, elapsed, cpu0, cpu1, mine, rss_idle, rss_playing, load, dead) -> dict:
    latency: dict[str, list[float]] = {}
    timeouts: dict[str, int] = {}
    counts = {"moves": 0, "mistakes": 0, "helps": 0, "tries": 0, "walks": 0, "watches": 0, "games_over": {},
              "moves_by_game": {}}
    for r in results:
        for key, values in r["latency"].items():
            latency.setdefault(key, []).extend(values)
        for key, n in r["timeouts"].items():
            timeouts[key] = timeouts.get(key, 0) + n
        for key, n in r["counts"].items():
            if key in ("games_over", "moves_by_game"):
                for game, m in n.items():
                    counts[key][game] = counts[key].get(game, 0) + m
            elif key in counts:
                counts[key] += n
    players = sum(r["players"] for r in results)
    server = {what: (cpu1[what] - cpu0[what]) / elapsed for what in cpu1}
    node_cpu = sum(v for what, v in server.items() if what.startswith("n") and " " not in what)
    engines = sum(v for what, v in server.items() if what in ("redis", "postgres"))
    moves = counts["moves"]
    surfaces = {}
    for s in SURFACES:
        row = {"players": sum(r["by_surface"].get(s, 0) for r in results)}
        every: list[float] = []
        for kind in (*KINDS, "other"):
            got = latency.get(f"{s} {kind}", [])
            every += got
            row[kind] = {"n": len(got), "p50": pct(got, .5), "p99": pct(got, .99), "timeouts": timeouts.get(f"{s} {kind}", 0)}
        row["all"] = {"n": len(every), "p50": pct(every, .5), "p99": pct(every, .99), "max": pct(every, 1.0)}
        surfaces[s] = row
    judged = [row["all"]["p99"] for row in surfaces.values() if row["all"]["n"] >= ENOUGH]
    worst = max(judged) if judged and len(judged) == sum(1 for row in surfaces.values() if row["players"]) \
        else float("nan")  # nan: some surface had too few answers to judge
    world_busiest = max((v for what, v in server.items() if what.endswith(" world")), default=0.0)
    return {"tables": k, "nodes": args.nodes, "seconds": round(elapsed), "pace": args.pace, "players": players,
            "failed": sum(r.get("failed", 0) for r in ready), "seated_s": round(seated_s, 1),
            "surfaces": surfaces, "counts": counts, "moves_per_s": moves / elapsed,
            "server_cpu_s_per_s": server, "nodes_cpu_s_per_s": node_cpu, "engines_cpu_s_per_s": engines,
            "cpu_ms_per_move": 1000 * (node_cpu + engines) * elapsed / moves if moves else float("nan"),
            "rss_mb": rss_playing / 2**20, "kb_per_player": (rss_playing - rss_idle) / 1024 / max(1, players),
            "clients": len(results), "clients_cpu_s_per_s": sum(r["cpu_s"] for r in results) / elapsed,
            "bench_cpu_s_per_s": mine / elapsed, "loadavg": [round(x, 2) for x in load], "cpus": os.cpu_count(),
            "worst_p99_ms": worst, "world_busiest_s_per_s": world_busiest,
            "timeouts": sum(timeouts.values()), "errors": [e for r in results for e in r["errors"]][:10],
            "stuck": [t for r in results for t in r["stuck"]], "dead_nodes": dead}


def show(o: dict, limit: float) -> None:
    print(f"evening: K={o['tables']} tables on {o['nodes']} node(s), {o['players']} people "
          f"({o['failed']} failed to log in), seated and started in {o['seated_s']} s; {o['seconds']:g} s counted, "
          f"pace x{o['pace']:g}; load average {o['loadavg'][0]:.2f} -> {o['loadavg'][1]:.2f} on {o['cpus']} CPUs"
          + (f"; NODES DIED: {', '.join(o['dead_nodes'])}" if o["dead_nodes"] else ""))
    print("  surface  people   move n  p50 ms  p99 ms   talk n  p50 ms  p99 ms   walk n  p50 ms  p99 ms    "
          "ALL n  p50 ms  p99 ms  max ms  timeouts")
    for s, row in o["surfaces"].items():
        t = sum(row[kind]["timeouts"] for kind in (*KINDS, "other"))
        print(f"  {s:7}  {row['players']:6}  " + "  ".join(
            f"{row[kind]['n']:7} {row[kind]['p50']:7.1f} {row[kind]['p99']:7.1f}" for kind in (*KINDS, "all"))
            + f" {row['all']['max']:7.1f}  {t:8}")
    c = o["counts"]
    print(f"  moves {c['moves']} ({o['moves_per_s']:.1f}/s by people; bots' moves besides), refused commands typed "
          f"{c['mistakes']}, help {c['helps']}, commands tried on a turn without a question {c['tries']}, "
          f"walks {c['walks']}, watches begun {c['watches']}; matches ended: "
          + (", ".join(f"{g} {n}" for g, n in sorted(c["games_over"].items())) or "none"))
    each = ", ".join(f"{what} {v:.2f}" for what, v in o["server_cpu_s_per_s"].items())
    print(f"  server CPU (s/s): {each}; all {o['nodes_cpu_s_per_s'] + o['engines_cpu_s_per_s']:.2f} s/s: "
          f"{o['cpu_ms_per_move']:.1f} ms per move a person made (everything the server did in the window, over them)")
    print(f"  memory: {o['rss_mb']:.0f} MB for the server(s) at play, {o['kb_per_player']:.0f} KB per player; the "
          f"load generator: {o['clients']} client process(es) {o['clients_cpu_s_per_s']:.2f} s/s of CPU, "
          f"this one {o['bench_cpu_s_per_s']:.2f}")
    print("  moves by game: " + ", ".join(f"{g} {n}" for g, n in sorted(c["moves_by_game"].items())))
    if o["timeouts"] or o["errors"] or o["stuck"]:
        print(f"  timeouts {o['timeouts']}; tables with no move for a long while at the stop: "
              f"{', '.join(o['stuck']) or 'none'}; errors: {'; '.join(o['errors']) or 'none'}")
    if math.isnan(o["worst_p99_ms"]):
        print(f"  a surface had fewer than {ENOUGH} answers in the window: this step is not judged; the busiest "
              f"world process {o['world_busiest_s_per_s']:.2f} s/s of a core")
        return
    verdict = "under" if o["worst_p99_ms"] < limit else "OVER"
    print(f"  worst surface's p99 (every answer it had) {o['worst_p99_ms']:.1f} ms: {verdict} {limit:g} ms; the "
          f"busiest world process {o['world_busiest_s_per_s']:.2f} s/s of a core")


def table(runs: list[dict], limit: float) -> None:
    print("\n  nodes  K  people  moves/s  move p99 (telnet/ssh/web)  talk p99 (telnet/ssh/web)  all p99 (n)"
          "                       CPU ms/move  server s/s  KB/player  clients s/s  load")
    for o in runs:
        mv = "/".join(f"{o['surfaces'][s]['move']['p99']:.0f}" for s in SURFACES)
        tk = "/".join(f"{o['surfaces'][s]['talk']['p99']:.0f}" for s in SURFACES)
        al = "/".join(f"{o['surfaces'][s]['all']['p99']:.0f} ({o['surfaces'][s]['all']['n']})" for s in SURFACES)
        print(f"  {o['nodes']:5}  {o['tables']:3}  {o['players']:6}  {o['moves_per_s']:7.1f}  {mv:25}  {tk:25}  {al:32}  "
              f"{o['cpu_ms_per_move']:11.1f}  {o['nodes_cpu_s_per_s'] + o['engines_cpu_s_per_s']:10.2f}  "
              f"{o['kb_per_player']:9.0f}  {o['clients_cpu_s_per_s']:11.2f}  {o['loadavg'][1]:.2f}")
    good = [o["tables"] for o in runs if o["worst_p99_ms"] < limit and not o["timeouts"]]
    print(f"  the largest K with every surface's p99 under {limit:g} ms (over at least {ENOUGH} answers each): "
          + (str(max(good)) if good else "none of these"))


def saturated(o: dict, limit: float) -> str:
    """Why the ramp stops here ('' : go on)."""
    if o["worst_p99_ms"] >= limit:  # (nan, too few answers to judge, goes on)
        return f"p99 {o['worst_p99_ms']:.0f} ms over {limit:g} ms"
    if o["timeouts"]:
        return f"{o['timeouts']} commands had no answer in 30 s"
    if o["world_busiest_s_per_s"] >= 0.9:
        return "a world process uses a whole core"
    if o["nodes_cpu_s_per_s"] + o["engines_cpu_s_per_s"] + o["clients_cpu_s_per_s"] >= 0.95 * o["cpus"]:
        return "the machine's CPUs are spent"
    return ""


def arguments(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", default="5,10,20,40,80,160,320", help="the K of each step of the ramp, in turn")
    ap.add_argument("--nodes", type=int, default=1, help="1, or nodes sharing PostgreSQL and Redis")
    ap.add_argument("--serve", default="", help="more options for each `mud serve`, e.g. '--tui-workers 1'")
    ap.add_argument("--seconds", type=float, default=60, help="the counted window of each step (at least)")
    ap.add_argument("--max-seconds", type=float, default=300,
                    help=f"the window goes on past --seconds until every surface has {ENOUGH} answers, up to this")
    ap.add_argument("--warmup", type=float, default=20, help="seconds of play before the window (matches under way)")
    ap.add_argument("--pace", type=float, default=1.0, help="scales every think and talk time (smoke: 0.05)")
    ap.add_argument("--surfaces", default="telnet=60,ssh=25,web=15", help="the share of each surface")
    ap.add_argument("--clients", type=int, default=0, help="client processes (default: one per 80 people)")
    ap.add_argument("--limit-ms", type=float, default=100.0, help="the p99 the ramp stops past")
    ap.add_argument("--all", action="store_true", help="run every K given, past the limit")
    ap.add_argument("--json", action="store_true", help="one JSON line of figures per step")
    args = ap.parse_args(argv)
    args.share = shares(args.surfaces)
    args.ks = [int(x) for x in args.tables.split(",") if x.strip()]
    return args


def main() -> None:
    args = arguments()
    runs = []
    for k in args.ks:
        out = asyncio.run(evening(k, args))
        runs.append(out)
        print(json.dumps(out)) if args.json else show(out, args.limit_ms)
        sys.stdout.flush()
        why = saturated(out, args.limit_ms)
        if why and not args.all:
            print(f"  the ramp stops at K={k}: {why}")
            break
    if runs and not args.json:
        table(runs, args.limit_ms)


if __name__ == "__main__":
    main()
