"""The hint row at a game's room fits 78 columns (found replaying the first hour, issue 26: after
leaving a finished Dungeon Chess table the row read "...; say talks; e goe…")."""

from __future__ import annotations

from mud.tui import hub


def place(game: str, exit_: tuple[str, str]) -> dict:
    return {"game": game, "exits": dict([exit_]), "table": None}


def test_the_rooms_hint_fits_its_row_whole_with_the_way_back():
    for game, way in (("Dungeon Chess", "east"), ("Quest for Legend", "north"), ("Quantum", "down"), ("10x", "west")):
        text = hub.hint(place(game, (way, "the Crossroads")))
        assert len(text) <= hub.HINT_WIDTH, text
        assert text.startswith(f"sit opens or joins a {game} table") and "goes back to the Crossroads." in text
    assert "tables lists them" in hub.hint(place("Toy", ("down", "the Hall")))  # a short one keeps its words
