"""Quantum's TUI board: the map drawn from the player's view (planets, the void, each ship its die
face in its owner's colour), a window of rows on maps taller than the panel, a ship selected by a
click or by typing and the squares it can reach marked, and a second click moving it -- with
Textual's Pilot on a local world, as 'mud play quantum' opens it."""

from __future__ import annotations

from rich.style import Style

from games import engine
from games.engine import Action, bot_rng
from mud.tui.boards import quantum as board
from mud.tui.boards import quantum as quantum_map
from mud.tui.levels import with_levels
from tests.games.quantum.fixtures import GAME, playing, put
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.tui_local import local_app


def view_of(state, who="ann"):
    return GAME.view(state, who)


def test_the_map_shows_planets_the_void_and_ships_by_face_and_colour():
    state = playing()
    put(state, "ann", 3, "d7")
    put(state, "bob", 5, "e5")
    text = quantum_map.render_map(view_of(state))
    lines = text.plain.splitlines()
    assert lines[0].split() == list("abcdefghi")
    assert lines[2].split()[0] == "2" and "9" in lines[2] and "10" in lines[2]  # b2 8, e2 9, h2 10
    row7, row5 = lines[7], lines[5]
    assert row7[3 + 3 * 4:3 + 4 * 4].strip() == "3" and row5[3 + 4 * 4:3 + 5 * 4].strip() == "5"
    styles = {text.plain[s.start:s.end].strip(): str(s.style) for s in text.spans if text.plain[s.start:s.end].strip()}
    assert styles["3"] == quantum_map.SEAT_STYLES[0] and styles["5"] == quantum_map.SEAT_STYLES[1]
    assert "~" in lines[4] and styles["~"] == quantum_map.VOID_STYLE


def test_a_selected_ship_marks_where_it_can_go_and_what_it_can_attack():
    state = playing()
    put(state, "ann", 2, "d7")
    put(state, "bob", 5, "d9")
    view = view_of(state)
    assert set(view["moves"]["d7"]) == {"d6", "d5", "c6", "e6", "c7", "b7", "e7", "f7", "d8", "c8"}
    text = quantum_map.render_map(view, "d7")
    assert text.plain.count("+") == len(view["moves"]["d7"]) and view["targets"]["d7"] == ["d9"]
    red = [text.plain[s.start:s.end].strip() for s in text.spans if str(s.style) == quantum_map.ATTACK_STYLE]
    assert red == ["5"]


def _family(style: str) -> str:
    """A style's background as a colour family: 'green' and 'bright_green' look alike on a terminal."""
    return Style.parse(style).bgcolor.name.replace("bright_", "")


def test_the_squares_a_ship_may_move_to_are_lit_in_a_colour_no_player_has():
    """Found in the first hour, round three (issue 40): the lit squares were the green of the
    fourth player's ships. They are lit in a colour of no seat, nor of a planet or an attack."""
    state = playing(("ann", "bob", "cid", "dan"), options={"map": "four"})
    for owner, value, square in (("ann", 2, "d7"), ("bob", 3, "a1"), ("cid", 4, "l12"), ("dan", 5, "k9")):
        put(state, owner, value, square)
    text = quantum_map.render_map(view_of(state), "d7", rows=13)
    cells = [(text.plain[s.start:s.end].strip(), str(s.style)) for s in text.spans if Style.parse(str(s.style)).bgcolor]
    lit = {_family(style) for shown, style in cells if shown == "+"}
    ships = {_family(style) for shown, style in cells if shown in ("2", "3", "4", "5")}
    assert ships == {_family(style) for style in quantum_map.SEAT_STYLES} and lit == {_family(quantum_map.MOVE_STYLE)}
    assert lit.isdisjoint(ships | {_family(quantum_map.PLANET_STYLE), _family(quantum_map.ATTACK_STYLE)})
    assert lit.isdisjoint(_family(style) for style in quantum_map.SEAT_STYLES)  # whoever sits in the fourth seat


def test_clicks_select_a_ship_then_move_or_attack():
    state = playing()
    put(state, "ann", 2, "d7")
    put(state, "bob", 5, "d9")
    view = view_of(state)
    x_of = lambda sq: quantum_map.LEFT + (ord(sq[0]) - ord("a")) * quantum_map.cell_width(view) + 1  # noqa: E731
    y_of = lambda sq: int(sq[1:])  # noqa: E731  (the header is row 0)
    assert board.click(view, "map", x_of("d9"), y_of("d9"), None) == (None, None)  # not mine
    selected, command = board.click(view, "map", x_of("d7"), y_of("d7"), None)
    assert (selected, command) == ("d7", None)
    assert board.click(view, "map", x_of("d6"), y_of("d6"), "d7") == (None, "move d7 d6")
    assert board.click(view, "map", x_of("d9"), y_of("d9"), "d7") == (None, "attack d7 d9")
    assert board.click(view, "map", x_of("d7"), y_of("d7"), "d7") == (None, None)
    assert board.click(view, "map", 0, 0, "d7") == (None, None)


def test_typing_a_ship_selects_it():
    state = playing()
    put(state, "ann", 2, "d7")
    put(state, "ann", 3, "a1")
    view = view_of(state)
    assert board.typed(view, "move d7", None) == "d7"
    assert board.typed(view, "move 3 to a2", None) == "a1"
    assert board.typed(view, "a1", None) == "a1"
    assert board.typed(view, "move 6", None) is None and board.typed(view, "", "a1") == "a1"  # Enter empties it


def test_a_tall_map_shows_a_window_of_rows_around_your_ships():
    state = playing(("ann", "bob", "cid", "dan"))
    put(state, "ann", 2, "h11")
    view = view_of(state)
    first, rows, header = quantum_map.window(view, None)
    assert (rows, header) == (board.HEIGHT - 1, False) and first + rows == 12
    lines = quantum_map.render_map(view).plain.splitlines()
    assert len(lines) == board.HEIGHT and lines[-1].startswith("12")
    assert lines[0].split()[:3] == ["a", "b", "c"]  # the column letters stay above a window of rows
    assert board.square_at(view, quantum_map.LEFT + 7 * 3, board.HEIGHT - 2, None) == "h11"


def test_the_fleets_panel_has_the_tracks_and_the_cards():
    state = playing()
    state.players["bob"].dominion = 4
    text = board.render_room(view_of(state), 30).plain
    assert "you" in text and "bob" in text and "D4" in text and "Gambits:" in text


async def test_a_new_player_plays_a_turn_by_clicks():
    app = local_app("quantum", "ann", 2, 3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.table
        for _ in range(6):  # the opening roll and the starting planet, answered by keys
            if table.state.phase == "play":
                break
            await pilot.press("1")
            await pilot.pause()
        assert table.state.phase == "play" and table.state.turn.player == "ann"
        view = table.game.view(table.state, "ann")
        ship = next(sq for sq, to in view["moves"].items() if to)
        where = view["moves"][ship][0]
        width = quantum_map.cell_width(view)
        at = lambda sq: (quantum_map.LEFT + (ord(sq[0]) - 97) * width + 1 + 2, int(sq[1:]) + 1)  # noqa: E731
        await pilot.click("#main", offset=at(ship))
        await pilot.pause()
        assert f"{ship} selected" in "\n".join(screen_lines(app)) and "+" in str(app.main_box.render())
        moves = len(table.log)
        await pilot.click("#main", offset=at(where))
        await pilot.pause()
        assert len(table.log) == moves + 1 and table.log[-1][1] == Action("move", (ship, where))
        assert any(f"> move {ship} {where}" in line for line in app.log_widget.plain_lines)


async def test_ann_plays_a_whole_game_by_keys_typed_lines_and_clicks():
    """ann plays as the normal bot would, through the TUI: answers by their number where the
    question row offers them, moves by two clicks on the map, the rest typed; the game ends with
    its banner."""
    seed = 6
    app = local_app("quantum", "ann", 2, seed)
    table = app.table
    rng, memory = bot_rng(seed, "ann"), {}
    how = {"keyed": 0, "typed": 0, "clicked": 0}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while not table.over:
            assert sum(how.values()) < 400, "the game should end well before this"
            assert "ann" in table.awaiting()
            view = table.game.view(table.state, "ann")
            action = GAME.bot_action(table.state, "ann", rng, "normal", memory)
            line = engine.command_line(action)
            before = len(table.log)
            choices = app.hint_bar.choices
            width = quantum_map.cell_width(view)
            if line in choices.values():
                await pilot.press(next(k for k, c in choices.items() if c == line))
                how["keyed"] += 1
            elif action.verb == "move" and quantum_map.window(view, action.args[0])[2] and sum(how.values()) % 2:
                at = lambda sq: (quantum_map.LEFT + (ord(sq[0]) - 97) * width + 1 + 2, int(sq[1:]) + 1)  # noqa: E731
                await pilot.click("#main", offset=at(action.args[0]))
                await pilot.pause()
                await pilot.click("#main", offset=at(action.args[1]))
                how["clicked"] += 1
            else:
                await type_line(pilot, line)
                how["typed"] += 1
            await pilot.pause()
            assert len(table.log) > before and table.log[before] == ("ann", action), (line, table.log[before:])
        await pilot.pause()
        assert all(how.values()), how
        assert any(line.startswith("*** Game over:") for line in app.log_widget.plain_lines)
        assert "Game over" in screen_lines(app)[0]


def test_a_click_on_a_planet_builds_when_the_question_offers_it():
    state = playing()
    put(state, "ann", 3, "b4")
    put(state, "ann", 4, "c5")
    view = view_of(state)
    assert ["Build b5", "build b5"] in [[str(label), line] for label, line in view["prompt"]["choices"]]
    x = quantum_map.LEFT + 1 * quantum_map.cell_width(view) + 1
    assert board.click(view, "map", x, 5, None) == (None, "build b5")
    assert board.click(view, "map", x, 2, None) == (None, None)  # b2: nothing offered there


def test_a_planet_shows_its_cubes_as_its_slots_in_their_owners_colours():
    state = playing()
    state.cubes["e2"] = ["bob"]  # 9: three slots over four characters (0, 0, 1, 2)
    state.cubes["h2"] = ["ann", "bob"]  # 10: four slots, one character each
    view = view_of(state)
    e2, h2 = quantum_map.planet_cell(view, "e2", 4), quantum_map.planet_cell(view, "h2", 4)
    assert e2.plain.strip() == "9" and h2.plain == " 10 "
    styles = lambda text: [str([sp.style for sp in text.spans if sp.start <= i < sp.end][-1])  # noqa: E731
                           for i in range(4)]
    assert styles(e2) == [quantum_map.cube_style(view, "bob")] * 2 + [quantum_map.PLANET_STYLE] * 2
    assert styles(h2) == [quantum_map.cube_style(view, "ann"), quantum_map.cube_style(view, "bob")] + [quantum_map.PLANET_STYLE] * 2


def test_the_turn_line_counts_one_action_in_the_singular():
    state = playing()
    state.turn.actions = 1
    assert "turn, 1 action left" in board.render_room(view_of(state), 40).plain
    state.turn.actions = 3
    assert "turn, 3 actions left" in board.render_room(view_of(state), 40).plain


def test_a_ship_named_alone_with_enter_is_selected_not_sent():
    """Found replaying the first hour: ``k6`` and ``move k6`` run with Enter answered "Unknown
    command 'k6'" and "Usage: move SHIP SQUARE", though docs/tui.md says they select the ship.
    They select it (the game is asked nothing) and say where it may go."""
    state = playing()
    put(state, "ann", 2, "d7")
    put(state, "bob", 5, "d9")
    view = view_of(state)
    for line in ("d7", "move d7", "move 2", " D7 "):
        selected, said = board.select_line(view, line)
        assert selected == "d7" and "may go to" in said and "attack d9" in said, line
    assert board.select_line(view, "d9") is None  # not ann's
    assert board.select_line(view, "move d7 d6") is None and board.select_line(view, "research") is None


def test_a_reachable_square_typed_alone_moves_or_attacks_the_selected_ship():
    state = playing()
    put(state, "ann", 2, "d7")
    put(state, "bob", 5, "d9")
    view = view_of(state)
    assert board.complete(view, "d6", "d7") == "move d7 d6"
    assert board.complete(view, "d9", "d7") == "attack d7 d9"
    assert board.complete(view, "a1", "d7") is None and board.complete(view, "d6", None) is None
    assert board.typed(view, "d", "d7") == "d7" and board.typed(view, "d6", "d7") == "d7"


async def test_typing_a_ship_then_a_square_with_enter_moves_it():
    app = local_app("quantum", "ann", 2, 3)
    state = app.table.state = playing(("ann", "bot1"))
    put(state, "ann", 2, "d7")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        moves = len(app.table.log)
        await type_line(pilot, "d7")
        await pilot.pause()
        assert app.selection == "d7" and len(app.table.log) == moves
        await type_line(pilot, "d6")
        await pilot.pause()
        text = "\n".join(app.log_widget.plain_lines)
        assert "Unknown command" not in text and "> move d7 d6" in text
        assert app.table.log[moves] == ("ann", Action("move", ("d7", "d6")))


def test_the_squares_a_question_offers_are_lit_on_the_map():
    """Found replaying the first hour: "[1] Place j4 ... [9] Place k7" over a map showing none of
    them. An Expansion's squares are lit ('*'); a Sabotage's enemy ships are red."""
    state = playing()
    state.cubes["e5"] = ["ann"]
    put(state, "ann", 2, "d4")
    put(state, "bob", 5, "d3")
    state.pending = [{"kind": "expansion", "card": "expansion"}]
    view = view_of(state)
    offered = [c.split()[1] for _l, c in view["prompt"]["choices"]]
    text = quantum_map.render_map(view)
    assert offered and text.plain.count("*") == len(offered)
    lit = [text.plain[s.start:s.end].strip() for s in text.spans if str(s.style) == quantum_map.MOVE_STYLE]
    assert lit == ["*"] * len(offered)
    state.pending = [{"kind": "sabotage", "card": "sabotage"}]
    text = quantum_map.render_map(view_of(state))
    red = [text.plain[s.start:s.end].strip() for s in text.spans if str(s.style) == quantum_map.ATTACK_STYLE]
    assert red == ["5"] and "*" not in text.plain
    assert "+" not in quantum_map.render_map(view_of(state)).plain


def test_the_fleets_panel_names_each_command_held_in_full():
    """Found replaying the first hour: "bot2·easy 2/5 D1 R4 rai" -- 'rai' said nothing. A command
    held is named whole, on the player's row or under it, and the panel keeps to its rows."""
    state = playing(("ann", "bob", "cid", "dan"))
    state.players["ann"].commands = ["tactician"]
    state.players["bob"].commands = ["raider", "swift"]
    text = board.render_room(view_of(state), 30, 11).plain
    rows = text.rstrip("\n").split("\n")
    assert "tactician" in text and "raider, swift" in text and "rai " not in text + " "
    assert len(rows) <= 11 and all(len(row) <= 30 for row in rows) and "…" not in text
    state = playing(("ann", "bot1", "bot2"))
    state.players["bot1"].commands, state.players["bot2"].commands = ["scholar"], ["stubborn"]
    shown = with_levels(board.render_room(view_of(state), 30, 11), {"bot1": "normal", "bot2": "strong"}, 30).plain
    assert "scholar" in shown and "stubborn" in shown and "…" not in shown  # a bot's level takes room too


def test_a_ship_with_many_squares_counts_them_rather_than_filling_the_log():
    """Found replaying the first hour: selecting a 5 named 47 squares over four rows of the log."""
    state = playing()
    put(state, "ann", 5, "e5")
    view = view_of(state)
    selected, said = board.select_line(view, "e5")
    assert len(view["moves"]["e5"]) > board.LISTED
    assert selected == "e5" and f"{len(view['moves']['e5'])} squares (lit on the map)" in said and len(said) < 150


def test_with_a_ship_selected_the_hint_says_where_it_may_go():
    state = playing()
    put(state, "ann", 2, "d7")
    view = view_of(state)
    said = board.selected_hint(view, "d7")
    assert said.startswith("Ship on d7 selected: click or type a lit square") and len(said) <= 78
    assert board.selected_hint(view, None) is None and board.selected_hint(view_of(state, "bob"), "d7") is None


def test_a_ship_of_yours_in_a_row_the_window_leaves_out_is_named_under_the_map():
    """Found replaying the first hour (four players, twelve rows): a ship sat in a hidden row."""
    state = playing(("ann", "bob", "cid", "dan"))
    put(state, "ann", 2, "h11")
    put(state, "ann", 3, "h10")
    put(state, "ann", 4, "b1")  # the window follows the middle of ann's ships: one of them is left out
    view = view_of(state)
    first, rows, _whole = quantum_map.window(view, None)
    hidden = board.out_of_view(view, first, rows)
    assert hidden and all(not first <= int(sq[1:]) - 1 < first + rows for sq in hidden)
    _title, sub, _map = board.main_panel(view, "map")
    assert sub.startswith("yours off the map's rows: " + hidden[0])
