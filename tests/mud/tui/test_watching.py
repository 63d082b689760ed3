"""A watcher's screen at a match's end (issue 40): the final board stays until they leave -- the
panels went back to the room the moment the last move was made, and the end was gone with them."""

from __future__ import annotations

from mud.tui.app import GameApp
from mud.world.world import World
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.mud.world.test_world import at_gate


async def test_a_watcher_keeps_the_final_board_until_they_leave():
    world = World()
    alice, bob = at_gate(world, "alice", "bob")
    alice.handle("sit")
    alice.handle("start bots=2 seed=5 rules=basic")
    app = GameApp(bob)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "watch 1")
        await pilot.pause()
        assert app.main_box.border_title == "Map" and not app.screen.has_class("hub")
        match = world.tables[1].match
        alice.handle("leave")  # bots in every seat now: they play the match to its end at once
        assert match.over
        await pilot.pause(0.2)
        app.pump()
        await pilot.pause()
        # the end in sight: the revealed map, who won, and how to go
        assert app.main_box.border_title == "Map (revealed)" and not app.screen.has_class("hub")
        assert app.status_bar.has_class("over")
        log = "\n".join(app.log_widget.plain_lines)
        assert "*** Game over:" in log and "The match at table 1 is over: 'leave' stops watching." in log
        assert "Type 'leave' to stop watching." in screen_lines(app)[-3]  # the hint row says how to go
        await pilot.pause(0.5)  # (nothing takes it away meanwhile)
        app.pump()
        assert app.main_box.border_title == "Map (revealed)"
        await type_line(pilot, "leave")
        await pilot.pause()
        assert "You stop watching table 1." in app.log_widget.plain_lines
        assert app.screen.has_class("hub") and app.main_box.border_title == "The Labyrinth gate"
        assert bob.table is None and all("bob" not in gt.watchers for gt in world.tables.values())
