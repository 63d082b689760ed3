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


def test_the_crossroads_hint_names_only_the_roads_it_has(monkeypatch):
    """Issue 40, item 10: the hint read "Walk: n e s w u d" with no road down. It comes from the
    room's exits: the toy game of tests/toygame brings the Cellar, down from the Crossroads."""
    import games
    from mud.local.play import local_world
    from mud.world.rooms import HUB

    own = {name: module for name, module in games.CATALOGUE.items() if module != "tests.toygame"}
    monkeypatch.setattr(games, "CATALOGUE", own)  # (another test may have registered the toy for good)
    ann = local_world().connect("ann")
    assert ann.room == HUB
    without = hub.hint(ann.place())
    assert without.startswith("Walk: n e s w u, or go <room>.") and " d," not in without
    monkeypatch.setattr(games, "CATALOGUE", {**own, "toy": "tests.toygame"})
    assert hub.hint(ann.place()).startswith("Walk: n e s w u d, or go <room>.")
