"""Issue 40, item 6: one command's help keeps its parts apart on every surface. 'help cast' in the
TUI read "Also: spell Examples: cast bolt at bob; cast sight C4": the log joins a help page's broken
sentences again (mud/tui/help_screen.hang), and "Also: spell" has no full stop. Checked for every
verb of every game, at a seat, watching, and in the game's room, at every width the log has."""

from __future__ import annotations

import re

import games
from mud.shell.help import help_lines
from mud.shell.table import Table
from mud.tui.help_screen import hang
from tests.seating import seated

LABELS = ("Usage:", "Also:", "Examples:")
WIDTHS = (36, 57, 76, 117)  # the log at 40, 60 and 80 columns, and a wide terminal


def _sessions(name: str):
    """A seat, a watcher, and someone standing in the game's room (before a match)."""
    spec = games.get(name)
    players = [f"p{i}" for i in range(spec.min_players)]
    match = Table(spec, players, [], seed=3)
    match.start()
    return seated(match, players[0], "onlooker")


def _every_verb(session) -> list[str]:
    return [verb.name for verb in session.ws.commands().verbs]


def test_help_cast_shows_its_other_names_and_its_examples_on_lines_of_their_own():
    seat = _sessions("quest")[0]
    lines = [line.text for line in seat.handle("help cast")]
    page = lines[lines.index(next(t for t in lines if t.startswith("cast:"))):]
    assert page[-2:] == ["Also: spell.", "Examples: cast bolt at bob; cast sight C4."]
    rows = hang(page, 76)
    assert rows[-2:] == page[-2:]


def test_every_verb_of_every_game_has_help_whose_parts_never_run_together():
    for name in games.CATALOGUE:
        for session in _sessions(name):
            for verb in _every_verb(session):
                page = help_lines(verb, session.ws.commands(), games.get(name))
                if verb in games.get(name).help:  # 'help consent': the topic's page, not the verb's
                    continue
                assert page[0].startswith(f"{verb}: "), (name, verb, page)
                assert all(line.endswith((".", "?", "!", ")")) for line in page), (name, verb, page)
                for width in WIDTHS:
                    rows = hang(page, width)
                    for label in LABELS:
                        run_on = [row for row in rows if label in row and not row.startswith(label)]
                        assert not run_on, (name, verb, width, run_on)
                    labelled = [row for row in rows if row.startswith(LABELS)]
                    assert len(labelled) == sum(line.startswith(LABELS) for line in page), (name, verb, rows)


def test_a_labelled_line_of_a_game_page_starts_a_row_and_a_sentence_broken_across_lines_is_joined():
    page = ["Quest for Legend - heroes race for Legend Points with missions and resources",
            "Cards: 20 missions (10 kinds, each twice) and 44 resources: I ship,",
            "A divine favour, C companions, E equipment."]
    rows = hang(page, 60)
    assert any(row.startswith("Cards: 20 missions") for row in rows) and not any("resources Cards" in row for row in rows)
    assert re.search(r"I ship, A divine", " ".join(rows))
