"""Fixtures shared by many tests: a world in memory with its clock, a real server on free ports."""

from __future__ import annotations

import random

import pytest

from mud.server.core import Config, Server
from mud.server.telnet import front as telnet
from mud.store import Store
from mud.world.world import Settings, World
from tests.engines import Postgres, Redis, started


class Clock:
    """A clock the test moves by hand (``clock.now += 121``)."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def world():
    """A world in memory with the accounts alice, bob and carol, its clock at hand, seats seeded."""
    store = Store(":memory:")
    for name in ("alice", "bob", "carol"):
        store.create_account(name, "pw12")
    return World(store, Settings(turn_timeout=60, seat_grace=120), clock=Clock(), seeds=random.Random(7))


@pytest.fixture
async def server(tmp_path):
    """A real ``mud serve`` (SSH and telnet on free ports of 127.0.0.1, its data in a temporary
    folder), stopped after the test."""
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path)))
    await srv.start()
    yield srv
    await srv.stop()


@pytest.fixture
async def telnet_server(tmp_path, monkeypatch):
    """A real ``mud serve`` with telnet alone on a free port of 127.0.0.1 (its data in a temporary
    folder), quick to give up negotiating with a raw socket that never answers; stopped after."""
    monkeypatch.setattr(telnet, "NEGOTIATE_WAIT", 0.3)
    srv = Server(Config(host="127.0.0.1", ssh_port=None, telnet_port=0, data_dir=str(tmp_path)))
    await srv.start()
    yield srv
    await srv.stop()


def _engine(kind):
    """A server of ``kind`` (tests/engines.py) for the session: its URL, or a skip saying why not."""
    server = kind()
    started(server, pytest.skip)
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def postgres_url():
    yield from _engine(Postgres)


@pytest.fixture(scope="session")
def redis_url():
    yield from _engine(Redis)
