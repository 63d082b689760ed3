"""How long ``mud play`` takes to show its first frame: a figure to watch, not a test.

The figure a player waits for (issue 29: under 0.4 s) is measured from outside, as a terminal
sees it: a fresh ``python -m mud.cli play`` is started in a pseudo-terminal of 80x24 and the clock
runs from just before the process is created to the moment the end of the app's first frame
reaches the terminal. The bench answers the app's query for synchronized output (``CSI ? 2026 $ p``)
as most terminals do, so Textual wraps every frame in ``CSI ? 2026 h`` ... ``CSI ? 2026 l`` and a
frame's end is exact. Printed per run, then as medians:

* first frame: the end of the first frame written (the whole screen: board, log, prompt);
* settled: the end of the last frame before the screen stays still for 0.4 s (the log scrolled to
  the match's first lines, the bots' turns drawn) -- what a player actually reads;

Every run is a new process (the page cache is warm: the machine is not asked to drop it), against
one data folder under /tmp prepared by a first run not counted, with ``--new`` (a player's usual
case: the store exists). After its frames the app is sent a hang-up (the terminal closed), so it
saves and exits as it does for a player.

Then, in this process, two figures of the parts: a fresh interpreter importing ``mud.cli.main``, and,
headless, the time from building the table and the app to the first refresh of the screen.

    .venv/bin/python bench/tui_start.py [--runs N] [--game quest]
    git archive OLD | tar -x -C /tmp/old && .venv/bin/python bench/tui_start.py --vs /tmp/old   # before/after
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"  # DECRPM: synchronized output supported (currently reset)
SYNC_END = b"\x1b[?2026l"
QUIET = 0.4  # seconds without a frame: the screen has settled
LIMIT = 20.0  # seconds: a run that shows nothing by then is an error


def pty_run(argv: list[str], cwd: str, env: dict) -> dict:
    """Start ``argv`` in a new 80x24 pseudo-terminal; the times (seconds from before the fork) at
    which its first frame and its last frame before a quiet spell ended."""
    env = dict(env, TERM="xterm-256color", COLUMNS="80", LINES="24")
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the pty is its terminal
        try:
            os.chdir(cwd)
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""
    frames: list[float] = []
    cpu = waited = 0.0
    answered = 0
    try:
        while True:
            now = time.perf_counter()
            if frames and now - frames[-1] >= QUIET:
                break
            if now - start > LIMIT:
                raise RuntimeError(f"no frame settled within {LIMIT:.0f} s: {seen[-300:]!r}")
            ready, _, _ = select.select([fd], [], [], 0.02)
            if not ready:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            if not data:
                raise RuntimeError(f"mud play ended before it settled: {seen[-300:]!r}")
            at = time.perf_counter() - start
            seen += data
            if seen.count(SYNC_QUERY) > answered:
                answered += 1
                os.write(fd, SYNC_REPLY)
            ends = seen.count(SYNC_END) - len(frames)
            if ends and not frames:
                cpu, waited = scheduled(pid)
            frames.extend([at] * ends)
    finally:
        os.close(fd)  # the terminal hangs up: the app saves and exits
        deadline = time.time() + 10
        while time.time() < deadline and os.waitpid(pid, os.WNOHANG) == (0, 0):
            time.sleep(0.02)
        else:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
    if not frames:
        raise RuntimeError("no synchronized frame was seen")
    return {"first": frames[0], "settled": frames[-1], "frames": len(frames), "cpu": cpu, "waited": waited}


def scheduled(pid: int) -> tuple[float, float]:
    """Seconds the process's threads have run on a CPU, and waited ready for one (a busy machine),
    so far (/proc/PID/task/*/schedstat): the CPU time is the figure the machine's load disturbs least."""
    ran = waited = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                on_cpu, queued, _ = f.read().split()
        except (OSError, ValueError):
            continue
        ran, waited = ran + int(on_cpu), waited + int(queued)
    return ran / 1e9, waited / 1e9


def cold_import_seconds(root: str) -> float:
    """Wall time of a fresh interpreter that imports the command line, then exits."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import mud.cli.main"], check=True, cwd=root)
    return time.perf_counter() - start


async def first_frame_seconds(seed: int, game_name: str) -> float:
    """In this process, headless: building the world, the table and the app to its first refresh."""
    import games
    from mud.local.play import local_world, start_local
    from mud.tui.app import GameApp

    class Timed(GameApp):
        first_frame: float | None = None

        def on_mount(self) -> None:
            super().on_mount()
            self.call_after_refresh(self._painted)

        def _painted(self) -> None:
            self.first_frame = time.perf_counter()
            self.exit(0)

    start = time.perf_counter()
    world = local_world()
    ws = world.connect("hero", surface="local")
    start_local(ws, games.get(game_name), 3, seed, {}, "normal")
    app = Timed(ws)
    await app.run_async(headless=True, size=(80, 24))
    if app.first_frame is None:
        raise RuntimeError("the app exited before its first frame")
    return app.first_frame - start


def ms(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1000:6.1f} ms  (min {min(values) * 1000:.1f}, "
            f"max {max(values) * 1000:.1f})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--game", default="quest")
    ap.add_argument("--quiet", action="store_true", help="only the medians")
    ap.add_argument("--root", default=ROOT, help="the checkout whose `mud play` is started (default: this one)")
    ap.add_argument("--vs", default=None, metavar="ROOT",
                    help="another checkout (e.g. an earlier commit's, from `git archive`), started in turn "
                         "with --root's, run by run, so both see the same load")
    args = ap.parse_args()
    sys.path.insert(0, args.root)
    roots = [args.root] + ([args.vs] if args.vs else [])
    load = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="tui_start-") as scratch:
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = os.path.join(scratch, "pycache")  # bytecode, written by a first run
        source = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
        source["PYTHONDONTWRITEBYTECODE"] = "1"  # the project's modules compiled at every start
        modes = (("bytecode cached (as installed)", cached),
                 ("no bytecode of the checkout (PYTHONDONTWRITEBYTECODE=1)", source))
        starts = [(root, label, env, [sys.executable, "-m", "mud.cli", "play", args.game, "--new", "--data",
                                      os.path.join(scratch, f"data{i}")])
                  for i, root in enumerate(roots) for label, env in modes]
        for root, _label, env, argv in starts:
            pty_run(argv + ["--seed", "0"], root, env)  # not counted: the store, the bytecode
        rows = [[] for _ in starts]
        for seed in range(1, args.runs + 1):  # every checkout and mode in turn: the same load for all
            for (root, label, env, argv), runs in zip(starts, rows):
                runs.append(pty_run(argv + ["--seed", str(seed)], root, env))
                if not args.quiet:
                    r = runs[-1]
                    print(f"  {os.path.basename(root)[:12]:12} {label[:16]:16} run {seed:2d}: first frame "
                          f"{r['first'] * 1000:6.1f} ms (CPU {r['cpu'] * 1000:5.1f}, waited for a CPU "
                          f"{r['waited'] * 1000:5.1f}), settled {r['settled'] * 1000:6.1f} ms "
                          f"({r['frames']} frames)", flush=True)
    cold = [cold_import_seconds(args.root) for _ in range(args.runs)]
    warm = [asyncio.run(first_frame_seconds(seed, args.game)) for seed in range(args.runs)]
    print(f"TUI start: `mud play {args.game}` in an 80x24 pty, {args.runs} fresh processes each")
    for (root, label, _env, _argv), runs in zip(starts, rows):
        print(f"  {root}, {label}:")
        print(f"    process start -> first frame on the terminal   {ms([r['first'] for r in runs])}")
        print(f"      its CPU time (all threads) to the first frame {ms([r['cpu'] for r in runs])}")
        print(f"      time it waited, ready, for a CPU            {ms([r['waited'] for r in runs])}")
        print(f"    process start -> screen settled ({QUIET:.1f} s still)  {ms([r['settled'] for r in runs])}")
    print(f"  parts ({args.root}): a fresh python importing mud.cli.main  {ms(cold)}")
    print(f"         headless, table + app -> first refresh      {ms(warm)}")
    print(f"  load average {load[0]:.2f} at the start, {os.getloadavg()[0]:.2f} at the end "
          f"({os.cpu_count()} CPUs, shared)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
