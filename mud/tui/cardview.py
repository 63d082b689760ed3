"""The app's drawing at a match whose board is laid out from the game's screens (the default board,
:mod:`mud.tui.boards.default`, or one derived from it): the top panels, the status bar, and the hint
row. A mixin of :class:`mud.tui.app.GameApp`, kept apart so the app stays about boards and the world."""

from __future__ import annotations

from mud.tui.boards import board_for
from mud.tui.boards import default as cardpanels
from mud.tui.boards.default import game_of
from mud.tui.levels import screens_with_levels
from mud.tui.words import _, speaks, tr


class CardPanelsMixin:
    """Needs the app's ``snap``, ``main_box``, ``side_box``, ``extra_box``, ``status_bar``,
    ``_update``, ``_titles``, ``_draw_hint``, ``announce`` and ``announced``."""

    @speaks
    def refresh_cards(self, board, view: dict, prompt: dict | None) -> None:
        """The panels of ``board`` (whose ``screens`` flag is set) from the game's screens."""
        game = game_of(view)
        screens = screens_with_levels(board.screens_of(view), getattr(self, "_bot_levels", {}))
        if not view.get("over"):
            self.announced = False
        wide = self.size.width >= 120
        if self.screen_stack:  # from 96 columns the table's panel is as wide as the hand's, and below 80
            # (at 60 columns the table's 42 left the hand 14: not one card of it in sight, issue 40)
            self.screen_stack[0].set_class(not 80 <= self.size.width < 96, "even")
        boxes = (self.main_box, self.side_box, self.extra_box)
        layout = board.layout(wide, screens)
        widths = [box.content_region.width or 36 for box in boxes[:len(layout)]]
        _drawn, needed = cardpanels.arrange(screens, view, layout, widths, None)
        # As tall as the panels need (13 rows at least, as a board's), within what the terminal leaves
        # the log; never shorter during a match, so the log does not jump up and down.
        most = cardpanels.top_height(self.size.height or 24)
        self._card_rows = max(getattr(self, "_card_rows", 0), min(most, max(13, needed + 2)))
        height = min(self._card_rows, most)
        drawn, _needed = cardpanels.arrange(screens, view, layout, widths, height - 2)
        for box, (names, text) in zip(boxes, drawn):
            box.styles.height = height
            self._titles(box, cardpanels.title(names, getattr(game, "title", view.get("game", "")), game), "")
            self._update(box, text)
        status = self.status_bar
        self._update(status, board.render_status(view, self.snap.status.get("status", ""),
                                                 status.content_region.width or 78))
        status.set_classes(board.status_kind(view))
        seated = self.snap.place is not None
        hint = board.over_hint(view, seated) if view.get("over") else board.hint(view)
        over_hint = _("leave, or say something") if seated else _("quit to leave")
        self._draw_hint(hint, prompt, tr(over_hint if view.get("over") else _("type a command, or help")))
        if view.get("over") and not self.announced:
            self.announce(view)

    def game_help(self, then) -> None:
        """At a match whose board is laid out from its screens: the lines of ``help <game>`` given to
        ``then`` (F1 shows them); elsewhere, none."""
        view = self.snap.view
        board = board_for((view or {}).get("game"))
        if board is None or not board.screens:
            then([])
            return

        def shown(lines) -> None:
            self.show([line for line in lines if line.kind != "help"])
            then([line.text for line in lines if line.kind == "help"])
        self.ask(f"help {view['game']}", shown)

    @speaks
    def card_commands(self) -> list[tuple[str, str, str]]:
        """The command palette's entries at this game (its board's)."""
        view = self.snap.view
        board = board_for((view or {}).get("game"))
        return [] if board is None else list(board.palette(view))
