"""The game app's keys: F1 help, F2 the board's panels (named after them in the footer), F4 the
folded turns, PgUp/PgDn the log. A mixin of :class:`mud.tui.app.GameApp`, whose state it uses."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from mud.shell.session import Line
from mud.tui.boards import board_for
from mud.tui.help_screen import HelpScreen
from mud.tui.panel_screen import PanelScreen
from mud.tui.words import _, panel_name, relabel, speaks, tr


# the footer's words for the keys (the bindings keep the English, worded again in the player's language)
KEY_LABELS = {"help": _("Help"), "toggle_panel": _("Panels"), "fold": _("Log"), "details": _("Details"),
              "scroll_log(-1)": _("Scroll"), "scroll_log(1)": _("Scroll"), "leave": _("Quit"),
              "command_palette": _("palette")}  # (Textual's own key, right of the footer)


class KeysMixin:
    @property
    def lang(self) -> str:
        """The language the player reads (the session's, through the link): the TUI's own words follow it."""
        return getattr(self.world, "lang", "en") or "en"

    def _word_anew(self) -> None:
        """The language changed (or the screen is drawn for the first time): every word of the
        screen's own is worded again -- the footer's keys, the panels' titles, what they show."""
        self._worded_in = self.lang
        relabel(self._bindings, KEY_LABELS)
        self._named = None  # F2's label: named again after the board's panels
        self._shown.clear()
        self.refresh_bindings()

    @speaks
    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
            return
        view = self._board_view()

        def shown(lines: list[Line]) -> None:  # (the general help; what was pending goes to the log)
            self.show([line for line in lines if line.kind != "help"])
            general = [line.text for line in lines if line.kind == "help"]

            def with_game(game: list[str]) -> None:
                board = board_for(view["game"]) if view else None
                page = board.help_page(view) if board else None  # (None: the board has no page)
                self.push_screen(HelpScreen(general, page, game, board.PANELS if board else ()))
                self.refresh_view()
            self.game_help(with_game)  # at a game drawn by the default board: its rules (help <game>) before the general help
        self.ask("help", shown)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_panel":
            # no panels to switch in a room, at cards, or at a board of one panel: hidden from the footer
            return self._mode == "board" and len(getattr(self._named, "PANELS", ())) > 1
        return True

    def _name_panels(self, board) -> None:
        """The footer names F2 after the board's panels: the names of the panels it switches between, "A/B" ..."""
        self._named = board
        label = "/".join(panel_name(p).capitalize() for p in board.PANELS)
        for key, bound in list(self._bindings.key_to_bindings.items()):
            self._bindings.key_to_bindings[key] = [
                replace(b, description=label) if b.action == "toggle_panel" else b for b in bound]
        self.refresh_bindings()

    @speaks
    def action_toggle_panel(self) -> None:
        view = self._board_view()
        if view is not None:
            panels = board_for(view["game"]).PANELS
            if not panels:
                return
            if self.panels_folded():  # nowhere to switch a panel: it comes over the screen
                self.push_screen(PanelScreen(self.panel_full))
                return
            self.panel = panels[(panels.index(self.panel) + 1) % len(panels) if self.panel in panels else 0]
            self.draw_panel(view)

    def panels_folded(self) -> bool:
        """The panels are folded away (a small terminal, or F3), the screen not too tiny to play."""
        screen = self.screen_stack[0] if self.screen_stack else None
        return screen is not None and screen.has_class("folded") and not screen.has_class("tiny")

    @speaks
    def panel_full(self, step: int):
        """(title, text) of the main panel for :class:`PanelScreen`: the one shown (step 0) or the
        board's next one (step 1, which the panels follow once unfolded)."""
        view = self._board_view()
        if view is None:
            return "", Text(tr(_("The match is over: nothing to show here.")))
        board = board_for(view["game"])
        panels = board.PANELS
        if step and self.panel in panels:
            self.panel = panels[(panels.index(self.panel) + 1) % len(panels)]
        self.draw_panel(view)  # (the folded panel follows: right when the window grows)
        wanted = board.main_rows(view)  # over the screen, which scrolls: a tall map whole
        given = {"rows": wanted} if wanted is not None else {}
        if board.selects:
            title, _subtitle, text = board.main_panel(view, self.panel, self.selection, **given)
        else:
            title, _subtitle, text = board.main_panel(view, self.panel, **given)
        return title, text

    @speaks
    def action_details(self) -> None:
        """F4: others' folded turns in full under their summaries, and folded again. What it did
        is said in the log, as a command's answer is (a toast would sit over the log's lines)."""
        full = self.log_widget.toggle_details()
        if not self.log_widget.has_folds:
            self.show([Line("info", tr(_("No turn is folded yet: others' turns come as one line each, "
                                         "F4 opens them.")))])
        elif full:
            self.show([Line("info", tr(_("Others' turns in full; F4 folds them again.")))])

    def action_scroll_log(self, step: int) -> None:
        log = self.log_widget
        if step < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)
        self.call_after_refresh(self._after_scroll)

    @speaks
    def _after_scroll(self) -> None:
        if self.more_below and self.log_widget.is_vertical_scroll_end:
            self.more_below = False
            self.refresh_view()
