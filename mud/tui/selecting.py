"""A board that selects (a piece, a ship) in the app: a click on its main panel, or the command
being typed (``move e2``), selects; a click may also complete a command, which runs as if typed.
A mixin of :class:`mud.tui.app.GameApp`, kept apart so the app stays about drawing the panels."""

from __future__ import annotations

from textual import events

from mud.tui.boards import board_for


class SelectMixin:
    """Needs the app's ``snap``, ``main_box``, ``command_line``, ``panel``, ``selection``,
    ``draw_panel`` and ``run_remembered``."""

    def _board_view(self) -> dict | None:
        """The view of the match this player is at when its board draws the panels itself, or None
        (a room, an open table, a board laid out from the game's screens)."""
        view = self.snap.view
        board = board_for((view or {}).get("game"))
        if board is None or board.screens:
            return None
        return view

    def on_click(self, event: events.Click) -> None:
        """A click on the main panel of a board that selects: it may select something, or complete a
        command, which runs as if typed."""
        view = self._board_view()
        board = board_for(view["game"]) if view else None
        if board is None or not board.selects:
            return
        at = event.get_content_offset(self.main_box)
        if at is None:
            return
        given = {"rows": self.main_rows} if self.main_rows is not None else {}  # the rows it was drawn in
        self.selection, command = board.click(view, self.panel, at.x, at.y, self.selection, **given)
        if command:
            self.run_remembered(command)
        else:
            self.draw_panel(view)
        self.command_line.focus()

    def on_input_changed(self, event) -> None:
        """Typing (``move e2``) may select on a board that selects."""
        if event.input is not self.command_line:
            return
        view = self._board_view()
        board = board_for(view["game"]) if view else None
        if board is None or not board.selects:
            return
        chosen = board.typed(view, event.value, self.selection)
        if chosen != self.selection:
            self.selection = chosen
            self.draw_panel(view)
