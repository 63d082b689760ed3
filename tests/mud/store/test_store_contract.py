"""The store's contract, the same on SQLite (mud/store/sqlite.py) and on PostgreSQL (mud/store/postgres.py):
accounts found in any case, keys, matches and their moves in order, snapshots, handovers, deleting
an account, group commit, and a write refused with a player's message when the server is gone.

The PostgreSQL runs use a real server started for the test session (tests/engines.py); where it
cannot be started they skip, saying why."""

from __future__ import annotations

import itertools
import time

import pytest

from games.engine import Action
from mud.store import Store, StoreFailed
from tests.engines import Postgres, started

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)

NAMES = itertools.count(1)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        opened = Store(str(tmp_path / "mud.db"))
    else:
        pgstore = pytest.importorskip("mud.store.postgres", reason="psycopg is not installed (pip install questmud[scale])")
        url = request.getfixturevalue("postgres_url")
        opened = pgstore.PgStore(url)
        # one server for the session: each test works in a database of its own
        db = f"contract{next(NAMES)}"
        with opened.pool.connection() as conn:
            conn.execute(f"CREATE DATABASE {db}")
        opened.close()
        opened = pgstore.PgStore(url.rsplit("/", 1)[0] + "/" + db)
    yield opened
    opened.close()


def test_accounts_are_found_in_any_case_and_check_their_passwords(store):
    store.create_account("Alice", "pw12")
    assert store.account("alice")["name"] == "Alice"
    assert store.check_password("ALICE", "pw12") and not store.check_password("alice", "nope")
    store.set_password("alice", "new1")
    assert store.check_password("Alice", "new1")
    store.set_room("alice", "tavern")
    assert store.account("Alice")["room"] == "tavern"
    assert store.account("bob") is None
    with pytest.raises(StoreFailed):
        store.create_account("ALICE", "pw12")  # the same name in another case is taken


def test_keys_are_kept_once_listed_in_order_and_removed(store):
    store.create_account("alice", "pw12")
    store.add_key("alice", "ssh-ed25519 AAAA1")
    store.add_key("Alice", "ssh-ed25519 AAAA2")
    store.add_key("alice", "ssh-ed25519 AAAA1")
    assert store.keys("ALICE") == ["ssh-ed25519 AAAA1", "ssh-ed25519 AAAA2"]
    assert store.remove_key("alice", "ssh-ed25519 AAAA1") and not store.remove_key("alice", "ssh-ed25519 AAAA1")
    assert store.keys("alice") == ["ssh-ed25519 AAAA2"]


def test_a_match_keeps_its_record_moves_snapshots_and_handovers(store):
    first = store.create_match("tenx", "tavern", 42, {"limit": 3}, ["alice", "Bob"], ["bot1"], "normal", table_no=2)
    second = store.create_match("quest", "gate", 7, {}, ["carol"], [], "easy")
    assert second == first + 1
    store.log_move(first, 1, "alice", Action("play", ("3", 2)), by_bot=False)
    store.log_move(first, 2, "bot1", Action("pass", ()), by_bot=True)
    assert store.moves(first) == [(1, "alice", Action("play", ("3", 2))), (2, "bot1", Action("pass", ()))]
    assert store.moves(first, after=1) == [(2, "bot1", Action("pass", ()))]
    assert store.moves_by(first) == [(1, "alice", Action("play", ("3", 2)), False),
                                     (2, "bot1", Action("pass", ()), True)]
    assert store.moves_by(first, after=1) == [(2, "bot1", Action("pass", ()), True)]  # who made each: resuming
    store.save_snapshot(first, 1, ("one",))
    store.save_snapshot(first, 2, ("two",))
    assert store.latest_snapshot(first) == (2, ("two",)) and store.latest_snapshot(second) is None
    store.hand_over(first, 2, "Bob", "left")
    store.hand_over(first, 3, "alice", "time")  # one turn a bot played: her time was up; the seat stays hers
    store.hand_over(first, 5, "Bob", "back")
    record = store.match(first)
    assert (record.game, record.room, record.seed, record.options, record.humans, record.bots, record.level,
            record.status, record.table_no) == ("tenx", "tavern", 42, {"limit": 3}, ["alice", "Bob"], ["bot1"],
                                                "normal", "playing", 2)
    assert [(h.seq, h.why, h.to_bot) for h in record.handovers] == [(2, "left", True), (3, "time", False),
                                                                    (5, "back", False)]
    assert [m.id for m in store.matches()] == [first, second]
    store.finish(first)
    assert [m.id for m in store.matches()] == [second] and [m.id for m in store.matches("over")] == [first]
    assert [m.id for m in store.matches_of("BOB")] == [first]


def test_deleting_an_account_leaves_a_placeholder_in_its_matches(store):
    store.create_account("alice", "pw12")
    store.add_key("alice", "ssh-ed25519 AAAA1")
    match = store.create_match("tenx", "tavern", 1, {}, ["Alice", "bob"], [], "normal")
    store.log_move(match, 1, "Alice", Action("give", ("bob", 2)), by_bot=False)
    store.log_move(match, 2, "bob", Action("give", ("Alice", 1)), by_bot=False)
    store.save_snapshot(match, 2, ("holds the name",))
    placed = store.delete_account("alice")
    assert placed == {match: "gone-1"}
    assert store.account("alice") is None and store.keys("alice") == []
    assert store.match(match).humans == ["gone-1", "bob"]
    assert store.moves(match) == [(1, "gone-1", Action("give", ("bob", 2))), (2, "bob", Action("give", ("gone-1", 1)))]
    assert store.latest_snapshot(match) is None


def test_batched_writes_wait_for_one_commit(store):
    opened = []
    store.batched = True
    store.on_pending = lambda: opened.append(store.pending)
    match = store.create_match("tenx", "tavern", 1, {}, ["alice"], [], "normal")
    store.log_move(match, 1, "alice", Action("pass", ()), by_bot=False)
    assert store.pending == 2 and opened == [1]  # told once, as the batch opened
    assert store.moves(match) == [(1, "alice", Action("pass", ()))]  # the store sees its own batch
    commits = store.commits
    assert store.commit() and store.pending == 0 and store.commits == commits + 1
    assert store.commit()  # nothing waits: nothing to do


def test_a_refused_write_in_a_batch_leaves_the_rest_of_the_batch(store):
    store.create_account("alice", "pw12")
    store.batched = True
    match = store.create_match("tenx", "tavern", 1, {}, ["alice"], [], "normal")
    with pytest.raises(StoreFailed):
        store.create_account("Alice", "pw12")  # taken: refused, alone
    store.log_move(match, 1, "alice", Action("pass", ()), by_bot=False)
    assert store.commit() and store.pending == 0
    assert store.moves(match) == [(1, "alice", Action("pass", ()))] and store.match(match).humans == ["alice"]


def test_postgresql_gone_refuses_writes_and_loses_no_batch_when_it_returns():
    """The server stops (as in a crash): a write is refused with the player's message, a batch's
    commit fails and keeps its writes; when the server is back the next commit stores them all."""
    pgstore = pytest.importorskip("mud.store.postgres", reason="psycopg is not installed (pip install questmud[scale])")
    server = Postgres()
    started(server, pytest.skip)
    try:
        store = pgstore.PgStore(server.url, connect_timeout=2)
        store.batched = True
        match = store.create_match("tenx", "tavern", 1, {}, ["alice"], [], "normal")
        store.log_move(match, 1, "alice", Action("pass", ()), by_bot=False)
        server.halt()
        assert not store.commit() and store.pending == 2  # kept, to be tried again
        with pytest.raises(StoreFailed) as refused:
            store.log_move(match, 2, "alice", Action("pass", ()), by_bot=False)
        assert "cannot save" in str(refused.value)
        server.resume()
        for _ in range(50):  # (the server's next turns: mud/server/clients/durable.py commits again)
            if store.commit():
                break
            time.sleep(0.2)
        assert store.pending == 0
        store.close()
        again = pgstore.PgStore(server.url)
        assert again.moves(match) == [(1, "alice", Action("pass", ()))]
        again.close()
    finally:
        server.stop()


def test_moderation_reads_and_writes_alike_on_both(store):
    """mud/store/moderation.py's SQL is the same on both engines: names in any case, one row a name."""
    from mud.store import moderation as modstore
    modstore.grant(store, "Mia", "moderator", "root")
    modstore.grant(store, "mia", "operator", "root")  # the same person: replaced, not doubled
    assert modstore.role(store, "MIA") == "operator" and [r[:2] for r in modstore.roles(store)] == [("mia", "operator")]
    assert modstore.revoke(store, "MIA", "root") and not modstore.revoke(store, "mia", "root")
    modstore._ROLES.pop(store, None)
    assert modstore.role(store, "mia") is None
    modstore.ban(store, "name", "Troll", None, "mia", "spam")
    modstore.ban(store, "address", "10.0.0.0/8", 2e9, "mia", "")
    assert modstore.banned(store, name="troll").reason == "spam"
    assert modstore.banned(store, address="10.1.2.3").target == "10.0.0.0/8"
    assert modstore.unban(store, "name", "TROLL", "mia") and modstore.banned(store, name="troll") is None
    modstore.mute(store, "Bob", None, "mia", "shouting")
    modstore.mute(store, "bob", 2e9, "mia", "")
    assert modstore.muted(store, "BOB") == (True, 2e9) and len(modstore.mutes(store)) == 1
    assert modstore.unmute(store, "bob", "mia") and modstore.muted(store, "bob") == (False, None)
    modstore.ignore(store, "alice", "Bob")
    modstore.ignore(store, "Alice", "bob")
    assert modstore.ignores(store, "ALICE") == {"bob"}
    assert modstore.unignore(store, "alice", "BOB") and modstore.ignores(store, "alice") == set()
    modstore.report(store, "alice", "bob", "rude")
    assert [r[1:] for r in modstore.reports(store)] == [("alice", "bob", "rude")]
    assert [a[2] for a in modstore.audits(store)][:3] == ["unmute", "mute", "mute"]


def test_deleting_an_account_takes_its_role_and_ignores_but_not_its_mute(store):
    from mud.store import moderation as modstore
    store.create_account("Alice", "pw12")
    modstore.grant(store, "alice", "moderator", "root")
    modstore.mute(store, "alice", None, "root", "")
    modstore.ignore(store, "alice", "bob")
    modstore.ignore(store, "carol", "Alice")
    store.delete_account("ALICE")
    modstore._ROLES.pop(store, None)
    assert modstore.role(store, "alice") is None
    assert modstore.muted(store, "alice") == (True, None)  # a sanction binds the person (issue 42)
    assert modstore.ignores(store, "alice") == set() and modstore.ignores(store, "carol") == set()


def test_two_postgresql_stores_creating_matches_at_once_never_share_a_number(postgres_url):
    """Two nodes on one database: their matches' numbers come from one sequence."""
    pgstore = pytest.importorskip("mud.store.postgres", reason="psycopg is not installed (pip install questmud[scale])")
    a, b = pgstore.PgStore(postgres_url), pgstore.PgStore(postgres_url)
    try:
        a.batched = b.batched = True  # both batches open at once: neither sees the other's match
        made = [store.create_match("tenx", "tavern", 1, {}, ["alice"], [], "normal") for store in (a, b, a, b)]
        assert a.commit() and b.commit()
        assert len(set(made)) == 4
    finally:
        a.close()
        b.close()


def test_a_postgresql_commit_whose_answer_was_lost_is_not_written_twice(postgres_url):
    """The COMMIT reached the server but its answer was lost with the connection: the store finds
    the batch's token and counts the batch as stored, rather than writing its moves again."""
    pgstore = pytest.importorskip("mud.store.postgres", reason="psycopg is not installed (pip install questmud[scale])")
    store = pgstore.PgStore(postgres_url)
    try:
        store.batched = True
        match = store.create_match("tenx", "tavern", 1, {}, ["alice"], [], "normal")
        store.log_move(match, 1, "alice", Action("pass", ()), by_bot=False)
        store._conn.execute("COMMIT")  # stored ...
        store._lost()  # ... and the connection gone before its answer was read
        assert store.commit() and store.pending == 0
        store.batched = False
        assert store.moves(match) == [(1, "alice", Action("pass", ()))]
    finally:
        store.close()


def test_a_password_upgrade_replaces_only_the_hash_it_was_checked_against(store):
    store.create_account("Elder", "pw12")
    old = store.account("elder")
    assert store.upgrade_password("ELDER", old["hash"], b"salt2", b"hash2")  # the same password, hashed anew
    assert store.account("elder")["hash"] == b"hash2"
    assert not store.upgrade_password("elder", old["hash"], b"salt3", b"hash3")  # changed meanwhile: kept
    assert store.account("elder")["salt"] == b"salt2" and not store.upgrade_password("nobody", b"x", b"s", b"h")


def test_past_its_cap_the_store_drops_the_oldest_reports(store):
    """Issue 42, finding 9: what a flood of reports can store is bounded on both engines."""
    from mud.store import moderation as modstore
    for i in range(7):
        modstore.report(store, "alice", f"bob{i}", "rude", keep=3)
    assert [r[2] for r in modstore.reports(store, 10)] == ["bob6", "bob5", "bob4"]
