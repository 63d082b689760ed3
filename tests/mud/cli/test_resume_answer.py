"""`mud play`'s resume question read in Italian (issue 43): "Riprendere ...? [Invio: sì / n: no]" takes
s, si and sì as yes, and asks again in the reader's language; English answers keep working."""

from __future__ import annotations

import pytest

from mud.cli import main as cli


@pytest.mark.parametrize("said", ["s", "si", "sì", "SÌ", "", "y"])
def test_an_italian_yes_resumes(monkeypatch, said):
    monkeypatch.setattr("builtins.input", lambda q: said)
    assert cli._ask("Riprendere Quest? [Invio: sì / n: no] ", lang="it") is True


def test_a_word_neither_yes_nor_no_is_asked_again_in_the_readers_language(monkeypatch):
    shown, answers = [], ["forse", "n"]
    monkeypatch.setattr("builtins.input", lambda q: shown.append(q) or answers.pop(0))
    assert cli._ask("Riprendere Quest? [Invio: sì / n: no] ", lang="it") is False
    assert shown[1] != "Answer y (resume it), n (set it aside and start anew) or quit: "
    assert "esci" in shown[1]


def test_esci_leaves_at_the_question(monkeypatch):
    monkeypatch.setattr("builtins.input", lambda q: "esci")
    with pytest.raises(cli.LeftAtQuestion):
        cli._ask("Riprendere Quest? [Invio: sì / n: no] ", lang="it")
