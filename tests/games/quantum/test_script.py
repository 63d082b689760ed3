"""Quantum through command files (mud run): a worked opening with its refusals, a map file read by
the @map directive, and a malformed map file stopping the run with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from mud.local.script import ScriptError, run_text

SCRIPTS = Path(__file__).parent / "scripts"


def test_the_worked_opening_plays_as_written():
    out, status = run_text((SCRIPTS / "opening.mud").read_text(encoding="utf-8"))
    assert "bob has the lowest total: bob picks a starting planet first" in out
    assert "bob starts at planet e2 (a cube there); ships: 3 at f2, 1 at e3, 3 at d2." in out
    assert "! Your 3 at f2 cannot reach c1: up to 3 orthogonal steps" in out
    assert "! That needs an action; you have 0 left" in out
    assert "bob's research: 3 (a ship on the void)." in out
    assert "! Your 6 at e5 has already moved this turn." in out
    assert "bob's 1 at e4 attacks ann's 6 at e5: 4+1=5 against 6+6=12: ann's ship is destroyed." in out
    assert "bob's 1 advances into e5." in out and "Round 2: ann's turn" in out
    assert out.count("] !") == 3


def test_a_map_file_is_read_by_the_map_directive(tmp_path, monkeypatch):
    (tmp_path / "tiny.map").write_text("# two planets and the void\ncubes 2\n9S1 V 9S2\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out, status = run_text("@game quantum\n@map tiny.map\n@bots 2\n@seed 4\n")
    assert status == 0 and "2 cubes each to place" in out and "wins the game" in out


def test_a_malformed_map_file_stops_the_run_naming_the_line(tmp_path, monkeypatch):
    (tmp_path / "bad.map").write_text("9S1 V\n8 Q\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ScriptError, match=r"line 2: 'Q' is not a tile"):
        run_text("@game quantum\n@map bad.map\n@bots 2\n")
