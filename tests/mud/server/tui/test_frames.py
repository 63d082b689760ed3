"""What a served TUI draws stays as small as it can be: drawing the panels again lays nothing out,
and a command's answer follows its echo even when news was waiting (docs/performance.md, part C)."""

from __future__ import annotations

import time

from mud.tui.app import GameApp
from mud.world.world import World
from tests.mud.tui.test_app import SIZE, type_line


async def test_drawing_the_room_panels_again_lays_nothing_out():
    world = World()
    app = GameApp(world.connect("alice"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "look")
        await pilot.pause()
        screen = app.screen
        laid_out = []
        real = type(screen)._refresh_layout
        screen._refresh_layout = lambda *a, **k: (laid_out.append(1), real(screen, *a, **k))[1]
        for _ in range(5):  # what each news pump does: the panels drawn again, unchanged
            app.refresh_view()
            await pilot.pause()
        assert not laid_out and not screen._layout_required
        bob = world.connect("bob")  # someone arrives: the "Here" panel changes, still no layout
        bob.handle("say hello")
        await pilot.pause(0.3)
        app.pump()
        await pilot.pause()
        assert "bob" in str(app.side_box.render()) and not laid_out


async def test_news_waiting_when_a_command_is_typed_goes_above_its_echo():
    world = World()
    app = GameApp(world.connect("alice"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bob = world.connect("bob")
        app._pending = True  # (no pump drawn meanwhile: the news waits in the session)
        for n in range(12):
            bob.handle(f"say line {n}")
        app.run_command("say mine", time.monotonic())  # as the command line hands a typed line over
        await pilot.pause()
        lines = app.log_widget.plain_lines
        echo = lines.index("> say mine")
        assert lines[echo + 1] == "You say: mine"  # the answer right under its command ...
        assert lines.index("bob says: line 11") < echo  # ... the news that came before, above it


async def test_the_room_panels_grow_with_the_crowd_but_do_not_shrink_while_you_stay():
    """Comings and goings in a busy room do not make the screen jump (nor lay out every TUI in the
    room again); a new room sizes the panels afresh."""
    world = World()
    app = GameApp(world.connect("alice"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.pump()
        await pilot.pause()
        crowd = [world.connect(f"p{n}") for n in range(12)]
        await pilot.pause(0.3)
        app.pump()
        await pilot.pause()
        grown = app.main_box.size.height
        assert grown == 11  # the "Here" list of 13 lines: as tall as the panels go
        screen = app.screen
        laid_out = []
        real = type(screen)._refresh_layout
        screen._refresh_layout = lambda *a, **k: (laid_out.append(1), real(screen, *a, **k))[1]
        for ws in crowd[:10]:
            ws.handle("east")
        await pilot.pause(0.3)
        app.pump()
        await pilot.pause()
        assert "p0" not in str(app.side_box.render()) and "p11" in str(app.side_box.render())
        assert app.main_box.size.height == grown and not laid_out
        await type_line(pilot, "north")
        await pilot.pause()
        assert "Labyrinth" in str(app.main_box.border_title)
