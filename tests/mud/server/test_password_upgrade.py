"""A login upgrades the password it checks (issue 42, "Passwords"): an account whose hash is of an
older kind (scrypt) logs in as before, and from then on its stored hash is argon2id at today's cost;
a wrong password upgrades nothing; an account without a password costs its check a hash all the
same; and the hashing threads leave the world's loop free to serve everyone else meanwhile."""

from __future__ import annotations

import asyncio
import time

import pytest

from mud.server.core import Config, Server
from mud.server.hashing import HashQueue
from mud.server.logins import WRONG_PASSWORD
from mud.store import passwords
from tests.mud.store.test_passwords import scrypt_record


@pytest.fixture
async def gate(tmp_path):
    """A started server with no listeners (its login is what every surface calls), holding an
    account made by an older questmud (scrypt, untagged salt) and one with SSH keys only."""
    server = Server(Config(ssh_port=None, telnet_port=None, data_dir=str(tmp_path)))
    await server.start()
    server.store.create_account("elder", None, hashed=scrypt_record("old-pw1", 14, tagged=False))
    server.store.create_account("keyed", None)
    yield server
    await server.stop()


async def test_an_old_hash_logs_in_and_is_stored_as_argon2id_from_then_on(gate):
    old = gate.store.account("elder")
    assert passwords.needs_upgrade(old["salt"])
    assert await gate.login("elder", "old-pw1", "192.0.2.1") == (True, "")
    new = gate.store.account("elder")
    assert new["hash"] != old["hash"] and new["hash"].startswith(b"$argon2id$")
    assert not passwords.needs_upgrade(new["salt"])
    assert await gate.login("elder", "old-pw1", "192.0.2.1") == (True, "")  # the same password, the new hash
    assert gate.store.account("elder")["hash"] == new["hash"]  # upgraded once, not at every login


async def test_a_wrong_password_upgrades_nothing(gate):
    old = gate.store.account("elder")
    assert await gate.login("elder", "guess", "192.0.2.1") == (False, WRONG_PASSWORD)
    assert gate.store.account("elder") == old


async def test_an_upgrade_never_undoes_a_password_changed_meanwhile(gate):
    old = gate.store.account("elder")
    gate.store.set_password("elder", "changed1")  # the owner, on another node, between the check and the write
    salt, digest = passwords.hash_password("old-pw1")
    assert not gate.store.upgrade_password("elder", old["hash"], salt, digest)
    assert gate.store.check_password("elder", "changed1") and not gate.store.check_password("elder", "old-pw1")


async def test_a_login_to_an_account_without_a_password_costs_a_hash_all_the_same(gate, monkeypatch):
    made = []
    real = passwords.hash_password
    monkeypatch.setattr(passwords, "hash_password", lambda pw, salt=None, cost=None: made.append(salt) or real(pw, salt))
    assert await gate.login("keyed", "guess", "192.0.2.1") == (False, WRONG_PASSWORD)
    assert made == [None]  # as long as a wrong password's check: time does not say "keys only"


async def test_the_loop_serves_everyone_while_real_hashes_run():
    line = HashQueue(workers=2)
    pings, stop = [], asyncio.Event()

    async def ping():  # a player online: a short wait, over and over, each timed from its asking
        while not stop.is_set():
            asked = time.monotonic()
            await asyncio.sleep(0.002)
            pings.append(time.monotonic() - asked)

    pinger = asyncio.create_task(ping())
    await asyncio.sleep(0.01)
    served_before = len(pings)
    records = await asyncio.gather(*(line.hash(f"pw{i}") for i in range(8)))  # 8 at the real cost, 2 at a time
    stop.set()
    await pinger
    line.close()
    assert all(r[1].startswith(b"$argon2id$") for r in records)
    during = pings[served_before:]
    assert len(during) >= 8  # the loop kept answering while the hashes ran (hashed on the loop: one or two)
    assert max(during) < 1.0  # a generous bound: a ping is never held until the hashes are done
