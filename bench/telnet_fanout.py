"""What a line said in a crowded room costs the server, per telnet listener: in-process, exact.

The server runs in this process (its telnet listener on loopback, a temporary store); the
listeners are N raw telnet connections (as ``nc``: no negotiation, colour off) in a child
process that logs them in and then reads everything, so the clients' CPU is not counted. A
speaker without a surface (a session of this process) says ``--lines`` lines, one every
``--every`` seconds; printed: the server's CPU per line said, per listener reached, and per
write of news (the writes counted). The idle loop's CPU over the same time is measured first
and taken off. Password hashing is made cheap for the bench's accounts (scrypt n=16): it is not
what is measured. ``--profile FILE``: cProfile's stats of the saying (``python -m pstats``).

    .venv/bin/python bench/telnet_fanout.py --listeners 1000 --lines 300
    .venv/bin/python bench/telnet_fanout.py --listeners 2000 --lines 300 --every 0.01
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mud.store import passwords  # noqa: E402
from mud.server.telnet import front as telnet  # noqa: E402
from mud.server.core import Config, Server  # noqa: E402
from mud.server.clients.lines import Limits  # noqa: E402
from mud.server.clients.asklang import PROMPT  # noqa: E402

QUESTION = PROMPT.encode()  # a new account is asked its language (issue 43): English


async def listener(port: int, name: str, got: list) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    buf = b""
    for want, answer in ((b"Name: ", name), (b"Password: ", "secret1"), (b"again: ", "secret1"), (QUESTION, "1"), (b"> ", None)):
        while want not in buf:
            chunk = await reader.read(65536)
            if not chunk:
                return
            buf += chunk
        buf = buf[buf.index(want) + len(want):]
        if answer is not None:
            writer.write(f"{answer}\r\n".encode())
    got[1] += 1
    while chunk := await reader.read(65536):
        got[0] += len(chunk)


async def typist(port: int, commands: int) -> None:
    """The child's last client: logs in, then types ``look`` and a token line as bench/load.py's
    players do, each pair once the last was answered; "typed" on stdout at the end."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    buf = b""
    for want, answer in ((b"Name: ", "typist"), (b"Password: ", "secret1"), (b"again: ", "secret1"), (QUESTION, "1"), (b"> ", None)):
        while want not in buf:
            buf += await reader.read(65536)
        buf = buf[buf.index(want) + len(want):]
        if answer is not None:
            writer.write(f"{answer}\r\n".encode())
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # the server says go
    for i in range(commands):
        token = f"no 'tk{i:08d}x'".encode()
        writer.write(f"look\r\ngo tk{i:08d}x\r\n".encode())
        while token not in buf:
            buf += await reader.read(65536)
        buf = buf[buf.index(token):]
    print("typed", flush=True)


async def clients(port: int, n: int) -> None:
    """The child: N listeners logged in (25 at a time), "ready" on stdout, then read until killed."""
    got = [0, 0]
    tasks = []
    for i in range(n):
        tasks.append(asyncio.create_task(listener(port, f"fan{i:05d}", got)))
        if i % 25 == 24:
            await asyncio.sleep(0.05)
    while got[1] < n:
        await asyncio.sleep(0.1)
    print("ready", flush=True)
    await asyncio.gather(*tasks)


async def typed(args, port: int) -> None:
    """``--commands``: the cost of a command typed over telnet (bench/load.py's look and token line)."""
    loop = asyncio.get_running_loop()
    child = subprocess.Popen([sys.executable, __file__, "--typist", str(port), str(args.commands)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert (await loop.run_in_executor(None, child.stdout.readline)).strip() == b"ready"
    await asyncio.sleep(0.5)
    prof = cProfile.Profile() if args.profile else None
    u0, s0 = split()
    t0 = time.monotonic()
    if prof:
        prof.enable()
    child.stdin.write(b"go\n")
    child.stdin.flush()
    done = await loop.run_in_executor(None, child.stdout.readline)
    if prof:
        prof.disable()
        prof.dump_stats(args.profile)
    u1, s1 = split()
    wall = time.monotonic() - t0
    assert done.strip() == b"typed", done
    child.wait()
    n = args.commands
    print(f"{n} commands typed over telnet (look, then a line answered 'no such room'), one after another, "
          f"{args.listeners} others in the room: {1000 * wall / n:.2f} ms each, server CPU {1e6 * (u1 - u0) / n:.0f} us "
          f"user + {1e6 * (s1 - s0) / n:.0f} us system each")


def cpu() -> float:
    return time.process_time()


def split() -> tuple[float, float]:
    t = os.times()
    return t.user, t.system


async def main(args) -> None:
    passwords.SCRYPT = dict(passwords.SCRYPT, n=16)  # the bench's accounts: hashing is not what is measured
    flushes = [0]
    real_flush = telnet.Player.flush

    def counted(self):
        flushes[0] += 1
        real_flush(self)

    telnet.Player.flush = counted
    with tempfile.TemporaryDirectory() as data:
        server = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=0, data_dir=data,
                               limits=Limits(max_sessions=100_000, rate=1e6, burst=10**6)))
        await server.start()
        port = server.ports["telnet"]
        child = subprocess.Popen([sys.executable, __file__, "--clients", str(port), str(args.listeners)],
                                 stdout=subprocess.PIPE)
        loop = asyncio.get_running_loop()
        t0 = time.monotonic()
        ready = await loop.run_in_executor(None, child.stdout.readline)
        assert ready.strip() == b"ready", ready
        print(f"{args.listeners} listeners logged in in {time.monotonic() - t0:.1f} s")
        speaker = server.open_session("speaker", "bench")
        await asyncio.sleep(1.0)
        if args.commands:
            await typed(args, port)
            child.kill()
            child.wait()
            await server.stop()
            return
        wall = args.lines * args.every + 0.5
        c0 = cpu()
        await asyncio.sleep(wall)
        idle = cpu() - c0
        prof = cProfile.Profile() if args.profile else None
        flushes[0] = 0
        u0, s0 = split()
        c0 = cpu()
        if prof:
            prof.enable()
        for i in range(args.lines):
            speaker.handle(f"say a line of news, number {i}, for everyone here")
            await asyncio.sleep(args.every)
        await asyncio.sleep(0.5)
        if prof:
            prof.disable()
            prof.dump_stats(args.profile)
        used = cpu() - c0 - idle
        u1, s1 = split()
        child.kill()
        child.wait()
        deliveries = args.lines * args.listeners
        print(f"{args.lines} lines said to {args.listeners} listeners, one every {args.every * 1000:.0f} ms: "
              f"server CPU {used:.2f} s (idle loop's {idle:.2f} s taken off; user {u1 - u0:.2f} s, "
              f"system {s1 - s0:.2f} s)")
        print(f"  per line said {1000 * used / args.lines:.2f} ms; per listener reached {1e6 * used / deliveries:.2f} us; "
              f"{flushes[0]} writes of news ({flushes[0] / args.listeners / (args.lines * args.every):.1f} a second "
              f"each), {1e6 * used / max(1, flushes[0]):.1f} us per write")
        await server.stop()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--typist"]:
        asyncio.run(typist(int(sys.argv[2]), int(sys.argv[3])))
        sys.exit()
    if sys.argv[1:2] == ["--clients"]:
        asyncio.run(clients(int(sys.argv[2]), int(sys.argv[3])))
        sys.exit()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listeners", type=int, default=1000)
    ap.add_argument("--lines", type=int, default=300)
    ap.add_argument("--every", type=float, default=0.01, help="seconds between two lines said")
    ap.add_argument("--commands", type=int, default=0,
                    help="instead of saying lines: type this many commands over telnet, one after another")
    ap.add_argument("--profile", metavar="FILE")
    asyncio.run(main(ap.parse_args()))
