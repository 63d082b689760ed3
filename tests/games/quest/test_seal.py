"""The provable ledger: a commitment to the map at set-up, the map and salt revealed at the end,
and `ledger verify` that catches a tampered map, salt or ledger."""

from __future__ import annotations

import copy
import json

from games.quest import GAME, seal
from games.words import worded
from mud.local.script import run_text
from tests.games.quest.fixtures import act, dice, new, place, room


def finished_game(seed: int = 3):
    from mud.shell.table import Table
    table = Table(GAME, [], ["b1", "b2", "b3"], seed=seed, options={"rules": "basic"})
    table.start()
    assert table.over
    return table


def test_the_commitment_is_public_from_the_start_and_the_map_only_at_the_end():
    s = new()
    opening = GAME.opening(s)
    sealed = [e for e in opening if e.kind == "sealed"]
    assert len(sealed) == 1 and sealed[0].to is None and sealed[0].data["commitment"] == s.commitment
    assert seal.commitment(s.sealed_map, s.salt) == s.commitment
    view = GAME.view(s, "tizio")
    assert view["seal"] == {"commitment": s.commitment, "map": None, "salt": None}
    assert s.sealed_map not in json.dumps(worded(view, "en"))


def test_verify_at_the_end_checks_every_entry_and_the_commitment():
    table = finished_game()
    view = table.view("b1")
    ok, lines = seal.verify(view["seal"], view["ledger"])
    assert ok and str(lines[-1]) == "Everything verifies."
    assert len(lines) == len(view["ledger"]) + 2
    revealed = [e for e in table.events if e.kind == "revealed"][0]
    assert revealed.data["map"] == view["seal"]["map"] and revealed.data["salt"] == view["seal"]["salt"]


def test_a_tampered_map_salt_or_ledger_is_detected():
    view = finished_game().view("b2")
    assert view["ledger"], "the game should have at least one entry"
    bad_map = copy.deepcopy(view)
    rooms = json.loads(bad_map["seal"]["map"])
    first = view["ledger"][0]["room"]
    rooms["rooms"][first][1] = 6 if rooms["rooms"][first][1] != 6 else 5
    bad_map["seal"]["map"] = json.dumps(rooms, sort_keys=True, separators=(",", ":"))
    ok, lines = seal.verify(bad_map["seal"], bad_map["ledger"])
    assert not ok and any("MISMATCH" in str(line) for line in lines)
    bad_salt = copy.deepcopy(view)
    bad_salt["seal"]["salt"] = "0" * 32
    assert not seal.verify(bad_salt["seal"], bad_salt["ledger"])[0]
    bad_entry = copy.deepcopy(view)
    bad_entry["ledger"][0]["roll"] = 0
    ok, lines = seal.verify(bad_entry["seal"], bad_entry["ledger"])
    assert not ok and any("DOES NOT HOLD" in str(line) for line in lines)


def test_the_originals_example_verifies():
    """Tizio, B6 = 3 on a dragon's cave of difficulty 3: at the end the entry holds."""
    s = new()
    room(s, "B6", "cave", 3)
    place(s, "tizio", "B6")
    s.players["tizio"].objects.append("sword")
    s.sealed_map = seal.map_text(s.rooms, s.doors)
    s.commitment = seal.commitment(s.sealed_map, s.salt)
    dice(s, 3)
    act(s, "tizio", "act")
    assert [(e.player, e.room, e.roll) for e in s.ledger] == [("tizio", "B6", 3)]
    s.winner = "tizio"
    view = GAME.view(s, "caio")
    ok, lines = seal.verify(view["seal"], view["ledger"])
    assert ok and "tizio, B6 = 3: holds" in str(lines[1])


def test_ledger_verify_as_a_command():
    printed, _ = run_text("ledger verify\n", {"players": "alice", "bots": 1, "seed": 2, "rules": "basic"})
    assert "sealed until the game ends" in printed
    printed, _ = run_text("", {"bots": 2, "seed": 2, "rules": "basic"})
    assert "The map is sealed: commitment" in printed
