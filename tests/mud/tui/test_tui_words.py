"""The TUI's own words are messages, worded in the session's language (issue 43).

With the session's language the pseudo-language ``xx`` (every message wrapped in ⟦ ⟧), every screen
of the TUI is opened at 80x24 -- each game's board, a room of the world, a question, the help page,
the palette, the footer, the quit dialog -- and what the TUI itself draws must be marked: once the
⟦...⟧ spans are taken out, only names, numbers, glyphs and what the world handed over in the
snapshot (the game's view, place and status, the game's own screens and help: other parts of issue
43 word those) may be left. The log is left out: its lines are the world's. One screen is read in
Italian, and ``language it`` typed at the command line words the TUI's own words in Italian at once."""

from __future__ import annotations

import re

import pytest

from games.words import CLOSE, OPEN
import games
from mud.tui.boards import board_for, chess, quest
from mud.tui.help_screen import HelpScreen, help_text
from mud.tui.quitting import ConfirmScreen
from mud.tui.words import speaking
from mud.world.rooms import ROOMS, title_of
from mud.world.world import World
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.mud.world.test_world import at_gate
from mud.local.play import local_world, start_local
from tests.tui_local import LocalApp, local_app

SPAN = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
CUT = re.compile(f"{OPEN}[^{OPEN}{CLOSE}\n]*(…|▏|$)", re.M)  # a message cut at a panel's (or the footer's) edge
WORD = re.compile(r"[^\W\d_]{2,}")  # a word of two letters or more (one letter: a key, a square, a glyph)


def words_in(value) -> set[str]:
    """Every word in a view, a place, a status (names, the game's own words): all of it not ours."""
    if isinstance(value, dict):
        return set().union(set(), *(words_in(k) | words_in(v) for k, v in value.items()))
    if isinstance(value, (list, tuple, set)):
        return set().union(set(), *(words_in(v) for v in value))
    return set(WORD.findall(str(value)))


def unmarked(text: str, allowed: set[str]) -> list[str]:
    """The words of ``text`` outside any ⟦...⟧ span that are not in ``allowed`` (in any case)."""
    while True:
        stripped = SPAN.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    text = CUT.sub(" ", text)
    allowed = {w.lower() for w in allowed}  # (a name capitalized: a title, a verb's name in the palette)
    return sorted({w for w in WORD.findall(text) if w.lower() not in allowed})


def theirs(app) -> set[str]:
    """What the snapshot handed over and the game drew itself: the words the TUI may show unmarked."""
    snap = app.snap
    out = words_in(snap.view) | words_in(snap.place) | words_in(snap.status) | {app.me}
    view = snap.view
    board = board_for((view or {}).get("game"))
    if board is not None and board.screens:  # the default board's panels are the game's own screens
        for show in board.screens_of(view).values():
            out |= words_in(list(show(view)))
    if board is not None and not board.screens:  # a map's or a board's glyphs ("Ci1@", "nGk", "kB")
        out |= {w for w in WORD.findall(drawn(app, [app.main_box])) if len(w) <= 3}
    if board is not None:  # the palette's entries from the game's verbs: their names and summaries
        out |= words_in([(v.name, str(v.summary)) for v in board_game(view).verbs])
        out |= game_words(board)
    if snap.place is not None and snap.view is None:  # a room's description and its exits' games
        room = ROOMS.get(snap.place["room"])
        out |= words_in([room.description] if room else []) | words_in([title_of(r) for r in ROOMS.values()])
    return out


def board_game(view):
    return games.get(view["game"])


def drawn(app, widgets) -> str:
    """The text the terminal shows in each of ``widgets``' regions (borders and titles included)."""
    lines = screen_lines(app)
    out = []
    for widget in widgets:
        if not widget.display or not widget.region.width:
            continue
        r = widget.region
        out.append("\n".join(line[r.x:r.right] for line in lines[r.y:r.bottom]))
    return "\n\n".join(out)


def ours(app) -> str:
    """Everything on the main screen but the log: status bar, the panels, the hint row, the command
    line (its placeholder), the footer."""
    from textual.widgets import Footer
    widgets = [app.status_bar, app.main_box, app.side_box, app.extra_box, app.hint_bar, app.command_line,
               app.screen.query_one(Footer)]
    return drawn(app, widgets)


def xx_app(game: str, **options):
    app = local_app(game, "ann", options.pop("players", 2), options.pop("seed", 3), **options)
    app.link.lang = "xx"
    return app


GAMES = ["quest", "chess", "quantum", "legend", "tenx"]


@pytest.mark.parametrize("game", GAMES)
async def test_every_word_of_a_boards_screen_is_a_message(game):
    app = xx_app(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert unmarked(ours(app), theirs(app)) == []
        board = board_for(app.snap.view["game"])
        for _ in range(max(0, len(board.PANELS) - 1)):  # each of the board's panels, switched with F2
            await pilot.press("f2")
            await pilot.pause()
            assert unmarked(ours(app), theirs(app)) == []


@pytest.mark.parametrize("game", GAMES)
async def test_the_help_page_and_the_palette_are_messages(game):
    app = xx_app(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        view = app.snap.view
        board = board_for(view["game"])
        with speaking("xx"):  # the help page's own parts: the keys, the board's page, its last line
            page = help_text([], board.help_page(view), [], board.PANELS)
            assert unmarked(page.plain, theirs(app) | game_words(board)) == []
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_box = drawn(app, [app.screen.query_one("VerticalScroll")])
        assert "⟦Help⟧" in help_box and "⟦Esc closes⟧" in help_box
        await pilot.press("escape")
        for command in app.get_system_commands(app.screen):
            assert unmarked(f"{command.title}\n{command.help}", theirs(app)) == [], command


def game_words(board) -> set[str]:
    """The game's own words a board shows as the game gives them: Quest's goal (its help page opens
    with it), Dungeon Chess's sides and pieces."""
    if board is board_for("quest"):
        return words_in([quest._GRID.goal, list(quest._GRID.win.values())])
    if board is board_for("chess"):
        return words_in([list(chess.SIDE_NAMES.values()), list(chess.NAMES.values())])
    return set()


async def test_a_question_and_its_keys_are_messages():
    app = xx_app("tenx", players=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.snap.view.get("prompt"), "10x asks its first question at once"
        assert app.command_line.placeholder.startswith("⟦")
        assert unmarked(ours(app), theirs(app)) == []


async def test_quitting_asks_in_the_sessions_language():
    app = xx_app("quest")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        from textual.widgets import Static
        dialog = drawn(app, list(app.screen.query(Static)))
        assert unmarked(dialog, set()) == [] and "⟦Quit this game?" in dialog
        await pilot.press("n")
        await pilot.pause()
        assert app.log_widget.plain_lines[-1] == "⟦You stay at the table.⟧"


async def test_a_room_of_the_world_is_worded_in_the_sessions_language():
    world = World()
    (ann,) = at_gate(world, "ann")
    ann.lang = "xx"
    from mud.tui.app import GameApp
    app = GameApp(ann)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.has_class("hub")
        assert unmarked(ours(app), theirs(app)) == []
        for command in app.get_system_commands(app.screen):
            assert unmarked(f"{command.title}\n{command.help}", set()) == [], command


async def test_an_italian_screen_and_language_it_redraws_the_tuis_words_at_once():
    app = local_app("quest", "ann", 2, 3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = screen_lines(app)[-1]
        assert "Help" in footer and "Aiuto" not in footer
        await type_line(pilot, "language it")
        await pilot.pause()
        assert app.link.lang == "it"
        footer = screen_lines(app)[-1]
        assert "Aiuto" in footer and "Esci" in footer and "Cronaca" in footer and "Help" not in footer
        assert app.main_box.border_title == "La tua mappa"
        assert app.command_line.placeholder == "scrivi un comando, o aiuto"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        page = app.screen.text.plain
        assert page.startswith("Tasti\n  Invio") and page.endswith("Esc chiude questa pagina.")
        assert "F2          mappa <-> libro mastro" in page


async def test_the_palettes_search_line_is_a_message():
    app = xx_app("quest")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        from textual.command import CommandInput, CommandPalette
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(CommandInput).placeholder == "⟦Search for commands…⟧"


async def test_a_digit_runs_the_answer_as_its_reader_types_it_and_the_log_echoes_that():
    """An Italian reader's numbered answer runs and echoes 'gioca ...' (found playing: the log echoed
    '> play 3'); the view keeps the data's commands, the boards' reading, beside the reader's."""
    world = local_world(None, "normal", players=1)
    ws = world.connect("ann", surface="local", lang="it")
    start_local(ws, games.get("tenx"), 2, 3, {}, "normal")
    app = LocalApp(ws)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        prompt = app.snap.view["prompt"]
        assert {c.split()[0] for _label, c in prompt["choices"]} <= {"play", "pass"}
        assert {c.split()[0] for c in prompt["typed"]} <= {"gioca", "passa"}
        before = len(app.table.log)
        await pilot.press("1")
        await pilot.pause()
        assert any(who == "ann" for who, _action in app.table.log[before:])  # she played (the bots after her)
        shown = "\n".join(screen_lines(app))
        assert "> gioca " in shown and "> play " not in shown
