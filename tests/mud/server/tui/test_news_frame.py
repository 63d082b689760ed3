"""News drawn at once (mud/server/tui/news_frame.py) leaves on the player's terminal exactly what
Textual's own full drawing of the same screen leaves -- every cell, its character and its colours.

Each test runs a served app on a terminal emulator (pyte) fed every byte the app writes, lets
news arrive, and then compares that screen with a fresh terminal fed only a full repaint of the
app's screen. The news must also have gone the quick way where it can (the terminal scrolling the
log's rows) and the slow way where it cannot (a notice over the log, the log scrolled back)."""

from __future__ import annotations

import asyncio
import random
import re

import pyte
import pytest

from mud.server.tui import news_frame
from mud.server.tui.driver import ServedApp, run_served
from mud.world.world import World

SIZE = (80, 24)
SCROLL = re.compile(rb"\x1b\[\d+;\d+r")  # DECSTBM: the terminal scrolls the log's rows


class Term:
    """An SSH session as the driver sees it, with a terminal emulator behind it."""

    def __init__(self) -> None:
        self.size = SIZE
        self.driver = None
        self.sent = bytearray()
        self.screen = pyte.Screen(*SIZE)
        self.stream = pyte.ByteStream(self.screen)

    def send(self, data: bytes) -> None:
        self.sent += data
        self.stream.feed(data)

    def backlog(self) -> int:
        return 0

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def cells(screen: pyte.Screen) -> list[list[tuple]]:
    return [[(c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse)
             for c in (screen.buffer[y][x] for x in range(screen.columns))] for y in range(screen.lines)]


async def quiet(term: Term, idle: float = 0.35, most: float = 10.0) -> None:
    """Until the app has drawn nothing for ``idle`` seconds and has no news waiting to be drawn
    (its pump comes a quarter of a second after the last, later on a busy machine)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + most
    seen, since = -1, loop.time()
    while loop.time() < end:
        await asyncio.sleep(0.05)
        app = term.driver._app if term.driver is not None else None
        if len(term.sent) != seen or (app is not None and app._pending):
            seen, since = len(term.sent), loop.time()
        elif loop.time() - since >= idle:
            return


async def full_drawing(app, term: Term) -> list[list[tuple]]:
    """The screen as a full repaint draws it, on a fresh terminal."""
    mark = len(term.sent)
    app.screen.refresh()
    await quiet(term)
    fresh = pyte.Screen(*SIZE)
    pyte.ByteStream(fresh).feed(bytes(term.sent[mark:]))
    return cells(fresh)


async def same_as_full(app, term: Term) -> None:
    shown = cells(term.screen)
    full = await full_drawing(app, term)
    for y, (row, want) in enumerate(zip(shown, full)):
        assert row == want, (y, "".join(c[0] for c in row), "".join(c[0] for c in want))


@pytest.fixture
async def served():
    apps = []

    async def start(world: World, name: str):
        term = Term()
        app = ServedApp(world.connect(name), term, max_line=300)
        task = asyncio.create_task(run_served(app, term.size))
        for _ in range(400):
            if b"command" in term.sent:
                break
            await asyncio.sleep(0.02)
        await quiet(term)
        apps.append((app, term, task))
        return app, term

    yield start
    for app, term, task in apps:
        term.driver.feed(b"\x11")  # ctrl+q
        await asyncio.wait_for(task, 8)


async def fill_log(term: Term) -> None:
    """Enough lines that the log has its scrollbar: the quick way needs it already up."""
    term.driver.feed(b"say one\rsay two\rsay three\rsay four\rsay five\r")
    await quiet(term)


async def test_a_line_of_news_scrolls_the_terminal_and_leaves_the_screen_textual_draws(served):
    world = World()
    app, term = await served(world, "ann")
    bob = world.connect("bob")
    await fill_log(term)
    for n in range(6):
        mark = len(term.sent)
        bob.handle(f"say line {n} " + "and more words " * (n * 2))  # some wrap over two or three rows
        bob.flush()
        await quiet(term)
        assert SCROLL.search(term.sent[mark:])
        assert f"line {n}" in "\n".join(term.screen.display)
        await same_as_full(app, term)


async def test_many_lines_in_one_drawing(served):
    world = World()
    app, term = await served(world, "ann")
    bob = world.connect("bob")
    await fill_log(term)
    app._pending = True  # (no drawing meanwhile: the lines wait in the session)
    for n in range(3):
        bob.handle(f"say together {n}")
    app._pending = False
    app.schedule_pump(0)
    await quiet(term)
    assert "together 2" in "\n".join(term.screen.display)
    await same_as_full(app, term)
    for n in range(12):  # more lines than the log has rows: drawn whole, not scrolled
        bob.handle(f"say flood {n}")
    await quiet(term)
    await same_as_full(app, term)


async def test_a_notice_over_the_log_is_drawn_over_and_not_scrolled_away(served):
    world = World()
    app, term = await served(world, "ann")
    await fill_log(term)
    app.notify("A notice in the corner", timeout=30)
    await quiet(term)
    assert news_frame.scroll_span(app, app.log_widget) is None
    bob = world.connect("bob")
    mark = len(term.sent)
    bob.handle("say under the notice")
    await quiet(term)
    assert not SCROLL.search(term.sent[mark:])
    assert "A notice in the corner" in "\n".join(term.screen.display)
    await same_as_full(app, term)


async def test_news_to_a_log_scrolled_back_goes_through_textual(served):
    """Not at its end, the log's rows on the terminal are not the ones a scroll would move."""
    world = World()
    app, term = await served(world, "ann")
    bob = world.connect("bob")
    await fill_log(term)
    term.driver.feed(b"\x1b[5~")  # PageUp
    await quiet(term)
    assert not news_frame.ready(app)
    mark = len(term.sent)
    bob.handle("say while you read")
    await quiet(term)
    assert not SCROLL.search(term.sent[mark:])
    assert "while you read" in "\n".join(term.screen.display)  # (news brings the log to its end)
    await same_as_full(app, term)


async def test_a_mix_of_news_commands_and_comings_leaves_textuals_screen(served):
    await mixed(served, seed=1, steps=14)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3, 4, 5])
async def test_any_mix_of_news_commands_and_comings_leaves_textuals_screen(served, seed):
    await mixed(served, seed, steps=24)


async def mixed(served, seed: int, steps: int) -> None:
    """Seeded mixes of news (talk, arrivals, departures, emotes) and the player's own commands,
    the screen compared after each step."""
    rng = random.Random(seed)
    world = World()
    app, term = await served(world, "ann")
    others = [world.connect(name) for name in ("bob", "cy")]
    quick = 0
    for step in range(steps):
        who = rng.choice(others)
        roll = rng.random()
        mark = len(term.sent)
        if roll < 0.45:
            who.handle(f"say step {step} " + "words " * rng.randrange(0, 25))
        elif roll < 0.6:
            who.handle(rng.choice(["north", "south", "east", "west"]))
            who.handle("go crossroads") if rng.random() < 0.5 else None
        elif roll < 0.75:
            who.handle(f"emote waves {step}")
        else:
            term.driver.feed(rng.choice([b"look\r", b"say mine\r", b"who\r", b"help say\r", b"help\r",
                                         b"commands\r", b"\x1b[5~", b"l\r", b"nonsense\r"]))
        await quiet(term)
        quick += bool(SCROLL.search(term.sent[mark:]))
        await same_as_full(app, term)
    assert quick  # some of it went the quick way


async def test_keys_that_come_together_are_typed_as_one_edit_as_they_would_be_one_by_one(served, monkeypatch):
    """A line in one packet reaches the command line as one edit (CommandLine.Typed), with what
    key by key would give: the line run, the history kept, a line too long cut at the same place."""
    from mud.tui.command_line import CommandLine
    runs = []
    real = CommandLine.type_run
    monkeypatch.setattr(CommandLine, "type_run", lambda self, text, time: (runs.append(text), real(self, text, time)))
    world = World()
    app, term = await served(world, "ann")
    term.driver.feed(b"say all at once")
    term.driver.feed(b"\r")
    await quiet(term)
    assert runs == ["say all at once"] and "You say: all at once" in app.log_widget.plain_lines
    line = app.command_line
    line.max_length = 12
    term.driver.feed(b"say 1234567890ABC")  # together: cut where keys one by one would stop
    await quiet(term)
    together = line.value
    line.value = ""
    for ch in b"say 1234567890ABC":
        term.driver.feed(bytes([ch]))
    await quiet(term)
    assert together == line.value == "say 12345678"
    term.driver.feed(b"\r")
    await quiet(term)
    assert line.history[-2:] == ["say all at once", "say 12345678"]


async def test_whole_lines_with_enter_run_in_order_without_editing_the_command_line(served, monkeypatch):
    """Lines that come whole, Enter and all (a MUD client, a paste), run one by one as TypedLines:
    no edit of the command line, the history kept, the screen as Textual draws it."""
    from mud.tui.command_line import CommandLine
    edits = []
    real = CommandLine.type_run
    monkeypatch.setattr(CommandLine, "type_run", lambda self, text, time: (edits.append(text), real(self, text, time)))
    world = World()
    app, term = await served(world, "ann")
    term.driver.feed(b"say one\r\nsay two\rlook\r")
    await quiet(term)
    lines = app.log_widget.plain_lines
    assert edits == [] and app.command_line.value == ""
    assert lines.index("You say: one") < lines.index("You say: two") < lines.index("> look")
    assert app.command_line.history[-3:] == ["say one", "say two", "look"]
    await same_as_full(app, term)


async def test_a_line_that_would_not_run_as_it_came_goes_as_keys(served, monkeypatch):
    """A line is run whole only where its keys would have run just it: after a line begun, or
    too long for the command line, or in the middle of an escape sequence, its keys go in."""
    taken = []
    real = ServedApp.on_typed_line
    monkeypatch.setattr(ServedApp, "on_typed_line", lambda self, message: (taken.append(message.line), real(self, message)))
    world = World()
    app, term = await served(world, "ann")
    term.driver.feed(b"sa")
    await quiet(term)
    term.driver.feed(b"y begun\r")  # the line was begun: its keys finish it
    await quiet(term)
    app.command_line.max_length = 12
    term.driver.feed(b"say 1234567890ABC\r")  # too long: cut where keys one by one would stop
    await quiet(term)
    assert taken == []
    lines = app.log_widget.plain_lines
    assert "You say: begun" in lines and "You say: 12345678" in lines
    app.command_line.max_length = 0
    driver = term.driver
    driver._parser._timeout_time = 1.0  # (as after an ESC: the parser waits for the rest of a sequence)
    assert not driver._line_first("look\r")
    driver._parser._timeout_time = None
    term.driver.feed(b"look\r")
    await quiet(term)
    assert taken == ["look"]
