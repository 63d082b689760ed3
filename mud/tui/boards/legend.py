"""Legend's board in the TUI: the default board (the game's own screens in the panels) with one
more, its ``piles`` -- the draw pile's count, the discard pile and the missions set aside, all
public -- under the hand (below the score on a terminal of 120 columns; when a panel overflows,
the default board moves the piles where more of them show).

Drawn from the player's view only, by the game's own ``piles`` screen: nothing hidden (the draw
pile's order, the others' hands) is in it.
"""

from __future__ import annotations

from mud.tui.boards.default import DefaultBoard


class LegendBoard(DefaultBoard):
    """The default board's panels, and Legend's piles among them."""

    NARROW = (("look", "score"), ("hand", "piles"))
    WIDE = (("look",), ("hand",), ("score", "piles"))

    def screens_of(self, view: dict) -> dict:
        """The game's screens; the piles without their first line (the draw pile's count) when the
        player's hand already ends with it."""
        screens = dict(super().screens_of(view))
        piles = screens.get("piles")
        if piles is not None and view.get("me") is not None:
            screens["piles"] = lambda v: piles(v)[1:]
        return screens


BOARD = LegendBoard()
