"""A bystander's page and telnet round trip while one address holds half-sent HTTP requests
(issue 42, finding 6): p50/p99/max in ms of `GET /` and of a telnet `who`, with and without the attack.

    .venv/bin/python bench/slowloris.py [--attackers 300] [--rounds 50]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import aiohttp  # noqa: E402

from tests.attack_clients import percentiles  # noqa: E402
from tests.mud.server.test_abuse_net import Web, half_sent  # noqa: E402
from tests.net_clients import RawClient  # noqa: E402


async def round_trips(web: Web, player: RawClient, rounds: int) -> tuple[list[float], list[float]]:
    pages, says = [], []
    async with aiohttp.ClientSession() as http:
        for _ in range(rounds):
            t0 = time.perf_counter()
            async with http.get(web.url("/")) as page:
                await page.text()
            pages.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await player.command("who", r"\(you\)")
            says.append(time.perf_counter() - t0)
            await asyncio.sleep(0.25)  # (within the command rate)
    return pages, says


async def main(attackers: int, rounds: int) -> None:
    web = Web("--cap-loopback", "--rate", "1000")  # (the bystander asks often)
    try:
        player = await RawClient.connect(web.server.telnet_port)
        await player.login("watcher", "pw1234")
        print(f"{'while':28} {'GET / p50':>10} {'p99':>8} {'max':>8} {'who p50':>9} {'p99':>8} {'max':>8}")
        for label, count in (("nothing", 0), (f"{attackers} half-sent requests", attackers)):
            held = await half_sent(web.web_port, "127.0.0.2", count)
            pages, says = await round_trips(web, player, rounds)
            p, s = percentiles(pages), percentiles(says)
            print(f"{label:28} {p[0]:10.1f} {p[1]:8.1f} {p[2]:8.1f} {s[0]:9.1f} {s[1]:8.1f} {s[2]:8.1f}", flush=True)
            for _r, writer in held:
                writer.close()
        player.close()
    finally:
        web.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--attackers", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=50)
    args = ap.parse_args()
    asyncio.run(main(args.attackers, args.rounds))
