"""A new player walks west to the Castle dungeon, sits, starts a game of Dungeon Chess against a bot,
reads 'help chess', keeps a target and moves, as over telnet (a world session, no network)."""

import random

from mud.store import Store
from mud.world.world import Settings, World


def joined(lines):
    return "\n".join(line.text for line in lines)


def test_walk_to_the_castle_sit_start_and_play():
    store = Store(":memory:")
    store.create_account("alice", "pw12")
    world = World(store, Settings(turn_timeout=60, seat_grace=120), seeds=random.Random(7))
    a = world.connect("alice")
    a.greeting()
    out = joined(a.handle("west"))
    assert "Castle dungeon" in out and "Type 'sit' to open one for Dungeon Chess" in out
    assert "You sit at table 1 (Dungeon Chess)" in joined(a.handle("sit"))
    out = joined(a.handle("start bots=1")) + joined(a.flush())
    assert "alice South, bot1 North" in out and "Keep one: 'keep" in out
    assert "DUNGEON CHESS" in joined(a.handle("help chess"))
    assert "[SG ]" in joined(a.handle("board"))
    view = a.game_view()
    n = view["me"]["dealt"][0]["number"]
    out = joined(a.handle(f"keep {n}")) + joined(a.flush())
    assert f"You keep secret target #{n}" in out
    for _ in range(3):  # the bot answers at once: alice moves three times
        view = a.game_view()
        assert view["phase"] == "play" and view["turn"] == "alice"
        frm, tos = sorted(view["moves"].items())[0]
        out = joined(a.handle(f"move {frm}-{tos[0]}")) + joined(a.flush())
        assert "alice's " in out and f"{frm}-{tos[0]}" in out
    assert "'k3' is not a square of the dungeon" in joined(a.handle("move k3 k4"))
