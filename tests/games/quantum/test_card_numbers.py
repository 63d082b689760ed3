"""One numbering of Quantum's face-up cards (issue 26, item 4): the number next to a card in
``cards``, the key of its answer in the question a player who earns a card is asked, and the card
``take N`` takes are the same card -- with a card face up twice (8 of the 22 gambits are
Expansions) and with a place a deck could not fill."""

from __future__ import annotations

import re

from games.engine import Action
from games.quantum.data import CARDS
from games.quantum.show import render_cards
from mud.shell.answers import numbered
from tests.games.quantum.fixtures import GAME, do, playing, refused
from tests.games.quantum.test_cards import owed_card
from tests.mud.tui.test_app import SIZE, screen_lines
from tests.tui_local import local_app

DOUBLED = ["expansion", "surge", "expansion", "raider", "swift", "warden"]  # the first hour's deal


def numbers_in_cards(state, who="ann") -> dict[str, str]:
    """Card -> the number the 'cards' screen shows next to it."""
    lines = render_cards(GAME.view(state, who))
    return {m.group(2): m.group(1) for m in (re.match(r"\s+(\d)\. (\w+)", str(line)) for line in lines) if m}


def keys_in_question(state, who="ann") -> dict[str, str]:
    """Card -> the key that answers 'take' it in the question row (the keys every surface uses)."""
    return {command.split()[1]: key for key, _label, command in numbered(GAME.prompt(state, who))
            if command.startswith("take ")}


def test_take_3_and_pressing_3_take_the_same_card_when_one_is_face_up_twice():
    state = owed_card(playing(), DOUBLED)
    shown, keys = numbers_in_cards(state), keys_in_question(state)
    assert shown == keys == {"expansion": "1", "surge": "2", "raider": "3", "swift": "4", "warden": "5"}
    pressed = dict((k, c) for k, _label, c in numbered(GAME.prompt(state, "ann")))["3"]
    assert pressed == "take raider"
    do(state, "ann", "take", "3")
    assert state.players["ann"].commands == ["raider"]


def test_a_doubled_card_is_listed_once_with_how_many_lie_face_up():
    lines = render_cards(GAME.view(owed_card(playing(), DOUBLED), "ann"))
    assert any(str(line).startswith("  1. expansion x2") for line in lines)
    assert sum("expansion" in str(line) for line in lines) == 1


def test_a_place_left_empty_takes_no_number():
    state = owed_card(playing(), DOUBLED)
    state.commands += [state.faceup[4]]
    state.faceup[1] = state.faceup[4] = None
    shown, keys = numbers_in_cards(state), keys_in_question(state)
    assert shown == keys == {"expansion": "1", "raider": "2", "warden": "3"}
    assert sum("(empty)" in str(line) for line in render_cards(GAME.view(state, "ann"))) == 2
    do(state, "ann", "take", "3")
    assert state.players["ann"].commands == ["warden"]


def test_a_number_beyond_the_cards_is_refused_naming_the_numbers():
    state = owed_card(playing(), DOUBLED)
    assert refused(state, "ann", "take", "6") == "No face-up card numbered 6: 'cards' numbers them 1-5."


def test_take_n_is_the_card_the_game_lists_so_its_canonical_form_is_the_name():
    state = owed_card(playing(), DOUBLED)
    from_number = GAME.canonical(state, "ann", Action("take", ("3",)))
    assert from_number.args == ("raider",)


def _owed_at_table(app):
    """ann (seat 1 of a local match against bot1) is owed a card, DOUBLED face up, at her turn."""
    app.table.state = owed_card(playing(("ann", "bot1")), DOUBLED)
    return app.table.state


def _panel(lines: list[str], left: int, right: int) -> list[str]:
    """The content rows of the panel between columns ``left`` and ``right`` (its top and bottom
    borders left out)."""
    return [line[left:right] for line in lines[2:13]]


def _words(rows: list[str]) -> str:
    """The rows' words in one line, a panel's borders left out: wrapped text reads as one."""
    return " ".join(word for row in rows for word in row.strip("│").split())


async def test_the_tui_card_panel_at_80x24_numbers_as_the_question_and_wraps_rather_than_cuts():
    app = local_app("quantum", "ann", 2, 3)
    state = _owed_at_table(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2", "f2")
        await pilot.pause()
        lines = screen_lines(app)
        cards = _words(_panel(lines, 1, 45))
        assert "Cards" in lines[1] and "…" not in cards
        assert "…" not in _words(_panel(lines, 46, 80))  # the Fleets panel: its turn line wraps too
        assert "3. raider" in cards and "[3] Take raider" in "\n".join(lines[-4:])
        assert "1. expansion x2" in cards
        for card in dict.fromkeys(DOUBLED):  # each effect whole: wrapped, not cut
            assert _words([CARDS[card].text]) in cards, card
        await pilot.press("3")
        await pilot.pause()
        assert state.players["ann"].commands == ["raider"]


async def test_at_160x50_the_extra_panel_says_what_each_card_does():
    app = local_app("quantum", "ann", 2, 3)
    _owed_at_table(app)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        extra = _panel(lines, lines[1].index("╭─ Planets and cards"), 160)
        shown = _words(extra)
        assert "…" not in shown
        for card in dict.fromkeys(DOUBLED):
            assert _words([CARDS[card].text]) in shown, card
        assert "3. raider" in shown
