"""Quantum's rules as revised against the original (issue 24): quantum interpenetration counts every
cube on the planet, a refresh draws other cards, only players tied for the lowest opening total roll
off, and an Expansion with both expansion ships already in play does nothing. The seeded games that
showed the old rules (seed 11 and seed 23) are reproduced here."""

from __future__ import annotations

import json

from games.quantum.data import GAMBIT_COUNTS
from mud.local.script import run_text
from tests.games.quantum.fixtures import GAME, at, dice, do, kinds, new, playing, put, refused

OTHERS = ["b2", "h2", "b5", "h5", "b8", "h8", "e2"]  # the two-player map's planets but e8


def _fill_others(state) -> None:
    for planet in OTHERS:
        state.cubes[planet] = ["bob"] * state.map.slots(planet)


# --- quantum interpenetration ---------------------------------------------------------------------------

def test_interpenetration_counts_every_cube_on_the_planet_whoever_owns_it():
    state = playing()
    state.cubes["e8"] = ["bob", "ann"]  # 9 + 3 for bob's cube + 3 for ann's
    _fill_others(state)
    put(state, "ann", 6, "e7")
    put(state, "ann", 6, "f8")
    assert "it needs exactly 15" in refused(state, "ann", "build", "e8")
    put(state, "ann", 3, "e9")
    do(state, "ann", "build", "e8")
    assert state.cubes["e8"] == ["bob", "ann", "ann"]


def test_a_first_cube_on_a_planet_with_others_cubes_needs_only_its_number():
    state = playing()
    state.cubes["e8"] = ["bob", "bob"]
    put(state, "ann", 4, "e7")
    put(state, "ann", 5, "f8")
    do(state, "ann", "build", "e8")
    assert state.cubes["e8"] == ["bob", "bob", "ann"]


def test_the_refusal_names_the_cubes_of_every_player():
    state = playing()
    state.cubes["e8"] = ["ann", "bob"]
    _fill_others(state)
    put(state, "ann", 4, "e7")
    put(state, "ann", 5, "f8")
    assert "+ 3 per cube there, whoever's" in refused(state, "ann", "build", "e8")


# --- a refresh draws other cards ----------------------------------------------------------------------

def _owed(state, gambits, commands, faceup):
    """``ann`` owes a card; the decks and the six face up are exactly the ones given (top last)."""
    state.gambits, state.commands, state.faceup = list(gambits), list(commands), list(faceup)
    state.pending = [{"kind": "card", "why": "build"}]
    return state


def test_a_refresh_draws_six_new_cards_before_the_refreshed_ones_go_back():
    state = _owed(playing(), ["surge", "sabotage", "overdrive"], ["scholar", "engineer", "raider"],
                  ["expansion", "expansion", "relocation", "swift", "tactician", "warden"])
    events = do(state, "ann", "refresh")
    assert kinds(events)[:2] == ["refreshed", "cards_revealed"]
    assert sorted(state.faceup[:3]) == ["overdrive", "sabotage", "surge"]
    assert sorted(state.faceup[3:]) == ["engineer", "raider", "scholar"]
    assert sorted(state.gambits) == ["expansion", "expansion", "relocation"]  # back, shuffled
    assert sorted(state.commands) == ["swift", "tactician", "warden"]  # back under the command deck


def test_a_refresh_near_the_end_of_a_deck_leaves_slots_empty_rather_than_bring_the_same_cards_back():
    state = _owed(playing(), ["surge"], [], ["expansion", "reorganise", "expansion", "ferocious", "stubborn",
                                             "warden"])
    do(state, "ann", "refresh")
    assert state.faceup == ["surge", None, None, None, None, None]
    assert sorted(state.gambits) == ["expansion", "expansion", "reorganise"]
    assert sorted(state.commands) == ["ferocious", "stubborn", "warden"]


def test_slots_left_empty_by_a_refresh_are_filled_at_the_next_take():
    state = _owed(playing(), ["surge"], [], ["expansion", "reorganise", "expansion", "ferocious", "stubborn",
                                             "warden"])
    do(state, "ann", "refresh")
    state.pending = [{"kind": "card", "why": "build"}]
    state.turn.actions = 0
    do(state, "ann", "take", "surge")
    assert all(state.faceup) and set(state.faceup[3:]) == {"ferocious", "stubborn", "warden"}


def _records(text: str) -> list[dict]:
    out, status = run_text(text, {"json": True, "omniscient": True})
    assert status == 0
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def test_seed_11_no_refresh_brings_a_refreshed_command_straight_back():
    """Seed 11 with two bots refreshed with the command deck empty and showed the same three commands
    again (about seq 168). Commands are one of each, so none face up before a refresh may follow it."""
    records = [r for r in _records("@game quantum\n@bots 2\n@seed 11\n") if "seq" in r]
    refreshes = 0
    faceup: list = []
    for before, after in zip(records, records[1:]):
        if before["type"] == "cards_revealed":
            faceup = before["faceup"]
        if before["type"] == "refreshed":
            refreshes += 1
            assert after["type"] == "cards_revealed"
            shown_again = {c for c in after["faceup"][3:] if c} & {c for c in faceup[3:] if c}
            assert not shown_again, f"seq {after['seq']}: {sorted(shown_again)} came straight back"
    assert refreshes, "the seeded game refreshes at least once"


def test_the_decks_keep_every_card_through_refreshes():
    state = _owed(playing(), ["surge"], [], ["expansion", "reorganise", "expansion", "ferocious", "stubborn",
                                             "warden"])
    for _ in range(3):
        state.pending = [{"kind": "card", "why": "build"}]
        do(state, "ann", "refresh")
    cards = state.gambits + state.commands + [c for c in state.faceup if c]
    assert sorted(cards) == sorted(["surge", "expansion", "reorganise", "expansion", "ferocious", "stubborn",
                                    "warden"])
    assert all(c in GAMBIT_COUNTS for c in state.faceup[:3] if c)


# --- set-up: only the lowest total rolls off --------------------------------------------------------------

def _totals(state, values: dict) -> None:
    for p, dice_of in values.items():
        for s, v in zip([s for s in state.ships if s.owner == p][:3], dice_of):
            s.value = v


def test_a_tie_above_the_lowest_total_is_not_rolled():
    state = new(("ann", "bob", "cid"))
    _totals(state, {"ann": [2, 2, 2], "bob": [3, 3, 3], "cid": [3, 3, 3]})
    do(state, "ann", "keep")
    do(state, "bob", "keep")
    dice(state)  # no die may be rolled
    events = do(state, "cid", "keep")
    assert "tie_roll" not in kinds(events)
    assert state.turn_order == ["ann", "bob", "cid"]


def test_players_tied_for_the_lowest_total_roll_off_and_only_they_roll_again():
    state = new(("ann", "bob", "cid"))
    _totals(state, {"ann": [2, 2, 2], "bob": [2, 2, 2], "cid": [2, 2, 2]})
    do(state, "ann", "keep")
    do(state, "bob", "keep")
    dice(state, 2, 2, 5, 4, 1)  # ann 2, bob 2, cid 5: ann and bob again, 4 and 1
    events = do(state, "cid", "keep")
    rolls = [e.data["rolls"] for e in events if e.kind == "tie_roll"]
    assert rolls == [{"ann": 2, "bob": 2, "cid": 5}, {"ann": 4, "bob": 1}]
    assert state.turn_order == ["bob", "cid", "ann"]


def test_a_roll_off_that_settles_the_first_player_ends_there():
    state = new(("ann", "bob", "cid"))
    _totals(state, {"ann": [4, 4, 4], "bob": [4, 4, 4], "cid": [4, 4, 4]})
    do(state, "ann", "keep")
    do(state, "bob", "keep")
    dice(state, 3, 3, 1)  # cid is first; ann and bob's tie decides nothing
    events = do(state, "cid", "keep")
    assert kinds(events).count("tie_roll") == 1
    assert state.turn_order == ["cid", "ann", "bob"]


def test_seed_23_bot1_alone_lowest_so_nobody_rolls_off():
    """Seed 23, three bots: bot1 keeps 8, bot2 keeps 9, bot3 rerolls to 9; bot2 and bot3 used to roll
    off for a tie at 9 (seq 8) that decided nothing."""
    state = GAME.new_match(["bot1", "bot2", "bot3"], 23, {})
    GAME.opening(state)
    do(state, "bot1", "keep")
    do(state, "bot2", "keep")
    events = do(state, "bot3", "reroll")
    assert [e.data["dice"] for e in events if e.kind == "rerolled"] == [[3, 5, 1]]
    assert "tie_roll" not in kinds(events)
    assert state.turn_order == ["bot1", "bot2", "bot3"]


# --- Expansion with both expansion ships already in play ---------------------------------------------

def test_expansion_does_nothing_when_one_expansion_ship_is_in_play_and_the_other_in_the_scrapyard():
    state = playing()
    state.cubes["e8"] = ["ann"]
    state.gambits, state.faceup = ["surge"], ["expansion", "surge", "sabotage", "swift", "raider", "warden"]
    state.commands = []
    first, second = state.fleet("ann", "reserve")
    first.where, first.square, first.value = "play", "d9", 4
    second.where = "scrap"  # destroyed: it comes back only by Deploy
    state.pending = [{"kind": "card", "why": "build"}]
    events = do(state, "ann", "take", "expansion")
    assert "no_effect" in kinds(events) and "expansion" not in kinds(events) and not state.pending
    assert at(state, "d9") is first and second.where == "scrap"
    assert len(state.fleet("ann")) == 1
