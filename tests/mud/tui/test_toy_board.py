"""The proof of the Board protocol: the toy game of tests/toygame -- a game from outside the
project -- has its own room (the Cellar, down a stair from the Crossroads) and its own board in the
TUI through registration alone, with no line of mud/ naming it. Played to its end over telnet and
in the TUI."""

from __future__ import annotations

import pytest

import games
from mud.tui import boards
from tests.net_clients import RawClient
from tests.toygame import board as toy_board
from tests.tui_local import local_app

TURN = r"\((your turn|game over)\) > "  # the line-mode prompt when it is tina's turn, or all is over


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    """The toy game in the catalogue for one test, registered as an outside game is (its room with it)."""
    monkeypatch.setitem(games.CATALOGUE, "toy", "tests.toygame")


@pytest.fixture
def toy_board_registered():
    toy_board.register()
    yield toy_board.BOARD
    toy_board.unregister()


def test_a_registered_board_is_the_games_board_and_forgetting_it_brings_back_the_default(toy_board_registered):
    assert boards.board_for("toy") is toy_board.BOARD
    toy_board.unregister()
    assert boards.board_for("toy").screens  # the default board: the game's own screens
    toy_board.register()
    assert boards.board_for("toy") is toy_board.BOARD


async def test_the_toy_is_played_to_its_end_over_telnet_in_its_own_room(server):
    telnet = await RawClient.connect(server.ports["telnet"])
    await telnet.login("tina")
    await telnet.expect("> ")
    assert "down: the Cellar" in await telnet.command("exits")  # its own exit from the Crossroads
    room = await telnet.command("down")
    assert "The Cellar" in room and "A low vault under the Crossroads" in room
    assert "You sit at table" in await telnet.command("sit")
    out = await telnet.command("start bots=1 seed=4", TURN)
    assert "Guess the number" in out
    for n in range(60):
        if "(game over) > " in out:
            break
        out = await telnet.command(f"guess bot1 {n % 6 + 1}", TURN)
    assert "(game over) > " in out, out
    telnet.close()


async def test_the_toy_is_played_to_its_end_in_the_tui_on_its_own_board(toy_board_registered):
    app = local_app("toy", "ann", 2, 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.main_box.border_title == "The race to 3"
        assert "ann" in str(app.main_box.render()) and "○○○" in str(app.main_box.render())
        assert app.side_box.border_title == "Your secret"
        assert f"Your number: {app.table.view('ann')['mine']}" in str(app.side_box.render())
        assert "Your guess: guess <player> <number>." in str(app.hint_bar.render())
        await pilot.press("f2")  # the board's second panel
        await pilot.pause()
        assert app.main_box.border_title == "Numbers" and "1  2  3  4  5  6" in str(app.main_box.render())
        await pilot.press("f2")
        for n in range(60):
            if app.link.game_view()["over"]:
                break
            app.run_command(f"guess bot1 {n % 6 + 1}")
            await pilot.pause()
        assert app.link.game_view()["over"]
        await pilot.pause()
        log = "\n".join(app.log_widget.plain_lines)
        assert "*** Game over:" in log and "Every secret number is revealed." in log  # the board's OVER_NOTE
        assert "●●●" in str(app.main_box.render())  # the winner's three right guesses
