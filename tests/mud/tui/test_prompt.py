"""The TUI's prompt bar (the game's question with numbered choices, taken with a digit or a click)
and the inventory in the room panel: pure rendering first, then Pilot tests at 80x24 where a
consent question comes up and the keys answer it."""

from __future__ import annotations

from rich.text import Text

from games.engine import Action
from games.quest import GAME
from mud.shell.table import Table
from mud.tui.boards import quest as panels
from tests.tui_local import LocalApp, local_app
from mud.tui.prompt_bar import choice_commands, keys_hint, render_prompt
from tests.games.quest.fixtures import dice, isolate, place
from tests.mud.tui.test_app import SIZE, screen_lines, type_line

CONSENT = {"text": "bob asks to enter your room B4.", "choices": [["Allow", "allow"], ["Deny", "deny"]]}


def me(**over) -> dict:
    base = {"name": "hero", "objects": [], "treasures": [], "keys": [], "gold": 1, "rank": "vassal",
            "pos": "C6", "bag": False, "notes": {}, "consent": "ask"}
    return base | over


# --- the prompt, drawn ------------------------------------------------------------------------------

def test_prompt_shows_the_question_and_numbered_choices():
    line = render_prompt(CONSENT, 78)
    assert line.plain == "bob asks to enter your room B4.  [1] Allow  [2] Deny"
    assert choice_commands(CONSENT) == {"1": "allow", "2": "deny"}
    assert choice_commands(None) == {}
    assert keys_hint(["1", "2"]) == "press 1-2 to answer, or type a command"
    assert keys_hint(["1"]).startswith("press 1 to") and keys_hint(["1", "0"]).startswith("press 0-1 to")


def test_the_answer_that_passes_is_always_0_and_shown_last():
    """Pressing 1 takes the first real choice (the first card), never a pass, in every game."""
    hand = {"text": "Place a card.", "choices": [["Pass", "pass"], ["9 die", "play 9d"], ["5", "play 5"]]}
    assert choice_commands(hand) == {"1": "play 9d", "2": "play 5", "0": "pass"}
    assert render_prompt(hand, 78).plain == "Place a card.  [1] 9 die  [2] 5  [0] Pass"
    masked = {"text": "Play another card, or keep it.", "choices": [["6", "play 6"], ["Keep", "keep"]]}
    assert choice_commands(masked) == {"1": "play 6", "0": "keep"}  # keeping what one has declines too
    targets = {"text": "Keep a target.", "choices": [["Kor", "keep 1"], ["Ula", "keep 2"]]}
    assert choice_commands(targets) == {"1": "keep 1", "2": "keep 2"}  # a choice, not a pass


def test_prompt_choices_are_clickable_and_stay_whole_when_narrow():
    line = render_prompt(CONSENT, 40, lead="PgDn ▼ ")
    assert line.cell_len <= 40
    assert line.plain.startswith("PgDn ▼ bob") and line.plain.endswith("[1] Allow  [2] Deny")
    assert "…" in line.plain  # the question gave way, not the choices
    clicks = {line.plain[s.start:s.end]: s.style.meta.get("@click") for s in line.spans if s.style.meta}
    assert clicks["Allow"] == "choose(1)" and clicks["Deny"] == "choose(2)" and clicks["[2]"] == "choose(2)"


def test_prompt_with_many_choices_offers_nine_keys_at_most():
    many = {"text": "Loot", "choices": [[f"thing {i}", f"take thing{i}"] for i in range(12)]}
    assert len(choice_commands(many)) == 9 and "0" not in choice_commands(many)
    assert "[9]" in render_prompt(many, 500).plain and "[10]" not in render_prompt(many, 500).plain


# --- the inventory ----------------------------------------------------------------------------------

def test_inventory_says_everything_carried_in_one_line():
    line = panels.render_inventory(me(objects=["head", "rope", "sword"], treasures=["crystal ball"],
                                      keys=["gold"], gold=2), width=80)
    assert line.plain == "Carrying: 2 gold · dragon head, rope, sword · crystal ball · gold key"
    assert panels.render_inventory(me(), 30).plain == "Carrying: 1 gold"


def test_inventory_wraps_between_items_in_two_lines_at_most():
    stuff = me(objects=["sword", "rope", "lance", "mace"], treasures=["crystal ball", "health potion"], gold=3)
    lines = panels.render_inventory(stuff, width=30).plain.split("\n")
    assert len(lines) == 2 and all(len(line) <= 30 for line in lines)
    assert lines[0].startswith("Carrying: 3 gold · sword,") and lines[1].startswith("  ")
    assert lines[1].endswith("…")  # more than two lines hold: the last is cut
    assert len(panels.render_inventory(stuff, width=30, max_lines=1).plain.split("\n")) == 1


def test_a_bag_of_money_is_unlimited_gold():
    line = panels.render_inventory(me(treasures=["bag of money"], bag=True, gold=4), width=80).plain
    assert line == "Carrying: bag of money (unlimited gold)"


def test_wounded_and_dead_are_marked_and_absent_keys_are_fine():
    view = {"over": False, "you": "hero", "me": me(wounded=True),
            "turn": {"player": "bob", "consent": None, "phase": "start"}}
    assert panels.condition(view["me"]) == "wounded" and panels.condition(me()) is None
    assert panels.render_status(view, "Turn 3: bob", 200).plain == panels.WOUNDED + "  Turn 3: bob"
    assert panels.status_kind(view) == "hurt"
    assert panels.render_inventory(view["me"], 80).plain.startswith("WOUNDED · Carrying:")
    view["me"] = me(alive=False, wounded=True)
    assert panels.render_status(view, "Turn 3: bob", 200).plain.startswith("You are dead: you watch and may")
    assert panels.status_kind(view) == "dead"
    assert panels.hint(view).startswith(panels.DEAD)
    assert panels.render_inventory(view["me"], 80).plain.startswith("DEAD · Carrying:")
    view["over"] = True
    assert panels.render_status(view, "Game over: bob wins.", 80).plain == "Game over: bob wins."


def test_room_panel_shows_the_inventory_and_keeps_to_its_height():
    table = Table(GAME, ["hero"], ["bot1", "bot2", "bot3"], seed=5)
    table.start()
    table.state.players["hero"].objects.extend(["sword", "rope"])
    view = table.view("hero")
    text = panels.render_room(view, 30, 11)
    assert isinstance(text, Text)
    lines = text.plain.split("\n")
    assert len(lines) <= 11 and all(len(line) <= 30 for line in lines)
    assert any(line.startswith("Carrying: 1 gold · rope, sword") for line in lines)
    assert not any("carrying" in line for line in panels.render_players(view).plain.split("\n"))


# --- Pilot: a question, answered with a key -----------------------------------------------------

def two_humans(seed: int = 2) -> tuple[LocalApp, Table]:
    """hero (this screen) and bob (no screen: the test plays bob's seat) at one table."""
    app = local_app("quest", "hero", 2, seed, others=("bob",))
    return app, app.table


async def bob_asks_to_come_in(pilot, table: Table) -> None:
    """Set the rooms so that bob, on his turn, steps into hero's room: hero is asked."""
    if table.awaiting() == ["hero"]:
        await type_line(pilot, "pass")  # hero passes: bob's turn
    assert table.awaiting() == ["bob"]
    place(table.state, "bob", "C4")
    place(table.state, "hero", "C5")
    isolate(table.state, "C4")
    dice(table.state, 2)
    table.submit("bob", Action("move", ("e",)))
    await pilot.pause()
    assert table.awaiting() == ["hero"]


def hint_row(app) -> str:
    return screen_lines(app)[-3]  # above the command line and the footer


async def test_a_consent_question_is_answered_by_pressing_1():
    app, table = two_humans()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await bob_asks_to_come_in(pilot, table)
        row = hint_row(app)
        assert row.strip() == "[1] Allow  [2] Deny"  # the question is said once: by the log, just above
        assert app.log_widget.plain_lines[-1] == "bob wants to enter your room C5: answer 'allow' or 'deny'."
        assert app.hint_bar.has_class("asking")
        assert app.command_line.placeholder == "press 1-2 to answer, or type a command"
        lines = screen_lines(app)
        assert len(lines) == 24 and all(len(line) == 80 for line in lines)
        before = len(app.log_widget.plain_lines)
        await pilot.press("1")
        await pilot.pause()
        assert table.state.players["bob"].pos == "C5"  # let in
        assert app.log_widget.plain_lines[before] == "> allow"  # echoed as if typed
        assert app.command_line.history[-1] == "allow" and app.command_line.value == ""
        assert "[1]" not in hint_row(app) and not app.hint_bar.has_class("asking")
        await pilot.press("1")  # no question any more: the digit is only typed
        assert app.command_line.value == "1"


async def test_pressing_2_denies_and_the_mover_can_give_up_with_1():
    app, table = two_humans()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await bob_asks_to_come_in(pilot, table)
        await pilot.press("2")
        await pilot.pause()
        assert table.state.players["bob"].pos == "C4"  # kept out
        assert app.command_line.history[-1] == "deny"
    # Now hero is the one asking: the only choice withdraws the request.
    app, table = two_humans()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if table.awaiting() == ["bob"]:
            table.submit("bob", Action("pass"))
            await pilot.pause()
        place(table.state, "hero", "C4")
        place(table.state, "bob", "C5")
        isolate(table.state, "C4")
        dice(table.state, 2)
        await type_line(pilot, "move e")
        assert "Waiting for bob to let you in.  [1] Give up" in hint_row(app)
        await pilot.press("1")
        await pilot.pause()
        assert app.command_line.history[-1] == "stop"
        assert table.state.players["hero"].pos == "C4" and table.state.turn.phase != "consent"


async def test_a_digit_after_other_characters_is_only_typed():
    app, table = two_humans()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await bob_asks_to_come_in(pilot, table)
        await type_line(pilot, "say ", enter=False)
        await pilot.press("1", "2")
        assert app.command_line.value == "say 12"
        assert table.awaiting() == ["hero"]  # nothing answered
        await pilot.press("enter")
        await pilot.pause()
        assert "> say 12" in app.log_widget.plain_lines
        assert table.awaiting() == ["hero"] and "[1] Allow" in hint_row(app)
        await pilot.press("3")  # no third choice: typed
        assert app.command_line.value == "3"


async def test_clicking_a_choice_runs_it():
    app, table = two_humans()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await bob_asks_to_come_in(pilot, table)
        x = hint_row(app).index("[2] Deny") + 5
        assert await pilot.click("#hint", offset=(x, 0))
        await pilot.pause()
        assert table.state.players["bob"].pos == "C4"
        assert app.command_line.history[-1] == "deny" and "> deny" in app.log_widget.plain_lines
        assert app.focused is app.command_line


async def test_the_prompt_and_the_inventory_fit_a_wide_terminal():
    app, table = two_humans()
    async with app.run_test(size=(120, 30)) as pilot:  # wide, not tall: the ledger beside (not the big map)
        await pilot.pause()
        await bob_asks_to_come_in(pilot, table)
        lines = screen_lines(app)
        assert len(lines) == 30 and all(len(line) == 120 for line in lines)
        assert "[1] Allow  [2] Deny" in lines[-3]
        assert any("Carrying: 1 gold" in line for line in lines)
        assert "Ledger" in lines[1]


def test_ending_a_turn_by_a_word_is_0_too():
    turn = {"text": "Two actions left.", "choices": [["Move 3 to d5", "move 3 d5"], ["End the turn", "end"]]}
    assert choice_commands(turn) == {"1": "move 3 d5", "0": "end"}


def test_a_question_over_its_many_choices_is_wrapped_not_cut():
    from mud.tui.prompt_bar import render_prompt_rows
    long = {"text": "bob plays a mask card and may take one card at random from the hand of another "
                    "player: whose hand does he take it from?",
            "choices": [[f"{name}'s hand", f"mask {name}"] for name in ("ann", "cid", "dan", "eve")]}
    rows = render_prompt_rows(long, 72).plain.split("\n")
    assert len(rows) == 3 and all(len(row) <= 72 for row in rows)
    assert "…" not in " ".join(rows) and " ".join(rows[:2]) == long["text"]
    assert rows[2] == "[1] ann's hand  [2] cid's hand  [3] dan's hand  [4] eve's hand"
    cards = long | {"choices": [[f"card {n}", f"play {n}"] for n in range(9)]}  # the choices need two rows
    rows = render_prompt_rows(cards, 60).plain.split("\n")
    assert len(rows) == 3 and rows[0].endswith("…") and rows[2].startswith("[")  # choices first, whole
    assert render_prompt_rows(CONSENT, 78).plain == render_prompt(CONSENT, 78).plain  # fits: one row
