"""Pilot tests of the TUI at a 10x table: the panels are drawn from the game's own screens (the
table of revealed cards, your hand and quests, the score), the question row numbers the answers
of every phase, and a new player, ``ann``, plays a whole game against three bots by keys and typed
lines -- never seeing a card of another hand that was not revealed on the table."""

from __future__ import annotations

import copy
import re

import games
from games import engine
from games.engine import Action, bot_rng
from games.tenx.data import CARDS
from games.words import worded
from mud.tui.boards import default as cardpanels
from mud.tui.levels import bot_levels, screens_with_levels
from tests.tui_local import LocalApp, local_app
from tests.mud.tui.test_app import SIZE, screen_lines, type_line

GAME = games.get("tenx")
SEED = 3
BOTS = ["bot1", "bot2", "bot3"]  # as `mud play tenx --players 4` names them
MAX_COMMANDS = 600


def make_app(seed: int = SEED) -> LocalApp:
    return local_app("tenx", "ann", 1 + len(BOTS), seed)


def command_line(action: Action) -> str:
    """The line a player types for a 10x action (the one its question offers)."""
    return engine.command_line(action)


def panels_text(app) -> str:
    """The two (or three) top panels, as on screen: the rows between the status bar and the log."""
    lines = screen_lines(app)
    bottom = next(i for i, line in enumerate(lines) if line.startswith("╰"))
    return "\n".join(lines[1:bottom + 1])


def hint_rows(app) -> list[str]:
    """The question (or hint) rows above the command line and the footer."""
    rows = int(app.hint_bar.styles.height.value) if app.hint_bar.styles.height else 1
    return screen_lines(app)[-2 - rows:-2]


def with_other_hands_changed(state):
    """A copy of the match where every other player holds different cards and quests (as many):
    what ann's screen shows must not change, since she cannot know them."""
    other = copy.deepcopy(state)
    pool = sorted(set(CARDS) - {c for s in other.seats.values() for c in s.hand}
                  - {c for c in other.round.choices.values() if c}
                  - {c for pl in other.round.table.values() for c in pl.played})
    for name, seat in other.seats.items():
        if name != "ann":
            seat.hand, pool = pool[:len(seat.hand)], pool[len(seat.hand):]
            seat.quests = list(reversed(seat.quests))
    return other


def drawn_panels(app, view: dict) -> list[str]:
    """The panels as the app draws them for ``view``, at the app's sizes (each bot's level added
    before they are fitted)."""
    widths = [app.main_box.content_region.width, app.side_box.content_region.width]
    height = app.main_box.content_region.height
    screens = screens_with_levels(GAME.screens, bot_levels(app.link.place()))
    drawn = cardpanels.arrange(screens, view, cardpanels.DEFAULT.layout(False, GAME.screens), widths, height)[0]
    return [text.plain for _names, text in drawn]


# --- the panels -------------------------------------------------------------------------------------

async def test_the_panels_show_the_table_the_hand_and_the_score():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        top = panels_text(app)
        view = app.session.view()
        assert "10x: the table" in top and "Your hand" in top
        assert "Round 1 (place)." in top and "Waiting for ann." in top
        assert "Numbered: 9 die, 3 star," in top and "2 star/die, 2 star/mask," in top  # her hand, cards whole
        assert "Bonus/malus: +4, +1" in top
        assert "win using the star" in top  # her personal quests
        for name in view["order"]:
            assert f"  {name} " in top or f"  {name}·normal " in top  # the score: everyone's points
        assert screen_lines(app)[0].startswith(" 10x round 1: place | your move")
        assert app.status_bar.has_class("mine")
        assert "f2" not in screen_lines(app)[-1].lower()  # no map to switch at cards


async def test_digits_answer_each_question_and_the_table_shows_the_revealed_cards():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = hint_rows(app)
        assert rows[0].startswith(" Place a card face down, or pass.")
        assert "[1] 9 die" in rows[1] and "[0] Pass" in " ".join(rows) and "[5]" in " ".join(rows), rows  # all in sight
        assert app.hint_bar.choices["1"] == "play 9d"
        await pilot.press("1")
        await pilot.pause()
        assert app.log_widget.plain_lines.count("> play 9d") == 1  # the digit ran the answer, echoed
        top = panels_text(app)
        assert "Round 1 (bonus)." in top
        for name, placed in worded(app.session.view(), "en")["table"].items():
            assert name in top and placed["card"]["name"] in top  # every revealed card, by its player
        assert "[1] +1" in hint_rows(app)[-1] and "[0] Pass" in hint_rows(app)[-1]
        assert "…" not in " ".join(hint_rows(app))  # a question too long beside its answers is whole above them
        await pilot.press("1")  # bonus +1
        await pilot.pause()
        assert "> bonus +1" in app.log_widget.plain_lines
        top = panels_text(app)
        assert re.search(r"now 10  \(\+1\)", top)  # the bonus on it, after the table's gap
        table = [row for row in top.split("\n") if "now" in row]  # the revealed cards, bots with levels
        assert len(table) == 4 and len({row.index("now") for row in table}) == 1  # one column (issue 26)


async def test_f1_shows_the_rules_of_10x_and_the_palette_offers_its_commands():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        page = "\n".join(screen_lines(app))
        assert "10x - the highest card takes the point" in page
        assert "map <-> ledger" not in page
        await pilot.press("escape")
        await pilot.pause()
        commands = [c for _title, _help, c in app.card_commands()]
        assert set(commands[:6]) == set(app.hint_bar.choices.values())  # the question's answers first
        assert {"declare", "hand", "quests", "score", "look"} <= set(commands)
        assert "peek" not in commands and "move n" not in commands


def test_panel_rows_keep_columns_and_lists_break_between_items():
    rows = ["  bot3       10 star            now 10", "  bot2       7 die              now 10  (+3)"]
    assert cardpanels.squeeze(rows, 36) == ["  bot3  10 star  now 10", "  bot2  7 die    now 10  (+3)"]
    assert cardpanels.squeeze(rows, 80) == rows  # what fits is left as the game drew it
    view = {"you": "ann", "me": {}}
    screens = {"hand": lambda v: ["Numbered: 9 die, 3 star, 2 star/die, 2 star/mask", "(a note in brackets)"]}
    text = cardpanels.render_panel(screens, view, ("hand",), width=26).plain.split("\n")
    assert text == ["Numbered: 9 die, 3 star,", "  2 star/die, 2 star/mask", "(a note in brackets)"]
    cut = cardpanels.render_panel(screens, view, ("hand",), width=26, height=2).plain.split("\n")
    assert cut == ["Numbered: 9 die, 3 star,", "... more: hand"]


def test_who_won_names_a_shared_victory():
    assert cardpanels.who_won({"winners": ["ann"]}, "ann") == "You win"
    assert cardpanels.who_won({"winners": ["bot1", "ann"]}, "ann") == "You and bot1 win"
    assert cardpanels.who_won({"winners": ["bot1", "bot2"]}, "ann") == "bot1 and bot2 win"
    assert cardpanels.who_won({"winners": []}, "ann") == "Nobody wins"


# --- a whole game -----------------------------------------------------------------------------------

GAME_SEED = 2  # when written, ann's policy (the normal bot's) discards, declares, masks, rolls and wins here


async def test_ann_plays_a_whole_game_of_10x_by_keys_and_typed_lines():
    app = local_app("tenx", "ann", 1 + len(BOTS), GAME_SEED)
    table = app.table
    rng, memory = bot_rng(GAME_SEED, "ann"), {}
    typed, keyed, refused, phases = [], [], [], set()
    unasked = []  # what ann did that the question row did not offer
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while not table.over:
            assert table.awaiting() == ["ann"], "bots play at once: only ann can be awaited"
            assert len(typed) + len(keyed) < MAX_COMMANDS, "the game should end well before this"
            view = app.session.view()
            phases.add(view["phase"])
            # What ann sees is hers: the same screen with other hands changed.
            shown = drawn_panels(app, view)
            assert shown == drawn_panels(app, GAME.view(with_other_hands_changed(table.state), "ann"))
            top = panels_text(app)
            assert all(row.rstrip() in top for panel in shown for row in panel.split("\n")), "drawn from her view"
            assert top.count("Numbered:") == 1  # one hand on screen: hers
            for _ in range(3):
                action = GAME.bot_action(table.state, "ann", rng, "normal", memory)
                line = command_line(action)
                before, echoed = len(table.log), len(app.log_widget.plain_lines)
                choices = app.hint_bar.choices
                if line in choices.values() and (len(keyed) + len(typed)) % 4 != 3:  # mostly keys; now and then typed
                    await pilot.press(next(k for k, c in choices.items() if c == line))
                    await pilot.pause()
                    keyed.append(line)
                else:
                    await type_line(pilot, line)
                    typed.append(line)
                    if line not in choices.values() and choices:  # (no choices: 'pass' is all, and said so)
                        unasked.append(line)
                assert app.focused is app.command_line
                assert app.log_widget.plain_lines[echoed] == f"> {line}"
                # the newest lines (the bots' turns, the next question) are in view: no PgDn (issue 26)
                assert app.log_widget.is_vertical_scroll_end and not app.more_below, line
                if len(table.log) > before:
                    assert table.log[before] == ("ann", action), f"{line!r} was read as {table.log[before][1]}"
                    break
                refused.append((line, app.log_widget.plain_lines[-1]))
                GAME.bot_refused(table.state, "ann", action, memory)
            else:
                raise AssertionError(f"ann's choices were refused three times: {refused[-3:]}")
        await pilot.pause()
        view = app.session.view()
        assert view["over"] and view["winners"]
        who = cardpanels.who_won(view, "ann")
        levels = ((app.link.place() or {}).get("table") or {}).get("bots")
        said = cardpanels.who_won(view, 'ann', levels).replace("You win", "you win")  # a winning bot with its level
        banners = [line for line in app.log_widget.plain_lines if line.startswith("*** Game over")]
        assert len(banners) == 1 and banners[0].startswith(f"*** Game over: {said}! *** Type 'leave' to get up"), banners
        assert "Game over" in screen_lines(app)[0] and app.status_bar.has_class("over")
        assert who not in hint_rows(app)[-1] and "Type 'leave' to get up" in hint_rows(app)[-1]
        if "ann" in view["winners"]:
            assert "Game over: you win!" in screen_lines(app)[0]
        # Whatever the bots' play (the engine's to change), the answers offered went by keys and the
        # rest (declare, discard: never asked) was typed; the usual phases came up on ann's screen.
        assert keyed and typed
        assert {line.split()[0] for line in unasked} <= {"declare", "discard"}, unasked
        assert {"place", "bonus", "draw"} <= phases, phases
        assert not refused, refused


def test_an_overflowing_panel_lends_its_last_screen_to_one_with_room():
    view = {"you": "ann"}
    screens = {"look": lambda v: ["Round 6 (draw).", "Waiting for ann."],
               "hand": lambda v: [f"card {i}" for i in range(8)],
               "quests": lambda v: ["Common quests: 1. win by at least 3"]}
    drawn, needed = cardpanels.arrange(screens, view, (("look",), ("hand", "quests")), [40, 40], 8)
    assert [names for names, _ in drawn] == [("look", "quests"), ("hand",)]
    assert drawn[0][1].plain.endswith("Common quests: 1. win by at least 3") and needed == 8


def test_the_help_page_joins_and_wraps_a_wide_game_help_under_its_columns():
    from mud.tui.help_screen import hang
    page = ["Each round everyone places a card face down or passes;", "all are revealed together.",
            "  masks      a mask card may take a random card from a hand ('mask bob'), then play",
            "             another card in place of its own ('play 6') or 'keep'",
            "  star       a tie at the top: a star wins it"]
    out = hang(page, width=60)
    assert out[:2] == ["Each round everyone places a card face down or passes; all", "are revealed together."]
    assert out[2].startswith("  masks      a mask card") and all(line.startswith(" " * 13) for line in out[3:5])
    assert out[-1] == "  star       a tie at the top: a star wins it" and max(map(len, out)) <= 60


async def test_nothing_that_explains_the_game_is_cut_at_80_or_120_columns():
    for size in ((80, 24), (120, 40)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            top = "\n".join(screen_lines(app)[1:14])
            assert "…" not in top, (size, top)
            assert "(+1 card)" in top or "(+1 quest)" in top or "(+1 point)" in top


def test_the_default_board_wraps_long_notes_and_rows_instead_of_cutting_them():
    screens = {"look": lambda view: ["Title", "(a note that is far too long for a narrow panel to hold)",
                                     "  ann   a row of a table that is much too wide for the panel"]}
    text = cardpanels.render_panel(screens, {}, ("look",), width=30).plain
    assert "…" not in text and "hold)" in text and "panel" in text


async def test_a_digit_that_answers_nothing_says_which_do_as_line_mode_does():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "[0] Pass" in " ".join(hint_rows(app))
        await pilot.press("9", "enter")
        await pilot.pause()
        assert app.log_widget.plain_lines[-1] == "Choose one of 0-5.", app.log_widget.plain_lines[-3:]
        assert "ann" not in [who for who, _action in app.table.log]  # ann played nothing


async def test_a_question_the_log_just_asked_is_not_asked_again_on_its_row():
    """Issue 26's replay: 10x's draw question came twice in a row, the game's line in the log and
    the same question on the row below. Said once: the row then gives only the numbered answers."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = 0
        for _ in range(60):
            prompt = worded(app.session.view(), "en")["prompt"]
            newest = app.log_widget.plain_lines[-1]
            if prompt and prompt["text"].startswith("Draw:") and newest.startswith("Draw:"):
                rows = hint_rows(app)
                assert rows[-1].lstrip().startswith("[1] Draw a card  [2] Draw 2 bonus/malus"), rows
                assert sum(line.count("Draw:") for line in screen_lines(app)) == 1
                seen += 1
                if seen == 2:
                    break
            await pilot.press("1" if prompt and prompt["choices"][0][1] != "pass" else "0")
            await pilot.pause()
        assert seen == 2, "two draw questions came up"
