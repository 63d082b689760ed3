"""The line that says how to play a match again is a message (games/replay_hint.py): English as it
always read, Italian as an Italian player says it, every part of it marked in the pseudo-language --
and the session it is pushed to words it for its reader (`mud play --lang it`)."""

from __future__ import annotations

import games
from games.words import render
from mud.local.play import open_local

QUEST_FILE = {"map": "a map\nof two lines\n"}


def test_the_replay_line_reads_in_english_as_before_and_in_italian_naturally():
    quest, tenx = games.get("quest"), games.get("tenx")
    line = quest.replay("ann", 12, {"rules": "basic"}, 2)
    assert str(line) == "Labyrinth seed 12: 'mud play quest --players 2 --rules basic --seed 12' plays it again."
    assert render(line, "it") == ("Labirinto numero 12: per rigiocare questa partita, scrivi "
                                  "'mud play quest --players 2 --rules basic --seed 12'.")
    assert render(tenx.replay("ann", 3, {}, 4, "normal"), "it") == (
        "10x, partita numero 3: per rigiocare questa partita, scrivi 'mud play tenx --level normal --seed 3'.")


def test_an_option_read_from_a_file_is_named_in_the_readers_words_and_the_flags_around_it_stay():
    quantum = games.get("quantum")
    line = quantum.replay("ann", 3, {**QUEST_FILE, "zzz": "x"}, 2)
    assert "--map <your map file> --zzz x --seed 3" in str(line) and "of two lines" not in str(line)
    assert "--map <il tuo file map> --zzz x --seed 3" in render(line, "it")
    two = quantum.replay("ann", 3, {"a": "one\ntwo", "b": "three\nfour"}, 2, "strong")
    assert str(two).endswith("--a <your a file> --b <your b file> --level strong --seed 3' plays it again.")


def test_in_the_pseudo_language_every_part_of_the_line_is_marked():
    for line in (games.get("quest").replay("ann", 1, {}, 4), games.get("tenx").replay("ann", 1, {}, 2),
                 games.get("quantum").replay("ann", 1, QUEST_FILE, 2)):
        text = render(line, "xx")
        assert text.startswith("⟦") and text.endswith("⟧"), text
    assert "--map <your map file> --seed 1⟧' plays it again.⟧" in text  # (the file's words: a message too)


def test_mud_play_in_italian_shows_the_replay_line_in_italian(tmp_path):
    _, ws = open_local("ann", "tenx", 2, 5, {}, "easy", data=str(tmp_path), lang="it")
    lines = [line.text for line in ws.flush()]
    assert "10x, partita numero 5: per rigiocare questa partita, scrivi 'mud play tenx --players 2 --seed 5'." in lines
    _, en = open_local("bob", "tenx", 2, 5, {}, "easy", data=str(tmp_path / "en"), lang="en")
    assert "10x seed 5: 'mud play tenx --players 2 --seed 5' plays it again." in [line.text for line in en.flush()]
