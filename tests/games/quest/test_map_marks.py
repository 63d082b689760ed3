"""Map glyphs never collide (issue 15): you are always visible when you share a room, a key on the
floor is not hidden by a player's mark, notes show on the map, and the line-mode map tells the bots
apart -- on the plain map (games/quest/show.py) and the TUI's (mud/tui/boards/quest.py) alike."""

from __future__ import annotations

from games.quest import GAME, show
from mud.tui.boards import quest as tui_map
from tests.games.quest.fixtures import new, place, room

BOTS = ("ann", "bot1", "bot2", "bot3")


def setting():
    """ann on B2 (a forest she knows), bot1 with her; bot2 alone on D4 by the gold key; bot3 on E8."""
    s = new(BOTS)
    room(s, "B2", "forest", 2)
    place(s, "ann", "B2")
    place(s, "bot1", "B2")
    place(s, "bot2", "D4")
    place(s, "bot3", "E8")
    s.floor_keys = {"gold": "D4", "silver": "A1"}
    s.players["ann"].notes = {"C6": "dragon?"}
    return s


def plain_cells(view) -> dict[str, str]:
    lines = show.render_map(view)
    cells = {}
    for ri, r in enumerate("ABCDE"):
        line = lines[1 + 2 * ri]
        for i in range(8):
            cells[f"{r}{i + 1}"] = line[3 + 5 * i:3 + 5 * i + 4]
    return cells


def tui_cells(view) -> dict[str, str]:
    lines = tui_map.render_map(view).plain.split("\n")
    cells = {}
    for ri, r in enumerate("ABCDE"):
        line = lines[1 + 2 * ri]
        for i in range(8):
            start = tui_map.LEFT + tui_map.STEP * i
            cells[f"{r}{i + 1}"] = line[start:start + 4]
    return cells


def test_you_are_visible_in_a_shared_room_and_a_key_beside_a_player():
    view = GAME.view(setting(), "ann")
    for cells in (plain_cells(view), tui_cells(view)):
        assert cells["B2"] == "@1  "  # ann and bot1 share B2: both marks
        assert cells["D4"] == "2k  "  # bot2 and the gold key: both shown
        assert cells["A1"].endswith("k")  # a key alone: after the label
        assert cells["C6"].endswith("*")  # ann's note
        assert cells["E8"].endswith("3")


def test_the_plain_map_tells_the_bots_apart_and_says_which_mark_is_whom():
    view = GAME.view(setting(), "ann")
    marks = show.player_marks(view)
    assert marks == {"ann": "@", "bot1": "1", "bot2": "2", "bot3": "3"}
    text = "\n".join(map(str, show.render_map(view)))
    assert "@ you, 1 bot1, 2 bot2, 3 bot3; k a key on the floor, * your note." in text
    assert plain_cells(view)["D4"] == "2k  "


def test_marks_never_look_like_a_door_glyph():
    s = new(("ann", "ogre", "wolf", "xena", "rex"))
    marks = show.player_marks(GAME.view(s, "ann"))
    assert len(set(marks.values())) == 5
    assert not set(marks.values()) & set("=oxwrGSBgsbOXk*+?")


def test_a_crowd_too_big_for_the_cell_becomes_plus():
    s = setting()
    place(s, "bot2", "B2")
    place(s, "bot3", "B2")
    s.floor_keys = {"gold": "B2"}
    view = GAME.view(s, "ann")
    assert plain_cells(view)["B2"] == "@+k " == tui_cells(view)["B2"]


async def test_the_tui_map_at_80x24_shows_you_beside_a_player_who_shares_your_room():
    from tests.mud.tui.test_app import map_cells_on_screen
    from tests.tui_local import local_app
    app = local_app("quest", "ann", 4, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        state = app.table.state
        here = state.players["ann"].pos
        state.players["bot1"].pos = here
        app.table.forget_views()  # (a state set by hand, not a move: the table's views are built again)
        app.pump()  # news: the panels drawn again from a new snapshot (they draw the last one only)
        await pilot.pause()
        assert map_cells_on_screen(app)[here].startswith("@1")


def big_cells(view) -> dict[str, tuple[str, str]]:
    """Room -> the big map's two lines of its cell (name; difficulty and marks)."""
    lines = tui_map.render_map(view, scale=2).plain.split("\n")
    cells = {}
    for ri, r in enumerate("ABCDE"):
        for i in range(8):
            start = tui_map.LEFT + (tui_map.BIG_CELL + tui_map.BIG_DOOR) * i
            cells[f"{r}{i + 1}"] = tuple(lines[1 + 3 * ri + k][start:start + tui_map.BIG_CELL].rstrip() for k in (0, 1))
    return cells


def test_the_big_map_keeps_a_crowded_rooms_name_beside_every_mark():
    view = GAME.view(setting(), "ann")
    cells = big_cells(view)
    assert cells["B2"] == ("Forest", "2 @1")  # ann's forest: its name, difficulty, ann and bot1
    assert cells["D4"][0].strip() == "?" and cells["D4"][1].strip() == "2k"  # unseen: a ?, yet bot2 and the key
    assert cells["C6"][1].endswith("*") and cells["E8"][1].strip() == "3"
    text = tui_map.render_map(view, scale=2).plain
    assert len(text.split("\n")) == 15 and max(map(len, text.split("\n"))) <= tui_map.BIG_WIDTH
