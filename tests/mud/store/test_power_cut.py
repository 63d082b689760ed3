"""An acknowledged move survives a power cut: the store syncs every commit (synchronous=FULL), a
server's writes are committed in groups, and a disk that loses whatever was not synced -- at a
random moment, dozens of times -- always leaves a file that opens, passes integrity_check and holds
every move acknowledged before the cut (tests/crashfs.py; bench/power_cut.py makes a thousand cuts)."""

from __future__ import annotations

import random
import sqlite3

import pytest

from games.engine import Action
from mud.store import Store, StoreFailed
from tests.crashfs import check_after_cut, play_until_cut

CUTS = 40


def other_connection_moves(path) -> int:
    """Moves another process would see: only committed ones."""
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT count(*) FROM moves").fetchone()[0]
    finally:
        db.close()


def test_every_commit_is_synced_to_the_disk(tmp_path):
    store = Store(str(tmp_path / "q.db"))
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_batched_writes_are_committed_together_by_one_commit(tmp_path):
    path = str(tmp_path / "q.db")
    store = Store(path)
    store.batched = True
    opened = []
    store.on_pending = lambda: opened.append(store.pending)
    match = store.create_match("quest", "gate", 1, {}, ["alice"], ["bot1"], "normal")
    for seq in range(1, 6):
        store.log_move(match, seq, "alice", Action("roll"), False)
    assert opened == [1]  # told once, when the batch opened
    assert store.pending == 6 and len(store.moves(match)) == 5  # the store sees its own writes
    assert other_connection_moves(path) == 0  # nobody else does: not committed
    before = store.commits
    assert store.commit()
    assert store.commits == before + 1 and store.pending == 0
    assert other_connection_moves(path) == 5


class CommitFails:
    """A connection whose COMMIT fails as on a full disk while ``full``."""

    def __init__(self, db) -> None:
        self.db, self.full = db, False

    def execute(self, sql, args=()):
        if self.full and sql.strip().upper() == "COMMIT":
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, args)

    def __getattr__(self, name):
        return getattr(self.db, name)


def test_a_failed_commit_keeps_its_writes_for_the_next_one(tmp_path):
    path = str(tmp_path / "q.db")
    store = Store(path)
    store.batched = True
    store.db = disk = CommitFails(store.db)
    match = store.create_match("quest", "gate", 1, {}, ["alice"], ["bot1"], "normal")
    store.log_move(match, 1, "alice", Action("move", ("n",)), False)
    disk.full = True
    assert not store.commit()
    assert other_connection_moves(path) == 0
    assert store.moves(match) == [(1, "alice", Action("move", ("n",)))]  # written again, still seen here
    store.log_move(match, 2, "bot1", Action("roll"), True)  # later moves join the held batch
    disk.full = False
    assert store.commit()
    assert other_connection_moves(path) == 2
    assert store.match(match).id == match  # the match keeps the number it was given


def test_a_move_is_stored_at_once_without_batching(tmp_path):
    path = str(tmp_path / "q.db")
    store = Store(path)
    match = store.create_match("quest", "gate", 1, {}, ["alice"], [], "normal")
    store.log_move(match, 1, "alice", Action("roll"), False)
    assert store.pending == 0 and other_connection_moves(path) == 1


@pytest.mark.parametrize("batch", range(CUTS // 10))
def test_after_a_power_cut_at_a_random_moment_every_acknowledged_move_is_there(tmp_path, batch):
    lost = acked = 0
    for n in range(10):
        seed = batch * 10 + n
        path = str(tmp_path / f"cut{seed}.db")
        cut_after = random.Random(seed).randrange(1, 500)  # a full run makes about 470 disk operations
        result = play_until_cut(path, seed, cut_after)
        assert check_after_cut(path, result) == [], f"seed {seed}, cut after {cut_after} operations"
        lost += result["lost"]
        acked += len(result["moves"])
    assert lost > 0 and acked > 0  # the cuts did throw away unsynced writes, and moves had been told


def test_the_cut_finds_moves_lost_by_a_store_that_does_not_sync(tmp_path, monkeypatch):
    """The crash test can fail: with synchronous=NORMAL acknowledged moves are lost."""
    monkeypatch.setattr("mud.store.sqlite.PRAGMAS", ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL"))
    found = []
    for seed in range(20):
        path = str(tmp_path / f"normal{seed}.db")
        result = play_until_cut(path, seed, random.Random(seed).randrange(100, 500))
        found += check_after_cut(path, result)
    assert any("acknowledged move" in text for text in found)


def test_a_refused_first_write_of_a_batch_leaves_no_transaction_open(tmp_path):
    store = Store(str(tmp_path / "q.db"))
    store.batched = True
    store.log_move(1, 1, "alice", Action("roll"), False)
    assert store.commit()
    with pytest.raises(StoreFailed):
        store.log_move(1, 1, "alice", Action("roll"), False)  # the same move twice: refused
    assert store.pending == 0 and not store.db.in_transaction
