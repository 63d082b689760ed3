"""Which node runs each shared table (mud/store/leases.py), on a real PostgreSQL: one node wins a lapsed
lease; a node's move is stored only while it holds its table's lease; and a stalled node's batch,
open with a move in it, keeps the table from being taken over until it ends -- so no move is ever
stored that the node taking over did not read."""

from __future__ import annotations

import pytest

from games.engine import Action
from mud.store import Store, StoreFailed
from mud.store.leases import Leases
from tests.mud.server.test_pg_server import fresh_database

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

pgstore = pytest.importorskip("mud.store.postgres", reason="psycopg is not installed (pip install questmud[scale])")


@pytest.fixture
def nodes(postgres_url):
    url = fresh_database(postgres_url)
    stores = [pgstore.PgStore(url), pgstore.PgStore(url)]
    for store, name in zip(stores, ("north", "south")):
        store.node = name
    yield stores
    for store in stores:
        store.close_unsaved()


def lapse(store, number: int) -> None:
    store.apart("UPDATE tables SET until = now() - interval '1 second' WHERE number = %(n)s RETURNING number",
                {"n": number})


def test_a_move_is_stored_only_by_the_node_holding_the_lease_and_a_stalled_batch_holds_off_a_takeover(nodes):
    north, south = nodes
    mine, theirs = Leases(north, "north"), Leases(south, "south")
    number = mine.open("tavern", "tenx")
    match = north.create_match("tenx", "tavern", 1, {}, ["alice"], ["bot1"], "normal", number)
    mine.started(number, match)
    north.log_move(match, 1, "alice", Action("pass"), False)
    assert theirs.take_lapsed() == []  # held: nothing to take

    north.batched = True  # a move made, its batch not yet committed (a node stopped mid-turn) ...
    north.log_move(match, 2, "bot1", Action("pass"), True)
    lapse(south, number)  # ... past its lease
    assert theirs.take_lapsed() == []  # its open batch locks the lease row: not taken from under it
    assert north.commit()
    assert theirs.take_lapsed() == [(number, "tavern", "tenx", match)]
    assert [seq for seq, *_ in south.moves(match)] == [1, 2]  # the new node reads every stored move

    north.batched = False
    with pytest.raises(StoreFailed, match="run by another server"):
        north.log_move(match, 3, "alice", Action("pass"), False)  # the old node's late move: refused
    south.log_move(match, 3, "bot1", Action("pass"), True)
    assert [p for _seq, p, _a in south.moves(match)] == ["alice", "bot1", "bot1"]
    assert mine.renew() == set() and theirs.renew() == {number}


def test_shared_tables_are_a_capability_the_world_asks_the_store_for(postgres_url, tmp_path):
    """PostgreSQL's store answers with its leases; SQLite's (one server's own tables) with None."""
    store = pgstore.PgStore(fresh_database(postgres_url))
    try:
        leases = store.shared_tables("north")
        assert isinstance(leases, Leases) and leases.node == "north" and store.shares_tables
    finally:
        store.close()
    alone = Store(str(tmp_path / "q.db"))
    assert alone.shared_tables("north") is None and not alone.shares_tables
