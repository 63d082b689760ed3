"""A password typed in the TUI (``password OLD NEW``, ``delete account PASSWORD``) works as on every
surface, and is neither shown back in the log nor kept in the command line's history."""

from __future__ import annotations

from mud.tui.app import GameApp
from tests.mud.tui.test_app import type_line

SIZE = (80, 24)


async def test_password_changes_and_is_never_shown_nor_kept(world):
    app = GameApp(world.connect("alice"))
    async with app.run_test(size=SIZE) as pilot:
        await type_line(pilot, "look")
        await type_line(pilot, "password pw12 newpass9")
        lines = app.log_widget.plain_lines
        assert "> password ********" in lines
        assert any("Your password is changed" in line for line in lines)
        assert not any("pw12" in line or "newpass9" in line for line in lines)
        assert app.command_line.history == ["look"]  # Up never brings a password back
    assert world.store.check_password("alice", "newpass9")
