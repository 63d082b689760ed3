"""The Textual app: questmud's full-screen surface, local (``mud play``) and over SSH (``mud serve``).

The app is given the player's :class:`mud.world.session.WorldSession` (or, in a TUI worker, its
stand-in) and talks to it through one *link* (mud/tui/link.py), the same way in process and in a
worker: a typed line goes with ``submit``, and comes back as one snapshot (mud/world/snapshot.py:
the lines, the player's view, place and status, what the line was read as); what arrives meanwhile
comes as one snapshot too (``news``) when the link wakes the app. Every panel is drawn from the
last snapshot (``self.snap``) -- the view built once per command, never pulled again, and never the
game state, so nothing hidden can reach the screen. Local play (``mud play``, mud/local/play.py) and the
server hand over the same kind of session, and the panels follow the player from room to table to
match and back.

Layout (fits 80x24, grows with the terminal); the top panels are named by role, whatever the game
draws in them (its board, mud/tui/boards/, says):

    status bar: whose turn, the die, your rank and gold (in a room: where you are)
    main panel (a map, a board) | side panel (where you are, the players) | extra panel (wide terminals)
      (in a room of the world: the room and its exits | who is here, your table)
    log of what you saw (grows)
    hint: what you can do now, or Tab's candidates -- or the game's question: [1] Allow  [2] Deny
    > command line (always focused)
    footer: keys
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Callable, Iterable

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Static

from mud.shell import parser
from mud.shell.answers import said, what_to_type
from mud.shell.session import Line
from mud.tui.boards import board_for, panels_of
from mud.tui.boards.base import who_won
from mud.tui.cardview import CardPanelsMixin
from mud.tui.palette import PaletteMixin
from mud.tui.panel_screen import PanelScreen
from mud.tui.placeview import PlacePanelsMixin
from mud.tui.command_line import CommandLine
from mud.tui.quitting import QuitMixin
from mud.tui.styles import CSS as LAYOUT
from mud.tui.selecting import SelectMixin
from mud.tui.sizes import TOP_HEIGHT, SizesMixin
from mud.tui.game_log import GameLog
from mud.tui.help_screen import panels_text
from mud.tui.keys import KeysMixin
from mud.tui.link import link_to
from mud.tui.levels import bot_levels, with_levels
from mud.tui.prompt_bar import PromptBar, keys_hint
from mud.tui.words import _, panel_name, speaking, speaks, tr
from mud.world.secrets import masked
from mud.world.snapshot import Snapshot

RECENT = 12  # of the lines shown last, those that may have asked the new question (_draw_hint)
WIDE = 120  # columns from which the extra panel is shown beside the side panel

PLACEHOLDER = _("type a command, or help")


class GameApp(KeysMixin, PaletteMixin, CardPanelsMixin, PlacePanelsMixin, SelectMixin, QuitMixin, SizesMixin, App):
    """One person's screen: a seat at a game's table, or (over SSH) their walk through the world."""

    TITLE = "questmud"
    CSS = LAYOUT
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "toggle_panel", "Panels"),  # named after the board's panels (_name_panels)
        Binding("f3", "fold", "Log"),
        Binding("f4", "details", "Details"),
        Binding("pageup", "scroll_log(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll_log(1)", "Scroll", show=False),
        Binding("ctrl+q", "leave", "Quit", priority=True),
        Binding("ctrl+c", "interrupt", show=False, priority=True),
    ]

    PUMP_EVERY = 0.0  # seconds at least between two drawings of news (a served app sets more)
    CURSOR_BLINK = True  # a served app does not: every blink is a frame drawn by the server

    def __init__(self, link, *, allow: Callable[[], bool] | None = None, max_line: int | None = None,
                 intro: Iterable[Line] = (), after_first_frame: Callable[[], None] | None = None,
                 **kwargs) -> None:
        """``allow``: asked before each command (a rate limit; False refuses it); ``max_line``:
        the longest line the command line takes; ``intro``: lines shown before the greeting;
        ``after_first_frame``: called once the first frame is on the terminal (``mud play``
        collects no garbage until then)."""
        super().__init__(**kwargs)
        self.after_first_frame = after_first_frame
        self.link = link  # the session (or a worker's stand-in for it), as given
        self.world = link_to(link)  # the one way the app asks it anything (mud/tui/link.py)
        self.snap = Snapshot()  # what the panels draw: the last command's answer or news
        self._drawn: Snapshot | None = None  # the snapshot the panels were last drawn from
        link.fold = True  # others' turns in a line or two: F4 or 'log full' shows them whole
        self.intro = list(intro)
        self.me = link.name
        self.allow = allow
        self.max_line = max_line
        self.panel = ""  # which of the board's PANELS the main panel shows (the first by default)
        self.announced = False  # the end of the current match was announced
        self._pending = False  # a pump is scheduled
        self._in_command = False  # run_command is running (on the app's thread)
        self._warned = False  # told to slow down since the last command that ran
        self.more_below = False  # the last answer did not fit in the log
        self._since_asked: list[Line] = []  # the lines shown last (a question they ask is not said again)
        self._row_prompt: dict | None = None  # the question on the row, and whether the log said it
        self._row_said = False
        self._shown: dict[object, object] = {}  # panel (or its titles) -> what it shows (see _update)
        self._pumped = 0.0  # when news was last drawn
        self.farewell: list[Line] = []  # the last lines, shown when the link closed
        self._app_thread = threading.get_ident()
        self._mounted_ok = False  # mounted: wake-ups before that wait for the first pump
        self._mode = "board"  # what the panels show: a game's "board", its "cards" (screens), a "place"
        self.selection = None  # what a board module with click/typed hooks has selected (a square ...)
        self._named = None  # the board F2's label in the footer was named after
        self._worded_in = None  # the language the screen's own words were last worded in

    # --- building -----------------------------------------------------------------------------
    @speaks
    def compose(self) -> ComposeResult:
        # Kept as attributes: the main screen's widgets stay reachable while a modal is on top.
        self.status_bar = Static(id="status")
        self.main_box = Static(id="main")
        self.side_box = Static(id="side")
        self.extra_box = Static(id="extra")  # shown beside the side panel on wide terminals
        self.log_widget = GameLog(self.me, id="log")
        self.hint_bar = PromptBar(id="hint")  # the hint, or the game's question and its choices
        self.command_line = CommandLine(self.world.complete, self.hint_bar.choice, id="cmd",
                                        placeholder=tr(PLACEHOLDER), max_length=self.max_line or 0)
        yield self.status_bar
        yield self.tiny_widget()
        with Horizontal(id="top"):
            yield self.main_box
            yield self.side_box
            yield self.extra_box
        yield self.log_widget
        yield self.hint_bar
        with Horizontal(id="prompt"):
            yield Static(">", id="prompt-sign")
            yield self.command_line
        yield Footer()

    @speaks
    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self._app_thread = threading.get_ident()
        self._mounted_ok = True
        self.apply_size(self.size.width, self.size.height)
        self.world.listen(self.wake)
        self._pumped = time.monotonic()
        self._take(self.world.greeting(), before=self.intro)
        self.command_line.cursor_blink = self.CURSOR_BLINK
        self.command_line.focus()

    def on_ready(self) -> None:
        """Textual's Ready: the first frame has just been written."""
        if self.after_first_frame is not None:
            self.after_first_frame()

    # --- what arrives meanwhile -----------------------------------------------------------------
    def wake(self) -> None:
        """The link has something new (a bot, another player): show it soon. Deferred, so lines
        that a command is producing right now stay in order. Safe from any thread."""
        here = threading.get_ident() == self._app_thread
        if not self._mounted_ok or self._pending or (here and self._in_command):
            return  # a pump is on its way, or run_command flushes and redraws right after
        self._pending = True
        if not here:
            self.call_from_thread(self.pump)
        else:
            self.schedule_pump(self._pumped + self.PUMP_EVERY)

    def schedule_pump(self, due: float) -> None:
        """Draw the news (``pump``) at ``due`` (time.monotonic) or as soon after as may be; called
        on the app's own thread. A served app's news waits its turn among all the server's TUIs."""
        wait = due - time.monotonic()
        if wait > 0:  # news in a busy room: drawn a few times a second
            # (an asyncio timer: this may run in another app's task, where Textual's would not fire)
            asyncio.get_running_loop().call_later(wait, self.call_later, self.pump)
        else:
            self.call_later(self.pump)

    @speaks
    def pump(self) -> None:
        self._pending = False
        self._pumped = time.monotonic()
        self._take(self.world.news())

    @speaks
    def _take(self, snap: Snapshot, before: Iterable[Line] = ()) -> None:
        """News (or the greeting) and the state to draw, as one snapshot: shown, panels redrawn --
        unless the news is lines alone (the same view, place and status: talk, mostly), when the
        panels already show it and only the log takes the lines."""
        same = snap.same_state(self._drawn)
        more_below = self.more_below
        self.snap = snap
        if snap.lines:
            self.more_below = False  # the log follows new lines to its end
        self.show(list(before) + snap.lines)
        if not same or more_below != self.more_below:
            self.refresh_view()
        self._check_closed()

    @speaks
    def show(self, lines: Iterable[Line]) -> None:
        log = self.log_widget
        page: list[str] = []  # a help page's lines, written as one (GameLog.add_help)
        lines = list(lines)
        if lines:
            self._since_asked = lines[-RECENT:]
        for line in lines:
            if line.kind == "question":  # a line surface's numbered question: here it has its own row
                continue
            if line.kind == "waiting" and self._hint_says_who_is_awaited():  # said once: by the hint row
                continue
            if line.kind == "seat" and self._hint_says_seat():  # (as above: the room's hint row says it)
                continue
            if line.kind == "help" and not line.detail:
                page.append(line.text)
            else:
                log.add_help(page)
                page = []
                log.add(line.kind, line.text, line.tone, line.detail)
            if self.snap.closed:
                self.farewell.append(line)
        log.add_help(page)

    def _hint_says_who_is_awaited(self) -> bool:
        """Whether the hint row names everyone the match waits for (a line saying so again, on
        coming back, would be the same news twice). Not when it shows a question instead, nor on a
        board whose hint does not name them: then the line stays."""
        view = self.snap.view
        board = board_for((view or {}).get("game"))
        if board is None or view.get("over") or view.get("prompt"):
            return False
        awaited = view.get("awaiting") or []
        hint = board.hint(view)
        return bool(awaited) and view.get("you") not in awaited and all(name in hint for name in awaited)

    def _check_closed(self) -> None:
        if self.snap.closed and not self._exit:
            self.exit(0)

    # --- one command ----------------------------------------------------------------------------
    def on_input_submitted(self, event: CommandLine.Submitted) -> None:
        # (the command line already took it into its history)
        self.run_command(event.value, getattr(event, "typed_at", None))

    def run_remembered(self, line: str) -> None:
        """Run a line that was not typed (the palette) as if it had been: it joins the history."""
        self.command_line.remember(line)
        self.run_command(line)

    @speaks
    def run_command(self, line: str, typed_at: float | None = None) -> None:
        """Run one typed line and show its answer; what bots did in reply follows in order."""
        if not line.strip():
            self.refresh_view()
            return
        if self.allow is not None and not self.allow():
            if not self._warned:
                self._warned = True
                self.log_widget.add("error", tr(_("Slow down a little: too many commands at once. "
                                                     "That one was not run.")))
            return
        self._warned = False
        line = self._completed(line)
        if self._selected_by(line):
            return
        self.selection = None  # a board's selection lasts until a command runs
        if typed_at is not None:  # news from before the line goes above it: the answer follows its
            self.show(self.world.flush())  # command, not pushed out of sight below a busy room's news
        self.log_widget.begin()
        self.log_widget.add("echo", f"> {masked(parser.clean(line))}")  # a password is never shown
        confirm = ("quit",) if self._game_running() else ()  # quitting a game being played asks first
        self._in_command = True
        try:  # parsed once: the answer says if the line asked for a panel the app shows itself
            self.world.submit(line, typed_at, lambda snap: self._answered(snap, line),
                              panels=panels_of(self._board_view()), confirm=confirm)
        finally:  # (in this process the answer is drawn already; from a worker it comes later)
            self._in_command = False

    @speaks
    def _completed(self, line: str) -> str:
        """The line, or the command it stands for on a board that selects (``g3`` typed alone with
        a piece selected: the move there, as a click on g3 would run)."""
        view = self._board_view()
        board = board_for(view["game"]) if view and self.selection is not None else None
        return (board.complete(view, line, self.selection) if board is not None and board.selects else None) or line

    @speaks
    def _selected_by(self, line: str) -> bool:
        """A line the board takes as a selection (``move e2`` on a board of squares): the piece stays
        selected, its moves lit, and the line reaches no game. True when it was one."""
        view = self._board_view()
        board = board_for(view["game"]) if view else None
        picked = board.select_line(view, line) if board is not None and board.selects else None
        if picked is None:
            return False
        self.selection, said = picked
        self.log_widget.add("echo", f"> {parser.clean(line)}")
        self.log_widget.add("info", said)
        self.refresh_view()
        return True

    @speaks
    def _answered(self, snap: Snapshot, line: str) -> None:
        """A command's answer (here or from another process): shown, and the panels drawn from it."""
        self.snap = snap
        self.show(snap.lines)
        if snap.held:  # a verb the app confirms first: nothing ran
            self._confirm_quit(line)
            return
        screen = snap.panel
        if screen:
            self.panel = screen
            panels = panels_text(board_for(self._board_view()["game"]).PANELS)
            if self.panels_folded():  # no top-left panel in sight: the panel comes over the screen
                self.push_screen(PanelScreen(self.panel_full))
            else:
                self.show([Line("info", tr(_("Your {screen} is in the top-left panel (F2 switches {panels}).",
                                                 screen=panel_name(screen), panels=panels)))])
        view = snap.view
        over = bool(view and view.get("over"))
        if over and not self.announced:
            self.announce(view)
        self.more_below = self.log_widget.end(to_end=over)
        self.refresh_view()
        self._check_closed()

    def ask(self, line: str, then: Callable[[list[Line]], None]) -> None:
        """A line the app sends itself (help, quit); its answer to ``then`` once it is there."""
        def answered(snap: Snapshot) -> None:
            self.snap = snap
            with speaking(self.lang):
                then(snap.lines)
        self.world.submit(line, None, answered)

    @speaks
    def on_prompt_bar_chosen(self, message: PromptBar.Chosen) -> None:
        """A choice of the game's question was clicked: its command runs as if typed."""
        self.run_remembered(message.command)
        self.command_line.focus()

    @speaks
    def on_command_line_completions(self, message: CommandLine.Completions) -> None:
        self._shown.pop("place view", None)  # (the next drawing puts the room's hint back)
        if message.candidates:
            self.hint_bar.hint(Text(tr(_("Tab: {candidates}", candidates="  ".join(message.candidates))),
                                    style="bold"))
        else:
            self.hint_bar.hint(Text(tr(_("Tab: nothing to complete here.")), style="dim"))

    # --- drawing --------------------------------------------------------------------------------
    @speaks
    def refresh_view(self) -> None:
        self._drawn = self.snap
        if self._worded_in != self.lang:
            self._word_anew()
        snap = self.snap
        full = snap.view
        board = board_for((full or {}).get("game"))
        view = full if board is not None and not board.screens else None  # as _board_view
        self._bot_levels = bot_levels(snap.place) if full is not None else {}  # see _update
        prompt = (full or {}).get("prompt")
        mode = "place" if full is None else "board" if view is not None else "cards"
        if self.screen_stack:
            self.screen_stack[0].set_class(mode == "place", "hub")
            self.screen_stack[0].set_class(mode == "cards", "cards")
        if mode != self._mode:
            self._mode = mode
            self._shown.pop("place", None)  # the panels showed something else meanwhile
            self._shown.pop("place view", None)
            self._card_rows = 0  # (cardview) the panels' height starts again from what they need
            self.refresh_bindings()  # F2 (the board's panels) only at a board
        if board is not None and board is not self._named:
            self._name_panels(board)
        if mode != "board":
            self.fit_panels(None, None)
        if mode == "cards":
            self.refresh_cards(board, full, prompt)
            return
        if view is None:
            self.announced = False
            self.refresh_place(prompt)
            return
        if not view["over"]:
            self.announced = False
        self.main_rows = self.board_rows(board, view)  # a tall map's rows, when the terminal has them
        self.fit_panels(board, TOP_HEIGHT if self.main_rows is None else self.main_rows + 2)
        status = self.status_bar
        self._update(status, board.render_status(view, snap.status.get("status", ""),
                                                 status.content_region.width or 78))
        status.set_classes(board.status_kind(view))
        self.draw_panel(view)
        side = self.side_box
        self._titles(side, board.side_title(view))
        self._update(side, board.side_panel(view, side.content_region.width or 30, side.content_region.height or None))
        hint = board.over_hint(view, snap.place is not None) if view["over"] else \
            (board.selects and self.selection is not None and board.selected_hint(view, self.selection)) \
            or board.hint(view)
        over_hint = _("quit to leave") if snap.place is None else _("leave, or say something")
        self._draw_hint(hint, prompt, tr(PLACEHOLDER if not view["over"] else over_hint))
        if view["over"] and not self.announced:
            self.announce(view)

    def _update(self, widget: Static, content) -> None:
        """Update a panel only when its content changed: every update redraws the panel, which
        is much of what a served TUI costs when a busy room sends lines all the time."""
        if widget in (self.main_box, self.side_box, self.extra_box):  # a bot's level after its name
            content = with_levels(content, getattr(self, "_bot_levels", {}), widget.content_region.width or None)
        if self._shown.get(id(widget)) == content:
            return
        self._shown[id(widget)] = content
        # Without a layout: every panel drawn here has a set height and width (CSS, or the
        # styles.height the drawing sets first, which lays out by itself when it changes), so its
        # content never moves anything else -- and a layout redraws every widget on the screen.
        widget.update(content, layout=False)

    def _titles(self, widget: Static, title, subtitle=None) -> None:
        """A panel's border title (and subtitle) set only when changed: Textual repaints a widget
        on every assignment of either, equal or not -- for every line a busy room sends."""
        shown = self._shown.get(("titles", id(widget)))
        if shown != (title, subtitle):
            self._shown[("titles", id(widget))] = (title, subtitle)
            widget.border_title = title
            if subtitle is not None:
                widget.border_subtitle = subtitle

    def _draw_hint(self, hint: str, prompt: dict | None, placeholder: str) -> None:
        """The row above the command line: the game's question with its choices, else the hint."""
        more = "PgDn ▼ " if self.more_below else ""
        if prompt != self._row_prompt:  # a new question: is it said by the lines that came with it?
            self._row_prompt = prompt
            self._row_said = bool(prompt) and said(prompt.get("text", ""), self._since_asked)
        if prompt and prompt.get("choices"):
            # said once: when the log's newest lines just asked it, the row gives only the answers
            self.hint_bar.ask({**prompt, "text": ""} if self._row_said else prompt, more)
            if self.hint_bar.choices:
                placeholder = keys_hint(self.hint_bar.choices)
        elif prompt:  # nothing to choose ("... 'pass' lets the round go on."): the row says what is happening,
            text = prompt.get("text", "")  # or, when the log just said it, only what to type
            self.hint_bar.hint(Text(more + (tr(what_to_type(text)) if self._row_said else text)))
        else:
            self.hint_bar.hint(Text(more + hint))
        self.command_line.placeholder = placeholder

    @speaks
    def draw_panel(self, view: dict) -> None:
        board = board_for(view["game"])
        title, extra = board.extra_panel(view)
        self._titles(self.extra_box, title)
        self._update(self.extra_box, extra)
        if self.panel not in board.PANELS:
            self.panel = board.PANELS[0] if board.PANELS else ""
        box = self.main_box
        given = {"rows": self.main_rows} if self.main_rows is not None else {}  # (to a board that asked)
        if board.selects:
            title, subtitle, text = board.main_panel(view, self.panel, self.selection, **given)
        else:
            title, subtitle, text = board.main_panel(
                view, self.panel, **({"scale": self.scale} if self.scale > 1 else {}), **given)
        self._titles(box, title, subtitle)
        self._update(box, text)

    @speaks
    def announce(self, view: dict) -> None:
        """The end of the game, said once (no notification: a toast would sit on the log's last
        lines, the very ones that tell how the game ended). A seated player was told by the world's
        line ("*** Game over: you win! *** Type 'leave' ...", mud/shell/outcome.py), so only the board's
        note follows it; a watcher gets the banner here."""
        self.announced = True
        note = tr(board_for(view.get("game")).OVER_NOTE).strip()  # (a message, or a board's own text)
        revealed = " " + note if note else ""
        if view.get("you") is not None:  # seated: the world's one line said how it ended, and what next
            if revealed.strip():
                self.log_widget.add("info", revealed.strip())
            return
        who = who_won(view, self.me, ((self.snap.place or {}).get("table") or {}).get("bots"))
        self.log_widget.add("banner", tr(_("*** Game over: {who}!{revealed} ***", who=who, revealed=revealed)))

    def on_resize(self, event: events.Resize) -> None:
        if self.screen_stack:  # the game's screen, even while help or the palette is on top
            self.screen_stack[0].set_class(event.size.width >= WIDE, "wide")
        self.apply_size(event.size.width, event.size.height)
        self.call_after_refresh(self.refresh_view)  # the room panel's rule follows its width ...
        self.set_timer(0.1, self.refresh_view)  # ... once the screen has its new size too
