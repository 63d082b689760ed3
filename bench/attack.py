"""A bystander's round trip while one client sends garbage: p50/p99/max of ``say`` for each kind
(blank lines at ``Name:``, bad IAC commands, CR/NUL mixes, a WILL/DO storm), and the server's CPU.

    .venv/bin/python bench/attack.py [--seconds 5] [--attackers 1]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.load import proc_figures  # noqa: E402
from tests.attack_clients import KINDS, PLAYER_KINDS, bystander, percentiles, round_trips, under_attack  # noqa: E402
from tests.net_clients import ServerProcess  # noqa: E402


async def main(seconds: float, attackers: int) -> None:
    with tempfile.TemporaryDirectory() as data:
        server = ServerProcess(data, "--rate", "1000").start()  # the bystander asks often
        try:
            me = await bystander(server.telnet_port, "watcher")
            print(f"{'garbage':22} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'server CPU s':>13}")
            runs = [("none", None)] + [(kind, None) for kind in KINDS] + \
                [(f"{kind} (player)", kind) for kind in PLAYER_KINDS]
            for i, (label, kind) in enumerate(runs):
                cpu0 = proc_figures(server.proc.pid)[1]
                if label == "none":
                    times = await round_trips(me, seconds)
                else:
                    login = f"mallory{i}x" if label.endswith("(player)") else None
                    times = await under_attack(server.telnet_port, kind or label, me, seconds, attackers, login=login)
                cpu = proc_figures(server.proc.pid)[1] - cpu0
                p50, p99, worst = percentiles(times)
                print(f"{label:22} {p50:8.1f} {p99:8.1f} {worst:8.1f} {cpu:13.2f}", flush=True)
            me.close()
        finally:
            server.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--attackers", type=int, default=1)
    args = ap.parse_args()
    asyncio.run(main(args.seconds, args.attackers))
