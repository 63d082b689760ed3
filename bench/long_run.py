"""A long run of hostile input: fuzzed command lines and random bytes over telnet and SSH, against one
`mud serve` in its own process; 0 tracebacks in its log and no growth in its memory are the goal.

Four phases, each sending its share and reading everything the server answers:

* telnet lines -- logged-in players typing fuzzed lines: real verbs of the world and of every game
  (walking to the games' rooms, sitting, starting matches with bots, playing) with random words,
  numbers, names, unicode, control characters, escapes, format strings and over-long tokens;
* telnet bytes -- raw connections sending random bytes (IAC sequences included), reconnecting when
  the server hangs up on them;
* SSH lines -- the same fuzzed lines over ``ssh -T``;
* SSH bytes -- random bytes through ``ssh -T`` channels and through a TUI's pty.

Prints, per phase, what was sent, the rate, the server's RSS before and after (and its peak), and at
the end the tracebacks found in the server's log and stderr.

    .venv/bin/python bench/long_run.py [--lines 200000] [--bytes 20000000] [--clients 8] [--surfaces telnet,ssh]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import sys
import tempfile
import time

import asyncssh

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import games  # noqa: E402
from bench.load import proc_figures  # noqa: E402
from mud.server.clients.asklang import PROMPT  # noqa: E402
from tests.net_clients import RawClient, ServerProcess  # noqa: E402

QUESTION = PROMPT.encode()

WORLD_VERBS = ["look", "l", "say", "'", "tell", "reply", "who", "help", "go", "n", "s", "e", "w", "u", "d",
               "sit", "start", "leave", "watch", "tables", "score", "log", "matches", "ooc", "emote",
               "stand", "map", "ledger", "inventory", "hand", "key", "tutorial", "replay", "settings"]
NEVER = ("quit", "password", "delete")  # fuzzing these would end the run's own sessions, not test them
WORDS = ["1", "0", "-1", "99999999999999999999", "all", "bot1", "alice", "me", "table", "1e9", "nan",
         "n", "e", "s", "w", "north", "key", "gold", "A1", "e2", "e4", "x", "bots=3", "seed=1", "rules=basic",
         "level=strong", "map=/etc/passwd", "%s%s%n", "{0}", "{__class__}", "\x1b[31m", "\x1b]0;t\x07",
         "\x00", "\t", "\x7f", "é", "漢字", "🐉", "\u202e", "'", '"', ";", "|", "&&", "$(id)", "`id`",
         "..", "/", "\\", "=" * 40, "x" * 300]


def game_verbs() -> list[str]:
    out = []
    for name in games.names():
        spec = games.get(name)
        out += [v.name for v in spec.verbs]
    return sorted(set(out) - set(NEVER))


def fuzz_line(rng: random.Random, verbs: list[str]) -> str:
    roll = rng.random()
    if roll < 0.05:  # pure noise
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 32), rng.randrange(128, 0x3000)]))
                       for _ in range(rng.randrange(1, 80)))
    verb = rng.choice(verbs)
    words = [rng.choice(WORDS) if rng.random() < 0.7 else str(rng.randrange(-5, 50)) for _ in range(rng.randrange(0, 5))]
    return " ".join([verb, *words])[:400]


TOKEN = "zqtk{}x"  # 'help zqtkNx' is answered "No help on 'zqtkNx'" anywhere: the lines before it were run


async def telnet_lines(port: int, who: int, count: int, seed: int, sent: list[int], got: list[int]) -> None:
    rng = random.Random(seed)
    verbs = WORLD_VERBS + game_verbs()
    done = 0
    while done < count:
        client = await RawClient.connect(port)
        try:
            await client.login(f"fz{who}x{rng.randrange(10**6)}")
            while done < count:
                token = TOKEN.format(done)
                batch = [fuzz_line(rng, verbs) for _ in range(20)]
                client.writer.write(("\r\n".join(batch + [f"help {token}"]) + "\r\n").encode("utf-8", "surrogatepass"))
                await client.expect(token, timeout=60)
                got[0] += len(client.text)
                client.text, client.mark = "", 0
                done += len(batch)
                sent[0] += len(batch)
        except (AssertionError, ConnectionError, OSError):
            pass  # hung up on (a fuzzed 'leave'd table is fine; 'Too many tries' at the name prompt): again
        finally:
            client.writer.close()


async def telnet_bytes(port: int, who: int, count: int, seed: int, sent: list[int], got: list[int]) -> None:
    """Random bytes: at the name prompt on half the connections, after logging in on the others."""
    rng = random.Random(seed)
    done = 0
    while done < count:
        client = await RawClient.connect(port)
        try:
            if rng.random() < 0.5:
                await client.login(f"fr{who}x{rng.randrange(10**6)}")
            for _ in range(rng.randrange(1, 32)):
                chunk = rng.randbytes(4096)
                client.writer.write(chunk)
                done += len(chunk)
                sent[0] += len(chunk)
            token = TOKEN.format(done)
            client.writer.write(f"\r\nhelp {token}\r\n".encode())
            await client.expect(token, timeout=30)  # (if still logged in: the bytes were all read)
        except (AssertionError, ConnectionError, OSError):
            pass
        finally:
            got[0] += len(client.text)
            client.writer.close()


async def ssh_session(port: int, name: str, tui: bool = False):
    conn = await asyncssh.connect("127.0.0.1", port, username=name, password="secret1", known_hosts=None,
                                  client_keys=None, agent_path=None)
    proc = await conn.create_process(term_type="xterm" if tui else None, term_size=(100, 30) if tui else None,
                                     encoding=None)
    if not tui:  # ssh -T: a new account is asked its language first (issue 43): English
        try:
            if (await asyncio.wait_for(proc.stdout.readuntil([b"> ", QUESTION]), 60)).endswith(QUESTION):
                proc.stdin.write(b"1\n")
        except (asyncio.IncompleteReadError, asyncio.TimeoutError) as e:  # as the callers' own errors
            conn.close()
            raise OSError(f"no prompt: {e!r}") from None
    return conn, proc


async def ssh_lines(port: int, who: int, count: int, seed: int, sent: list[int], got: list[int]) -> None:
    rng = random.Random(seed)
    verbs = WORLD_VERBS + game_verbs()
    done = 0
    while done < count:
        try:
            conn, proc = await ssh_session(port, f"fs{who}x{rng.randrange(10**6)}")
        except (asyncssh.Error, OSError):
            await asyncio.sleep(0.1)
            continue
        try:
            while done < count:
                token = TOKEN.format(done)
                batch = [fuzz_line(rng, verbs) for _ in range(20)]
                proc.stdin.write(("\n".join(batch + [f"help {token}"]) + "\n").encode("utf-8", "surrogatepass"))
                answer = await asyncio.wait_for(proc.stdout.readuntil(token.encode()), 60)
                got[0] += len(answer)  # (not 'got[0] += len(await ...)': that reads got[0] before the wait)
                done += len(batch)
                sent[0] += len(batch)
        except (asyncssh.Error, asyncio.IncompleteReadError, asyncio.TimeoutError, ConnectionError, OSError):
            pass
        finally:
            conn.close()


async def ssh_bytes(port: int, who: int, count: int, seed: int, sent: list[int], got: list[int]) -> None:
    """Random bytes through ``ssh -T``, and through a TUI's pty now and then (keys, escapes, mouse)."""
    rng = random.Random(seed)
    done = 0
    while done < count:
        tui = rng.random() < 0.2
        try:
            conn, proc = await ssh_session(port, f"fb{who}x{rng.randrange(10**6)}", tui)
        except (asyncssh.Error, OSError):
            await asyncio.sleep(0.1)
            continue
        try:
            for _ in range(rng.randrange(1, 32)):
                chunk = rng.randbytes(1024 if tui else 4096)
                proc.stdin.write(chunk)
                done += len(chunk)
                sent[0] += len(chunk)
            if tui:
                await asyncio.sleep(0.5)  # the app reads and draws: its answers are screens, no token
                answer = await asyncio.wait_for(proc.stdout.read(1 << 20), 5)
                got[0] += len(answer)
            else:
                token = TOKEN.format(done)
                proc.stdin.write(f"\nhelp {token}\n".encode())
                answer = await asyncio.wait_for(proc.stdout.readuntil(token.encode()), 30)
                got[0] += len(answer)
        except (asyncssh.Error, asyncio.IncompleteReadError, asyncio.TimeoutError, ConnectionError, OSError):
            pass
        finally:
            conn.close()


async def phase(label: str, server: ServerProcess, jobs, unit: str) -> None:
    sent, got = [0], [0]
    rss0, cpu0 = proc_figures(server.proc.pid)
    peak = rss0
    mine0 = sum(os.times()[:2])
    began = time.monotonic()
    tasks = [asyncio.create_task(job(sent, got)) for job in jobs]
    while not all(t.done() for t in tasks):
        await asyncio.sleep(0.2)
        peak = max(peak, proc_figures(server.proc.pid)[0])
    for t in tasks:
        t.result()
    took = time.monotonic() - began
    cpu = proc_figures(server.proc.pid)[1] - cpu0
    mine = sum(os.times()[:2]) - mine0
    await asyncio.sleep(2)  # what it still works on
    rss = proc_figures(server.proc.pid)[0]
    print(f"{label:14} {sent[0]:>12,} {unit:5} {sent[0] / took:>10,.0f}/s  {got[0] / 1e3:9.0f} kB back  "
          f"RSS {rss0 / 2**20:6.1f} -> {rss / 2**20:6.1f} MB (peak {peak / 2**20:.1f})  "
          f"CPU server {cpu / took:.0%} load {mine / took:.0%}  "
          f"matches playing {playing(server.data)}  {time.strftime('%H:%M:%S')}", flush=True)


def playing(data: str) -> int:
    """Matches the fuzzers started that are not over yet: the world holds them (state, not a leak)."""
    db = sqlite3.connect(os.path.join(data, "questmud.db"))
    try:
        return db.execute("SELECT count(*) FROM matches WHERE status = 'playing'").fetchone()[0]
    finally:
        db.close()


async def main(lines: int, nbytes: int, clients: int, rounds: int, surfaces: list[str], minutes: float) -> int:
    deadline = time.monotonic() + minutes * 60 if minutes else None
    with tempfile.TemporaryDirectory() as data:
        server = ServerProcess(data, "--rate", "100000", "--per-address", "1000", "--accounts-per-hour", "0",
                               "--turn-time", "5", ssh=True).start()
        try:
            share_l, share_b = lines // clients // rounds, nbytes // clients // rounds
            kinds = {"telnet": (telnet_lines, telnet_bytes, server.telnet_port),
                     "ssh": (ssh_lines, ssh_bytes, server.ssh_port)}
            for r in range(rounds):  # the same load again: memory that keeps growing shows round by round
                if deadline is not None and time.monotonic() > deadline:
                    print(f"stopped after {r} of {rounds} rounds: --minutes {minutes:g} are up", flush=True)
                    break
                for surface in surfaces:
                    by_lines, by_bytes, port = kinds[surface]
                    await phase(f"{surface} lines {r + 1}", server, [
                        lambda s, g, i=i, job=by_lines: job(port, i, share_l, r * 100 + i, s, g)
                        for i in range(clients)], "lines")
                    await phase(f"{surface} bytes {r + 1}", server, [
                        lambda s, g, i=i, job=by_bytes: job(port, i, share_b, r * 100 + i, s, g)
                        for i in range(clients)], "bytes")
        finally:
            errors = server.stop()
        logged = ""
        for name in sorted(os.listdir(data)):
            if name.startswith("server.log"):
                with open(os.path.join(data, name), encoding="utf-8", errors="replace") as f:
                    logged += f.read()
        tracebacks = logged.count("Traceback") + errors.count("Traceback")
        stopped = [line for line in logged.splitlines() if "bots stopped after" in line]
        print(f"bots stopped (a match they never end): {len(stopped)}")
        for line in stopped[:5]:
            print("   ", line.split("WARNING ", 1)[-1])
        print(f"tracebacks: {tracebacks} (server.log {len(logged) / 1e6:.1f} MB, stderr {len(errors)} chars)")
        if tracebacks:
            at = (logged + errors).index("Traceback")
            print((logged + errors)[max(0, at - 400): at + 3000])
        return 1 if tracebacks else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=200_000, help="fuzzed lines per surface")
    ap.add_argument("--bytes", type=int, default=20_000_000, help="random bytes per surface")
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=2, help="the load split into rounds, RSS shown after each")
    ap.add_argument("--surfaces", default="telnet,ssh", help="telnet, ssh or both (comma-separated)")
    ap.add_argument("--minutes", type=float, default=0, help="start no new round after this long (0: no limit)")
    a = ap.parse_args()
    sys.exit(asyncio.run(main(a.lines, a.bytes, a.clients, a.rounds, a.surfaces.split(","), a.minutes)))
