"""Quantum's stages (games/quantum/phases.py): the opening roll (everyone at once), the starting
planets (one at a time), then the turn; a verb that is not for now is refused in the stage's words."""

from __future__ import annotations

import re
from pathlib import Path

import games.quantum
from games.quantum.data import MAX_ROUNDS
from tests.games.quantum.fixtures import GAME, do, kinds, new, playing, put, refused


def test_the_set_up_comes_before_any_action():
    state = new()
    assert GAME.phase_of(state, "ann") == "roll" and GAME.allowed(state, "ann") == {"keep", "reroll"}
    assert refused(state, "ann", "research") == "The game has not started yet: the set-up comes first."
    assert refused(state, "ann", "home", "c3") == "Starting planets are chosen after the opening roll."
    do(state, "ann", "keep")
    assert GAME.phase_of(state, "ann") == "rolled" and GAME.legal_actions(state, "ann") == []
    assert refused(state, "ann", "reroll") == "You have already kept your roll; the others are deciding."
    assert refused(state, "ann", "take", "1") == "You take a card when you build a cube or your research reaches 6."


# --- the game's phases drive its flow (issue 41): roll -> home -> play -> over -----------------------

def test_the_game_declares_its_flow_from_the_opening_roll_to_the_end():
    flow = GAME.phases.flow
    assert GAME.phases.field == "phase"
    assert [(g.name, g.next) for g in flow] == [("roll", "home"), ("home", "play"), ("play", "over"), ("over", None)]
    assert new().phase == "roll"


def test_no_rule_module_sets_the_phase_only_the_table_does():
    package = Path(games.quantum.__file__).parent
    setters = [f"{path.name}:{n}" for path in sorted(package.glob("*.py"))
               for n, line in enumerate(path.read_text().splitlines(), 1) if re.search(r"\.phase\s*=[^=]", line)]
    assert setters == []


def test_the_last_roll_decided_moves_on_to_the_starting_planets_telling_the_order_then_asking():
    state = new()
    do(state, "bob", "keep")
    assert state.phase == "roll"
    events = do(state, "ann", "keep")
    assert state.phase == "home" and kinds(events) == ["kept", "order", "asked"]
    assert str(events[-1].text).startswith("Choose your starting planet")


def test_the_last_starting_planet_starts_play_the_cards_dealt_then_the_first_turn():
    state = new()
    do(state, "ann", "keep")
    do(state, "bob", "keep")
    first, other = state.turn_order
    assert kinds(do(state, first, "home", "e8")) == ["home", "asked"] and state.phase == "home"
    events = do(state, other, "home", "e2")
    assert state.phase == "play" and kinds(events)[:3] == ["home", "cards_revealed", "turn"]
    assert str(events[2].text) == f"Round 1: {first}'s turn (3 actions)." and state.turn.player == first


def test_the_round_cap_ends_play_after_the_last_turn_of_the_last_round_and_passes_no_turn():
    state = playing()
    state.round = MAX_ROUNDS
    do(state, "ann", "end")
    events = do(state, "bob", "end")
    assert kinds(events) == ["turn_end", "game_over"] and state.phase == "over" and state.over
    assert state.turn.player == "bob" and state.round == MAX_ROUNDS + 1 and not state.pending


def test_the_last_cube_ends_play_at_once_and_the_card_of_the_build_is_not_owed():
    state = playing()
    state.players["ann"].cubes_left = 1
    put(state, "ann", 3, "b4")
    put(state, "ann", 4, "c5")
    events = do(state, "ann", "build", "b5")
    assert str(events[-1].text) == "ann places the last cube and wins the game!"
    assert state.phase == "over" and state.winners == ["ann"] and state.pending == []
