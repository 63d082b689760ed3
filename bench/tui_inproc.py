"""What served TUIs cost in-process, without SSH: for profiling the drawing itself.

N ``ServedApp``s (the SSH server's app) on fake terminals (80x24), all in the Crossroads of one
``World``, in this one process and event loop, as in ``mud serve``. Two scenarios:

* ``chat``: one of them says a line every ``--every`` seconds; printed: process CPU per line per
  app, frames and bytes per line per app (``--plain-speaker``: the speaker is a session without a
  TUI, so what is counted is the listeners' drawing alone);
* ``type``: every app types commands (bench/tui_lines.py's mix: 60% look, 30% say, 10% a move
  there and back) one key at a time, as an SSH client sends them (``--whole-line``: each line in
  one packet), one command every ``--every`` seconds in turn; printed: process CPU per command,
  and the frames each command drew (its own screen and everyone else's). With ``--apps 1`` that
  is a command's own cost: nobody else's screen draws it.

No network, no encryption, no load generator: the figures are the TUIs' own cost (the SSH benches,
bench/tui_lines.py and bench/load.py, add the channel's). ``--profile FILE`` writes cProfile's
stats (read them with ``python -m pstats FILE``).

    .venv/bin/python bench/tui_inproc.py --apps 20 --scenario chat
    .venv/bin/python bench/tui_inproc.py --apps 20 --scenario type --profile /tmp/type.prof
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mud.server.upkeep import collector  # noqa: E402
from mud.server.tui.driver import ServedApp, run_served  # noqa: E402
from mud.world.world import World  # noqa: E402


class Term:
    """The driver's view of an SSH session: counts what is sent."""

    def __init__(self, size=(80, 24)) -> None:
        self.size = size
        self.driver = None
        self.frames = 0
        self.bytes = 0
        self.tail = b""

    def send(self, data: bytes) -> None:
        self.frames += 1
        self.bytes += len(data)
        self.tail = (self.tail + data)[-4000:]

    def backlog(self) -> int:
        return 0

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def out(text: str) -> None:
    """Printed on the real stdout: while apps run, sys.stdout is pointed away from any client."""
    print(text, file=sys.__stdout__, flush=True)


async def until(check, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise TimeoutError("timed out")
        await asyncio.sleep(0.02)


def type_line(term: Term, line: str, whole: bool = False, gap: float = 0.004) -> None:
    """One key at a time, as an SSH client sends them (each key its own packet); ``whole``: the
    line in one packet, as bench/load.py and bench/tui_lines.py send it."""
    if whole:
        term.driver.feed((line + "\r").encode())
        return
    loop = asyncio.get_running_loop()
    for i, ch in enumerate(line + "\r"):
        loop.call_later(gap * i, term.driver.feed, ch.encode())


async def main(args) -> None:
    world = World()
    collector.tune()  # as mud serve does once it is up
    terms, apps, tasks = [], [], []
    for i in range(args.apps):
        term = Term()
        app = ServedApp(world.connect(f"tui{i}"), term, max_line=300)
        terms.append(term)
        apps.append(app)
        tasks.append(asyncio.create_task(run_served(app, term.size)))
        await until(lambda: b"command" in term.tail)
    await asyncio.sleep(args.settle)
    frames0, bytes0 = sum(t.frames for t in terms), sum(t.bytes for t in terms)
    if getattr(args, "on_start", None):  # (a caller's instrumentation: measuring starts now)
        args.on_start()
    profile = cProfile.Profile() if args.profile else None
    if profile:
        profile.enable()
    cpu0, t0 = time.process_time(), time.monotonic()
    done = 0
    speaker = world.connect("speaker") if args.plain_speaker else None
    if args.scenario == "chat":
        for n in range(args.count):
            if speaker is not None:  # a line surface's player: only the TUIs' drawing is counted
                speaker.handle(f"say hi zq{n}q")
                speaker.flush()
            else:
                type_line(terms[0], f"say hi zq{n}q")
            await asyncio.sleep(args.every)
            done += 1
    else:
        # bench/tui_lines.py's mix: 60% look, 30% say, 10% a move (north, then back south)
        kinds = ["look", "say hi there", "look", "look", "say hi there", "MOVE", "look", "say hi there", "look", "look"]
        if args.lines:  # only these lines, in turn (MOVE: north, then back south)
            kinds = args.lines.split(",")
        away = [False] * len(terms)
        for n in range(args.count):
            who = n % len(terms)
            line = kinds[(n // len(terms)) % len(kinds)]
            if line == "MOVE":
                line, away[who] = ("s" if away[who] else "n"), not away[who]
            type_line(terms[who], line, args.whole_line, args.key_gap)
            await asyncio.sleep(args.every)
            done += 1
    await asyncio.sleep(1.0)  # the last news drawn
    cpu, elapsed = time.process_time() - cpu0, time.monotonic() - t0
    if profile:
        profile.disable()
        profile.dump_stats(args.profile)
    frames = sum(t.frames for t in terms) - frames0
    sent = sum(t.bytes for t in terms) - bytes0
    load = os.getloadavg()[0]
    if args.scenario == "chat":
        per = done * len(apps)
        out(f"chat, {len(apps)} apps, a line every {args.every:g} s, {done} lines ({elapsed:.1f} s, load average {load:.1f}):"
              f" CPU per line per app {1000 * cpu / per:.2f} ms; {frames / per:.2f} frames and {sent / per:.0f} bytes"
              f" per line per app; CPU {100 * cpu / elapsed:.0f}%")
    else:
        out(f"type, {len(apps)} apps, a command every {args.every:g} s, {done} commands ({elapsed:.1f} s, load average {load:.1f}):"
              f" CPU per command {1000 * cpu / done:.2f} ms; {frames / done:.1f} frames and {sent / done:.0f} bytes"
              f" per command (all screens); CPU {100 * cpu / elapsed:.0f}%")
    for term in terms:
        term.driver.feed(b"\x11")  # ctrl+q
    await asyncio.wait(tasks, timeout=10)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--apps", type=int, default=20)
    ap.add_argument("--scenario", choices=("chat", "type"), default="chat")
    ap.add_argument("--count", type=int, default=60, help="lines said (chat) or commands typed (type)")
    ap.add_argument("--every", type=float, default=0.2)
    ap.add_argument("--settle", type=float, default=2.0)
    ap.add_argument("--profile", default="")
    ap.add_argument("--whole-line", action="store_true", help="type: each line in one packet (not key by key)")
    ap.add_argument("--key-gap", type=float, default=0.004, help="type: seconds between keys (0.03: as a person types)")
    ap.add_argument("--lines", default="", help="type: these lines in turn instead of the mix, e.g. look or look,MOVE")
    ap.add_argument("--plain-speaker", action="store_true",
                    help="chat: the speaker is not one of the TUIs (a telnet-like session): the listeners' cost alone")
    asyncio.run(main(ap.parse_args()))
