"""Load on loopback: N telnet players and M SSH players on one `mud serve`, for a fixed time.

Each simulated player logs in (creating its account), then acts like a person wandering the
world: look, walk between the Crossroads and the game rooms, say something -- one command every
``--interval`` seconds on average (exponential gaps). The latency of a command is the time from
sending it to reading its answer. Prints commands/s, latency percentiles, the server's RSS per
session and its CPU use. The server runs in its own process so its figures are its own.

    .venv/bin/python bench/load.py --telnet 100 --ssh 0 --seconds 30
    .venv/bin/python bench/load.py --telnet 0 --ssh 50 --seconds 30 [--ssh-tui]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TITLES = {"n": "The Labyrinth gate", "e": "The Tavern", "s": "The Harbour temple", "w": "The Castle dungeon",
          "up": "The Observatory"}
IAC_SEQ = re.compile(rb"\xff[\xfb-\xfe].|\xff\xfa.*?\xff\xf0|\xff[\xf0-\xfa]", re.S)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_figures(pid: int) -> tuple[int, float]:
    """(RSS in bytes, CPU seconds used so far) of a process, from /proc."""
    rss = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) * 1024
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss, (int(fields[11]) + int(fields[12])) / ticks


class Stream:
    """Text read from a connection, searched for the answer a command waits for."""

    def __init__(self):
        self.buf = ""
        self.event = asyncio.Event()

    def feed(self, text: str) -> None:
        self.buf += text
        if len(self.buf) > 20000:
            self.buf = self.buf[-10000:]
        self.event.set()

    async def expect(self, needle: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            i = self.buf.find(needle)
            if i >= 0:
                self.buf = self.buf[i + len(needle):]
                return
            self.event.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise asyncio.TimeoutError(needle)
            await asyncio.wait_for(self.event.wait(), left)


class Player:
    def __init__(self, name: str, stats: dict, interval: float, rng: random.Random):
        self.name, self.stats, self.interval, self.rng = name, stats, interval, rng
        self.stream = Stream()
        self.room = "crossroads"
        self.said = 0

    def next_command(self) -> tuple[str, str]:
        roll = self.rng.random()
        if roll < 0.35:
            return "look", "Exits:"
        if roll < 0.65:
            self.said += 1
            token = f"{self.name}-{self.said}"
            return f"say hello {token}", f"You say: hello {token}"
        if self.room == "crossroads":
            way = self.rng.choice(list(TITLES))
            self.room = way
            return way, TITLES[way]
        self.room = "crossroads"
        return "go crossroads", "The Crossroads"

    async def act(self, send, until: float) -> None:
        while True:
            await asyncio.sleep(self.rng.expovariate(1 / self.interval))
            if time.monotonic() >= until:
                return
            command, answer = self.next_command()
            t0 = time.monotonic()
            try:
                send(command + "\r\n")
                await self.stream.expect(answer)
                self.stats["latency"].append(time.monotonic() - t0)
            except (asyncio.TimeoutError, ConnectionError, OSError):
                self.stats["timeouts"] += 1
                return


async def telnet_player(port: int, name: str, stats: dict, args, start: asyncio.Event, until: list) -> None:
    p = Player(name, stats, args.interval, random.Random(name))
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        stats["failed"] += 1
        return

    async def pump():
        while True:
            data = await reader.read(65536)
            if not data:
                return
            p.stream.feed(IAC_SEQ.sub(b"", data).decode("utf-8", "replace"))
    reading = asyncio.create_task(pump())
    send = lambda text: writer.write(text.encode())  # noqa: E731
    try:
        await p.stream.expect("ame", 60)
        send(name + "\r\n")
        await p.stream.expect("assword", 60)
        send("secret1\r\n")
        while True:  # a new account may ask for the password again
            await asyncio.wait_for(p.stream.event.wait(), 60)
            if "Welcome" in p.stream.buf or "Crossroads" in p.stream.buf:
                break
            if re.search(r"(?i)again|repeat|confirm", p.stream.buf):
                p.stream.buf = ""
                send("secret1\r\n")
            p.stream.event.clear()
        stats["connected"] += 1
        await start.wait()
        await p.act(send, until[0])
    except (asyncio.TimeoutError, ConnectionError, OSError):
        stats["failed"] += 1
    finally:
        reading.cancel()
        writer.close()


async def ssh_player(port: int, name: str, stats: dict, args, start: asyncio.Event, until: list) -> None:
    import asyncssh
    p = Player(name, stats, args.interval, random.Random(name))
    try:
        conn = await asyncssh.connect("127.0.0.1", port, username=name, password="secret1", known_hosts=None,
                                      client_keys=None, agent_path=None)
        term = {"term_type": "xterm", "term_size": (100, 30)} if args.ssh_tui else {}
        proc = await conn.create_process(encoding="utf-8", **term)
    except (OSError, asyncssh.Error):
        stats["failed"] += 1
        return

    async def pump():
        while True:
            data = await proc.stdout.read(65536)
            if not data:
                return
            p.stream.feed(re.sub(r"\x1b\[[0-9;?]*[ -/]*[@-~]", "", data) if args.ssh_tui else data)
    reading = asyncio.create_task(pump())
    send = lambda text: proc.stdin.write(text if not args.ssh_tui else text.replace("\r\n", "\r"))  # noqa: E731
    try:
        await p.stream.expect("Crossroads", 60)
        stats["connected"] += 1
        await start.wait()
        await p.act(send, until[0])
    except (asyncio.TimeoutError, ConnectionError, OSError, asyncssh.Error):
        stats["failed"] += 1
    finally:
        reading.cancel()
        conn.close()


async def wait_port(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            _r, w = await asyncio.open_connection("127.0.0.1", port)
            w.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise SystemExit(f"the server did not listen on {port}")


async def main(args) -> None:
    data = tempfile.mkdtemp(prefix="questmud-load-")
    tport, sport = free_port(), free_port()
    cmd = [sys.executable, "-m", "mud.cli", "serve", "--data", data, "--telnet-port", str(tport),
           "--ssh-port", str(sport), "--rate", "1000", "--max-sessions", "100000", "--turn-time", "0"]
    server = subprocess.Popen(cmd, cwd=ROOT, stderr=subprocess.DEVNULL)
    try:
        await wait_port(tport)
        await wait_port(sport)
        await asyncio.sleep(0.5)
        rss0, _ = proc_figures(server.pid)
        stats = {"latency": [], "timeouts": 0, "failed": 0, "connected": 0}
        start = asyncio.Event()
        until = [0.0]
        tasks = []
        t_login = time.monotonic()
        batch = 25
        names = [("t", i) for i in range(args.telnet)] + [("s", i) for i in range(args.ssh)]
        for k in range(0, len(names), batch):
            for kind, i in names[k:k + batch]:
                maker = telnet_player if kind == "t" else ssh_player
                port = tport if kind == "t" else sport
                tasks.append(asyncio.create_task(maker(port, f"{kind}player{i}", stats, args, start, until)))
            await asyncio.sleep(0.05)
        while stats["connected"] + stats["failed"] < len(names):
            await asyncio.sleep(0.2)
            if time.monotonic() - t_login > 600:
                break
        login_time = time.monotonic() - t_login
        rss1, cpu1 = proc_figures(server.pid)
        me1 = time.process_time()
        until[0] = time.monotonic() + args.seconds
        t1 = time.monotonic()
        start.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.monotonic() - t1
        rss2, cpu2 = proc_figures(server.pid)
        me2 = time.process_time()
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
    lat = sorted(stats["latency"])
    n = max(1, stats["connected"])

    def pct(q):
        return 1000 * lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float("nan")
    mode = "TUI" if args.ssh_tui else "line"
    print(f"load: {args.telnet} telnet + {args.ssh} SSH ({mode}) sessions, {args.seconds:g} s, "
          f"one command per {args.interval:g} s each on average")
    print(f"  connected {stats['connected']}, failed {stats['failed']}, logins took {login_time:.1f} s")
    print(f"  commands {len(lat)} ({len(lat) / args.seconds:.1f}/s), timeouts {stats['timeouts']}")
    print(f"  latency p50 {pct(0.50):.1f} ms, p95 {pct(0.95):.1f} ms, p99 {pct(0.99):.1f} ms"
          + (f", mean {1000 * statistics.mean(lat):.1f} ms" if lat else ""))
    print(f"  server RSS {rss0 / 2**20:.0f} MB idle, {rss1 / 2**20:.0f} MB logged in, {rss2 / 2**20:.0f} MB "
          f"at the end: {(rss2 - rss0) / n / 1024:.0f} KB per session")
    print(f"  server CPU {100 * (cpu2 - cpu1) / elapsed:.0f}% of one core while playing "
          f"(the simulated players: {100 * (me2 - me1) / elapsed:.0f}%, on the same 2 cores)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--telnet", type=int, default=100)
    ap.add_argument("--ssh", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--ssh-tui", action="store_true", help="SSH sessions with a pty: the full TUI")
    asyncio.run(main(ap.parse_args()))
