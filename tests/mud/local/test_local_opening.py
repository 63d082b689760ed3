"""Opening a local game writes in one transaction (issue 29: one fsync before the first frame, not
one a bot's move), all of it on disk when open_local returns, and each move after that on its own."""

from __future__ import annotations

import sqlite3

import pytest

from mud.local import play as local
from mud.local.play import open_local
from mud.store import Store


def stored(path) -> tuple[int, int]:
    """(matches, moves) as another connection reads them: only what was committed."""
    db = sqlite3.connect(path / "local.db")
    try:
        return (db.execute("SELECT count(*) FROM matches").fetchone()[0],
                db.execute("SELECT count(*) FROM moves").fetchone()[0])
    finally:
        db.close()


def test_the_opening_writes_are_one_commit_and_on_disk_when_it_returns(tmp_path):
    open_local("ann", "quest", 4, 1, {}, "easy", data=str(tmp_path))[0].store.close()  # one to set aside
    world, ws = open_local("ann", "quest", 4, 1, {}, "easy", data=str(tmp_path), resume=False)
    store = world.store
    assert store.commits == 1 and not store.batched and store.pending == 0
    matches, moves = stored(tmp_path)
    assert matches == 2 and moves == 2 * len(ws.inner.table.log) > 0  # the bots' moves, both games
    assert [m.status for m in store.matches("abandoned")] == ["abandoned"]
    ws.handle("peek")  # a move of the player's, after the opening: committed on its own
    assert store.commits == 2 and stored(tmp_path)[1] == moves + 1
    store.close()


def test_an_opening_that_fails_keeps_nothing_half_written(tmp_path, monkeypatch):
    open_local("ann", "quest", 4, 1, {}, "easy", data=str(tmp_path))[0].store.close()
    before = stored(tmp_path)
    start = local.start_local

    def started_then_failed(*args, **kwargs):
        start(*args, **kwargs)  # the match and the bots' moves written ...
        raise RuntimeError("and then something went wrong")

    monkeypatch.setattr(local, "start_local", started_then_failed)
    with pytest.raises(RuntimeError):
        open_local("ann", "quest", 4, 2, {}, "easy", data=str(tmp_path), resume=False)
    assert stored(tmp_path) == before  # ... none of it kept, and the unfinished game not set aside
    store = Store(str(tmp_path / "local.db"))  # no lock left behind
    assert [m.status for m in store.matches("playing")] == ["playing"]
    store.close()
