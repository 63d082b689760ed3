"""`mud run --lang` (issue 43): an example's transcript read in Italian -- the labels and the run's own
lines in the mud catalogue's words, each event's text in the language -- and its JSON the same events
with the same data as the English run's, only ``text`` in the language."""

from __future__ import annotations

import json
from pathlib import Path

from mud.cli.main import main
from mud.local.script import run_script

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "quest-demo.mud"


def run(capsys, *flags: str) -> str:
    assert main(["run", str(EXAMPLE), *flags]) in (0, 1)
    return capsys.readouterr().out


def test_an_example_run_in_italian_labels_its_lines_in_italian(capsys):
    english, italian = run(capsys), run(capsys, "--lang", "it")
    assert "  [all] " in english and "  [all] " not in italian
    assert "  [tutti] " in italian
    assert len(english.splitlines()) == len(italian.splitlines())  # the same lines, worded otherwise


def test_the_json_of_an_italian_run_keeps_every_events_data(capsys):
    english = [json.loads(x) for x in run(capsys, "--json").splitlines()]
    italian = [json.loads(x) for x in run(capsys, "--json", "--lang", "it").splitlines()]
    assert len(english) == len(italian)
    for en, it in zip(english, italian):
        assert {k: v for k, v in en.items() if k != "text"} == {k: v for k, v in it.items() if k != "text"}


def test_a_missing_player_is_said_in_the_runs_language():
    out = run_script("@game quest\n@players alice,bob\n@seed 3\nzed> look\n", {"lang": "it"}).output()
    assert "riga 4: qui nessun giocatore si chiama 'zed'" in out
    out = run_script("@game quest\n@players alice,bob\n@seed 3\nzed> look\n").output()
    assert "line 4: no player called 'zed' here" in out
