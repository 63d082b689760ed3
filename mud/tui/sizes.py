"""How much of the screen the log gets, and how big the panels are: F3 folds the panels away (the status bar stays), and a
terminal too small to play in says so instead of drawing two rows of log.

At 80x24 the panels leave the log six rows, and one round of bot turns can push a player's own
result out of sight; folding the panels gives the log the screen. Below SMALL the panels fold by
themselves; below TINY nothing but a plea for a bigger window (and the command line) is drawn.

The screen itself never scrolls: the log gives way to the panels and to a question of up to three
rows, down to one row at SMALL. A board whose map is taller than the usual panels (``main_rows``)
gets the rows it needs while the log keeps LOG_KEPT whatever is asked: a map of twelve rows (four players') is
whole at 80x24 (docs/tui.md, "What fits").
"""

from __future__ import annotations

from textual.css.scalar import Unit
from textual.widgets import Footer, Static

from mud.tui.prompt_bar import MAX_ROWS
from mud.tui.words import _, speaks, tr

TOP_HEIGHT = 13  # rows of the panels above the log at 80x24, borders included (a board's 11 rows of content)
# Rows besides the panels and the log: the status bar, the command line, the footer, and the hint
# row -- up to MAX_ROWS while a question with many answers is asked.
AROUND = 3 + MAX_ROWS
LOG_KEPT = 3  # rows of log that panels grown for a tall map (``main_rows``) leave at least, whatever is asked
COLUMNS = 42  # columns of the main panel's content at 80x24 (a board's ``COLUMNS`` may ask one more)
SMALL = (60, 20)  # columns, rows: below either, the panels fold away by themselves
TINY = (40, 10)  # below either: "terminal too small"
NARROW = 80  # columns below which the footer is compact, without ctrl+p's key

CSS = """
Screen.folded #top { display: none; }
Screen.grown #extra { display: none; }
Screen.grown #side { width: 1fr; }
Screen.snug #main { padding: 0 0 0 1; }
#tiny { display: none; height: 1fr; padding: 1 2; content-align: center middle; }
Screen.tiny #tiny { display: block; }
Screen.tiny #top, Screen.tiny #log, Screen.tiny #status { display: none; }
"""


def too_small_text(width: int, height: int) -> str:
    least = "x".join(map(str, TINY))
    return tr(_("Terminal too small: {width}x{height}. questmud needs at least {least} "
                "(80x24 is best). Make the window bigger; ctrl+q quits.", width=width, height=height, least=least))


def set_size(widget, name: str, cells: int | None) -> None:
    """Set a widget's width or height (``name``) to ``cells`` (None: as the CSS says), only when
    that changes it. Textual lays the whole screen out again whenever a size is set to None, set
    before or not: done on every drawing of the panels, that was a layout per line a room said."""
    rule = widget.styles.inline.get_rule(name)
    if cells is None and rule is None:
        return
    if cells is not None and rule is not None and rule.unit == Unit.CELLS and rule.value == cells:
        return
    setattr(widget.styles, name, cells)


class SizesMixin:
    """The GameApp's folding of panels (F3) and its small-terminal guard."""

    folded_by_hand = False  # F3 folded the panels (else they follow the terminal's size)
    scale = 1  # the board's main panel on a big terminal (a board's ``fit`` says): 2 is grown
    main_rows: int | None = None  # the main panel's rows given to a board that asked (``board_rows``)

    def tiny_widget(self) -> Static:
        self.tiny_note = Static("", id="tiny")
        return self.tiny_note

    @speaks
    def apply_size(self, width: int, height: int) -> None:
        """Fold or unfold the panels for this size, and say when the terminal is too small."""
        if not self.screen_stack:
            return
        screen = self.screen_stack[0]
        tiny = width < TINY[0] or height < TINY[1]
        small = width < SMALL[0] or height < SMALL[1]
        screen.set_class(tiny, "tiny")
        screen.set_class(self.folded_by_hand or small, "folded")
        if tiny:
            self.tiny_note.update(too_small_text(width, height))
        self.fit_footer(screen, width)

    def fit_footer(self, screen, width: int) -> None:
        """Below NARROW columns the footer's keys sit closer and ctrl+p's key gives way (ctrl+p still
        works, and F1 lists it): at 60 columns the footer cut "f4 Details" off (issue 26)."""
        narrow = width < NARROW
        for footer in screen.query(Footer):
            if footer.compact != narrow:
                footer.compact = narrow
                footer.show_command_palette = not narrow
                footer.refresh(recompose=True)

    def board_rows(self, board, view: dict) -> int | None:
        """The rows of content the main panel gets for a board whose ``main_rows`` asks for them (a
        map taller than the usual 11 rows): as many as it needs while the log keeps LOG_KEPT rows, and
        never fewer than the usual. None: the board asks nothing (its panels are the usual 13 rows)."""
        wanted = board.main_rows(view) if board is not None else None
        if wanted is None:
            return None
        spare = self.size.height - AROUND - LOG_KEPT - 2  # (the panels' borders)
        return max(TOP_HEIGHT - 2, min(wanted, spare))

    def fit_panels(self, board, height: int | None) -> None:
        """The panels' size for this terminal: a board with ``fit(width, height)`` may grow its main
        panel on a big terminal (the extra panel beside it then gives way); else ``height`` rows (None:
        the caller sizes them). A board of 43 columns (``COLUMNS``) takes the panel's right padding."""
        fit = board.fit(self.size.width, self.size.height) if board is not None else None
        self.scale = fit[0] if fit else 1
        if self.screen_stack:
            # the extra and side panels keep 40 columns each beside a grown main panel, or the extra gives way
            self.screen_stack[0].set_class(fit is not None and self.size.width < fit[1] + 80, "grown")
            self.screen_stack[0].set_class(fit is None and board is not None and board.COLUMNS > COLUMNS, "snug")
        set_size(self.main_box, "width", fit[1] if fit else None)
        for panel in (self.main_box, self.side_box):
            if fit or height:
                set_size(panel, "height", fit[2] if fit else height)

    def action_fold(self) -> None:
        """F3: the panels fold into the status bar and the log takes the screen; F3 again unfolds."""
        self.folded_by_hand = not self.folded_by_hand
        self.apply_size(self.size.width, self.size.height)
        self.log_widget.scroll_end(animate=False)
