"""Nothing is lost: `kill -9` of the server mid-match, a restart, and the match goes on exactly.

Also a clean stop (SIGTERM) saves everything, and a player who vanishes mid-turn keeps the seat,
sees a bot take it after the grace time, and gets it back on reconnecting.
"""

from __future__ import annotations

import asyncio

from mud.store import Store
from tests.net_clients import RawClient, ServerProcess

SCREENS = ("look", "score", "inventory", "map", "ledger")


async def screens(client: RawClient) -> dict:
    await client.quiet(0.5)
    return {cmd: await client.ask(cmd) for cmd in SCREENS}


async def play_some(client: RawClient, n: int) -> list[str]:
    done = []
    for i in range(n):
        got = await client.command(["peek", "n", "e", "s", "w", "act", "stop"][i % 7])
        done.append(got)
    return done


async def seated(port: int, *names: str) -> list[RawClient]:
    """Log in each player and sit them at the Labyrinth gate's table."""
    clients = []
    for name in names:
        client = await RawClient.connect(port)
        await client.login(name)
        await client.command("n")
        await client.command("sit")
        clients.append(client)
    return clients


def matches(data: str):
    store = Store(f"{data}/questmud.db")
    try:
        return [(m.id, len(store.moves(m.id))) for m in store.matches("playing")]
    finally:
        store.close()


async def test_kill_9_mid_match_then_restart_resumes_every_match(tmp_path):
    data = str(tmp_path)
    server = ServerProcess(data, "--turn-time", "0").start()
    try:
        alice, bob = await seated(server.telnet_port, "alice", "bob")
        await alice.command("start bots=2 seed=3 rules=basic", r"A game of Quest")
        await asyncio.sleep(0.2)
        await play_some(alice, 9)
        await play_some(bob, 9)
        before_a, before_b = await screens(alice), await screens(bob)
        moves_before = matches(data)
        server.kill9()
    finally:
        server.stop()
    assert len(moves_before) == 1 and moves_before[0][1] > 0
    assert matches(data) == moves_before  # every acknowledged move is on disk

    again = ServerProcess(data, "--turn-time", "0").start()
    try:
        alice = await RawClient.connect(again.telnet_port)
        back = await alice.login("alice")
        back += await alice.expect(r"> ")
        assert "You are back at table" in back
        assert await screens(alice) == before_a
        bob = await RawClient.connect(again.telnet_port)
        await bob.login("bob")
        await bob.expect(r"> ")
        assert await screens(bob) == before_b
        await play_some(alice, 3)  # and the match goes on
    finally:
        again.stop()


async def test_sigterm_saves_and_says_goodbye(tmp_path):
    data = str(tmp_path)
    server = ServerProcess(data).start()
    alice = await RawClient.connect(server.telnet_port)
    await alice.login("alice")
    await alice.command("n")
    await alice.command("sit")
    await alice.command("start bots=3 seed=4 rules=basic")
    await play_some(alice, 4)
    before = await screens(alice)
    err = server.stop()
    assert server.proc.returncode == 0, err
    assert "saved" in alice.text[alice.mark:] or "shutting down" in alice.text + (await _rest(alice))
    again = ServerProcess(data).start()
    try:
        alice = await RawClient.connect(again.telnet_port)
        await alice.login("alice")
        await alice.expect(r"> ")
        assert await screens(alice) == before
    finally:
        again.stop()


async def _rest(client: RawClient) -> str:
    try:
        await client.expect(r"shutting down", timeout=2)
        return "shutting down"
    except (AssertionError, ConnectionError):
        return client.text


async def test_a_player_who_vanishes_keeps_the_seat_then_a_bot_then_reconnects(tmp_path):
    server = ServerProcess(str(tmp_path), "--turn-time", "0", "--seat-grace", "2").start()
    try:
        alice, bob = await seated(server.telnet_port, "alice", "bob")
        await alice.command("start bots=0 seed=6 rules=basic", r"Turn order: \w+, \w+\.")
        await bob.expect(r"You wake up on")
        bob.writer.transport.abort()  # vanishes without a word
        await alice.expect(r"bob lost the connection")
        await alice.expect(r"bob has been away too long: a bot plays their seat", timeout=8)
        bob = await RawClient.connect(server.telnet_port)
        await bob.login("bob")
        await bob.expect(r"You are back at table 1")
        await alice.expect(r"bob is back")
        who = await bob.command("who", r"connected:")
        assert "bob (player, you" in who
    finally:
        server.stop()
