"""Garbage a hostile telnet client sends, and a bystander timing its round trips meanwhile.

Shared by tests/mud/server/test_hardening_net.py (a bystander's p99 must stay under 50 ms during each kind)
and bench/attack.py (which prints p50/p99 for each kind). The server runs in its own process
(``tests.net_clients.ServerProcess``) so that the attacker's and the bystander's own work never
counts as the server's.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time

from telnetlib3.telopt import DO, IAC, SB, SE, WILL

from tests.net_clients import RawClient


def blank_lines() -> bytes:
    """Blank lines at the ``Name:`` prompt, 8192 at once."""
    return b"\r\n" * 8192


def bad_iac(rng: random.Random) -> bytes:
    """IAC followed by bytes that are no command, half-commands and stray SE/SB."""
    out = bytearray()
    for _ in range(2048):
        out += IAC + bytes([rng.randrange(0, 240)])
        out += rng.choice([IAC + SE, IAC + SB + bytes([rng.randrange(256)]) + IAC + SE, IAC + bytes([241]),
                           IAC + bytes([rng.randrange(241, 250)])])
    return bytes(out)


def cr_nul(rng: random.Random) -> bytes:
    """Lone CRs, CR NUL, NUL runs and LFs mixed with a little text."""
    pieces = [b"\r", b"\r\x00", b"\x00", b"\n", b"\r\n", b"\x00\x00\x00\r", b"x"]
    return b"".join(rng.choice(pieces) for _ in range(8192))


def will_do_storm(rng: random.Random) -> bytes:
    """WILL and DO (and their refusals) for every option, over and over."""
    out = bytearray()
    for _ in range(4096):
        out += IAC + rng.choice([WILL, DO, b"\xfc", b"\xfe"]) + bytes([rng.randrange(256)])
    return bytes(out)


def gmcp_flood(rng: random.Random) -> bytes:
    """GMCP turned on, then module lists and pings over and over (each asks the server for work)."""
    gmcp = bytes([201])
    out = bytearray(IAC + DO + gmcp)
    for _ in range(400):
        package = rng.choice([b'Core.Supports.Set ["Char 1", "Room 1", "Game 1"]', b"Core.Ping",
                              b'Core.Supports.Remove ["Room"]', b'Core.Hello {"client": "x"}'])
        out += IAC + SB + gmcp + package + IAC + SE
    return bytes(out)


KINDS = {"blank lines": lambda rng: blank_lines(), "bad IAC": bad_iac, "CR/NUL": cr_nul,
         "WILL/DO storm": will_do_storm}
PLAYER_KINDS = ["blank lines", "CR/NUL", "GMCP flood"]  # sent by a logged-in player
ALL_KINDS = {**KINDS, "GMCP flood": gmcp_flood}


async def attack(port: int, kind: str, stop: asyncio.Event, seed: int = 1, login: str | None = None) -> int:
    """Send ``kind`` garbage as fast as the server takes it until ``stop``; bytes sent. A
    connection the server drops is opened again (a real attacker reconnects). ``login``: log in
    as that name first (the garbage then comes from a player)."""
    rng = random.Random(seed)
    chunks = [ALL_KINDS[kind](rng) for _ in range(4)]
    sent = 0
    while not stop.is_set():
        try:
            if login:
                player = await RawClient.connect(port)
                await player.login(login)
                await player.expect("> ")
                reader, writer = player.reader, player.writer
            else:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.05)
            continue
        try:
            while not stop.is_set():
                chunk = chunks[sent % len(chunks)]
                writer.write(chunk)
                sent += len(chunk)
                await asyncio.wait_for(writer.drain(), 0.5)
                while True:  # throw away what the server says
                    try:
                        if not await asyncio.wait_for(reader.read(65536), 0.0001):
                            raise ConnectionError
                    except asyncio.TimeoutError:
                        break
        except (ConnectionError, OSError, asyncio.TimeoutError):
            pass
        finally:
            writer.close()
    return sent


async def bystander(port: int, name: str) -> RawClient:
    me = await RawClient.connect(port)
    await me.login(name)
    await me.expect("> ")
    await me.quiet(0.2)
    return me


async def round_trips(me: RawClient, seconds: float, gap: float = 0.02) -> list[float]:
    """Round trips (seconds) of ``say`` to its answer and the next prompt, one every ``gap``."""
    times: list[float] = []
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        n += 1
        t0 = time.perf_counter()
        await me.command(f"say ping {n}", rf"ping {n}\b[\s\S]*?> ", timeout=10)
        times.append(time.perf_counter() - t0)
        await asyncio.sleep(gap)
    return times


def percentiles(times: list[float]) -> tuple[float, float, float]:
    """(p50, p99, max) in milliseconds."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000, ordered[-1] * 1000


async def under_attack(port: int, kind: str, me: RawClient, seconds: float, attackers: int = 1,
                       gap: float = 0.02, login: str | None = None) -> list[float]:
    """A bystander's round trips (one every ``gap``) while ``attackers`` connections send ``kind``
    (logged in as ``login``1, 2 ... if given)."""
    stop = asyncio.Event()
    tasks = [asyncio.create_task(attack(port, kind, stop, seed=i, login=login and f"{login}{i + 1}"))
             for i in range(attackers)]
    await asyncio.sleep(0.6 if login else 0.3)  # the attack is under way
    try:
        return await round_trips(me, seconds, gap)
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
