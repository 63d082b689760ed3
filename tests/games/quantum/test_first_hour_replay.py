"""What the first hour's replay by hand found in Quantum's text (issue 26). A question is said once:
an owed choice is asked by one line of the game, and the question row under the log puts it in a
few words of its own -- neither the same sentence twice ("Take a card: ..." over "Take a card: ..."),
nor cut with "…" at 80 columns; a gambit held over to the next turn asks once, not twice. And: no
action left, the turn's question offers only what is open; the status bar keeps one form; a refused
second cube names the nearest planet; help quantum's title stays a sentence of its own."""

from __future__ import annotations

from games.engine import Action
from games.quantum import prompts, turns
from games.quantum.show import render_status
from tests.games.quantum.fixtures import GAME, do, playing, put, refused
from tests.games.quantum.test_cards import owed_card
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.tui_local import local_app

ROW = 78  # the question row's columns at 80x24


def asked(events) -> list[str]:
    return [e.text for e in events if e.kind == "asked"]


def test_a_gambit_held_over_asks_its_question_once_when_the_turn_starts():
    state = playing()
    state.cubes["e8"] = ["bob"]
    state.players["bob"].later = ["expansion"]
    events = do(state, "ann", "end")
    assert state.turn.player == "bob" and state.pending[0]["kind"] == "expansion"
    assert len(asked(events)) == 1, asked(events)


OWED = [  # every choice a player may owe, as the game stores it
    {"kind": "advance", "to": "d6", "at": "d5"},
    {"kind": "dominion"},
    {"kind": "card", "why": "build", "later": False},
    {"kind": "drop", "card": "swift", "choices": ["raider", "warden", "scholar"]},
    {"kind": "expansion", "card": "expansion"},
    {"kind": "relocation", "card": "relocation"},
    {"kind": "reorganise", "card": "reorganise"},
    {"kind": "sabotage", "card": "sabotage"},
]


def test_each_owed_question_fits_its_row_and_is_not_the_line_that_asked_it():
    state = playing()
    for owed in OWED:
        state.pending = [owed]
        line, question = str(turns.pending_text(state)), str(turns.owed_question(state))
        assert len(question) <= ROW and "?" in question, question
        assert question.lower() != line.lower(), owed["kind"]


def test_the_question_row_of_an_owed_card_is_the_short_question():
    state = owed_card(playing())
    text, _answers = prompts.question(state, "ann")
    assert text == turns.owed_question(state) and "cards" in str(text)


async def test_at_80x24_the_card_question_is_said_once_and_whole():
    app = local_app("quantum", "ann", 2, 3)
    state = app.table.state = playing(("ann", "bot1"))
    put(state, "ann", 3, "b4")
    put(state, "ann", 4, "c5")  # b5 is a 7: ann builds there and earns a card
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "build b5")
        await pilot.pause()
        lines = screen_lines(app)
        below = "\n".join(lines[13:])
        assert state.pending[0]["kind"] == "card"
        assert below.count("Take a card") == 1, below
        # said once: the game's line just asked it, so the row gives the answers alone (else its short question)
        asked_above = "Take a card:" in lines[-6] or "Take a card:" in lines[-5]
        assert (str(turns.owed_question(state)) in below) != asked_above and "…" not in below
        assert "[1] Take" in below


async def test_at_80x24_a_held_over_expansion_is_asked_once():
    app = local_app("quantum", "ann", 2, 3)
    state = app.table.state = playing(("ann", "bot1"))
    state.cubes["e8"] = ["ann"]
    put(state, "ann", 2, "a1")
    state.turn.player, state.turn_order = "bot1", ["bot1", "ann"]
    state.players["ann"].later = ["expansion"]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.table.submit("bot1", Action("end"))  # bot1 ends its turn: ann's starts with the gambit
        await pilot.pause()
        await type_line(pilot, "look")
        await pilot.pause()
        text = "\n".join(app.log_widget.plain_lines)
        assert state.turn.player == "ann" and state.pending[0]["kind"] == "expansion"
        assert text.count("Expansion: 'place <square>'") == 1, text[-800:]


def test_with_no_action_left_the_question_offers_only_what_is_still_open():
    """Found replaying the first hour: "Your turn: 0 actions left. Move, attack, deploy, ..."."""
    state = playing()
    state.turn.actions = 0
    text, answers = prompts.question(state, "ann")
    text = str(text)
    assert "no action left" in text and "Move, attack" not in text and "'use" in text
    assert [a.verb for _label, a in answers] == ["end"]


async def test_help_quantum_keeps_its_title_a_sentence_of_its_own():
    """Found replaying the first hour: the log ran the title into the next line ("... on the
    planets first Set-up: 'keep' ...")."""
    app = local_app("quantum", "ann", 2, 3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "help quantum")
        await pilot.pause()
        text = " ".join(" ".join(app.log_widget.plain_lines).split())
        assert "planets first. Set-up:" in text or "planets first.\nSet-up" in "\n".join(app.log_widget.plain_lines)
        assert "first Set-up" not in text


def test_the_status_bar_keeps_one_form_whatever_the_turn():
    """Found replaying the first hour: "you: 1/5 cubes, D1 R2" and "you: cubes 2/5, dominion 1,
    research 3" took turns in the bar as the actions left and whose turn it was changed."""
    state = playing(("ann", "bot1·easy", "bot2·easy", "bot3·easy"))
    forms = set()
    for player in state.order:
        for actions in (0, 1, 3, 4):
            state.turn.player, state.turn.actions = player, actions
            line = str(render_status(GAME.view(state, "ann")))
            assert len(line) <= 78, line
            forms.add("dominion" in line)
    assert len(forms) == 1


def test_a_second_cube_refused_names_the_nearest_planet_without_yours():
    """Found replaying the first hour: "build k5" (ann's home, bottom right) suggested b2, across the map."""
    state = playing()
    put(state, "ann", 3, "h7")
    put(state, "ann", 4, "g8")
    state.cubes["h8"] = ["ann"]
    assert state.map.slots("h8") > 1
    text = refused(state, "ann", "build", "h8")
    named = text.rsplit("such as ", 1)[1].rstrip(").")
    free = [p for p in state.map.planets if "ann" not in state.cubes.get(p, [])]
    dist = lambda p: abs(ord(p[0]) - ord("h")) + abs(int(p[1:]) - 8)  # noqa: E731
    assert dist(named) == min(map(dist, free)) and named != "b2"
