"""Options that name a file (a Quantum map written by hand): the game checks the text, the shell
reads the file, and only where the player's own files are meant to be read (local play, command
files) -- never on the server."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine import Option, RuleError
from mud.shell.optfiles import MAX_BYTES, read_option_file
from mud.world import tablecmds
from mud.world.rooms import ROOMS
from tests.toygame import GAME as TOY


def accept_faces(text: str) -> str:
    value = text.strip()
    if value not in ("2", "3"):
        raise RuleError(f"line 1: faces must be 2 or 3, not '{value[:10]}'.")
    return value


FACES = Option("faces", ("6", "4"), "numbers from 1 to faces", file=True, accept=accept_faces)
TOY_FILE = dataclasses.replace(TOY, options=(FACES,))


def test_a_choice_needs_no_file():
    assert FACES.check("4") == "4"
    assert FACES.check(" 6 ", read=None) == "6"


def test_a_file_is_refused_where_files_are_not_read():
    with pytest.raises(RuleError, match="local play only"):
        FACES.check("my-faces.txt")


def test_a_file_is_read_and_its_text_checked_by_the_game():
    assert FACES.check("Faces.txt", read={"Faces.txt": "3\n"}.__getitem__) == "3"
    with pytest.raises(RuleError, match="line 1: faces must be 2 or 3"):
        FACES.check("bad.txt", read=lambda path: "9")


def test_an_option_without_files_names_its_choices_only():
    plain = Option("rules", ("full", "basic"))
    with pytest.raises(RuleError, match=r"rules is one of: full, basic\.$"):
        plain.check("maps/x.txt", read=lambda path: "x")


def test_reading_a_file_says_what_went_wrong_in_one_line(tmp_path):
    (tmp_path / "ok.txt").write_text("3\n", encoding="utf-8")
    (tmp_path / "big.txt").write_text("x" * (MAX_BYTES + 1), encoding="utf-8")
    (tmp_path / "bin.dat").write_bytes(b"\xff\xfe\x00bad")
    assert read_option_file("ok.txt", base=str(tmp_path)) == "3\n"
    assert read_option_file(str(tmp_path / "ok.txt")) == "3\n"
    for name, reason in (("missing.txt", "Cannot read the file 'missing.txt'"), ("big.txt", "too big"),
                         ("bin.dat", "not text"), (".", "is a folder")):
        with pytest.raises(RuleError, match=reason):
            read_option_file(name, base=str(tmp_path))


def test_start_at_a_table_reads_a_file_only_in_local_play(tmp_path, monkeypatch):
    (tmp_path / "Faces.TXT").write_text("2", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    room = ROOMS["observatory"]
    _, _, options, _ = tablecmds._start_options("faces=Faces.TXT", TOY_FILE, room, world_reads_files=True)
    assert options == {"faces": "2"}  # the file's name kept its case
    with pytest.raises(RuleError, match="local play only"):
        tablecmds._start_options("faces=Faces.TXT", TOY_FILE, room, world_reads_files=False)
