"""Pilot tests of the Textual TUI: a whole basic game typed at the command line, and the command
line's history, completion and errors, at 80x24. The map is checked against the player's own view
(and the hidden state) so a room the player has not seen is never drawn."""

from __future__ import annotations

import random

from textual import events

from games.quest.bots import bot_action
from games.quest.data import MAP_CODE
from mud.tui.boards import quest as mapview
from tests.tui_local import LocalApp, local_app

SIZE = (80, 24)


def make_app(seed: int = 5) -> LocalApp:
    return local_app("quest", "hero", 4, seed)


async def type_line(pilot, text: str, enter: bool = True) -> None:
    """Type a line as key events, then Enter with ``pilot.press`` (which waits until the app has
    handled every key). The keys go through the app's queue like a terminal's; only Pilot's pause
    after each key is skipped, which keeps a whole typed game fast."""
    for ch in text:
        pilot.app.post_message(events.Key("space" if ch == " " else ch, ch))
    if enter:
        await pilot.press("enter")
    else:
        await pilot.pause()


def screen_lines(app: LocalApp) -> list[str]:
    """The screen as plain text lines, as the terminal would show it now."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def map_cells_on_screen(app: LocalApp) -> dict[str, str]:
    """Room -> the label the map panel shows on screen (found from the row letters A-E)."""
    lines = screen_lines(app)
    cells = {}
    for row in "ABCDE":
        line = next(s for s in lines if s.startswith(f"│ {row} "))
        for i in range(8):
            start = 2 + mapview.LEFT + mapview.STEP * i
            cells[f"{row}{i + 1}"] = line[start:start + 3].strip()
    return cells


# --- a whole game ----------------------------------------------------------------------------------

async def test_whole_basic_game_typed_at_the_command_line():
    seed = 3
    app = make_app(seed)
    rng = random.Random(seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session, table = app.session, app.table
        typed = 0
        while not table.over:
            assert table.awaiting() == ["hero"], "bots play at once: only the human can be awaited"
            await type_line(pilot, str(bot_action(session.view(), rng)))
            typed += 1
            assert typed < 400, "the game should end well before this"
            assert app.focused is app.command_line
        await pilot.pause()
        view = session.view()
        winner = view["winner"]
        assert winner in table.players
        who = "You win" if winner == "hero" else f"{winner} wins"
        said = [line for line in app.log_widget.plain_lines if "Game over" in line]
        assert len(said) == 1 and who.lower() in said[0].lower() and "Type 'leave' to get up" in said[0]
        screen = "\n".join(screen_lines(app))
        assert "Type 'leave' to get up, or 'sit' for a new table." in screen  # the row above the command line
        assert "Map (revealed)" in screen
        assert "?" not in "".join(map_cells_on_screen(app).values())  # the whole map is revealed


# --- the command line ------------------------------------------------------------------------------

async def test_up_and_down_recall_earlier_commands():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await type_line(pilot, "look")
        await type_line(pilot, "who")
        await type_line(pilot, "sco", enter=False)  # a draft, kept while browsing
        cmd = app.command_line
        await pilot.press("up")
        assert cmd.value == "who"
        await pilot.press("up")
        assert cmd.value == "look"
        await pilot.press("up")
        assert cmd.value == "look"  # the oldest stays
        await pilot.press("down")
        assert cmd.value == "who"
        await pilot.press("down")
        assert cmd.value == "sco"
        await pilot.press("enter")
        assert cmd.history == ["look", "who", "sco"]


async def test_tab_completes_verbs_directions_and_players():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        cmd = app.command_line
        await type_line(pilot, "mo", enter=False)
        await pilot.press("tab")
        assert cmd.value == "move "
        await type_line(pilot, "ea", enter=False)
        await pilot.press("tab")
        assert cmd.value == "move east "
        cmd.value = ""
        await pilot.press("tab")
        assert cmd.value == ""  # an empty line: Tab lists the verbs, fills in none
        assert "Tab: act  allow" in str(app.hint_bar.render())
        await type_line(pilot, "give bo", enter=False)
        await pilot.press("tab")
        assert cmd.value == "give bot"  # the common prefix of bot1, bot2, bot3
        assert "bot1" in str(app.hint_bar.render()) and "bot3" in str(app.hint_bar.render())
        await pilot.press("tab")
        assert cmd.value == "give bot"  # nothing more in common: the candidates are only listed
        await pilot.press("tab")
        assert cmd.value == "give bot1"
        await pilot.press("tab")
        assert cmd.value == "give bot2"
        assert app.focused is cmd  # Tab completes; it never moves the focus


async def test_bad_input_answers_with_one_red_line():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        before = len(app.log_widget.plain_lines)
        await type_line(pilot, "mvoe n")
        new = app.log_widget.plain_lines[before:]
        assert len(new) == 2 and new[0] == "> mvoe n"
        assert new[1].startswith("Unknown command 'mvoe'.") and "move" in new[1]
        assert app.log_widget.style_for("error", new[1]) == "bold red"
        assert any(new[1] in line for line in screen_lines(app))  # one line, whole, on screen


async def test_quit_leaves_the_app():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await type_line(pilot, "quit")
        await pilot.pause()
        await pilot.press("y")  # the game is on: it asks first
        await pilot.pause()
    assert app.return_code == 0
    assert app.link.closed


# --- the map never shows what the player has not seen ---------------------------------------------

async def test_map_shows_question_marks_for_rooms_not_seen():
    app = make_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for line in ("peek", "move n", "move e", "stop"):
            view = app.session.view()
            hidden = app.table.view(None)["rooms"]
            cells = map_cells_on_screen(app)
            for room, label in cells.items():
                known = view["rooms"].get(room)
                if known:
                    assert label == f"{MAP_CODE[known['location']]}{known['difficulty']}"
                else:
                    assert label == "?", f"{room} is drawn though the player has not seen it"
                    real = hidden[room]
                    assert label != f"{MAP_CODE[real['location']]}{real['difficulty']}"
            assert sum(label != "?" for label in cells.values()) == len(view["rooms"])
            await type_line(pilot, line)
        assert 1 <= len(app.session.view()["rooms"]) < 40


def test_markers_tell_players_apart():
    view = {"you": "hero", "order": ["bot2", "hero", "bot1", "alice", "bob"]}
    marks = mapview.markers(view)
    assert marks["hero"] == "@"
    assert marks["alice"] == "A" and marks["bot1"] == "1" and marks["bot2"] == "2"
    assert len(set(marks.values())) == len(marks)


# --- sizes, keys and panels ------------------------------------------------------------------------

async def test_80x24_keys_and_screens_do_not_crash():
    app = make_app(seed=7)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):  # a loaded machine draws the footer a round or two after the first pause
            await pilot.pause()
            if "Help" in screen_lines(app)[-1]:
                break
        lines = screen_lines(app)
        assert len(lines) == 24 and all(len(line) == 80 for line in lines)
        text = "\n".join(lines)
        assert "Your map" in text and "Help" in text and "Quit" in text
        for line in ("help", "commands", "look", "map", "ledger", "score", "inventory", "who", "say hi",
                     "x" * 1200, "", "peek"):
            await type_line(pilot, line)
        assert "Ledger" in "\n".join(screen_lines(app))  # typed 'ledger' shows it in the map's place
        await pilot.press("f2")
        assert "Your map" in "\n".join(screen_lines(app))
        await pilot.press("f1")
        assert "Keys" in "\n".join(screen_lines(app))
        await pilot.press("escape")
        await pilot.press("pageup", "pagedown")
        assert app.focused is app.command_line
        await pilot.resize_terminal(140, 45)
        await pilot.pause()
        assert "Your map" in "\n".join(screen_lines(app))
        await pilot.resize_terminal(60, 18)  # too small to be pretty, but it must not crash
        await pilot.pause()


async def test_status_bar_marks_my_turn():
    app = make_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.table.awaiting() == ["hero"]
        assert app.status_bar.has_class("mine")
        assert "Round 1: hero" in "\n".join(screen_lines(app)[:1])  # rounds of the table (issue 40)


async def test_command_palette_runs_a_game_command():
    app = make_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = len(app.log_widget.plain_lines)
        await pilot.press("ctrl+p")
        await type_line(pilot, "Peek", enter=False)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert "> peek" in app.log_widget.plain_lines[before:]
        assert app.command_line.history[-1] == "peek"
        assert app.focused is app.command_line


async def test_wide_terminal_shows_the_ledger_beside_the_room():
    app = make_app(seed=5)
    async with app.run_test(size=(130, 30)) as pilot:
        await pilot.pause()
        top = screen_lines(app)[1]
        assert "Your map" in top and "Ledger" in top


async def test_events_from_elsewhere_reach_the_log():
    """What the table publishes outside this player's commands (another seat talking, later a
    network player) is shown by the table's listener, without typing anything."""
    from games.engine import Event

    app = make_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.table.say(Event("say", "bot1 says: hello hero", {"player": "bot1"}))
        app.table.say(Event("tell", "bot2 tells bot3: secret", {"player": "bot2"}, to=("bot3",)))
        await pilot.pause()
        assert "bot1 says: hello hero" in app.log_widget.plain_lines
        assert not any("secret" in line for line in app.log_widget.plain_lines)


async def test_a_long_answer_shows_its_start_and_page_down_reads_the_rest():
    app = make_app(seed=3)
    async with app.run_test(size=(90, 28)) as pilot:
        await pilot.pause()
        await type_line(pilot, "commands")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "> commands" in text and "PgDn" in text and "Show your own map" not in text
        for _ in range(8):  # as many pages as the list takes (it grows with the game's verbs)
            await pilot.press("pagedown")
            await pilot.pause()
            if app.log_widget.is_vertical_scroll_end:
                break
        text = "\n".join(screen_lines(app))
        assert "Show your own map" in text
        assert "PgDn" not in text
        await pilot.press("pageup")
        await pilot.pause()
        assert app.log_widget.scroll_y < app.log_widget.max_scroll_y


async def test_a_line_typed_before_the_turn_began_is_not_run():
    """Keys carry the time they came: a line whose first key came before the player's turn began
    (typed ahead while bots played) is refused, and the same line typed now runs."""
    import time
    app = make_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        moves = len(app.table.log)
        app.link.turn_began = time.monotonic() + 1000  # as if the turn began after these keys
        await type_line(pilot, "peek")
        await pilot.pause()
        assert any("Your turn began after you typed that" in line for line in app.log_widget.plain_lines)
        assert len(app.table.log) == moves
        app.link.turn_began = time.monotonic() - 1
        await type_line(pilot, "peek")
        await pilot.pause()
        assert len(app.table.log) > moves
