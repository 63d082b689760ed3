"""Issue 42, finding 9: reports could be flooded -- 24 in a second, each stored and pushed to every
moderator. Now a player files a few a minute, a repeat on the same player is folded into the first
(stored once, told to the moderators once), and the store keeps only the newest reports."""

from __future__ import annotations

from mud.store import moderation as modstore
from mud.world import reports
from tests.mud.world.test_moderation import grant, online
from tests.mud.world.test_world import joined


def told_reports(ws) -> int:
    return sum(1 for line in ws.flush() if line.text.startswith("[report]"))


def test_a_flood_of_reports_is_capped_per_reporter_and_repeats_are_folded(world):
    for name in ("dave", "erin", "frank", "gina"):
        world.store.create_account(name, "pw12")
    grant(world, "alice", "moderator")
    alice, bob = online(world, "alice", "bob")
    alice.flush()
    answers = [joined(bob.handle("report carol spam spam")) for _ in range(24)]
    assert "stored for the moderators" in answers[0]
    assert all("that report stands" in a for a in answers[1:])  # folded into the first
    assert told_reports(alice) == 1 and len(modstore.reports(world.store, 100)) == 1
    for name in ("dave", "erin"):
        assert "stored for the moderators" in joined(bob.handle(f"report {name} rude"))
    refused = bob.handle("report frank rude")  # the fourth in a minute
    assert refused[-1].kind == "error" and "wait a little" in joined(refused)
    assert told_reports(alice) == 2 and len(modstore.reports(world.store, 100)) == 3
    world.clock.now += 61  # a minute on: one more may be filed; carol's report is still folded
    assert "stored for the moderators" in joined(bob.handle("report frank rude"))
    assert "that report stands" in joined(bob.handle("report carol again"))
    world.clock.now += reports.FOLD_SECONDS  # the fold is over: a new report on carol is a new one
    assert "stored for the moderators" in joined(bob.handle("report carol again"))
    assert told_reports(alice) == 2 and len(modstore.reports(world.store, 100)) == 5


def test_the_store_keeps_only_the_newest_reports(world, monkeypatch):
    monkeypatch.setattr(reports, "KEPT", 5)
    monkeypatch.setattr(reports, "PER_MINUTE", 1000)
    names = [f"target{i}" for i in range(12)]
    for name in names:
        world.store.create_account(name, "pw12")
    bob = online(world, "bob")
    for name in names:
        bob.handle(f"report {name} number {name}")
    kept = modstore.reports(world.store, 100)
    assert [row[2] for row in kept] == list(reversed(names))[:5]  # newest first, the oldest dropped
