"""The toy game's own board in the TUI, registered from here: the proof that a game outside the
project draws its own panels with no line of mud/ to change (``register()`` is all it takes).

Drawn from the player's view only (``points``, ``turn``, ``faces``, and ``mine``, the player's own
secret number): another player's number never reaches these panels.
"""

from __future__ import annotations

from rich.text import Text

from mud.tui import boards
from mud.tui.boards.base import Board, crop
from tests.toygame import TARGET

NAME = "toy"


class ToyBoard(Board):
    """The race to the target in the main panel (or the numbers one may guess), the player's own
    secret beside it."""

    PANELS = ("race", "numbers")  # F2 switches
    OVER_NOTE = " Every secret number is revealed."
    PALETTE = (("Points", "Everyone's points", "points"), ("Look", "The table", "look"))

    def main_panel(self, view: dict, panel: str, selection=None, scale: int = 1) -> tuple[str, str, Text]:
        if panel == "numbers":
            return "Numbers", "F2: race", Text("  ".join(str(n) for n in range(1, view["faces"] + 1)))
        out = Text()
        for name, points in view["points"].items():
            mark = "▶" if name == view["turn"] and not view["over"] else " "
            out.append(f"{mark} {name:<10} ")
            out.append("●" * points, style="bold green")
            out.append("○" * max(0, TARGET - points) + "\n", style="dim")
        return "The race to " + str(TARGET), "F2: numbers", out

    def side_title(self, view: dict) -> str:
        return "Your secret"

    def side_panel(self, view: dict, width: int = 30, height: int | None = None) -> Text:
        if "mine" not in view:
            return Text("You are watching.", style="dim")
        return crop(Text(f"Your number: {view['mine']}", style="bold"), width)

    def hint(self, view: dict) -> str:
        if view.get("you") in (view.get("awaiting") or []):
            return "Your guess: guess <player> <number>."
        return f"Waiting for {view['turn']} to guess."

    def help_page(self, view: dict) -> Text:
        return Text(f"The race: a ● for each right guess; the first to {TARGET} wins.")


BOARD = ToyBoard()


def register() -> None:
    """Draw the toy game with its own board (until ``unregister``)."""
    boards.register(NAME, BOARD)


def unregister() -> None:
    boards.register(NAME, None)
