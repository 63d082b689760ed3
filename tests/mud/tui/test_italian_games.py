"""One whole game of each of the five in the TUI in Italian (issue 43), as ``mud play GAME --lang it``
opens it: ann types every move in Italian at the command line (``command_line(action, "it", verbs)``,
the normal bot choosing for her seat) until the game ends; the log reads the game's Italian words,
the footer the TUI's own, and the game's events reach the log in Italian, never in English."""

from __future__ import annotations

import games
import pytest
from games.engine import bot_rng, command_line, render
from mud.local.play import local_world, start_local
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.tui_local import LocalApp

pytestmark = pytest.mark.slow

SEED = 2
MAX_COMMANDS = 400

# A few words each game says in Italian (its catalogue's), read in ann's log.
ITALIAN = {
    "quest": ("porta", "difficoltà"),
    "tenx": ("carta",),
    "chess": ("si sposta",),
    "legend": ("missione",),
    "quantum": ("nave",),
}


def italian_app(game: str, players: int) -> LocalApp:
    """ann at a new match of ``game`` against bots, her session in Italian from the start, as
    ``mud play --lang it`` connects it (World.connect's ``lang``)."""
    world = local_world(None, "normal", players=1)
    ws = world.connect("ann", surface="local", lang="it")
    start_local(ws, games.get(game), players - 1, SEED, {}, "normal")
    return LocalApp(ws)


@pytest.mark.parametrize("game_name", ["quest", "tenx", "chess", "legend", "quantum"])
async def test_a_whole_game_typed_in_italian_in_the_tui(game_name):
    game = games.get(game_name)
    app = italian_app(game_name, game.default_players)
    table = app.table
    rng, memory = bot_rng(SEED, "ann"), {}
    typed, refused = [], []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.link.lang == "it"
        assert "Aiuto" in screen_lines(app)[-1], "the footer reads in Italian"
        while not table.over:
            assert len(typed) < MAX_COMMANDS, f"{game_name}: not over after {len(typed)} lines"
            assert table.awaiting() == ["ann"], "bots play at once: only ann can be awaited"
            action = game.bot_action(table.state, "ann", rng, "normal", memory)
            line = command_line(action, "it", game.verbs)
            before = len(table.log)
            await type_line(pilot, line)
            typed.append(line)
            if len(table.log) > before:
                assert table.log[before] == ("ann", action), f"{line!r} was read as {table.log[before][1]}"
            else:  # the game refused the choice (a door the bot cannot open): the bot learns, as at a table
                refused.append((line, app.log_widget.plain_lines[-1]))
                game.bot_refused(table.state, "ann", action, memory)
        await pilot.pause()
        log = "\n".join(app.log_widget.plain_lines)
        assert table.over
        assert len(refused) < 10, refused
        for word in ITALIAN[game_name]:
            assert word in log.lower(), f"{game_name}: the log never says '{word}'"
        mine = [e for e in table.events if e.visible_to("ann")]
        italian = {render(e.text, "it") for e in mine}
        english = [render(e.text, "en") for e in mine]
        assert sum(text in log for text in italian) >= 5  # others' turns may come folded to a line
        leaked = [t for t in english if t not in italian and len(t.split()) >= 3 and t in log]
        assert not leaked, leaked[:5]
