"""How often one typed command builds the game's view, and what it costs, in the TUI (issue 41).

Two measures, each printed as figures (no assertion: tests/mud/tui/test_one_view.py asserts the counts):

* ``inproc`` (default): the TUI as ``mud play`` runs it (the world in this process, through Textual's
  test pilot at 80x24), at a match of each game below. For each command, the game's view builds
  (``GameSpec.view`` counted through a wrapper on the game the catalogue hands out) and the
  process's CPU for the command and its redraw, the median of ``--repeat`` runs.
* ``workers``: the served TUI with its app in one worker process (``mud serve --tui-workers 1``),
  without SSH: a stand-in SSH session feeds each line in one packet. Per command: the messages
  across the process boundary each way (by kind), their bytes, view builds in the world process, and
  the CPU of the world process and of the worker process.

    .venv/bin/python bench/one_view.py
    .venv/bin/python bench/one_view.py --mode workers
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import games  # noqa: E402
from mud.local.play import start_local  # noqa: E402
from mud.server.tui import workers as wmod  # noqa: E402
from mud.world.world import World  # noqa: E402
from tests.tui_local import local_app  # noqa: E402

# (game, players, seed, options, the commands: a word ending in '*' is the first legal line so begun)
CASES = (
    ("quest", 2, 3, {"rules": "basic"}, ("look", "move n")),
    ("tenx", 2, 4, {}, ("play*",)),
    ("chess", 2, 4, {}, ("keep*", "move*")),
)


class Counter:
    """Counts ``GameSpec.view`` calls of every game built so far (and those built later are wrapped
    by ``games.get`` below)."""

    def __init__(self) -> None:
        self.n = 0
        self.player = "ann"  # whose views are counted
        self._wrapped: set[int] = set()

    def wrap(self, game) -> None:
        if id(game) in self._wrapped:
            return
        self._wrapped.add(id(game))
        inner = game.view

        def counted(state, player):
            self.n += player == self.player  # (a bot's own view, to choose its move, is not the TUI's)
            return inner(state, player)
        game.view = counted


def line_for(ws, command: str) -> str:
    if not command.endswith("*"):
        return command
    lines = [x for x in ws.inner.legal_lines() if x.startswith(command[:-1])]
    return lines[0] if lines else command[:-1]


async def inproc(args) -> None:
    counter = Counter()
    for name, players, seed, options, commands in CASES:
        counter.wrap(games.get(name))
        runs: dict[int, list] = collections.defaultdict(list)  # command's index -> (line, builds, cpu)
        for _ in range(args.repeat):
            app = local_app(name, "ann", players=players, seed=seed, options=options)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                for i, command in enumerate(commands):  # in turn, at the same match
                    line = line_for(app.link, command)
                    await pilot.pause()
                    counter.n = 0
                    cpu = time.process_time()
                    app.run_command(line, time.monotonic())
                    await pilot.pause()
                    await pilot.pause()
                    runs[i].append((line, counter.n, time.process_time() - cpu))
        for i in sorted(runs):
            line = runs[i][0][0]
            builds = max(r[1] for r in runs[i])
            cpu = statistics.median(r[2] for r in runs[i])
            print(f"{name:6} {line:24} view builds {builds}  CPU {1000 * cpu:.1f} ms (median of {args.repeat})")


class FakeSsh:
    """What a RemoteTui needs of its SSH session."""

    class _Limits:
        rate, burst, max_line = 1000.0, 1000, 300

    def __init__(self, ws) -> None:
        self.ws = ws
        self.server = type("S", (), {"limits": self._Limits()})()
        self.term, self.size = "xterm-256color", (80, 24)
        self.tail = b""

    def send(self, data: bytes) -> None:
        self.tail = (self.tail + data)[-20000:]

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def proc_cpu(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def workers(args) -> None:
    pool = wmod.TuiWorkers(1)
    await pool.start()
    worker = pool.workers[0]
    counter = Counter()
    sent, received = collections.Counter(), collections.Counter()
    nbytes = collections.Counter()
    put = wmod.Outbox.put

    def counting_put(self, message):
        kind = message[0]
        sent[kind] += 1
        nbytes["to worker"] += len(wmod.pack(message))
        put(self, message)
    wmod.Outbox.put = counting_put
    dispatch = worker._dispatch

    def counting_dispatch(tui, kind, rest):
        received[kind] += 1
        nbytes["to world"] += len(wmod.pack((kind, tui.sid, *rest)))
        dispatch(tui, kind, rest)
    worker._dispatch = counting_dispatch

    world = World()
    for name, players, seed, options, commands in CASES:
        game = games.get(name)
        counter.wrap(game)
        ws = world.connect(f"p{name}", surface="ssh")
        counter.player = ws.name
        start_local(ws, game, players - 1, seed, options, "normal")
        ssh = FakeSsh(ws)
        tui = worker.open(ssh, "", [])
        ssh.ws.wake = tui.wake
        end = time.monotonic() + 30
        while b"command" not in ssh.tail and time.monotonic() < end:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.5)
        for command in commands:
            line = line_for(ws, command)
            results = []
            for _ in range(args.repeat):
                sent.clear(), received.clear(), nbytes.clear()
                counter.n = 0
                cpu, wcpu = time.process_time(), proc_cpu(worker.proc.pid)
                tui.feed((line + "\r").encode())
                await asyncio.sleep(args.wait)
                results.append((time.process_time() - cpu, proc_cpu(worker.proc.pid) - wcpu, counter.n,
                                dict(sent), dict(received), dict(nbytes)))
                if command != "look":
                    break  # a move changes the match: measured once
            cpu = statistics.median(r[0] for r in results)
            wcpu = statistics.mean(r[1] for r in results)  # (the kernel counts in ticks: a mean of many)
            _, _, builds, s, r, b = results[-1]
            print(f"{name:6} {line:24} world CPU {1000 * cpu:.1f} ms, worker CPU {1000 * wcpu:.1f} ms (mean of {len(results)}); "
                  f"view builds in the world {builds}; to the worker {s} ({b.get('to worker', 0)} B), "
                  f"to the world {r} ({b.get('to world', 0)} B)")
        tui.exit(0)
        await asyncio.sleep(0.3)
    await pool.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("inproc", "workers"), default="inproc")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--wait", type=float, default=1.0, help="workers: seconds given each command and its frames")
    args = ap.parse_args()
    asyncio.run(inproc(args) if args.mode == "inproc" else workers(args))
