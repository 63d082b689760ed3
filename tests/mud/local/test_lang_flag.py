"""The language chosen on the command line (issue 43): `mud play --lang it` (else the terminal's
locale), `mud run --lang it` or `@lang it` (else English, whatever the locale: a transcript reads the
same on every machine); a language we do not have is refused before anything runs."""

from __future__ import annotations

import pytest

from mud.cli.main import main, parse_args
from mud.local.play import open_local, open_tutorial
from mud.local.script import ScriptError, run_script, run_text

SCRIPT = "@game quest\n@players alice,bob\n@seed 3\nalice: look\n"


def test_run_reads_the_flag_or_the_directive_for_every_player():
    assert {ws.lang for ws in run_script(SCRIPT, {"lang": "it"}).sessions.values()} == {"it"}
    assert {ws.lang for ws in run_script("@lang italiano\n" + SCRIPT).sessions.values()} == {"it"}
    assert {ws.lang for ws in run_script("@lang it\n" + SCRIPT, {"lang": "en"}).sessions.values()} == {"en"}
    with pytest.raises(ScriptError, match="@lang must be one of en, it, not 'klingon'"):
        run_script("@lang klingon\n" + SCRIPT)


def test_run_ignores_the_locale_so_its_transcript_is_the_same_everywhere(monkeypatch):
    english = run_text(SCRIPT)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")
    assert run_text(SCRIPT) == english
    assert {ws.lang for ws in run_script(SCRIPT).sessions.values()} == {"en"}


def test_a_language_we_do_not_have_is_refused_on_the_command_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["run", "--lang", "fr", "--bots", "2"])
    assert stop.value.code == 2 and "a language is en, it" in capsys.readouterr().err
    assert parse_args(["play", "--lang", "it_IT.UTF-8"]).lang == "it"
    assert parse_args(["play"]).lang is None


def test_play_takes_the_flag_else_the_locale(tmp_path):
    _, ws = open_local("ann", "quest", None, 5, {}, "easy", data=str(tmp_path / "a"), lang="it")
    assert ws.lang == "it"
    _, ws = open_local("ann", "quest", None, 5, {}, "easy", data=str(tmp_path / "b"), hint="it")
    assert ws.lang == "it"
    _, ws = open_local("ann", "quest", None, 5, {}, "easy", data=str(tmp_path / "c"), lang="en", hint="it")
    assert ws.lang == "en"
    _, ws = open_local("ann", "quest", None, 5, {}, "easy", data=str(tmp_path / "d"))
    assert ws.lang == "en"
    assert open_tutorial("ann", None, "it")[1].lang == "it"
