"""A typed command's own CPU in the world, in process: no sockets, no telnet, only what the world does.

One session stands in a room with ``--others`` more people (sessions of this process that never
read); it types bench/telnet_fanout.py's pair -- ``look``, then a walk to a room that does not exist
(answered "There is no ... to go to") -- ``--pairs`` times per round, ``--rounds`` rounds. Printed: the
process CPU per pair in each round, and the least (the figure least disturbed by the rest of the
machine). Run it from two checkouts alternately to compare two versions of the code (issue 43 did:
docs/performance.md, "The whole of Italian, per command"), with PYTHONPATH set to each checkout:

    PYTHONPATH=$PWD .venv/bin/python bench/command_cost.py --others 2000 --pairs 2000 --rounds 5
    PYTHONPATH=$PWD .venv/bin/python bench/command_cost.py --lang it   # the typist reads Italian
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mud.server.clients.lines import Limits  # noqa: E402
from mud.server.core import Config, Server  # noqa: E402
from mud.store import passwords  # noqa: E402


async def main(args) -> None:
    passwords.SCRYPT = dict(passwords.SCRYPT, n=16)  # (no password is hashed here; kept as the other benches)
    with tempfile.TemporaryDirectory() as data:
        server = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=None, data_dir=data,
                               limits=Limits(max_sessions=100_000, rate=1e6, burst=10**6)))
        await server.start()
        for i in range(args.others):
            server.open_session(f"fan{i:05d}", "telnet", wake=lambda: None)
        ws = server.open_session("typist", "telnet", wake=lambda: None)
        if args.lang != "en":
            ws.handle(f"language {args.lang}")
        for _ in range(50):  # warm: the catalogue read, the caches made
            ws.handle("look")
            ws.handle("go tkwarm")
        gc.collect()
        per_pair = []
        for _ in range(args.rounds):
            t0 = time.process_time()
            for i in range(args.pairs):
                ws.handle("look")
                ws.handle(f"go tk{i:08d}x")
            per_pair.append(1e6 * (time.process_time() - t0) / args.pairs)
        print(f"look + unknown room, {args.others} others in the room, reader '{args.lang}': "
              f"{' '.join(f'{x:.0f}' for x in per_pair)} us CPU per pair; least {min(per_pair):.0f} us")
        await server.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--others", type=int, default=2000)
    ap.add_argument("--pairs", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--lang", default="en")
    asyncio.run(main(ap.parse_args()))
