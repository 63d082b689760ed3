"""A Pilot test of the whole *full* game in the TUI: a new player, ``ann``, goes from vassal to
knight to wizard to crowned king against three bots, only by typing at the command line and by
pressing the digits of the questions the game asks (duels, consent).

Whenever the game waits on ann, the Quest bot (normal level, with its own memory, as ``Table.play_for``
plays a seat) chooses her action; the test turns that action into the line a player would type and
types it, or presses the digit of the same answer when the question row offers it. The seed is one
where that policy wins the crown after duelling: armed duels she answers and one she forces, loot,
sight and a bolt cast as a wizard. At 80x24 the whole game takes about ten seconds.
"""

from __future__ import annotations

from games.engine import Action, bot_rng, worded
from games.quest import GAME
from tests.tui_local import LocalApp, local_app
from tests.mud.tui.test_app import SIZE, map_cells_on_screen, screen_lines, type_line

SEED = 1043
BOTS = ["bot1", "bot2", "bot3"]  # as `mud play quest --players 4` names them
MAX_COMMANDS = 300


def command_line(action: Action) -> str:
    """The line a player types for ``action`` (the parser reads it back to the same action)."""
    verb, args = action.verb, action.args
    if verb == "throw":
        return args[0]  # 'rock', 'paper', 'scissors' are verbs of their own
    if verb == "fight" and len(args) == 2 and args[0] is None:
        return f"fight {args[1]}"  # force the way in through a door: 'fight e'
    if verb == "give":
        who, count, item = args
        return f"give {who} {count} {item}"
    return " ".join([verb, *map(str, args)])


def hint_row(app: LocalApp) -> str:
    return screen_lines(app)[-3]  # above the command line and the footer


def is_duel_question(text: str) -> bool:
    return text.startswith(("Duel with", "You beat")) or "bolt flies at you" in text


async def test_a_new_player_types_a_whole_full_game_from_vassal_to_crowned_king():
    app = local_app("quest", "ann", 1 + len(BOTS), SEED)
    table = app.table
    rng, memory = bot_rng(SEED, "ann"), {}  # ann's "mind": the normal bot, as play_for would hold it
    typed, keyed, refused = [], [], []
    duel_rows: list[tuple[str, str, str]] = []  # (question, its row, the log's newest line)
    ranks = ["vassal"]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while not table.over:
            assert table.awaiting() == ["ann"], "bots play at once: only ann can be awaited"
            assert len(typed) + len(keyed) < MAX_COMMANDS, "the game should end well before this"
            prompt = worded(app.session.view()["prompt"], "en")  # (as an English reader reads it)
            if prompt and is_duel_question(prompt["text"]):
                row = hint_row(app)
                assert app.hint_bar.has_class("asking") and "[1]" in row, row
                duel_rows.append((prompt["text"], row, app.log_widget.plain_lines[-1]))
            for _ in range(3):  # as play_for: a refused choice teaches the bot, which chooses again
                action = GAME.bot_action(table.state, "ann", rng, "normal", memory)
                line = command_line(action)
                before, shown = len(table.log), len(app.log_widget.plain_lines)
                choices = app.hint_bar.choices  # the commands of the digits on screen
                if line in choices.values():
                    await pilot.press(next(k for k, c in choices.items() if c == line))
                    await pilot.pause()
                    keyed.append(line)
                else:
                    await type_line(pilot, line)
                    typed.append(line)
                assert app.focused is app.command_line
                assert app.log_widget.plain_lines[shown] == f"> {line}", "echoed as typed, keyed or not"
                if len(table.log) > before:
                    assert table.log[before] == ("ann", action), f"{line!r} was read as {table.log[before][1]}"
                    break
                assert app.log_widget.plain_lines[-1], "a refusal is answered in the log"
                refused.append((line, app.log_widget.plain_lines[-1]))
                GAME.bot_refused(table.state, "ann", action, memory)
            else:
                raise AssertionError(f"ann's choices were refused three times: {refused[-3:]}")
            rank = table.state.players["ann"].rank
            if rank != ranks[-1] and rank != "king":
                ranks.append(rank)
                assert f"you: {rank} on" in screen_lines(app)[0], "the status bar shows the new rank"
        await pilot.pause()

        # ann is crowned: the road went through every rank, and the end is said plainly.
        view = app.session.view()
        assert view["over"] and view["winner"] == "ann"
        assert ranks == ["vassal", "knight", "wizard"], ranks
        assert table.state.players["ann"].rank == "king"  # crowned: the game ends as she wins
        assert any("The king crowns you!" in line for line in app.log_widget.plain_lines[-8:])
        assert any("ann is crowned at" in str(e.text) for e in table.events[-8:])  # what the others are told
        assert sum("Game over" in line for line in app.log_widget.plain_lines) == 1  # said once (issue 40)
        assert any(line.startswith("*** Game over: you win! *** Type 'leave'") for line in app.log_widget.plain_lines)
        screen = "\n".join(screen_lines(app))
        assert "Game over: you win!" in screen_lines(app)[0]  # the status bar
        assert "Map (revealed)" in screen
        assert "?" not in "".join(map_cells_on_screen(app).values())  # the whole map is revealed
        assert hint_row(app).strip() and "[1]" not in hint_row(app)  # nothing more is asked

        # Along the way: duels, answered from the question row, typed and keyed alike.
        assert duel_rows, "ann's screen asked her a duel question"
        texts = [text for text, _row, _newest in duel_rows]
        assert any("Duel with" in t for t in texts) and any("You beat" in t for t in texts)
        for text, row, newest in duel_rows:  # asked once: on the row, or by the log's newest line above it
            asked_above = any(word in newest for word in ("Answer", "Play a weapon", "Take one thing"))
            assert (text in row) != asked_above, (text, row, newest)
        assert keyed and typed
        assert any(line.startswith(("play ", "loot ")) for line in keyed), "a duel answered with a digit"
        assert any(line.startswith("cast sight") for line in typed)
        assert any(line in ("fight n", "fight e", "fight s", "fight w") for line in typed), "ann forced her way in"
        assert not refused, refused
