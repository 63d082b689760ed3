"""The score screen puts every player's row first (issue 40, round three: at 80x24 with 4 players,
under a question, the panel was cut after two players, "... more: score", while the rule's reminder
kept its row at the top). The reminder now lives in the heading's first column: "* at 7, end 10"."""

from __future__ import annotations

from games.words import worded
import games
from games.tenx import show

GAME = games.get("tenx")


def test_the_players_rows_come_right_under_the_heading_and_the_reminder_after_them():
    names = ["ann", "bob", "cy", "dee"]
    state = GAME.new_match(names, 3, {})
    lines = worded(show.render_score(GAME.view(state, "ann")), "en")
    assert "pts" in lines[0] and "cards" in lines[0]
    assert sorted(line.split()[0] for line in lines[1:5]) == sorted(names)
    # the rule's reminder is the heading's first column, so no row of its own can push a player off
    assert lines[0].lstrip().startswith("* at ")
    assert len(lines) == 5
