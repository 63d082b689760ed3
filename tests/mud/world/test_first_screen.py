"""The first screen of a match says the goal of the game in one sentence and three commands to start
with (issue 15): every game declares them (GameSpec.goal, first_commands), every surface shows them
when a match starts -- the TUI at 80x24, line mode, and a table started in the world."""

from __future__ import annotations

import io
import random

import pytest

import games
from games.dungeon_chess.data import square
from mud.shell import parser
from mud.local.play import open_local
from mud.local.plain import run_plain
from mud.store import Store
from mud.shell.table import Table
from mud.world.world import Settings, World
from tests.seating import seat
from tests.mud.tui.test_app import screen_lines
from tests.tui_local import local_app

GAMES = ["quest", "tenx", "legend", "chess", "quantum"]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_its_goal_and_three_commands_that_it_understands(name):
    game = games.get(name)
    for goal in map(str, (game.goal, *game.goals.values())):  # (messages: their English)
        assert goal.endswith(".") and goal.count(". ") == 0  # one sentence
    for key in game.goals:  # "option=value": an option the game has, one of its values
        name, value = key.split("=")
        assert value in game.option(name).choices
    assert len(game.first_commands) == 3
    table = Table(game, ["ann"], [f"bot{i}" for i in range(1, game.default_players)], seed=1)
    ann = seat(table, "ann")
    for command, what in game.first_commands:
        command = str(command)  # (a message: its English)
        assert what
        typed = command.replace("<door>", "n")  # a form, when no one example fits every room
        parsed = parser.parse(typed, ann.commands(), ann.context())  # ParseError if it is no command
        assert parsed.verb.name == command.split()[0]


@pytest.mark.parametrize("name", GAMES)
async def test_the_tui_first_screen_shows_the_goal_and_the_first_commands_at_80x24(name):
    game = games.get(name)
    app = local_app(name, "ann", game.default_players, 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = [row[:78] for row in screen_lines(app)]  # the log's scroll bar is in the last columns
        screen = " ".join(" ".join(rows).split())  # rows joined: a wrapped line reads on
        assert f"Goal: {game.goal}" in screen
        for command, _what in game.first_commands_of(app.table.state, "ann"):  # (chess: a move of ann's own)
            command = str(command)
            assert f"'{command}'" in screen


def test_line_mode_says_the_goal_before_the_first_command(tmp_path):
    _world, ws = open_local("ann", "quest", 2, 3, {}, "easy", data=str(tmp_path))
    out = io.StringIO()
    run_plain(ws, stdin=io.StringIO("quit\n"), stdout=out)
    text = out.getvalue()
    assert f"Goal: {games.get('quest').goal}" in text
    assert "Start with: 'peek' (see your room's doors), 'move <door>' (walk through one: n, e, s or w)" in text
    assert text.index("Goal:") < text.index("Goodbye.")


def test_a_table_started_in_the_world_tells_every_seated_player_the_goal():
    store = Store(":memory:")
    world = World(store, Settings(turn_timeout=60, seat_grace=120), seeds=random.Random(7))
    ann, bob = world.connect("ann"), world.connect("bob")
    for ws in (ann, bob):
        ws.greeting()
        ws.handle("east")  # the Tavern: 10x
        ws.handle("sit")
    out = ann.handle("start")
    told = [line.text for line in out + ann.flush()]
    assert f"Goal: {games.get('tenx').goal}" in told
    assert any(t.startswith("Start with: 'hand'") for t in told)
    assert f"Goal: {games.get('tenx').goal}" in [line.text for line in bob.flush()]


def test_each_seat_at_a_chess_table_is_told_a_move_of_its_own_piece():
    """bob, seated North, read "'move e2 e5'": South's piece (issue 40, round three)."""
    world = World(None, Settings(turn_timeout=0, seat_grace=120), seeds=random.Random(7))
    ann, bob = world.connect("ann"), world.connect("bob")
    for ws in (ann, bob):
        ws.greeting()
        ws.handle("west")  # the Castle dungeon: Dungeon Chess
        ws.handle("sit")
    told = {"ann": ann.handle("start bots=0") + ann.flush(), "bob": bob.flush()}
    state = world.tables[1].match.state
    for ws in (ann, bob):
        (start,) = [line.text for line in told[ws.name] if line.text.startswith("Start with:")]
        move = dict(games.get("chess").first_commands_of(state, ws.name))
        (command,) = [str(c) for c in move if str(c).startswith("move ")]
        assert f"'{command}'" in start and state.board[square(command.split()[1])][0] == ws.name, (ws.name, start)


def test_quest_under_the_basic_rules_states_the_basic_goal_not_the_full_ladder(tmp_path):
    quest = games.get("quest")
    assert quest.goal_for({"rules": "basic"}) != quest.goal
    assert "first knight wins" in str(quest.goal_for({"rules": "basic"}))
    assert quest.goal_for({"rules": "full"}) == quest.goal == quest.goal_for(None)
    _world, ws = open_local("ann", "quest", 2, 3, {"rules": "basic"}, "easy", data=str(tmp_path))
    out = io.StringIO()
    run_plain(ws, stdin=io.StringIO("quit\n"), stdout=out)
    assert f"Goal: {quest.goal_for({'rules': 'basic'})}" in out.getvalue()
    assert "king before anyone" not in out.getvalue()
