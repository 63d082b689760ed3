"""A node's beat over its leases (mud/world/shared.py), with the store's answers scripted: after the
store was away, when every lease lapsed together, no node takes another's tables until all have had
a lease's time to renew their own; a table resumed without a lease row is adopted, not lost."""

from __future__ import annotations

from mud.store import StoreFailed
from mud.world.shared import Shared
from mud.world.world import World


class Leases:
    """The store's answers, scripted: ``down`` makes every call fail."""

    lease = 3.0

    def __init__(self) -> None:
        self.down, self.took, self.adopted = False, 0, []

    def _check(self) -> None:
        if self.down:
            raise StoreFailed("gone")

    def renew(self) -> set[int]:
        self._check()
        return set()

    def owner(self, number: int):
        self._check()
        return None

    def adopt(self, number, room, game, match) -> None:
        self.adopted.append(number)

    def take_lapsed(self) -> list:
        self._check()
        self.took += 1
        return []


def test_after_the_store_was_away_no_table_is_taken_for_a_lease(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr("mud.world.shared.time.monotonic", lambda: clock[0])
    leases = Leases()
    shared = Shared(World(), "north", send=lambda message: None, leases=leases)
    clock[0] += 10
    shared.beat()
    assert leases.took == 1  # steady for long: lapsed leases are looked for
    leases.down = True
    shared.beat()
    leases.down = False
    for _ in range(2):  # back, but for less than a lease: only its own leases renewed
        clock[0] += 1
        shared.beat()
    assert leases.took == 1
    clock[0] += 1.5
    shared.beat()
    assert leases.took == 2


def test_a_table_run_here_without_a_lease_row_is_adopted_not_lost():
    leases = Leases()
    world = World()
    shared = Shared(world, "north", send=lambda message: None, leases=leases)
    table = world.new_table("tavern")
    shared.beat()
    assert leases.adopted == [table.id] and not table.node
