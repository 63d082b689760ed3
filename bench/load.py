"""Load on loopback: N telnet players and M SSH players on one `mud serve`, for a fixed time.

Each simulated player logs in (creating its account), then plays: look, walk between the
Crossroads and a game room, say something -- one command every ``--interval`` seconds on average
(exponential gaps), in the proportions of ``--mix``.

Every command carries a unique token and its latency is the time until that token's own answer
arrives, so text already on the screen (or in the buffer) can never answer it:

* ``say tkNNNNNNNNx`` -- answered by "You say: tkNNNNNNNNx";
* ``look`` and a move (``n``, ``go crossroads``) say nothing unique, so each is sent followed by
  ``go tkNNNNNNNNx``, a walk to a room that does not exist, which the server answers (in order,
  after the command before it) with "There is no 'tkNNNNNNNNx' to go to.". Its latency is the time
  to that answer: an upper bound of the command's own, never an answer read before it was sent.

The same holds in telnet, SSH line (``ssh -T``) and SSH TUI (``--ssh-tui``: the token is sought in
the screen updates, escapes removed; the typed command line never shows the answer's words).
Prints commands/s, latency percentiles overall and per kind, the server's RSS per session and its
CPU use, and the chat lines delivered with the server CPU spent per delivered line. The server runs in its own process so its
figures are its own (with ``--tui-workers N``, those of its worker processes added).

    .venv/bin/python bench/load.py --telnet 100 --seconds 30
    .venv/bin/python bench/load.py --telnet 0 --ssh 50 --seconds 30 [--ssh-tui]
    .venv/bin/python bench/load.py --telnet 1000 --json    # one JSON line, for bench/scale.py
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import socket
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # bench/: run as a script or imported as bench.load
from procfigures import children, cpu_seconds, cpu_wait, proc_figures, tree_figures  # noqa: E402,F401  (others import them from here)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TITLES = {"n": "The Labyrinth gate", "e": "The Tavern", "s": "The Harbour temple", "w": "The Castle dungeon",
          "up": "The Observatory"}
KINDS = ("look", "move", "say")
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]")
IAC_ASK = re.compile(rb"\xff([\xfb\xfd])(.)", re.S)  # IAC WILL x / IAC DO x
HEARD = re.compile(r"says: (tk\d{8}x)")
TAIL = 160  # characters kept from the last read: a token split over two reads is still found
TOKENS = itertools.count(1)
LANGUAGE_QUESTION = "Lingua ("  # what a line login with no language on record is asked (issue 43)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def parse_mix(text: str) -> list[tuple[str, float]]:
    """'look=80,say=10,move=10' -> cumulative thresholds per kind."""
    parts = [(k.strip(), float(v)) for k, v in (p.split("=") for p in text.split(",") if p.strip())]
    if not parts or any(k not in KINDS for k, _ in parts):
        raise SystemExit(f"--mix: kinds are {', '.join(KINDS)}, e.g. look=80,say=10,move=10")
    total, acc, out = sum(v for _, v in parts), 0.0, []
    for k, v in parts:
        acc += v / total
        out.append((k, acc))
    return out


class Screen:
    """What one connection received: during login a searchable buffer; then only the token awaited
    and the chat lines heard (every read looked at once, with a short tail for split tokens)."""

    def __init__(self, tui: bool):
        self.tui = tui
        self.buf = ""  # the login's text (cleared once playing)
        self.playing = False
        self.tail = ""
        self.event = asyncio.Event()
        self.want: str | None = None
        self.got: asyncio.Future | None = None
        self.heard: set[str] = set()  # TUI: tokens of the chat lines painted (repaints show them again)
        self.heard_lines = 0  # line modes: chat lines received

    def feed(self, text: str) -> None:
        hay, self.tail = self.tail + text, text[-TAIL:]
        if self.tui:
            hay = ESCAPE.sub("", hay)
        if not self.playing:
            self.buf = (self.buf + (ESCAPE.sub("", text) if self.tui else text))[-20000:]
            self.event.set()
            return
        if self.tui:
            self.heard.update(HEARD.findall(hay))
        else:
            self.heard_lines += text.count(" says: tk")
        if self.want is not None and self.want in hay and not self.got.done():
            self.got.set_result(time.monotonic())
            self.want = None

    async def expect(self, needle: str, timeout: float = 60.0) -> None:
        """Login only: wait until ``needle`` shows, consuming the buffer up to it."""
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

    async def enter(self, send, timeout: float = 60.0) -> None:
        """Login only: wait until the room shows, answering the language question with 1 (English)
        if it comes first (a line login's new account, issue 43)."""
        deadline = time.monotonic() + timeout
        while "Crossroads" not in self.buf:
            i = self.buf.find(LANGUAGE_QUESTION)
            if i >= 0:
                self.buf = self.buf[i + len(LANGUAGE_QUESTION):]
                send("1\r\n")
            self.event.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise asyncio.TimeoutError("Crossroads")
            await asyncio.wait_for(self.event.wait(), left)

    def await_token(self, answer: str) -> asyncio.Future:
        self.playing, self.buf = True, ""
        self.want = answer
        self.got = asyncio.get_running_loop().create_future()
        return self.got


class Player:
    def __init__(self, name: str, stats: dict, args, screen: Screen):
        self.name, self.stats, self.interval = name, stats, args.interval
        self.rng = random.Random(name)
        self.mix = args.mix_table
        self.screen = screen
        self.room = "crossroads"

    def next_command(self) -> tuple[str, str, str]:
        """(kind, the lines to send, the answer that carries this command's token)."""
        roll = self.rng.random()
        kind = next((k for k, edge in self.mix if roll < edge), self.mix[-1][0])
        token = f"tk{next(TOKENS):08d}x"
        if kind == "say":
            return kind, f"say {token}\r\n", f"say: {token}"
        if kind == "look":
            command = "look"
        elif self.room == "crossroads":
            command = self.room = self.rng.choice(list(TITLES))
        else:
            command, self.room = "go crossroads", "crossroads"
        return kind, f"{command}\r\ngo {token}\r\n", f"no '{token}'"

    async def act(self, send, until: list, timeout: float) -> None:
        """Play until ``until[0]`` (monotonic time; it may be moved while playing)."""
        while True:
            await asyncio.sleep(self.rng.expovariate(1 / self.interval))
            if time.monotonic() >= until[0]:
                return
            kind, lines, answer = self.next_command()
            got = self.screen.await_token(answer)
            t0 = time.monotonic()
            try:
                send(lines)
                t1 = await asyncio.wait_for(got, timeout)
                self.stats["latency"][kind].append(t1 - t0)
                if "at" in self.stats:  # when each command was sent (the login storm's before/during)
                    self.stats["at"].append((t0, t1 - t0))
            except (asyncio.TimeoutError, ConnectionError, OSError):
                self.stats["timeouts"][kind] += 1
                return


class TelnetClient(asyncio.Protocol):
    """A raw telnet client: says no to every option offered (as a plain MUD client may), so the
    server talks telnet to it (prompts end with IAC GA) without colour negotiation extras."""

    def __init__(self, screen: Screen):
        self.screen, self.transport = screen, None
        self.lost = asyncio.get_running_loop().create_future()

    def connection_made(self, transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        if b"\xff" in data:
            replies = [b"\xff" + (b"\xfe" if verb == b"\xfb" else b"\xfc") + opt  # DONT / WONT
                       for verb, opt in IAC_ASK.findall(data)]
            if replies:
                self.transport.write(b"".join(replies))
        self.screen.feed(data.decode("utf-8", "replace"))

    def connection_lost(self, exc) -> None:
        if not self.lost.done():
            self.lost.set_result(None)
        self.screen.event.set()


async def telnet_player(port: int, name: str, stats: dict, args, start: asyncio.Event, until: list) -> None:
    screen = Screen(False)
    p = Player(name, stats, args, screen)
    t0 = time.monotonic()
    try:
        transport, proto = await asyncio.get_running_loop().create_connection(
            lambda: TelnetClient(screen), "127.0.0.1", port)
    except OSError:
        stats["failed"] += 1
        return
    send = lambda text: transport.write(text.encode())  # noqa: E731
    try:
        await screen.expect("Name:", args.login_timeout)
        send(name + "\r\n")
        await screen.expect("assword", args.login_timeout)
        send("secret1\r\n")
        deadline = time.monotonic() + args.login_timeout
        while True:  # a new account asks for the password again, then its language
            screen.event.clear()
            if "Crossroads" in screen.buf or LANGUAGE_QUESTION in screen.buf:
                break
            if re.search(r"(?i)again|repeat|confirm", screen.buf):
                screen.buf = ""
                send("secret1\r\n")
            if proto.lost.done():
                raise ConnectionError("closed while logging in")
            await asyncio.wait_for(screen.event.wait(), max(0.01, deadline - time.monotonic()))
        await screen.enter(send, max(0.01, deadline - time.monotonic()))
        stats["connected"] += 1
        stats["logins"].append(time.monotonic() - t0)
        await start.wait()
        await p.act(send, until, args.timeout)
    except (asyncio.TimeoutError, ConnectionError, OSError):
        stats["failed"] += 1
    finally:
        transport.close()


async def ssh_player(port: int, name: str, stats: dict, args, start: asyncio.Event, until: list) -> None:
    import asyncssh
    screen = Screen(args.ssh_tui)
    p = Player(name, stats, args, screen)
    t0 = time.monotonic()
    try:
        conn = await asyncssh.connect("127.0.0.1", port, username=name, password="secret1", known_hosts=None,
                                      client_keys=None, agent_path=None, login_timeout=args.login_timeout)
        term = {"term_type": "xterm", "term_size": (100, 30)} if args.ssh_tui else {}
        proc = await conn.create_process(encoding="utf-8", **term)
    except (OSError, asyncssh.Error, asyncio.TimeoutError):
        stats["failed"] += 1
        return

    async def pump():
        while True:
            data = await proc.stdout.read(65536)
            if not data:
                return
            screen.feed(data)
    reading = asyncio.create_task(pump())
    send = lambda text: proc.stdin.write(text if not args.ssh_tui else text.replace("\r\n", "\r"))  # noqa: E731
    try:
        await screen.enter(send, args.login_timeout)
        stats["connected"] += 1
        stats["logins"].append(time.monotonic() - t0)
        await start.wait()
        await p.act(send, until, args.timeout)
    except (asyncio.TimeoutError, ConnectionError, OSError, asyncssh.Error):
        stats["failed"] += 1
    finally:
        reading.cancel()
        conn.close()
    stats["screens"].append(screen)


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


def new_stats() -> dict:
    return {"latency": {k: [] for k in KINDS}, "timeouts": {k: 0 for k in KINDS}, "failed": 0,
            "connected": 0, "logins": [], "screens": []}


def pct(values: list[float], q: float) -> float:
    """The q-quantile of ``values`` in milliseconds (nan if none)."""
    if not values:
        return float("nan")
    s = sorted(values)
    return 1000 * s[min(len(s) - 1, int(q * len(s)))]


def start_server(data: str, tport: int, sport: int, root: str | None = None,
                 workers: int | None = None) -> subprocess.Popen:
    """`mud serve` in its own process, from this checkout or ``root`` (another one: `git archive
    main | tar -x -C DIR` gives the figures of main under this bench); ``workers``: its
    --tui-workers (None: its default)."""
    under = ["-m", "cProfile", "-o", os.environ["LOAD_CPROFILE"]] if os.environ.get("LOAD_CPROFILE") else []
    cmd = [sys.executable, *under, "-m", "mud.cli", "serve", "--data", data, "--telnet-port", str(tport),
           "--ssh-port", str(sport), "--rate", "1000", "--max-sessions", "100000", "--turn-time", "0"]
    if workers is not None:
        cmd += ["--tui-workers", str(workers)]
    return subprocess.Popen(cmd, cwd=root or ROOT, stderr=subprocess.DEVNULL)


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(20)
    except subprocess.TimeoutExpired:
        server.kill()


async def log_in_all(names, tport: int, sport: int, stats: dict, args, start, until, batch=25, pause=0.05):
    """Start every player, ``batch`` at a time; -> their tasks, once all are in (or failed)."""
    tasks, t0 = [], time.monotonic()
    for k in range(0, len(names), batch):
        for kind, name in names[k:k + batch]:
            maker, port = (telnet_player, tport) if kind == "telnet" else (ssh_player, sport)
            tasks.append(asyncio.create_task(maker(port, name, stats, args, start, until)))
        await asyncio.sleep(pause)
    while stats["connected"] + stats["failed"] < len(names) and time.monotonic() - t0 < 900:
        await asyncio.sleep(0.2)
    return tasks, time.monotonic() - t0


async def main(args) -> dict:
    data = tempfile.mkdtemp(prefix="questmud-load-")
    tport, sport = free_port(), free_port()
    server = start_server(data, tport, sport, args.server_root, args.tui_workers)
    try:
        await wait_port(tport)
        await wait_port(sport)
        await asyncio.sleep(0.5)
        rss0, _, _ = tree_figures(server.pid)
        stats = new_stats()
        start, until = asyncio.Event(), [0.0]
        names = [("telnet", f"tplayer{i}") for i in range(args.telnet)] + \
                [("ssh", f"splayer{i}") for i in range(args.ssh)]
        tasks, login_time = await log_in_all(names, tport, sport, stats, args, start, until)
        await asyncio.sleep(1.0)  # the arrivals' lines settle
        rss1, cpu1, world1 = tree_figures(server.pid)
        wait1, kernel1 = cpu_wait(server.pid), cpu_seconds(server.pid)
        me1 = time.process_time()
        until[0] = time.monotonic() + args.seconds
        t1 = time.monotonic()
        start.set()
        spy = profile(server.pid, args) if args.profile else None
        await asyncio.sleep(max(0.0, until[0] - time.monotonic()))  # the figures of the playing time only
        elapsed = time.monotonic() - t1
        rss2, cpu2, world2 = tree_figures(server.pid)
        waited, kernel = cpu_wait(server.pid) - wait1, cpu_seconds(server.pid) - kernel1
        me2 = time.process_time()
        await asyncio.gather(*tasks, return_exceptions=True)  # the last commands' answers
        if spy is not None:
            spy.wait()
    finally:
        stop_server(server)
        shutil.rmtree(data, ignore_errors=True)  # (its accounts and log: nothing to keep)
    stats["cpu_wait"], stats["cpu_kernel"] = waited, kernel
    stats["cpu_world"] = world2 - world1
    return report(args, stats, login_time, elapsed, (rss0, rss1, rss2), cpu2 - cpu1, me2 - me1)


def profile(pid: int, args) -> subprocess.Popen:
    """py-spy (pip install py-spy) sampling the server while the players play: a flame graph (.svg)
    or, for a .txt name, the collapsed stacks."""
    fmt = "raw" if args.profile.endswith(".txt") else "flamegraph"
    spy = os.path.join(os.path.dirname(sys.executable), "py-spy")
    return subprocess.Popen([spy, "record", "-p", str(pid), "-d", str(int(args.seconds)), "-r", "200", "-f", fmt,
                             "-o", args.profile], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def report(args, stats, login_time, elapsed, rss, cpu, mine) -> dict:
    every = [x for k in KINDS for x in stats["latency"][k]]
    n = max(1, stats["connected"])
    heard = sum(len(s.heard) if s.tui else s.heard_lines for s in stats["screens"])
    mode = "TUI" if args.ssh_tui else "line"
    out = {"telnet": args.telnet, "ssh": args.ssh, "mode": mode, "seconds": args.seconds,
           "connected": stats["connected"], "failed": stats["failed"], "login_s": round(login_time, 1),
           "commands": len(every), "per_s": round(len(every) / args.seconds, 1),
           "timeouts": sum(stats["timeouts"].values()),
           "p50": pct(every, .5), "p95": pct(every, .95), "p99": pct(every, .99),
           "kinds": {k: {"n": len(stats["latency"][k]), "p50": pct(stats["latency"][k], .5),
                         "p95": pct(stats["latency"][k], .95), "p99": pct(stats["latency"][k], .99),
                         "timeouts": stats["timeouts"][k]} for k in KINDS},
           "tui_workers": args.tui_workers, "cpu_world_pct": 100 * stats.get("cpu_world", cpu) / elapsed,
           "cpu_pct": 100 * cpu / elapsed, "cpu_kernel_pct": 100 * stats.get("cpu_kernel", 0) / elapsed, "cpu_ms_per_command": 1000 * cpu / len(every) if every else float("nan"),
           "loadavg": os.getloadavg()[0], "cpu_wait_pct": 100 * stats.get("cpu_wait", 0) / elapsed, "client_cpu_pct": 100 * mine / elapsed,
           "rss_kb_per_session": (rss[2] - rss[0]) / n / 1024, "rss_mb": rss[2] / 2**20,
           "ssh_heard": heard, "cpu_ms_per_heard": 1000 * cpu / heard if heard else float("nan")}
    if args.json:
        print(json.dumps(out))
        return out
    print(f"load: {args.telnet} telnet + {args.ssh} SSH ({mode}) sessions, {args.seconds:g} s, "
          f"one command per {args.interval:g} s each on average, mix {args.mix}")
    print(f"  connected {stats['connected']}, failed {stats['failed']}, logins took {login_time:.1f} s")
    print(f"  commands {len(every)} ({out['per_s']}/s), timeouts {out['timeouts']}; latency to each command's own "
          f"token: p50 {out['p50']:.1f} ms, p95 {out['p95']:.1f} ms, p99 {out['p99']:.1f} ms")
    for k, f in out["kinds"].items():
        print(f"    {k:5} {f['n']:6} p50 {f['p50']:7.1f} ms  p95 {f['p95']:7.1f} ms  p99 {f['p99']:7.1f} ms"
              f"  timeouts {f['timeouts']}")
    print(f"  server RSS {rss[0] / 2**20:.0f} MB idle, {rss[1] / 2**20:.0f} MB logged in, {rss[2] / 2**20:.0f} MB "
          f"at the end: {out['rss_kb_per_session']:.0f} KB per session")
    if out["cpu_world_pct"] < out["cpu_pct"] - 0.5:
        print(f"  server CPU: the world's process {out['cpu_world_pct']:.0f}% of a core, its TUI workers "
              f"{out['cpu_pct'] - out['cpu_world_pct']:.0f}% (figures below: all of them)")
    print(f"  server CPU {out['cpu_pct']:.0f}% of one core while playing, {out['cpu_ms_per_command']:.2f} ms per command "
          f"(in the kernel: {out['cpu_kernel_pct']:.0f}% of a core; the world's process only; the simulated "
          f"players: {out['client_cpu_pct']:.0f}%, on the same machine; load average "
          f"{out['loadavg']:.1f} on {os.cpu_count()} CPUs)")
    print(f"  the server was ready to run but waiting for a CPU {out['cpu_wait_pct']:.0f}% of the time "
          f"(other processes on the machine had them)")
    if args.ssh:
        print(f"  chat lines delivered to SSH sessions: {heard}; server CPU per delivered line "
              f"{out['cpu_ms_per_heard']:.2f} ms (all the server's CPU, over SSH lines only)")
    return out


def arguments(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--telnet", type=int, default=100)
    ap.add_argument("--ssh", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--interval", type=float, default=2.0, help="mean seconds between one player's commands")
    ap.add_argument("--mix", default="look=80,say=10,move=10", help="share of each kind of command")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds a command may wait for its answer")
    ap.add_argument("--login-timeout", type=float, default=120.0)
    ap.add_argument("--ssh-tui", action="store_true", help="SSH sessions with a pty: the full TUI")
    ap.add_argument("--profile", metavar="FILE", help="py-spy the server while playing: FILE.svg or FILE.txt")
    ap.add_argument("--tui-workers", type=int, default=None, metavar="N",
                    help="start the server with --tui-workers N (default: the server's default)")
    ap.add_argument("--server-root", metavar="DIR", help="run the server of another checkout (main, to compare)")
    ap.add_argument("--json", action="store_true", help="print one JSON line of figures")
    args = ap.parse_args(argv)
    args.mix_table = parse_mix(args.mix)
    return args


if __name__ == "__main__":
    asyncio.run(main(arguments()))
