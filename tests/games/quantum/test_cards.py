"""Quantum's cards: taking one of the six (or refreshing them), the gap refilled at once, each
gambit's effect (at once, or at the start of the next turn when taken at a turn's end), each
command's, and at most three commands."""

from __future__ import annotations

from games.quantum.data import GAMBIT_COUNTS, COMMANDS
from tests.games.quantum.fixtures import at, dice, do, kinds, playing, put, refused


def owed_card(state, faceup=None, later=False):
    """``ann`` is owed a card, with the face-up cards given (gambits first)."""
    if faceup:
        state.gambits += [c for c in state.faceup[:3] if c]
        state.commands += [c for c in state.faceup[3:] if c]
        for c in faceup:
            (state.gambits if c in GAMBIT_COUNTS else state.commands).remove(c)
        state.faceup = list(faceup)
    state.pending = [{"kind": "card", "why": "research" if later else "build", "later": later}]
    return state


def test_the_decks_hold_22_gambits_and_8_commands():
    state = playing()
    cards = state.gambits + state.commands + [c for c in state.faceup if c]
    assert len(cards) == 30 and sum(GAMBIT_COUNTS.values()) == 22 and len(COMMANDS) == 8
    assert state.faceup[:3] and all(c in GAMBIT_COUNTS for c in state.faceup[:3])


def test_taking_a_card_refills_its_place_from_the_deck():
    state = owed_card(playing(), ["surge", "expansion", "sabotage", "swift", "raider", "warden"])
    top = state.commands[-1]
    events = do(state, "ann", "take", "swift")
    assert kinds(events)[:2] == ["card_taken", "cards_revealed"]
    assert state.faceup[3] == top and state.players["ann"].commands == ["swift"]
    assert "You take a card when" in refused(state, "ann", "take", "raider")


def test_a_card_is_taken_by_its_place_too_and_an_unknown_one_is_refused():
    state = owed_card(playing(), ["surge", "expansion", "sabotage", "swift", "raider", "warden"])
    assert "No face-up card 'scholar'" in refused(state, "ann", "take", "scholar")
    do(state, "ann", "take", "5")
    assert state.players["ann"].commands == ["raider"]


def test_refresh_replaces_all_six_and_takes_none():
    state = owed_card(playing(), ["surge", "expansion", "sabotage", "swift", "raider", "warden"])
    before = list(state.faceup)
    events = do(state, "ann", "refresh")
    assert kinds(events)[:2] == ["refreshed", "cards_revealed"] and not state.pending
    assert state.faceup[3:] != before[3:] and not state.players["ann"].commands
    assert len(state.gambits) + 3 == 22 and len(state.commands) + 3 == 8


def test_surge_gives_an_action_at_once():
    state = owed_card(playing(), ["surge", "expansion", "sabotage", "swift", "raider", "warden"])
    state.turn.actions = 1
    events = do(state, "ann", "take", "surge")
    assert "surge" in kinds(events) and state.turn.actions == 2
    assert "surge" in state.gambits  # back into the gambit deck


def test_overdrive_lets_one_ship_move_twice():
    state = owed_card(playing(), ["overdrive", "expansion", "sabotage", "swift", "raider", "warden"])
    do(state, "ann", "take", "overdrive")
    assert state.turn.overdrive


def test_expansion_brings_a_reserve_ship_around_a_planet_with_your_cube():
    state = owed_card(playing(), ["expansion", "surge", "sabotage", "swift", "raider", "warden"])
    state.cubes["e8"] = ["ann"]
    do(state, "ann", "take", "expansion")
    assert state.pending[0]["kind"] == "expansion"
    assert "free orbit square" in refused(state, "ann", "place", "a1")
    dice(state, 4)
    do(state, "ann", "place", "d9")
    assert at(state, "d9").value == 4 and len(state.fleet("ann", "reserve")) == 1


def test_expansion_has_no_effect_when_both_expansion_ships_are_out():
    state = owed_card(playing(), ["expansion", "surge", "sabotage", "swift", "raider", "warden"])
    state.cubes["e8"] = ["ann"]
    for s in state.fleet("ann", "reserve"):
        s.where = "scrap"
    events = do(state, "ann", "take", "expansion")
    assert "no_effect" in kinds(events) and not state.pending


def test_relocation_moves_an_enemy_cube_to_a_free_planet_without_theirs():
    state = owed_card(playing(), ["relocation", "surge", "sabotage", "swift", "raider", "warden"])
    state.cubes = {"e2": ["bob"], "h2": ["bob"]}
    do(state, "ann", "take", "relocation")
    assert "e.g." in refused(state, "ann", "relocate", "bob", "e2", "h2")  # bob already has one there
    do(state, "ann", "relocate", "bob", "e2", "b5")
    assert state.cubes == {"h2": ["bob"], "b5": ["bob"]}


def test_reorganise_rerolls_the_ships_you_name():
    state = owed_card(playing(), ["reorganise", "surge", "sabotage", "swift", "raider", "warden"])
    put(state, "ann", 6, "a1")
    put(state, "ann", 6, "a3")
    do(state, "ann", "take", "reorganise")
    dice(state, 2)
    do(state, "ann", "reroll", "a3")
    assert (at(state, "a1").value, at(state, "a3").value) == (6, 2)


def test_reorganise_may_reroll_nothing():
    state = owed_card(playing(), ["reorganise", "surge", "sabotage", "swift", "raider", "warden"])
    put(state, "ann", 6, "a1")
    do(state, "ann", "take", "reorganise")
    do(state, "ann", "keep")
    assert at(state, "a1").value == 6 and not state.pending


def test_sabotage_destroys_an_enemy_ship_next_to_one_of_yours_without_combat():
    state = owed_card(playing(), ["sabotage", "surge", "relocation", "swift", "raider", "warden"])
    put(state, "ann", 6, "a1")
    put(state, "bob", 1, "a2")
    put(state, "bob", 1, "i9")
    do(state, "ann", "take", "sabotage")
    assert "next to one of yours: a2" in refused(state, "ann", "sabotage", "i9")
    do(state, "ann", "sabotage", "a2")
    assert at(state, "a2") is None and state.players["bob"].dominion == 1


def test_a_gambit_taken_at_the_end_of_a_turn_is_played_at_the_start_of_the_next():
    state = playing()
    state.players["ann"].research = 6
    state.turn.research_full = True
    do(state, "ann", "end")
    owed_card(state, ["surge", "expansion", "sabotage", "swift", "raider", "warden"], later=True)
    events = do(state, "ann", "take", "surge")
    assert "gambit_held" in kinds(events) and state.players["ann"].later == ["surge"]
    assert state.turn.player == "bob"
    events = do(state, "bob", "end")
    assert state.turn.player == "ann" and state.turn.actions == 4 and "surge" in kinds(events)


def test_a_fourth_command_replaces_one_you_hold_which_leaves_the_game():
    state = owed_card(playing(), ["surge", "expansion", "sabotage", "swift", "raider", "warden"])
    state.players["ann"].commands = ["ferocious", "scholar", "stubborn"]
    state.commands = [c for c in state.commands if c not in state.players["ann"].commands]
    do(state, "ann", "take", "warden")
    assert state.pending[0]["kind"] == "drop"
    assert "Drop one of the commands you held" in refused(state, "ann", "drop", "warden")
    do(state, "ann", "drop", "scholar")
    assert state.players["ann"].commands == ["ferocious", "stubborn", "warden"]
    assert "scholar" not in state.commands + state.faceup


def test_tactician_gives_four_actions_and_scholar_research_each_turn():
    state = playing()
    state.players["bob"].commands = ["tactician", "scholar"]
    do(state, "ann", "end")
    assert state.turn.actions == 4 and state.players["bob"].research == 2


def test_a_card_for_a_build_comes_after_the_cube():
    state = playing()
    put(state, "ann", 3, "b4")
    put(state, "ann", 4, "c5")
    events = do(state, "ann", "build", "b5")
    assert kinds(events) == ["built", "asked"] and state.pending[0]["kind"] == "card"
