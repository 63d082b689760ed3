"""The TUI's palette (ctrl+p) names, summarises and runs a game's verbs in the words of the screen's
reader (issue 43): 'Passa' runs 'passa' for an Italian reader, 'Pass' runs 'pass' in English, and
every summary is a message (wholly marked in ``xx``)."""

from __future__ import annotations

import games
from mud.tui.boards import default
from mud.tui.words import speaking


def entries(game: str, lang: str) -> list[tuple[str, str, str]]:
    spec = games.get(game)
    with speaking(lang):
        return default.palette({}, spec, None)


def test_the_palette_names_and_runs_verbs_as_an_italian_reader_types_them():
    italian, english = entries("tenx", "it"), entries("tenx", "en")
    assert ("Pass", "pass") in [(title, command) for title, _help, command in english]
    assert ("Passa", "passa") in [(title, command) for title, _help, command in italian]
    summaries = dict((command, summary) for _title, summary, command in italian)
    assert summaries["passa"] != dict((c, s) for _t, s, c in english)["pass"]  # worded in Italian


def test_every_summary_in_the_palette_is_a_message():
    for game in games.names():
        for _title, summary, _command in entries(game, "xx"):
            assert summary.startswith("⟦") and summary.endswith("⟧"), (game, summary)
