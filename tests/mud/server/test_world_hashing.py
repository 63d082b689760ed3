"""Issue 42: `password` and `delete account` check the password off the world's loop. Their hashes
run in the server's hashing pool (the logins' fair line), and the answer comes back to the player
as a line later; meanwhile the world answers everyone else. Here a hash is held on purpose (it waits
for the test's word), so what the loop does meanwhile is seen, not timed; then both verbs are played
end to end over telnet."""

from __future__ import annotations

import asyncio
import threading

import pytest

from mud.server import hashing
from tests.telnet_clients import Client, log_in


@pytest.fixture
def server(telnet_server):
    return telnet_server  # (tests/conftest.py)


def held(monkeypatch) -> threading.Event:
    """From now on each password check in the pool waits until the returned event is set."""
    go, verify = threading.Event(), hashing.verify

    def slow(password, salt, digest):
        go.wait(10)
        return verify(password, salt, digest)

    monkeypatch.setattr(hashing, "verify", slow)
    return go


async def test_the_world_answers_others_while_a_password_check_waits_in_the_pool(server, monkeypatch):
    port = server.ports["telnet"]
    alice, bob = await Client.connect(port), await Client.connect(port)
    await log_in(alice, "alice")
    await log_in(bob, "bob")
    go = held(monkeypatch)
    alice.send("password pw1234 newpass9")
    await asyncio.sleep(0.2)  # (its check is in the pool now)
    assert server.hashing.busy == 1
    bob.send("who")
    assert "2 connected" in await bob.expect("2 connected")  # answered while alice's check waits
    alice.send("password pw1234 again99")  # one check per account at a time
    assert "still being checked" in await alice.expect("still being checked")
    assert server.store.check_password("alice", "pw1234")  # nothing changed yet
    go.set()
    assert "Your password is changed" in await alice.expect("Your password is changed")
    assert server.store.check_password("alice", "newpass9")
    alice.close()
    bob.close()


async def test_password_and_delete_account_work_end_to_end_over_telnet(server):
    port = server.ports["telnet"]
    carol = await Client.connect(port)
    await log_in(carol, "carol")
    for wrong in range(3):
        carol.send("password nope newpass9")
        await carol.expect("Wrong password.")
    carol.send("password pw1234 newpass9")  # the limit holds: not even checked
    assert "Too many wrong passwords" in await carol.expect("wait a few minutes")
    carol.close()

    dave = await Client.connect(port)
    await log_in(dave, "dave")
    dave.send("password pw1234 newpass9")
    await dave.expect("Your password is changed")
    dave.send("delete account pw1234")
    await dave.expect("Wrong password. Your account is not deleted.")
    dave.send("delete account newpass9")
    assert "Goodbye." in await dave.expect("Goodbye.")
    assert await dave.closed()
    assert server.store.account("dave") is None and server.world.session("dave") is None
    assert not server.sessions
