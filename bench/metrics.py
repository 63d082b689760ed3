"""What the metrics cost (``mud serve --metrics-port``): commands per second with and without them.

Three figures, each taken off / on / off / on (the machine is shared: the spread shows the noise):

1. in-process: one player's ``look``/``who``/``say`` through ``WorldSession.handle`` -- the hook
   that counts and times every line (mud/server/metrics.py ``watch_session``), alone;
2. in-process: store writes (``Store.log_move``, committed, on a real file) timed by ``watch_store``;
3. end to end: ``mud serve`` in its own process, N telnet players each sending ``look`` as soon as
   the last answer came (ping-pong), for S seconds, without and with ``--metrics-port``; while
   metrics are on, the bench scrapes them every second, as a Prometheus would (15 s is usual).

Also the time of one scrape with those sessions open. A figure, not a test.

    .venv/bin/python bench/metrics.py                 # 20 players, 10 s per run
    .venv/bin/python bench/metrics.py --players 50 --seconds 20
    .venv/bin/python bench/metrics.py --quick         # in-process figures only
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.engine import Action  # noqa: E402
from prometheus_client import generate_latest  # noqa: E402

from mud.server.clients.asklang import PROMPT  # noqa: E402
from mud.server.core import Config, Server  # noqa: E402
from mud.server.metrics import Metrics  # noqa: E402
from mud.store import Store  # noqa: E402
from mud.world.world import World  # noqa: E402

LINES = ("look", "who", "say hello", "look", "score")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def metrics_of_a_server() -> Metrics:
    """The metrics of a server that is never started: its hooks, without a port."""
    metrics = Server(Config(metrics_port=0)).metrics
    metrics.close()  # (its error count is of no use here)
    return metrics


# --- in process -----------------------------------------------------------------------------------
def commands_per_second(metrics: bool, count: int) -> float:
    world = World(Store(":memory:"))
    world.store.create_account("alice", "pw12")
    ws = world.connect("alice", surface="telnet")
    if metrics:
        metrics_of_a_server().watch_session(ws)
    began = time.perf_counter()
    for i in range(count):
        ws.handle(LINES[i % len(LINES)])
    return count / (time.perf_counter() - began)


def writes_per_second(metrics: bool, count: int, folder: str) -> float:
    path = os.path.join(folder, f"w{time.monotonic_ns()}.db")
    store = Store(path)
    if metrics:
        metrics_of_a_server().watch_store(store)
    match = store.create_match("quest", "quest", 1, {}, ["alice"], [], "normal")
    began = time.perf_counter()
    for seq in range(1, count + 1):
        store.log_move(match, seq, "alice", Action("pass", ()), False)
    rate = count / (time.perf_counter() - began)
    store.close()
    return rate


# --- end to end -----------------------------------------------------------------------------------
async def player(port: int, name: str, until: float, counts: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    buf = b""

    async def upto(text: bytes) -> None:
        nonlocal buf
        while text not in buf:
            try:
                chunk = await asyncio.wait_for(reader.read(65536), 30)
            except asyncio.TimeoutError:
                raise ConnectionError(f"no {text!r} in 30 s; last bytes {buf[-200:]!r}") from None
            if not chunk:
                raise ConnectionError(f"closed; last bytes {buf[-200:]!r}")
            buf += chunk
        buf = buf[buf.index(text) + len(text):]

    def send(line: str) -> None:
        writer.write(line.encode() + b"\r\n")

    await upto(b"Name: ")
    send(name)
    await upto(b"Password: ")
    send("pw1234")
    await upto(b"again: ")
    send("pw1234")
    await upto(PROMPT.encode())  # a new account is asked its language (issue 43): English
    send("1")
    await upto(b"> ")
    while time.monotonic() < until:
        send("look")
        await upto(b"> ")
        counts[0] += 1
    writer.close()


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process so far: steadier than a rate on a shared machine."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def scrape(port: int) -> tuple[float, int]:
    began = time.perf_counter()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as reply:
        size = len(reply.read())
    return time.perf_counter() - began, size


async def end_to_end(metrics: bool, players: int, seconds: float, run: int) -> dict:
    data = tempfile.mkdtemp(prefix="bench-metrics-")
    tport, mport = free_port(), free_port()
    cmd = [sys.executable, "-m", "mud.cli", "serve", "--data", data, "--telnet-port", str(tport),
           "--ssh-port", "-1", "--rate", "1000000", "--turn-time", "0"]
    if metrics:
        cmd += ["--metrics-port", str(mport)]
    server = subprocess.Popen(cmd, cwd=ROOT, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", tport), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        counts = [0]
        warm = time.monotonic() + 5.0  # logins (scrypt) first, then the measured window
        until = warm + seconds
        tasks = [asyncio.create_task(player(tport, f"p{run}x{i}", until, counts)) for i in range(players)]
        await asyncio.sleep(max(0.0, warm - time.monotonic()))
        before, cpu = counts[0], cpu_seconds(server.pid)
        scrapes = []
        while time.monotonic() < until:
            await asyncio.sleep(1.0)
            if metrics:
                scrapes.append(await asyncio.to_thread(scrape, mport))
        done, cpu = counts[0] - before, cpu_seconds(server.pid) - cpu
        await asyncio.gather(*tasks, return_exceptions=True)
        return {"rate": done / seconds, "cpu_us": 1e6 * cpu / max(done, 1),
                "scrape_ms": 1000 * sorted(s[0] for s in scrapes)[len(scrapes) // 2] if scrapes else None,
                "scrape_bytes": scrapes[-1][1] if scrapes else None}
    finally:
        server.terminate()
        server.wait(20)
        shutil.rmtree(data, ignore_errors=True)


class _Bare:
    """A session whose handle does nothing: what is left is the hook's own cost."""
    surface = "telnet"

    def handle(self, line: str) -> None:
        return None


def hook_cost(count: int) -> tuple[float, float]:
    """Microseconds per line of a bare handle, without and with the hook."""
    bare, hooked = _Bare(), _Bare()
    metrics = metrics_of_a_server()
    metrics.watch_session(hooked)
    out = []
    for ws in (bare, hooked):
        began = time.perf_counter()
        for _ in range(count):
            ws.handle("look")
        out.append(1e6 * (time.perf_counter() - began) / count)
    metrics.close()
    return out[0], out[1]


def alternate(measure, runs: int) -> dict[bool, list[float]]:
    """``measure(metrics)`` off, on, off, on ... ``runs`` times each."""
    got: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(runs):
        for metrics in (False, True):
            got[metrics].append(measure(metrics))
    return got


def say(got: dict[bool, list[float]], unit: str) -> None:
    for metrics in (False, True):
        values = sorted(got[metrics])
        print(f"  metrics {'on ' if metrics else 'off'}  best {values[-1]:9.0f}  median {values[len(values) // 2]:9.0f}"
              f"  {unit}")
    print(f"  on/off, best: {sorted(got[True])[-1] / sorted(got[False])[-1]:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--commands", type=int, default=20000)
    ap.add_argument("--writes", type=int, default=3000)
    ap.add_argument("--runs", type=int, default=5, help="in-process runs of each (off, on, off, on ...)")
    ap.add_argument("--quick", action="store_true", help="the in-process figures only")
    args = ap.parse_args()
    metrics = metrics_of_a_server()
    began = time.perf_counter()
    for _ in range(200):
        generate_latest(metrics.registry)
    print(f"one scrape's text, in process: {5 * (time.perf_counter() - began):.2f} ms")
    off, on = hook_cost(200_000)
    print(f"the hook alone, around a handle that does nothing: {off:.2f} us -> {on:.2f} us per line "
          f"(+{on - off:.2f} us)")
    print(f"in process, {args.commands} lines through WorldSession.handle, {args.runs} runs each:")
    say(alternate(lambda m: commands_per_second(m, args.commands), args.runs), "commands/s")
    with tempfile.TemporaryDirectory() as folder:
        print(f"in process, {args.writes} moves written to a store file, {args.runs} runs each:")
        say(alternate(lambda m: writes_per_second(m, args.writes, folder), args.runs), "writes/s")
    if args.quick:
        return
    print(f"end to end, {args.players} telnet players, look ping-pong, {args.seconds:g} s, {args.runs} runs each:")
    scrapes = []

    def run(metrics: bool) -> float:
        got = asyncio.run(end_to_end(metrics, args.players, args.seconds, len(scrapes)))
        scrapes.append(got)
        return got["rate"]
    say(alternate(run, args.runs), "commands/s")
    cpu = {m: sorted(s["cpu_us"] for s in scrapes if (s["scrape_ms"] is not None) == m) for m in (False, True)}
    for m in (False, True):
        print(f"  metrics {'on ' if m else 'off'}  server CPU per command: median {cpu[m][len(cpu[m]) // 2]:.1f} us, "
              f"least {cpu[m][0]:.1f} us")
    done = [s for s in scrapes if s["scrape_ms"] is not None]
    print(f"  one scrape with {args.players} sessions: median {sorted(s['scrape_ms'] for s in done)[len(done) // 2]:.1f} ms, "
          f"{done[-1]['scrape_bytes']} bytes")

if __name__ == "__main__":
    main()
