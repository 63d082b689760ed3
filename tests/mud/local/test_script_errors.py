"""`mud run`'s complaints about a command file (ScriptError) are messages of the `mud` domain, worded
in the run's language: --lang or @lang once read, and for an error met before them (a directive that
does not exist, a bad @lang) --lang, else the terminal's locale. In the pseudo-language every one of
them is wholly marked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.words import render, said
from mud.cli.main import main
from mud.local.script import ScriptError, run_script


ROOT = Path(__file__).resolve().parents[3]
QUEST = "@game quest\n"
# a command file wrong in each way `mud run` refuses before playing (its settings, its seats)
BAD = [
    "@colour red\n",
    "@bots many\n",
    "@bots -1\n",
    "@players 1abc\n",
    "@level wild\n@bots 1\n",
    "@level easy,easy\n@bots 1\n",
    "@lang klingon\n",
    QUEST + "@variant hardcore\n",
    QUEST + "@rules nonsense\n",
    QUEST + "@players alice,alice\n",
    QUEST + "@players a,b,c,d,e,f,g\n",
    QUEST + "@players alice,bob\n@as carol\n",
]


def refusal(text: str, cli: dict | None = None) -> ScriptError:
    with pytest.raises(ScriptError) as refused:
        run_script(text, cli or {})
    return refused.value


def run_file(tmp_path, text: str, *flags: str) -> str:
    path = tmp_path / "bad.mud"
    path.write_text(text, encoding="utf-8")
    assert main(["run", *flags, str(path)]) == 2
    return path


def test_a_bad_directive_is_refused_in_italian_under_lang_it(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LANG", "C")
    run_file(tmp_path, "@colour red\nalice> look\n", "--lang", "it")
    err = capsys.readouterr().err
    assert err.startswith("mud run: riga 1: la direttiva '@colour' non esiste (quelle che esistono: game, ")
    run_file(tmp_path, "@colour red\n")
    assert capsys.readouterr().err.startswith("mud run: line 1: unknown directive '@colour' (known: game, ")


def test_an_error_before_the_language_is_read_follows_the_locale_without_lang(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    run_file(tmp_path, "@lang klingon\n")
    assert capsys.readouterr().err == "mud run: @lang dev'essere una di queste: en, it, non 'klingon'\n"


def test_once_the_file_says_its_language_the_errors_after_it_read_in_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LC_ALL", "C")
    run_file(tmp_path, "@lang it\n@bots many\n")
    assert capsys.readouterr().err == "mud run: @bots vuole un numero intero, non 'many'\n"
    run_file(tmp_path, QUEST + "@lang italiano\n@players a,b,c,d,e,f,g\n")
    assert capsys.readouterr().err == "mud run: A Quest giocano da 1 a 6 giocatori.\n"
    run_file(tmp_path, "@lang it\n@bots many\n", "--lang", "en")  # the command line wins over the file
    assert capsys.readouterr().err == "mud run: @bots needs a whole number, not 'many'\n"


@pytest.mark.parametrize("text", BAD)
def test_every_refusal_of_a_file_is_a_message_marked_whole_in_the_pseudo_language(text):
    refused = refusal(text)
    english, marked = str(said(refused)), render(said(refused), "xx")
    assert marked.startswith("⟦") and marked.endswith("⟧"), marked
    assert re.sub(r"⟦|⟧", "", marked) == english  # (the same words, only marked)
    assert render(said(refused), "it") != english, english  # and every one has its Italian


def test_where_strict_stopped_is_said_in_the_runs_language(capsys):
    demo = ROOT / "examples" / "quest-demo.mud"
    assert main(["run", "--seed", "1", "--strict", "--as", "alice", "--lang", "it", str(demo)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("mud run: --strict: fermato alla riga ") and "un comando di bob è stato rifiutato" in err
    assert main(["run", "--seed", "1", "--strict", "--lang", "it", str(demo)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("mud run: --strict: fermato alla riga ") and "bob> " in err and "line" not in err


def test_a_file_that_cannot_be_read_is_said_in_the_runs_language(tmp_path, capsys):
    assert main(["run", "--lang", "it", str(tmp_path / "missing.mud")]) == 2
    assert capsys.readouterr().err.startswith(f"mud run: impossibile leggere {tmp_path / 'missing.mud'}: ")


def test_mud_play_names_an_unknown_game_in_the_players_language(capsys):
    assert main(["play", "checkers", "--lang", "it"]) == 2
    err = capsys.readouterr().err  # (the catalogue's games: the five, and any a test registered)
    assert err.startswith("mud play: Il gioco 'checkers' non esiste. I giochi: quest, tenx, chess, legend, quantum")
