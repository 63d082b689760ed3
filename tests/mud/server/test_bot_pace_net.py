"""A match whose bots never end it does not hold the server (found by the long fuzz run of issue 28):
against a real ``mud serve``, ann gets up from a long Dungeon Chess match with no limit (seed 7: 1,466
moves; a bot plays her seat)
and everyone is still answered at once while its bots play on, a chunk at a time."""

from __future__ import annotations

import time

import pytest

from tests.net_clients import RawClient, ServerProcess


@pytest.fixture
def serving(tmp_path):
    server = ServerProcess(str(tmp_path)).start()
    yield server
    server.stop()


async def test_others_are_answered_while_an_endless_matchs_bots_play_on(serving):
    ann, bob = await RawClient.connect(serving.telnet_port), await RawClient.connect(serving.telnet_port)
    try:
        await ann.login("ann")
        await bob.login("bob")
        await ann.command("go castle")
        await ann.command("sit")
        await ann.command("start bots=1 seed=7 limit=off", r"(?i)your turn|target")
        await ann.expect(r"> ")
        ann.send("leave")
        began = time.monotonic()
        await ann.expect(r"a bot plays your seat", timeout=5)
        for i in range(5):
            await bob.command(f"say hello {i}", r"You say", timeout=1.0)
        assert time.monotonic() - began < 5
    finally:
        ann.close()
        bob.close()
