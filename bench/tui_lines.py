"""What one line said in a crowded room costs the server when everyone there has the full SSH TUI.

Starts ``mud serve`` in its own process, logs in N SSH sessions with a pty (each gets the Textual
TUI, as ``ssh -p PORT name@host`` does) and leaves them all in the Crossroads. Then a few of them
(``--speakers``) say a line each every ``--every`` seconds for ``--seconds``; every line carries a
unique token. Printed:

* the server's CPU per line delivered to one TUI session: server CPU seconds while talking, less
  what the same sessions cost idle, divided by (lines said x TUI sessions in the room);
* ``say`` latency: from sending the line to its token on the speaker's own screen (the answer to
  its command), and to the token on a bystander's screen (news from someone else); and a second
  bystander's ``look``, typed twice a second: from the line sent to the room's description on its
  screen (issue 29: p99 under 100 ms with 200 sessions);
* the server's CPU use while idle and while talking (also second by second: a saturated server
  should sit at 100%), the machine's load average, and the bytes drawn per line per session.

    .venv/bin/python bench/tui_lines.py --sessions 100 --speakers 1 --every 0.2 --seconds 20
    .venv/bin/python bench/tui_lines.py --sessions 20 --profile prof.txt   # py-spy on the server

``--typing``: instead, every session types commands -- one every ``--interval`` seconds on average,
60% ``look``, 30% ``say`` (with a token), 10% a move (north, and back south the next time) -- and
what is printed is the server's **CPU per typed command** (everything it costs: the keys, the
answer's frame, and the frames of everyone who sees its result), with the ``say`` latency to the
token on the speaker's own screen (a ``say`` followed within a frame by a ``look`` of a whole log's
height is scrolled past before it is drawn: it counts as never drawn, though the log has it). ``--per-key`` sends each key in its own write 30 ms apart, as a
person types over SSH (each key is echoed in a frame of its own); by default the whole line goes in
one write, as bench/load.py sends it.

    .venv/bin/python bench/tui_lines.py --sessions 50 --typing --seconds 20

The server runs with ``--rate 1000`` so the rate limit never refuses a line.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from load import free_port, pct, tree_figures, wait_port  # the load bench's helpers (bench/ is the path)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANSI = re.compile(r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


def cpu_seconds(pid: int) -> float:
    """CPU seconds of the server, its TUI worker processes included (``--tui-workers``)."""
    return tree_figures(pid)[1]


def waited_seconds(pid: int) -> float:
    """Time the process spent ready to run but waiting for a CPU (a busy machine), from schedstat."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return float("nan")


def rss_mb(pid: int) -> float:
    return tree_figures(pid)[0] / 2**20


class Screen:
    """What one session's server sent, reduced to text; finds a token once it has been drawn."""

    def __init__(self, watch: bool):
        self.watch = watch  # only watched screens are searched (decoding 100 screens costs the bench)
        self.text = ""
        self.bytes = 0
        self.waiting: dict[str, asyncio.Future] = {}
        self.seen: dict[str, float] = {}

    def feed(self, data: str) -> None:
        self.bytes += len(data)
        if not self.watch:
            return
        self.text = (self.text + ANSI.sub("", data))[-8000:]
        now = time.monotonic()
        for token, fut in list(self.waiting.items()):
            if token in self.text:
                self.seen[token] = now
                del self.waiting[token]
                if not fut.done():
                    fut.set_result(now)

    def expect(self, token: str) -> asyncio.Future:
        fut = asyncio.get_running_loop().create_future()
        if token in self.text:
            fut.set_result(time.monotonic())
        else:
            self.waiting[token] = fut
        return fut


class Client:
    def __init__(self, name: str, watch: bool):
        self.name = name
        self.screen = Screen(watch)
        self.conn = self.proc = self.reader = None

    async def connect(self, port: int, size: tuple[int, int]) -> None:
        import asyncssh
        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.name, password="secret1",
                                           known_hosts=None, client_keys=None, agent_path=None)
        self.proc = await self.conn.create_process(encoding="utf-8", term_type="xterm-256color", term_size=size)
        self.reader = asyncio.create_task(self._pump())
        self.screen.watch, was = True, self.screen.watch
        await asyncio.wait_for(self.screen.expect("Crossroads"), 120)
        self.screen.watch = was

    async def _pump(self) -> None:
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                return
            self.screen.feed(data)

    def send(self, text: str) -> None:
        self.proc.stdin.write(text + "\r")

    def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.conn is not None:
            self.conn.close()


async def speak(client: Client, bystander: Client, args, until: float, own: list, news: list,
                missed_own: list, missed_news: list):
    """Say a line every ``args.every`` seconds until ``until``; (lines said, the tasks still waiting
    for their tokens)."""
    n = 0
    loop = asyncio.get_running_loop()
    next_at = time.monotonic()
    pending = []
    while True:
        next_at += args.every
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        if time.monotonic() >= until:
            break
        n += 1
        token = f"zq{client.name}x{n}q"
        t0 = time.monotonic()
        mine, theirs = client.screen.expect(token), bystander.screen.expect(token)
        client.send(f"say hi {token}")

        async def measure(fut, into, missed, t0=t0):
            try:
                into.append(await asyncio.wait_for(fut, args.timeout) - t0)
            except asyncio.TimeoutError:
                missed.append(1)
        pending.append(loop.create_task(measure(mine, own, missed_own)))
        pending.append(loop.create_task(measure(theirs, news, missed_news)))
    return n, pending


async def probe_look(client: Client, until: float, looks: list, missed: list, timeout: float) -> None:
    """A bystander types ``look`` twice a second: from the line sent to the room's description in
    the answer on its screen (the panels, unchanged, are not drawn again)."""
    client.screen.watch = True
    while time.monotonic() < until:
        await asyncio.sleep(0.5)
        client.screen.text = ""
        t0 = time.monotonic()
        answer = client.screen.expect("Five roads meet")
        client.send("look")
        try:
            looks.append(await asyncio.wait_for(answer, timeout) - t0)
        except asyncio.TimeoutError:
            missed.append(1)


MIX = (("look", 60), ("say", 30), ("move", 10))


async def typist(client: Client, n_client: int, args, until: float, counts: dict, own: list, missed: list,
                 pending: list) -> None:
    """Type a command every ``args.interval`` s on average until ``until`` (the mix above)."""
    rng = random.Random(n_client)
    loop = asyncio.get_running_loop()
    north = False
    await asyncio.sleep(rng.uniform(0, args.interval))
    n = 0
    while time.monotonic() < until:
        kind = rng.choices([k for k, _ in MIX], [w for _, w in MIX])[0]
        n += 1
        if kind == "say":
            token = f"zq{client.name}x{n}q"
            line = f"say hi {token}"
            t0 = time.monotonic()
            fut = client.screen.expect(token)

            async def measure(fut=fut, t0=t0):
                try:
                    own.append(await asyncio.wait_for(fut, args.timeout) - t0)
                except asyncio.TimeoutError:
                    missed.append(token)
            pending.append(loop.create_task(measure()))
        elif kind == "move":
            line, north = ("s" if north else "n"), not north
        else:
            line = "look"
        counts[kind] = counts.get(kind, 0) + 1
        if args.per_key:
            for ch in line + "\r":
                client.proc.stdin.write(ch)
                await asyncio.sleep(0.03)
        else:
            client.send(line)
        await asyncio.sleep(rng.expovariate(1 / args.interval))


async def main(args) -> None:
    data = tempfile.mkdtemp(prefix="questmud-tui-")
    sport, tport = free_port(), free_port()
    cmd = [sys.executable, "-m", "mud.cli", "serve", "--data", data, "--telnet-port", str(tport),
           "--ssh-port", str(sport), "--rate", "1000", "--max-sessions", "100000", "--turn-time", "0"]
    cmd += ["--tui-workers", str(args.tui_workers)] if args.tui_workers is not None else []
    env = dict(os.environ, **({"TEXTUAL_FPS": str(args.fps)} if args.fps else {}))
    server = subprocess.Popen(cmd, cwd=args.server_root or ROOT, stderr=subprocess.DEVNULL, env=env)
    clients: list[Client] = []
    profiler = None
    load = os.getloadavg()
    try:
        await wait_port(sport)
        await asyncio.sleep(0.5)
        t_login = time.monotonic()
        speakers = args.speakers
        clients = [Client(f"tui{i}", watch=i < speakers + 1) for i in range(args.sessions)]
        size = (args.width, args.height)
        for k in range(0, len(clients), 10):  # logins ten at a time (hashing is the slow part)
            await asyncio.gather(*(c.connect(sport, size) for c in clients[k:k + 10]))
        login = time.monotonic() - t_login
        await asyncio.sleep(args.settle)  # the last arrivals' panels drawn everywhere
        c0, t0 = cpu_seconds(server.pid), time.monotonic()
        await asyncio.sleep(args.idle)
        idle_rate = (cpu_seconds(server.pid) - c0) / (time.monotonic() - t0)
        bytes0 = sum(c.screen.bytes for c in clients)
        if args.profile:
            profiler = subprocess.Popen([os.path.join(os.path.dirname(sys.executable), "py-spy"), "record",
                                         "-p", str(server.pid), "-o", args.profile, "-f", args.profile_format,
                                         "-d", str(int(args.seconds)), "-r", "50", "--nonblocking"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        own: list[float] = []
        news: list[float] = []
        missed_own: list[int] = []
        missed_news: list[int] = []
        looks: list[float] = []
        missed_looks: list[int] = []
        me0 = time.process_time()
        c1, t1, w1 = cpu_seconds(server.pid), time.monotonic(), waited_seconds(server.pid)
        until = t1 + args.seconds
        bystander = clients[speakers]  # watched, never speaks
        samples: list[float] = []

        async def sample_cpu() -> None:  # the server's CPU second by second: does it sit below 100%?
            last, at = cpu_seconds(server.pid), time.monotonic()
            while time.monotonic() < until:
                await asyncio.sleep(1)
                now, t = cpu_seconds(server.pid), time.monotonic()
                samples.append(100 * (now - last) / (t - at))
                last, at = now, t
        sampler = asyncio.create_task(sample_cpu())
        counts: dict = {}
        if args.typing:
            for c in clients:
                c.screen.watch = True  # every session's own say is timed
            typed: list = []
            await asyncio.gather(*(typist(c, i, args, until, counts, own, missed_own, typed)
                                   for i, c in enumerate(clients)))
            spoken = [(0, typed)]
        else:
            looker = clients[speakers + 1] if len(clients) > speakers + 1 else None
            probe = asyncio.create_task(probe_look(looker, until, looks, missed_looks, args.timeout)) \
                if looker is not None else None
            spoken = await asyncio.gather(*(speak(clients[i], bystander, args, until, own, news, missed_own,
                                                  missed_news) for i in range(speakers)))
            if probe is not None:
                await probe
        sampler.cancel()
        elapsed = time.monotonic() - t1
        cpu = cpu_seconds(server.pid) - c1
        waited = waited_seconds(server.pid) - w1
        me = time.process_time() - me0
        drawn = sum(c.screen.bytes for c in clients) - bytes0
        said = [n for n, _ in spoken]
        await asyncio.gather(*(task for _, tasks in spoken for task in tasks))  # the last tokens
        rss = rss_mb(server.pid)
        if profiler is not None:
            profiler.wait(60)
    finally:
        for c in clients:
            c.close()
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(data, ignore_errors=True)  # (the server's data folder: nothing to keep)
    if args.typing:
        commands = sum(counts.values())
        print(f"SSH TUI typing: {args.sessions} sessions at {args.width}x{args.height}, each a command every "
              f"{args.interval:g} s on average ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}), "
              f"{'one write per key' if args.per_key else 'one write per line'}, {elapsed:.0f} s")
        print(f"  server CPU idle {100 * idle_rate:.0f}%, typing {100 * cpu / elapsed:.0f}% of one core over "
              f"{elapsed:.0f} s (the last commands' answers included); "
              f"second by second while typing: min {min(samples, default=0):.0f}%, median "
              f"{statistics.median(samples or [0]):.0f}%, max {max(samples, default=0):.0f}%; RSS {rss:.0f} MB")
        print(f"  machine load average at the start {load[0]:.1f}, at the end {os.getloadavg()[0]:.1f} (2 cores, shared); "
              f"the server waited {100 * waited / elapsed:.0f}% of the time for a CPU")
        print(f"  CPU per typed command: {1000 * (cpu - idle_rate * elapsed) / max(1, commands):.2f} ms "
              f"({commands / args.seconds:.1f} commands/s while typing)")
        print(f"  say, on the speaker's screen: p50 {pct(own, .5):.0f} ms, p99 {pct(own, .99):.0f} ms, "
              f"max {pct(own, 1):.0f} ms; never drawn: {len(missed_own)} {' '.join(missed_own[:5])}")
        print(f"  drawn: {drawn / max(1, commands):.0f} bytes per command (all screens); "
              f"bench process CPU {100 * me / elapsed:.0f}% (same 2 cores)")
        return
    lines = sum(said)
    delivered = lines * args.sessions
    net = cpu - idle_rate * elapsed
    print(f"SSH TUI: {args.sessions} sessions at {args.width}x{args.height} in one room, {speakers} speaking "
          f"a line every {args.every:g} s each, {elapsed:.0f} s (TEXTUAL_FPS {args.fps or 'default'}, "
          f"--tui-workers {'default' if args.tui_workers is None else args.tui_workers}: CPU of all the server's processes)")
    print(f"  logins {login:.1f} s; {lines} lines said, {delivered} deliveries; tokens never drawn: "
          f"{len(missed_own)} on the speaker's screen, {len(missed_news)} on the bystander's "
          f"(news of several lines at once can scroll one past unseen)")
    print(f"  server CPU idle {100 * idle_rate:.0f}%, talking {100 * cpu / elapsed:.0f}% of one core "
          f"(second by second: min {min(samples, default=0):.0f}%, median {statistics.median(samples or [0]):.0f}%, "
          f"max {max(samples, default=0):.0f}%); RSS {rss:.0f} MB")
    print(f"  machine load average at the start {load[0]:.1f}, at the end {os.getloadavg()[0]:.1f} (2 cores, shared); "
          f"the server waited {100 * waited / elapsed:.0f}% of the time for a CPU")
    print(f"  CPU per line per TUI session: {1000 * net / max(1, delivered):.2f} ms "
          f"({1000 * cpu / max(1, delivered):.2f} ms counting the idle cost)")
    print(f"  say, speaker's screen: p50 {pct(own, .5):.0f} ms, p99 {pct(own, .99):.0f} ms, max {pct(own, 1):.0f} ms")
    print(f"  say, bystander's screen: p50 {pct(news, .5):.0f} ms, p99 {pct(news, .99):.0f} ms, max {pct(news, 1):.0f} ms")
    if looks or missed_looks:
        print(f"  look typed by another bystander (twice a second): p50 {pct(looks, .5):.0f} ms, "
              f"p99 {pct(looks, .99):.0f} ms, max {pct(looks, 1):.0f} ms; {len(looks)} answered, {len(missed_looks)} not")
    print(f"  drawn: {drawn / max(1, delivered):.0f} bytes per line per session; "
          f"bench process CPU {100 * me / elapsed:.0f}% (same 2 cores)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--speakers", type=int, default=1)
    ap.add_argument("--every", type=float, default=0.2, help="seconds between one speaker's lines")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--idle", type=float, default=5, help="seconds of idle CPU measured first")
    ap.add_argument("--settle", type=float, default=3)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--width", type=int, default=80)
    ap.add_argument("--height", type=int, default=24)
    ap.add_argument("--typing", action="store_true", help="every session types commands (CPU per command)")
    ap.add_argument("--interval", type=float, default=2.0, help="--typing: mean seconds between one session's commands")
    ap.add_argument("--per-key", action="store_true", help="--typing: each key in its own write, 30 ms apart")
    ap.add_argument("--server-root", metavar="DIR", help="run the server of another checkout (`git archive main | "
                    "tar -x -C DIR`: main's figures under this bench)")
    ap.add_argument("--tui-workers", type=int, default=None, metavar="N", help="mud serve --tui-workers N")
    ap.add_argument("--fps", type=int, default=0, help="TEXTUAL_FPS for the server (0: Textual's default)")
    ap.add_argument("--profile", default="", help="py-spy record the server while talking, into this file")
    ap.add_argument("--profile-format", default="raw", help="py-spy's format: raw (collapsed stacks), flamegraph")
    asyncio.run(main(ap.parse_args()))
