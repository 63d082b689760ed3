"""Storage: accounts with salted password hashes (their kinds: tests/mud/store/test_passwords.py),
the move log, snapshots, and resuming every match."""

from __future__ import annotations

import random

from mud.store import Store
from mud.world.world import Settings, World


def test_accounts_hash_passwords(tmp_path):
    store = Store(str(tmp_path / "db.sqlite"))
    store.create_account("alice", "secret1")
    store.create_account("bob", "secret1")
    assert store.check_password("alice", "secret1")
    assert store.check_password("ALICE", "secret1")  # names are case-blind
    assert not store.check_password("alice", "secret2")
    assert not store.check_password("nobody", "secret1")
    a, b = store.account("alice"), store.account("bob")
    assert b"secret1" not in a["hash"] and a["salt"] != b["salt"] and a["hash"] != b["hash"]
    store.set_password("alice", "other")
    assert store.check_password("alice", "other") and not store.check_password("alice", "secret1")


def fingerprint(match):
    game = match.game
    return (game.view(match.state, None), match.state.rng.getstate(), [str(a) for _, a in match.log],
            [e.text for e in match.events if e.kind not in ("say", "tell", "emote")])


def play(world, sessions, rounds):
    match = world.tables[1].match
    for _ in range(rounds):
        for s in sessions:
            if match.over:
                return
            if s.name in match.awaiting():
                s.handle(random.Random(len(match.log)).choice(["peek", "act", "n", "e", "s", "w", "pass"]))
                if s.name in match.awaiting():
                    s.handle("pass")


def start_match(path, seed=21):
    store = Store(path)
    for name in ("alice", "bob"):
        if store.account(name) is None:
            store.create_account(name, "pw12")
    world = World(store, Settings(), seeds=random.Random(1))
    a, b = world.connect("alice"), world.connect("bob")
    for s in (a, b):
        s.handle("n")
        s.handle("sit")
    a.handle(f"start bots=2 seed={seed} rules=full")
    return world, store, (a, b)


def test_a_restarted_server_resumes_the_match_exactly(tmp_path):
    path = str(tmp_path / "db.sqlite")
    world, store, sessions = start_match(path)
    play(world, sessions, 12)
    before = fingerprint(world.tables[1].match)
    assert len(world.tables[1].match.log) > 10
    # the process dies here: no save, no goodbye. A new one opens the same file.
    again = World(Store(path), Settings(), seeds=random.Random(2))
    assert again.resume() == 1
    match = next(iter(again.tables.values())).match
    assert fingerprint(match) == before


def test_resuming_from_a_snapshot_equals_replaying_the_log(tmp_path, monkeypatch):
    import mud.world.runs as runs  # (a table run here takes the snapshots)
    monkeypatch.setattr(runs, "SNAPSHOT_EVERY", 7)
    path = str(tmp_path / "db.sqlite")
    world, store, sessions = start_match(path, seed=5)
    play(world, sessions, 30)
    match_id = world.tables[1].match_id
    assert store.latest_snapshot(match_id) is not None
    before = fingerprint(world.tables[1].match)
    from_snapshot = World(Store(path), Settings())
    from_snapshot.resume()
    fresh = Store(path)
    fresh.db.execute("DELETE FROM snapshots")
    from_log = World(fresh, Settings())
    from_log.resume()
    assert fingerprint(next(iter(from_snapshot.tables.values())).match) == before
    assert fingerprint(next(iter(from_log.tables.values())).match) == before


def test_players_return_to_their_resumed_seats(tmp_path):
    path = str(tmp_path / "db.sqlite")
    world, store, sessions = start_match(path)
    play(world, sessions, 3)
    again = World(Store(path), Settings())
    again.resume()
    a = again.connect("alice")
    out = "\n".join(line.text for line in a.flush())
    assert "You are back at table" in out
    assert a.seated
    assert a.handle("look")[0].kind == "screen"


def test_a_finished_match_is_not_resumed(tmp_path):
    path = str(tmp_path / "db.sqlite")
    world, store, (a, b) = start_match(path)
    a.handle("leave"), b.handle("leave")  # bots finish it at once
    assert store.matches("playing") == []
    assert World(Store(path), Settings()).resume() == 0


def test_table_numbers_survive_a_restart(tmp_path):
    """'Meet me at table 2' stays true after the server restarts, even when table 1 is gone."""
    path = str(tmp_path / "db.sqlite")
    store = Store(path)
    world = World(store, Settings(), seeds=random.Random(1))
    a, b = world.connect("alice"), world.connect("bob")
    a.handle("n"), a.handle("sit"), b.handle("n")
    a.handle("start bots=1 seed=3 rules=basic")  # table 1
    b.handle("sit")  # a new table: 2
    b.handle("start bots=1 seed=4 rules=basic")
    assert sorted(world.tables) == [1, 2] and b.table.id == 2
    a.handle("leave")  # alice's bots finish table 1
    world.save_all()
    store.close()

    store2 = Store(path)
    world2 = World(store2, Settings(), seeds=random.Random(1))
    world2.resume()
    assert [gt.id for gt in world2.tables.values() if not gt.match.over] == [2]
    c = world2.connect("carol")
    c.handle("n")
    c.handle("sit")
    assert c.table.id == 3  # a new table never takes a resumed number
    b2 = world2.connect("bob")
    assert "You are back at table 2" in " ".join(line.text for line in b2.flush())


def test_an_older_database_gains_the_table_number_column(tmp_path):
    import sqlite3
    path = str(tmp_path / "old.sqlite")
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY, game TEXT, room TEXT, seed INTEGER, options TEXT,"
               " humans TEXT, bots TEXT, level TEXT, status TEXT, created REAL, finished REAL)")
    db.execute("INSERT INTO matches (game, room, seed, options, humans, bots, level, status, created) VALUES"
               " ('quest', 'gate', 1, '{}', '[\"ann\"]', '[\"bot1\"]', 'normal', 'playing', 0)")
    db.commit()
    db.close()
    store = Store(path)
    assert store.matches()[0].table_no is None


def test_matches_lists_yours_and_replay_pages_through_one_as_a_spectator_saw_it(tmp_path):
    store = Store(str(tmp_path / "db.sqlite"))
    world = World(store, Settings(), seeds=random.Random(1))
    a = world.connect("alice")
    assert "No match of yours" in " ".join(line.text for line in a.handle("matches"))
    a.handle("e"), a.handle("sit"), a.handle("start bots=1 seed=3")
    a.handle("leave")  # the bot finishes the game of 10x
    listed = [line.text for line in a.handle("matches")]
    assert listed[0].startswith("#1 10x, ")
    assert "finished by bots after alice left: alice, bot1 (normal bot)" in listed[0]
    first = [line.text for line in a.handle("replay 1")]
    assert first[0].startswith("#1 10x") and first[-1].startswith("(page 1 of ")
    assert "'replay 1 2' goes on" in first[-1]
    pages = int(first[-1].split(" of ")[1].split(":")[0])
    last = [line.text for line in a.handle(f"replay 1 {pages}")]
    assert last[-1] == f"(page {pages} of {pages}: the end of what was stored)"
    everything = " ".join(line.text for p in range(1, pages + 1) for line in a.handle(f"replay 1 {p}"))
    assert "Your hand" not in everything  # what was told to alice alone stays hers
    assert "no match #9" in " ".join(line.text for line in a.handle("replay 9")).lower()
    assert "has " in " ".join(line.text for line in a.handle(f"replay 1 {pages + 1}"))
