"""Dungeon Chess in the TUI (Textual's Pilot at 80x24): the board with coordinates and every piece,
a piece selected by typing or by a click lights its destinations, a second click plays the move,
F2 shows the captured pieces and chests, and nobody else's secret target reaches the screen."""

from __future__ import annotations

from games.engine import Action
from mud.tui.boards import chess as board
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.tui_local import local_app


def make_app():
    return local_app("chess", "ann", players=2, seed=4)  # ann (South) moves first


def offset(square: str) -> tuple[int, int]:
    """Where to click on #main for a square: its border and padding come before the content."""
    x = board.LEFT + "abcdefghij".index(square[0]) * board.CELL + 1
    y = board.SIZE - int(square[1:])
    return x + 2, y + 1


def test_cells_map_to_squares_and_labels_to_nothing():
    assert board.square_at(3, 0) == "a10" and board.square_at(41, 9) == "j1" and board.square_at(19, 8) == "e2"
    assert board.square_at(2, 5) is None and board.square_at(10, 10) is None and board.square_at(43, 3) is None


def test_click_selects_a_movable_piece_then_plays_a_lit_square():
    view = {"moves": {"e2": ["e3", "e4"]}}
    assert board.click(view, "board", 19, 8, None) == ("e2", None)
    assert board.click(view, "board", 19, 6, "e2") == (None, "move e2 e4")
    assert board.click(view, "board", 3, 3, "e2") == (None, None)
    assert board.click(view, "captured", 19, 8, None) == (None, None)


def test_typing_selects_by_keyboard():
    view = {"moves": {"e2": ["e3"], "f1": ["g2"]}}
    assert board.typed(view, "move e2", None) == "e2"
    assert board.typed(view, "move f1-", None) == "f1"
    assert board.typed(view, "e2", None) == "e2"
    assert board.typed(view, "move e7", "e2") is None
    assert board.typed(view, "say hi", "e2") is None


async def test_the_board_keys_and_mouse_play_a_move():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")  # keep the first secret target
        await pilot.pause()
        lines = screen_lines(app)
        assert all(len(line) <= 80 for line in lines)
        text = "\n".join(lines)
        assert "10 " in text and " a   b   c   d   e   f   g   h   i   j" in text
        assert "Gk" in text and "()" in text and "[]" in text
        assert "sM " in text and "nM " in text  # each piece with its side's letter, not its colour alone
        table = app.table
        bot_target = table.state.target["bot1"]
        assert f"#{bot_target} " not in text or bot_target in table.state.dealt["ann"]
        for ch in "move e2":
            await pilot.press("space" if ch == " " else ch)
        await pilot.pause()
        assert app.selection == "e2" and "e2 selected" in str(app.main_box.border_title)
        for _ in "move e2":
            await pilot.press("backspace")
        moves = len(table.log)
        await pilot.click("#main", offset=offset("e2"))
        await pilot.pause()
        assert app.selection == "e2"
        await pilot.click("#main", offset=offset("e5"))
        await pilot.pause()
        assert table.state.board[44] is not None and table.state.board[44][:2] == ("ann", "Gk")
        assert len(table.log) >= moves + 2  # ann's move, and the bot's answer
        assert app.selection is None
        await pilot.press("f2")
        await pilot.pause()
        assert "Captured and chests" in str(app.main_box.border_title)


async def test_a_whole_game_by_mouse_and_keys():
    """ann plays every move: by two clicks, or typed; the normal bot answers; to the end."""
    from tests.mud.tui.test_app import type_line
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        turns = 0
        while not app.table.over and turns < 200:
            view = app.link.game_view()
            assert view["turn"] == "ann" and view["moves"], view["turn"]
            frm, tos = sorted(view["moves"].items())[turns % len(view["moves"])]
            before = len(app.table.log)
            if turns % 2 == 0:
                await pilot.click("#main", offset=offset(frm))
                await pilot.click("#main", offset=offset(tos[-1]))
            else:
                await type_line(pilot, f"move {frm}-{tos[-1]}")
            await pilot.pause()
            assert len(app.table.log) > before
            turns += 1
        assert app.table.over
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Game over" in text or "won" in text


def test_the_hint_fits_one_row_with_or_without_a_ransom_to_offer():
    view = {"you": "ann", "over": False, "phase": "play", "turn": "ann", "awaiting": [], "ransoms": [],
            "moves": {"j10": ["j9", "j8"]}}
    for ransoms in ([], ["mage"]):
        text = board.hint(view | {"ransoms": ransoms})
        assert len(text) <= 78 and text.startswith("Your move: click a piece")
    assert "ransom" in board.hint(view | {"ransoms": ["mage"]})


def test_the_hints_typed_move_is_one_the_player_can_make():
    """Found replaying the first hour: the hint said 'move e2 e5' after that piece had left e2."""
    view = {"you": "ann", "over": False, "phase": "play", "turn": "ann", "awaiting": ["ann"], "ransoms": [],
            "moves": {"e2": [], "e5": ["e6", "e7"]}}
    assert board.hint(view).endswith("(or type 'move e5 e6').")
    assert "type" not in board.hint(view | {"moves": {}})


async def test_move_and_a_square_run_with_enter_keeps_the_piece_selected_and_its_moves_lit():
    """Issue 26, item 7: ``move e2`` then Enter lights up e2's destinations, keeps it selected and
    asks the game nothing (it answered "Usage: move STEP | move SQUARE TO"); a click on a lit
    square then plays the move."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        moves = len(app.table.log)
        square = sorted(app.link.game_view()["moves"])[0]
        await type_line(pilot, f"move {square}")
        await pilot.pause()
        text = "\n".join(app.log_widget.plain_lines[-2:])
        assert "Usage" not in text and f"on {square} selected" in text
        assert app.selection == square and f"{square} selected" in str(app.main_box.border_title)
        assert len(app.table.log) == moves and app.command_line.value == ""
        goes = app.link.game_view()["moves"][square]
        await pilot.click("#main", offset=offset(goes[-1]))
        await pilot.pause()
        assert len(app.table.log) > moves and app.selection is None


def test_a_piece_on_an_entry_or_teleport_square_keeps_the_squares_mark():
    view = {"board": {"e1": ("ann", "G"), "a4": ("ann", "Gk"), "c3": ("ann", "M")},
            "sides": {"ann": "S"}, "entries": {"S": ["e1"]}, "teleports": {"S": ["a4"]}, "moves": {}}
    rows = board.render_board(view).plain.split("\n")
    assert "sG ]" in rows[9] and "sGk)" in rows[6] and "sM " in rows[7]


def test_the_targets_are_wrapped_whole_in_the_side_panel_not_cut():
    """Issue 26, item 10: "#4 Hold 2 or more enemy Figh…" -- a target's words are what it asks."""
    view = make_app().link.game_view()
    dealt = view["me"]["dealt"]
    text = board.render_room(view, 30, 11).plain
    assert "…" not in text and len(text.rstrip("\n").split("\n")) <= 11
    flat = " ".join(text.split())
    assert all(f"#{t['number']} {t['text']} (+{t['bonus']})" in flat for t in dealt)


def test_a_full_side_panel_still_fits_its_rows():
    view = local_app("chess", "ann", players=4, seed=4).link.game_view()
    text = board.render_room(view, 30, 11).plain.rstrip("\n").split("\n")
    assert len(text) <= 11 and all(len(line) <= 30 for line in text)
    # a target cut to its last row reads on as one line ("enemy    F…" showed the wrap's indent)
    view = local_app("chess", "ann", players=4, seed=5).link.game_view()
    text = board.render_room(view, 30, 11).plain.rstrip("\n").split("\n")
    assert text[-1].startswith(" #4 Hold 2 or more enemy F") and "  " not in text[-1].strip()


def test_captured_names_continue_under_the_first_not_at_the_left_edge():
    """Issue 26, item 11: "Kor⏎Warrior" wrapped with no indent in the captured panel."""
    view = {"order": ["ann", "bot1"], "sides": {"ann": "S", "bot1": "N"}, "chests": {"ann": 1, "bot1": 0},
            "held": {"ann": [("bot1", "Gk")] * 4 + [("bot1", "L")], "bot1": []}}
    rows = board.render_captured(view, 42).plain.rstrip("\n").split("\n")
    assert all(len(row) <= 42 for row in rows)
    held = [row for row in rows if "Kor" in row or "Warrior" in row or "Fighter" in row]
    assert held[0].startswith("  holds: Kor Warrior") and len(held) > 1
    assert all(row.startswith(" " * len(board.HOLDS)) for row in held[1:])
    assert not any(row.startswith("Warrior") for row in rows)


def test_a_lit_square_typed_alone_is_the_move_there():
    """Found replaying the first hour: with e1 selected, typing ``g3`` (a lit square) answered
    "Unknown command 'g3'" and let the piece go. A lit square typed alone plays the move, as a
    click on it does; typing it keeps the selection, letter by letter."""
    view = {"moves": {"e1": ["f2", "g3"], "d1": ["c1"]}}
    assert board.complete(view, "g3", "e1") == "move e1 g3"
    assert board.complete(view, " G3 ", "e1") == "move e1 g3"
    assert board.complete(view, "c1", "e1") is None and board.complete(view, "g3", None) is None
    assert board.complete(view, "say g3", "e1") is None
    assert board.typed(view, "g", "e1") == "e1" and board.typed(view, "g3", "e1") == "e1"
    assert board.typed(view, "d1", "e1") == "d1" and board.typed(view, "x", "e1") is None


async def test_a_piece_then_a_lit_square_typed_with_enter_plays_the_move():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        view = app.link.game_view()
        square, goes = next((sq, to) for sq, to in sorted(view["moves"].items()) if to)
        moves = len(app.table.log)
        await type_line(pilot, square)
        await pilot.pause()
        assert app.selection == square and len(app.table.log) == moves
        await type_line(pilot, goes[-1])
        await pilot.pause()
        text = "\n".join(app.log_widget.plain_lines)
        assert "Unknown command" not in text and f"> move {square} {goes[-1]}" in text
        assert app.table.log[moves] == ("ann", Action("move", (square, goes[-1])))


def test_what_a_player_holds_is_never_cut_in_the_side_panel():
    """Found replaying the first hour: "6 on board, 2 ch; holds Gk…" -- the pieces held are what
    the score counts; they go on under "holds" rather than end in "…"."""
    held = [("bot1", "Gk"), ("bot1", "G"), ("bot1", "M"), ("bot1", "L"), ("bot1", "L")]
    view = {"you": "ann", "order": ["ann", "bot1"], "sides": {"ann": "S", "bot1": "N"}, "turn": "ann",
            "over": False, "points": {"ann": 30, "bot1": 10}, "counts": {"ann": 6, "bot1": 1},
            "chests": {"ann": 2, "bot1": 0}, "held": {"ann": held, "bot1": []}}
    rows = board.render_players(view, 30).plain.rstrip("\n").split("\n")
    assert "…" not in "".join(rows) and all(len(row) <= 30 for row in rows)
    ann = rows[1:rows.index(next(r for r in rows if "bot1" in r))]
    assert " ".join(" ".join(ann).split()).endswith("holds Gk G M L L")
    assert len(ann) > 1 and all(row.startswith(board.HELD_MORE) and row.strip() for row in ann[1:])


def test_the_game_over_hint_speaks_to_the_winner():
    """Found replaying the first hour: the banner said "You win!" and the row under it "root won"."""
    view = {"you": "ann", "over": True, "winners": ["ann"]}
    assert board.hint(view).startswith("Game over: You win.")
    assert board.over_hint(view, True) == "Type 'leave' to get up, or 'sit' for a new table."  # who: the log, the bar
    assert board.over_hint(view | {"you": None}, True) == "Type 'leave' to stop watching."
    assert board.hint(view | {"winners": ["bot1"]}).startswith("Game over: bot1 wins.")


def test_a_lit_teleport_square_keeps_its_mark():
    """Found replaying the first hour: with e2 selected, the teleport square c2 lit as a bare '·'."""
    view = {"board": {"e2": ("ann", "Gk")}, "sides": {"ann": "S"}, "entries": {"S": ["e1"]},
            "teleports": {"S": ["c2"]}, "moves": {"e2": ["d2", "c2"]}}
    row2 = board.render_board(view, "e2").plain.split("\n")[8]
    assert " (·)" in row2 and "  · " in row2


async def test_with_a_piece_selected_the_hint_says_where_it_may_go():
    """Found replaying the first hour: with a piece selected, the hint row still said "click a piece"."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert "click a piece" in screen_lines(app)[-3]
        square = sorted(app.link.game_view()["moves"])[0]
        await type_line(pilot, f"move {square}")
        await pilot.pause()
        row = screen_lines(app)[-3]
        goes = app.link.game_view()["moves"][square][0]
        assert f"{square} selected: click or type a lit square ('{goes}')" in row and "click a piece" not in row
        assert len(row.rstrip()) <= 80
