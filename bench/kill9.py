"""Many ``kill -9`` of a server mid-match: nothing acknowledged is ever lost.

One data folder; each cycle starts `mud serve`, lets N telnet players log in (back at their seats
after the first cycle) and play Quest against bots -- ``pass`` as fast as the answers come (a
numbered question gets its first answer; a finished match, a new one) -- then kills the server with
SIGKILL at a random moment while they type. Each player counts the passes the server acknowledged
("You pass your turn."); after every kill the file must pass integrity_check and hold at least that
many of each player's passes, and the next cycle resumes every match.

    .venv/bin/python bench/kill9.py [--cycles 100] [--players 4]
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.net_clients import RawClient, ServerProcess  # noqa: E402

PASSED = "You pass your turn."


async def player(port: int, i: int, acked: dict, seats: dict, seating: asyncio.Lock) -> None:
    """Play until the connection dies (the kill); counts the acknowledged passes in ``acked``.
    ``seats[name]``: the player had a seat at a match being played when last seen."""
    name = f"k{i}x"
    client = await RawClient.connect(port)
    try:
        said = await client.login(name)
        said += await client.expect(r"> ")
        if seats.get(name):  # seated at a live match when the server was killed: back at the seat
            acked["expected"] = acked.get("expected", 0) + 1
            acked["back"] = acked.get("back", 0) + ("You are back at table" in said)
            if "You are back at table" not in said and seats.get("over " + name):
                acked["ended"] = acked.get("ended", 0) + 1  # its match was over in the file: ended by a move never answered
        if "You are back at table" not in said:
            await client.command("n")  # (already at the Labyrinth gate: a harmless refusal)
            await new_match(client, seating, i, seats, name)
        command = "pass"
        while True:
            answer = await client.command(command, r"\) > |\(game over\) > ", timeout=30)
            acked[name] = acked.get(name, 0) + answer.count(PASSED)
            if "(game over)" in answer[-20:]:
                seats[name] = False
                await client.command("leave", "You get up")
                await new_match(client, seating, random.randrange(10**6), seats, name)
                command = "pass"
                continue
            command = "1" if "1-" in answer[-30:] else "pass"
    except (ConnectionError, OSError, AssertionError):
        return  # killed
    finally:
        client.writer.close()


async def new_match(client: RawClient, seating: asyncio.Lock, seed: int, seats: dict, name: str) -> None:
    async with seating:  # one at a time, or two players sit at the same open table
        await client.command("sit", "You sit at table")
        await client.command(f"start bots=3 seed={seed} rules=basic", r"\) > ")
    seats[name] = True


def over_in_file(data: str, seats: dict) -> None:
    """For each player seated at a live match when killed: is that match (their newest) over in the
    file? Then its last move, stored but never answered, ended it: they cannot be back at it."""
    db = sqlite3.connect(os.path.join(data, "questmud.db"))
    try:
        for name in [n for n, seated in seats.items() if seated and not n.startswith("over ")]:
            row = db.execute("SELECT status FROM matches WHERE EXISTS (SELECT 1 FROM json_each(humans) WHERE "
                             "json_each.value = ?) ORDER BY id DESC LIMIT 1", (name,)).fetchone()
            seats["over " + name] = row is not None and row[0] == "over"
    finally:
        db.close()


def check(data: str, acked: dict) -> list[str]:
    db = sqlite3.connect(os.path.join(data, "questmud.db"))
    try:
        ok = [r[0] for r in db.execute("PRAGMA integrity_check")]
        if ok != ["ok"]:
            return [f"integrity_check: {ok[:3]}"]
        wrong = []
        for name, count in acked.items():
            if name in ("back", "expected", "ended"):
                continue
            stored = db.execute("SELECT count(*) FROM moves WHERE player = ? AND verb = 'pass' AND by_bot = 0",
                                (name,)).fetchone()[0]
            if stored < count:
                wrong.append(f"{name}: {count} passes acknowledged, {stored} stored")
        return wrong
    finally:
        db.close()


async def main(cycles: int, players: int) -> int:
    rng = random.Random(1)
    acked: dict[str, int] = {}
    seats: dict[str, bool] = {}
    failures = 0
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as data:
        for cycle in range(cycles):
            if cycle:
                over_in_file(data, seats)
            server = ServerProcess(data, "--turn-time", "0", "--rate", "1000").start()
            seating = asyncio.Lock()
            tasks = [asyncio.create_task(player(server.telnet_port, i, acked, seats, seating))
                     for i in range(players)]
            await asyncio.sleep(rng.uniform(1.0, 3.0))  # logging in, then playing: killed somewhere in it
            server.kill9()
            server.stop()
            await asyncio.gather(*tasks)
            wrong = check(data, acked)
            if wrong:
                failures += 1
                print(f"cycle {cycle}: {'; '.join(wrong)}", flush=True)
        db = sqlite3.connect(os.path.join(data, "questmud.db"))
        moves = db.execute("SELECT count(*) FROM moves").fetchone()[0]
        resumed = db.execute("SELECT count(*) FROM matches").fetchone()[0]
        db.close()
    back, expected, ended = acked.pop("back", 0), acked.pop("expected", 0), acked.pop("ended", 0)
    print(f"{cycles} kill -9, {failures} with a loss; {sum(acked.values())} passes acknowledged, {moves} moves "
          f"stored in {resumed} matches; back at their seat after a kill: {back} of {expected} "
          f"seated at a live match when killed ({ended} of the others: that match was over in the file); "
          f"{time.monotonic() - began:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cycles", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args()
    sys.exit(asyncio.run(main(a.cycles, a.players)))
