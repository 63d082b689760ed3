"""When a match began is said one way per place (issue 40, hand-play): `matches` said UTC while
`mud play`'s resume question said local time. In local play both say the player's own clock; on a
server, whose players live in every time zone, `matches` says UTC and says so."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mud.local.play import open_local
from mud.world.world import Settings, World
from mud.store import Store

ROOT = Path(__file__).resolve().parents[3]
ZONE = "QMT-5:30"  # a zone of its own (POSIX rule, no tz database needed): 5 h 30 ahead of UTC


@pytest.fixture
def zone(monkeypatch):
    monkeypatch.setenv("TZ", ZONE)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def started(store: Store, match_id: int) -> tuple[str, str]:
    at = store.match(match_id).created
    return (time.strftime("%Y-%m-%d %H:%M", time.localtime(at)), time.strftime("%Y-%m-%d %H:%M", time.gmtime(at)))


def first_match(lines) -> str:
    return next(line.text for line in lines if line.text.startswith("#1 "))


def test_local_play_says_a_matchs_start_in_local_time_everywhere(tmp_path, zone):
    world, ws = open_local("ann", "quest", 2, 3, {}, "easy", data=str(tmp_path))
    local, utc = started(world.store, 1)
    assert local != utc
    listed = first_match(ws.handle("matches"))
    assert listed.startswith(f"#1 Quest, {local}, being played") and "UTC" not in listed
    assert first_match(ws.handle("replay 1")).startswith(f"#1 Quest, {local},")
    world.save_all()
    world.store.close()
    asked = []
    world, ws = open_local("ann", "quest", 2, None, {}, "easy", data=str(tmp_path),
                           ask=lambda q: asked.append(q) or True)
    assert f"started {local}?" in asked[0]  # the resume question: the same clock
    world.store.close()
    shell = subprocess.run([sys.executable, "-m", "mud.cli", "replay", "1", "--data", str(tmp_path)], cwd=ROOT,
                           capture_output=True, text=True, timeout=60, env={**os.environ, "TZ": ZONE})
    assert shell.stdout.startswith(f"#1 Quest, {local},")


def test_a_server_says_a_matchs_start_in_utc_and_says_so(tmp_path, zone):
    world = World(Store(str(tmp_path / "questmud.db")), Settings(turn_timeout=0))
    ann = world.connect("ann")
    ann.handle("n")
    ann.handle("sit")
    ann.handle("start bots=1 seed=3")
    _local, utc = started(world.store, 1)
    assert first_match(ann.handle("matches")).startswith(f"#1 Quest, {utc} UTC, being played")
    assert first_match(ann.handle("replay 1")).startswith(f"#1 Quest, {utc} UTC,")
    world.store.close()
    shell = subprocess.run([sys.executable, "-m", "mud.cli", "replay", "1", "--data", str(tmp_path)], cwd=ROOT,
                           capture_output=True, text=True, timeout=60, env={**os.environ, "TZ": ZONE})
    assert shell.stdout.startswith(f"#1 Quest, {utc} UTC,")  # an operator reads what the players read
