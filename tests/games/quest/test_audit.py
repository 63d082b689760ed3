"""An auditor that trusts nothing but the omniscient JSON transcript of `mud run`: over 200 seeded
bot games it replays the hidden map against every step, roll and action the transcript records."""

import json

import pytest

from mud.local.script import run_text

SEEDS = range(1000, 1200)


def transcript(seed):
    out, status = run_text("", {"bots": 4, "seed": seed, "json": True, "omniscient": True})
    assert status == 0
    return [json.loads(line) for line in out.splitlines()]


def private(record):
    """The actor's own copy of an event (events told twice appear twice in the omniscient view)."""
    return record.get("to") == [record.get("player")]


def audit(records):
    (hidden,) = [r for r in records if r["type"] == "map"]
    doors = {name: {"colour": c, "open": o} for name, (c, o) in hidden["doors"].items()}
    rooms = hidden["rooms"]
    roll = steps = None
    unlocked = set()
    for r in records:
        kind = r["type"]
        if kind == "turn" and private(r):
            roll, steps, unlocked = None, 0, set()
        elif kind == "roll" and private(r):
            assert roll is None, "one movement roll per turn"
            roll = r["roll"]
        elif kind == "door_unlocked":
            unlocked.add(r["door"])
        elif kind == "door_left":
            doors[r["door"]]["open"] = r["left"] == "open"
        elif kind == "moved" and private(r):
            door = doors[r["door"]]
            if door["colour"] in ("gold", "silver", "black"):
                assert door["open"] or r["door"] in unlocked, f"crossed locked {r['door']} without its key"
            else:
                assert door["colour"] == "green" or door["open"], f"crossed closed {r['door']}"
            steps += 1
            assert roll is not None and steps <= roll, "more steps than the roll"
            assert r["steps_left"] == roll - steps
        elif kind == "blocked" and private(r):
            pass  # a blocked step spends nothing: checked by steps_left on the next move
        elif kind == "acted" and private(r):
            location, difficulty = rooms[r["room"]]
            assert r["location"] == location and r["difficulty"] == difficulty
            assert r["success"] == (r["roll"] >= difficulty)  # an act with no card left is refused
    (revealed,) = [r for r in records if r["type"] == "revealed"]
    assert revealed["ok"] and all(entry["holds"] for entry in revealed["ledger"])
    winners = [r for r in records if r["type"] == "game_over"]
    assert len(winners) == 1


@pytest.mark.parametrize("chunk", range(0, 200, 25))
def test_omniscient_transcripts_audit_clean(chunk):
    for seed in list(SEEDS)[chunk:chunk + 25]:
        audit(transcript(seed))


def test_the_auditor_catches_a_doctored_map():
    records = transcript(1000)
    (hidden,) = [r for r in records if r["type"] == "map"]
    crossed = next(r for r in records if r["type"] == "moved" and private(r)
                   and hidden["doors"][r["door"]][0] in ("white", "red"))
    hidden["doors"][crossed["door"]][1] = False  # say that door was closed all along
    with pytest.raises(AssertionError, match="crossed closed"):
        audit(records)
