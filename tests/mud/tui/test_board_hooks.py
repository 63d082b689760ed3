"""A board module may let the player select on its main panel: by mouse (``click``) and by the
keyboard (``typed``), and a click may complete a command that runs as if typed."""

from __future__ import annotations

import pytest

import games

from rich.text import Text

from mud.tui import boards
from mud.tui.boards.base import Board
from tests.mud.tui.test_app import screen_lines
from tests.tui_local import local_app


class SelectingBoard(Board):
    """A board for the toy game that draws its selection and, on a second click, guesses."""

    PANELS = ("board",)
    selects = True

    def __init__(self, log: list) -> None:
        self.log = log

    def main_panel(self, view, panel, selection=None, scale=1):
        self.log.append(("draw", selection))
        return "Toy", "", Text(f"selected: {selection}\nrow two")

    def click(self, view, panel, x, y, selection):
        self.log.append(("click", x, y))
        if selection is None:
            return (x, y), None
        other = next(p for p in view["points"] if p != view["you"])
        return None, f"guess {other} {y + 1}"

    def typed(self, view, text, selection):
        return text.split()[-1] if text.strip() else None


async def test_clicks_and_typing_select_and_a_second_click_plays(monkeypatch):
    monkeypatch.setitem(games.CATALOGUE, "toy", "tests.toygame")  # (for this test only)
    log: list = []
    monkeypatch.setattr(boards, "_FOUND", {**boards._FOUND})  # (the registration ends with the test)
    boards.register("toy", SelectingBoard(log))
    app = local = local_app("toy", players=2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "selected: None" in str(app.main_box.render())
        await pilot.click("#main", offset=(3, 2))  # the border and the padding come first
        await pilot.pause()
        assert ("click", 1, 1) in log and ("draw", (1, 1)) in log
        moves = len(local.table.log)
        await pilot.click("#main", offset=(3, 2))
        await pilot.pause()
        assert len(local.table.log) > moves  # the board's command ran as if typed ...
        assert any("> guess" in line for line in app.log_widget.plain_lines)  # ... and echoed
        assert log[-1] == ("draw", None)  # the selection is forgotten after a command
        await pilot.press("g", "u", "e", "s", "s", "space", "b", "2")
        await pilot.pause()
        assert ("draw", "b2") in log


@pytest.mark.parametrize("game, label, keys", [("quest", "Map/Ledger", "map <-> ledger"),
                                               ("chess", "Board/Captured", "board <-> captured"),
                                               ("quantum", "Map/Planets/Cards", "map/planets/cards")])
async def test_f2_is_named_after_the_boards_own_panels_in_the_footer_and_the_help(game, label, keys):
    app = local_app(game, "ann", 2, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):  # the footer is drawn a frame or two after the first screen (later on a busy machine)
            await pilot.pause(0.05)
            footer = screen_lines(app)[-1]
            if footer.strip():
                break
        assert f"f2 {label}" in footer, footer
        await pilot.press("f1")
        await pilot.pause()
        assert keys in "\n".join(screen_lines(app))
