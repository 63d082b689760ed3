"""Issue 42's last gap on nodes, with real processes: two `mud serve` nodes on one PostgreSQL store and
a Redis bus of the test's own, which it stops. A ban and a deletion made on node b while Redis is down
cannot reach node a by the bus (the message is lost), so when a's link comes back it checks its own
live sessions against the store and ends those that must go: the banned player's, and the deleted
account's, each told why."""

from __future__ import annotations

import pytest

from mud.cli import main as cli
from tests.engines import Redis, started
from tests.mud.server.nodes.test_account_nodes import logged_in
from tests.mud.server.nodes.test_presence_nodes import hung_up, listed
from tests.mud.server.nodes.test_world_of_nodes import node
from tests.mud.server.test_pg_server import fresh_database
from tests.net_clients import PASSWORD

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

pytest.importorskip("mud.server.nodes.bus", reason="redis-py is not installed (pip install questmud[scale])")


async def test_a_ban_and_a_deletion_made_while_the_bus_is_down_end_the_sessions_on_another_node_once_it_is_back(
        postgres_url, tmp_path):
    bus = Redis()
    started(bus, pytest.skip)
    store = fresh_database(postgres_url)
    a, b = (node(tmp_path, name, store, bus.url) for name in ("a", "b"))
    try:
        solo = await logged_in(a.telnet_port, "solo2")
        gone = await logged_in(a.telnet_port, "gone2")
        mod = await logged_in(b.telnet_port, "mod2")
        assert cli.main(["admin", "--store", store, "grant", "mod2", "moderator"]) == 0
        await listed(mod, {"solo2", "gone2", "mod2"})

        bus.halt()  # what b says now is lost on the way to a
        assert "solo2 is banned" in await mod.ask("ban solo2 for 1h flooding")
        again = await logged_in(b.telnet_port, "gone2")  # (its word to a, "connected elsewhere", is lost too)
        again.send(f"delete account {PASSWORD}")
        await again.expect("is deleted")
        for player in (solo, gone):  # still there: nothing reached a
            assert "Exits:" in await player.ask("look")

        bus.resume()
        assert "This account is banned" in await hung_up(solo, 10)
        assert "This account was deleted" in await hung_up(gone, 10)
    finally:
        a.stop()
        b.stop()
        bus.stop()
