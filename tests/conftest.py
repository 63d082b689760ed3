"""Fixtures shared by the world's tests (tests/test_world*.py and each game's world tests)."""

from __future__ import annotations

import random

import pytest

from mud.store import Store
from mud.world.world import Settings, World


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
