"""A login storm: many new accounts logging in over telnet within a minute, beside players at play.

As after a restart, when everyone comes back at once. ``--players`` telnet sessions log in first
and play (bench/load.py's players: token-checked latencies); after ``--warm`` seconds,
``--storm`` new accounts arrive evenly over ``--over`` seconds, each creating its account (name,
password twice) and staying connected. Prints the logins done, failed and timed out, the login
latency (from sending the last password to the first thing the world asks: a new account's
language question, issue 43, which comes where the room did), how many were told their place in
line, and the players' latency before and during the storm; the server's CPU during the storm
split between its loop's thread and the others (the password hashing), the time it waited for a
CPU (a shared machine), and the bench's own CPU; the sign-ups' rate (accounts a second, from the
first arrival to the last login done), the password hash's kind and cost, and the server's memory:
its resident size before the storm and its peak (VmHWM) by the end of it -- argon2id takes 19 MiB
a hash in each hashing thread at once.

    .venv/bin/python bench/login_storm.py --players 200 --storm 1000 --over 60
    .venv/bin/python bench/login_storm.py --players 200 --storm 2000 --over 30   # issue 29's size
    .venv/bin/python bench/login_storm.py --storm 2000 --over 30 --profile /tmp/storm.txt  # py-spy
    .venv/bin/python bench/login_storm.py --beside 5 --rounds 4   # the hashing alone beside a loop

``--beside SECONDS`` measures only what the hashing costs a loop, in this process: the server's own
line (mud/server/hashing.py's HashQueue, its threads at their priority) kept full of real hashes
while the loop answers a ping every 10 ms (a command's worth of work each), against the same loop
with nothing hashing, in turns (``--rounds``), so a shared machine's load falls on both alike.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

import load

from mud.server.hashing import HashQueue
from mud.store import passwords

GIVE_UP = 300.0  # seconds a storm login may take before it is counted as timed out


async def storm_login(port: int, name: str, res: dict, hold: asyncio.Event) -> None:
    screen = load.Screen(False)
    try:
        transport, proto = await asyncio.get_running_loop().create_connection(
            lambda: load.TelnetClient(screen), "127.0.0.1", port)
    except OSError:
        res["failed"] += 1
        return
    try:
        await screen.expect("Name:", GIVE_UP)
        transport.write(f"{name}\r\n".encode())
        await screen.expect("assword", GIVE_UP)
        transport.write(b"secret1\r\n")
        await screen.expect("again", GIVE_UP)
        t0 = time.monotonic()
        transport.write(b"secret1\r\n")
        deadline = t0 + GIVE_UP
        while "Crossroads" not in screen.buf and load.LANGUAGE_QUESTION not in screen.buf:
            if "timed out" in screen.buf or proto.lost.done():
                raise asyncio.TimeoutError
            screen.event.clear()
            await asyncio.wait_for(screen.event.wait(), max(0.01, deadline - time.monotonic()))
        res["latency"].append(time.monotonic() - t0)  # the login is done: the question or the room
        res["told"] += "Logging you in" in screen.buf
        await screen.enter(lambda text: transport.write(text.encode()), max(0.01, deadline - time.monotonic()))
        screen.buf = ""
        res["done"] += 1
        await hold.wait()
    except asyncio.TimeoutError:
        res["timeouts"] += 1
    except (ConnectionError, OSError):
        res["failed"] += 1
    finally:
        transport.close()


def thread_cpu(pid: int) -> tuple[float, float, float]:
    """(CPU seconds of the loop's thread, of the server's other threads -- the hashing --, seconds
    the loop's thread was ready to run but waited for a CPU) so far, from /proc/PID/task. (Of the
    bench's own pid: its loop is the one that reads the answers and times them.)"""
    loop = others = waited = 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                wait = int(f.read().split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            continue  # a thread that ended
        cpu = (int(fields[11]) + int(fields[12])) / ticks
        if int(task) == pid:
            loop, waited = loop + cpu, wait
        else:
            others += cpu
    return loop, others, waited


def stored_kind(path: str, name: str) -> str:
    """How the server stored ``name``'s password (read back, so ``--server-root`` reports its own):
    argon2id's parameters, or scrypt's cost."""
    try:
        with sqlite3.connect(path) as db:
            salt = bytes(db.execute("SELECT salt FROM accounts WHERE name = ?", (name,)).fetchone()[0])
    except (sqlite3.Error, TypeError):
        return "the hash's kind unknown"
    if salt.startswith(b"$argon2"):
        return salt.decode("ascii").rsplit("$", 1)[0]
    return f"scrypt n=2**{passwords.salt_cost(salt).bit_length() - 1}"


def memory(pid: int) -> tuple[int, int]:
    """(resident bytes now, the peak resident bytes so far) of a process, from /proc."""
    found = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0]) * 1024
    return found.get("VmRSS", 0), found.get("VmHWM", 0)


def spy(pid: int, path: str, seconds: float) -> subprocess.Popen:
    """py-spy sampling the server (every thread) during the storm, into ``path`` (collapsed stacks)."""
    exe = os.path.join(os.path.dirname(sys.executable), "py-spy")
    return subprocess.Popen([exe, "record", "-p", str(pid), "-d", str(int(seconds)), "-r", "100", "--threads",
                             "--nonblocking", "-f", "raw", "-o", path],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def pings_beside(seconds: float, hashing: bool) -> tuple[float, float, float]:
    """(hashes a second, the loop's ping p50 and p99 in ms past its 10 ms) over ``seconds``, with
    the hashing line kept full (twice its workers at once) or idle."""
    line, stop, done, late = HashQueue(), time.monotonic() + seconds, [0], []

    async def hasher() -> None:
        while time.monotonic() < stop:
            await line.hash("a password typed at a login")
            done[0] += 1

    async def pinger() -> None:
        while time.monotonic() < stop:
            asked = time.monotonic()
            await asyncio.sleep(0.01)
            sum(range(20_000))  # a command's worth of work (about 0.3 ms)
            late.append(time.monotonic() - asked - 0.01)

    await asyncio.gather(pinger(), *(hasher() for _ in range(2 * line.workers if hashing else 0)))
    line.close()
    return done[0] / seconds, load.pct(late, .5), load.pct(late, .99)


async def beside(args) -> None:
    cost = passwords.ARGON2
    print(f"the loop beside the hashing line ({HashQueue().workers} threads, argon2id m={cost['memory_cost']} KiB, "
          f"t={cost['time_cost']}, p={cost['parallelism']}), {args.rounds} rounds of {args.beside:g} s each way:")
    for _ in range(args.rounds):
        for hashing in (False, True):
            rate, p50, p99 = await pings_beside(args.beside, hashing)
            print(f"  {'hashing' if hashing else 'idle   '}: {rate:5.1f} hashes a second; the loop's ping late by "
                  f"p50 {p50:.2f} ms, p99 {p99:.2f} ms (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)",
                  flush=True)


async def main(args) -> None:
    data = tempfile.mkdtemp(prefix="questmud-storm-")
    tport, sport = load.free_port(), load.free_port()
    server = load.start_server(data, tport, sport, args.server_root)
    try:
        await load.wait_port(tport)
        await asyncio.sleep(0.5)
        stats = load.new_stats()
        stats["at"] = []
        start, until = asyncio.Event(), [float("inf")]
        pargs = load.arguments(["--telnet", str(args.players), "--interval", str(args.interval)])
        names = [("telnet", f"tplayer{i}") for i in range(args.players)]
        tasks, login_time = await load.log_in_all(names, tport, sport, stats, pargs, start, until)
        print(f"login storm: {stats['connected']} players logged in ({login_time:.1f} s); they play for {args.warm:g} s, "
              f"then {args.storm} new accounts arrive over {args.over:g} s")
        start.set()
        await asyncio.sleep(args.warm)
        _, cpu0 = load.proc_figures(server.pid)
        rss0, _peak = memory(server.pid)
        threads0, wait0, mine0 = thread_cpu(server.pid), load.cpu_wait(server.pid), time.process_time()
        my_wait0 = thread_cpu(os.getpid())[2]
        profiler = spy(server.pid, args.profile, args.over) if args.profile else None
        res = {"done": 0, "failed": 0, "timeouts": 0, "told": 0, "latency": []}
        hold = asyncio.Event()
        t_storm = time.monotonic()
        storm = []
        for i in range(args.storm):
            storm.append(asyncio.create_task(storm_login(tport, f"storm{i}", res, hold)))
            await asyncio.sleep(max(0.0, t_storm + (i + 1) * args.over / args.storm - time.monotonic()))
        while res["done"] + res["failed"] + res["timeouts"] < args.storm:
            await asyncio.sleep(0.2)
        t_end = time.monotonic()
        _, cpu1 = load.proc_figures(server.pid)
        _rss, peak = memory(server.pid)
        threads1, wait1, mine1 = thread_cpu(server.pid), load.cpu_wait(server.pid), time.process_time()
        my_wait1 = thread_cpu(os.getpid())[2]
        until[0] = time.monotonic()
        hold.set()
        await asyncio.gather(*tasks, *storm, return_exceptions=True)
        if profiler is not None:
            profiler.wait(60)
    finally:
        load.stop_server(server)
        kind = stored_kind(os.path.join(data, "questmud.db"), "storm0")
        shutil.rmtree(data, ignore_errors=True)
    before = [lat for t, lat in stats["at"] if t < t_storm]
    during = [lat for t, lat in stats["at"] if t_storm <= t < t_end]
    lat = res["latency"]
    print(f"  storm logins done {res['done']} in {t_end - t_storm:.1f} s, failed {res['failed']}, "
          f"timed out {res['timeouts']}; told their place in line: {res['told']}")
    print(f"  sign-ups: {res['done'] / (t_end - t_storm):.1f} accounts a second ({kind}); server memory "
          f"{rss0 / 2**20:.0f} MiB before the storm, peak {peak / 2**20:.0f} MiB")
    print(f"  login latency (last password to the language question): p50 {load.pct(lat, .5):.0f} ms, "
          f"p99 {load.pct(lat, .99):.0f} ms, max {1000 * max(lat, default=float('nan')):.0f} ms")
    print(f"  players' commands before the storm: {len(before)}, p50 {load.pct(before, .5):.1f} ms, "
          f"p99 {load.pct(before, .99):.1f} ms; during it: {len(during)}, p50 {load.pct(during, .5):.1f} ms, "
          f"p99 {load.pct(during, .99):.1f} ms; their timeouts {sum(stats['timeouts'].values())}")
    took = t_end - t_storm
    print(f"  server CPU during the storm {100 * (cpu1 - cpu0) / took:.0f}% of one core, threads included: "
          f"its loop {100 * (threads1[0] - threads0[0]) / took:.0f}%, the other threads (hashing) "
          f"{100 * (threads1[1] - threads0[1]) / took:.0f}%; it waited for a CPU {wait1 - wait0:.1f} s (its loop "
          f"{threads1[2] - threads0[2]:.1f} s); "
          f"the bench itself {100 * (mine1 - mine0) / took:.0f}%, which waited for a CPU {my_wait1 - my_wait0:.1f} s "
          f"(load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--storm", type=int, default=2000)
    ap.add_argument("--over", type=float, default=30.0, help="seconds over which the storm's logins arrive")
    ap.add_argument("--warm", type=float, default=10.0, help="seconds the players play before the storm")
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--profile", metavar="FILE", help="py-spy the server during the storm (collapsed stacks)")
    ap.add_argument("--server-root", metavar="DIR", help="run the server of another checkout (main, to compare)")
    ap.add_argument("--beside", type=float, metavar="SECONDS",
                    help="measure only the hashing beside a loop, in this process (no server)")
    ap.add_argument("--rounds", type=int, default=4, help="with --beside: turns of idle and hashing")
    parsed = ap.parse_args()
    asyncio.run(beside(parsed) if parsed.beside else main(parsed))
