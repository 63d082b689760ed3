"""Quest's row above the command line and its room panel at 80x24, as a newcomer read them in the
hand replay of issue 26: the turn hint offered 'act' (or 'buy <weapon>') where the game refused it
-- a tower without a rope, a castle for a knight, a smith with no gold --, a wizard's hint was cut
with "…", and a knight's belongings were cut in the room panel of a room with four doors."""

from __future__ import annotations

import itertools

from mud.tui.boards import quest as panels
from tests.games.quest.fixtures import dice, place, room
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.tui_local import local_app

ROW = SIZE[0] - 2  # the hint row's cells at 80 columns (one of padding each side)


def hint_row(app) -> str:
    return screen_lines(app)[-3]


async def test_the_smiths_buy_is_offered_only_while_the_player_can_pay():
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "tutorial")  # alone on E3, a Field of Mars (1), with 1 gold
        await pilot.pause()
        assert "Your turn: buy <weapon> here" in hint_row(app)
        await type_line(pilot, "buy sword")  # difficulty 1: it succeeds, and the gold is gone
        await pilot.pause()
        assert "You take a sword for 1 gold." in "\n".join(screen_lines(app))
        row = hint_row(app)
        assert "buy" not in row and "act" not in row
        assert "Your turn: move n/e/s/w, or peek (rolls the die), or pass." in row
        await type_line(pilot, "buy lance")
        await pilot.pause()
        assert "A weapon costs 1 gold and you have none." in "\n".join(screen_lines(app))  # as the hint foretold


async def test_a_knight_at_a_castle_is_not_told_to_act_and_the_rows_up_to_the_crown_and_after_are_whole():
    app = local_app("quest", "hero", 2, 5, level="easy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.table
        assert table.awaiting() == ["hero"]  # the bot has played: the start of hero's turn
        state = table.state
        hero = state.players["hero"]
        room(state, hero.pos, "castle", 2)
        hero.rank = "knight"
        await type_line(pilot, "look")  # the screen is drawn again from the view
        await pilot.pause()
        assert table.view("hero")["me"]["may_act"] is False
        assert hint_row(app).strip() == "Your turn: move n/e/s/w, or peek (rolls the die), or pass."
        hero.rank, hero.objects = "wizard", ["bible"]
        await type_line(pilot, "look")
        await pilot.pause()
        row = hint_row(app).strip()
        assert row == "Your turn: act, cast bolt/sight, move n/e/s/w, peek, or pass." and "…" not in row
        dice(state, 6)
        await type_line(pilot, "act")  # the hint said act, and act is accepted: the crown
        await pilot.pause()
        assert table.state.winner == "hero"
        assert hint_row(app).strip() == "Type 'leave' to get up, or 'sit' for a new table."
        log = "\n".join(app.log_widget.plain_lines)
        assert log.count("*** Game over: you win! *** Type 'leave' to get up") == 1 and log.count("Game over") == 1
        assert log.count("map is revealed") == 1  # said once
        await type_line(pilot, "leave")  # back in the Labyrinth gate: its row is whole, the way back in it
        await pilot.pause()
        assert hint_row(app).strip() == "sit opens or joins a Quest table; s goes back to the Crossroads."


def test_every_turn_hint_fits_the_row_at_80_columns():
    base = {"over": False, "you": "hero", "floor_keys": {}, "order": ["hero"],
            "players": {"hero": {"pos": "C6"}}, "rooms": {},
            "turn": {"player": "hero", "phase": "start", "consent": None, "steps_left": 0}}
    for rank, location, may_act, key in itertools.product(("vassal", "knight", "wizard"), ("field", "city"),
                                                          (True, False), (True, False)):
        view = base | {"me": {"rank": rank, "may_act": may_act},
                       "rooms": {"C6": {"location": location, "name": "?", "difficulty": 2}},
                       "floor_keys": {"gold": "C6"} if key else {}}
        said = panels.hint(view)
        assert len(said) <= ROW, said
        assert ("act" in said or "buy" in said) == may_act
        assert ("cast" in said) == (rank == "wizard")


async def test_a_room_of_four_doors_shows_everything_a_knight_carries():
    app = local_app("quest", "hero", 4, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.table
        hero = table.state.players["hero"]
        place(table.state, "hero", "C4")  # a room of four doors
        hero.objects = ["bible", "grail", "rope", "sword", "sword"]
        hero.treasures = ["health potion"]
        await type_line(pilot, "look")
        await pilot.pause()
        panel = "\n".join(line[46:] for line in screen_lines(app)[1:13])  # the room panel, right of the map
        assert "2 swords" in panel and "health potion" in panel and "…" not in panel
        assert "sword, sword" not in panel
