"""A turn's four fixed phases (rules/quest-for-legend.md, A turn): set-up, undertake/disturb, start,
the compulsory draw, the discard down to five; dead twins; bad input in every phase."""

from __future__ import annotations

from collections import Counter

from games.legend.data import HAND_LIMIT
from tests.games.legend.fixtures import GAME, act, give, kinds, new, put, refused


def test_set_up_heroes_dealt_and_five_cards_each():
    state = GAME.new_match(["ann", "bob", "cat"], 4, {})
    assert len({s.hero for s in state.seats.values()}) == 3
    assert all(len(s.hand) == HAND_LIMIT for s in state.seats.values())
    assert len(state.deck) == 64 - 15
    every = state.deck + [c for s in state.seats.values() for c in s.hand]
    assert len(every) == 64
    assert state.order == ["ann", "bob", "cat"] and state.order[state.first] in state.order


def test_the_first_player_is_drawn_at_random_and_play_goes_round_the_table():
    firsts = set()
    for seed in range(20):
        state = GAME.new_match(["ann", "bob", "cat", "dan"], seed, {})
        GAME.opening(state)
        firsts.add(state.turn)
    assert firsts == {"ann", "bob", "cat", "dan"}
    state = new(["ann", "bob", "cat"], ["hercules", "ulysses", "jason"])
    give(state, "ann", "I", "I", "A", "C")
    act(state, "ann", "draw")
    assert state.turn == "bob"


def test_start_puts_missions_face_up_and_ends_phase_one():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "medusa", "sphinx", "I", "E")
    ev = act(state, "ann", "start medusa sphinx")
    assert kinds(ev) == ["started", "started", "asked"]
    assert [(e.mission, e.owner) for e in state.table] == [("medusa", "ann"), ("sphinx", "ann")]
    assert state.phase == "start"
    # issue 40, item 18: phase 1 ended without a word; the player is told, as a pass tells them
    assert ev[-1].visible_to("ann") and not ev[-1].visible_to("bob") and ev[-1].data["phase"] == "start"
    assert str(ev[-1].text).startswith("Phase 1 is over: no more undertaking or disturbing this turn.")
    assert "Not now" in refused(state, "ann", "undertake medusa with I")
    give(state, "ann", "boar")  # a second start, in phase 2, says nothing more
    assert kinds(act(state, "ann", "start boar")) == ["started"]
    act(state, "ann", "draw")
    assert state.turn == "bob"


def test_resources_only_under_missions_on_the_table():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "I", "A")
    assert "No mission is on the table" in refused(state, "ann", "undertake medusa with I")


def test_drawing_is_compulsory_and_is_one_card():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "medusa", "I")
    act(state, "ann", "start medusa")
    assert "compulsory" in refused(state, "ann", "pass")
    top = state.deck[-1]
    act(state, "ann", "draw")
    assert state.seats["ann"].hand == ["I", top]


def test_discard_down_to_five_and_no_other_card():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "I", "I", "A", "C", "E")
    act(state, "ann", "draw")
    assert state.phase == "discard" and state.turn == "ann"
    assert "discard 1 card" in refused(state, "ann", "pass")
    hand = Counter(state.seats["ann"].hand)
    assert "only 1 card" in refused(state, "ann", "discard I I")
    ev = act(state, "ann", "discard I")
    assert kinds(ev)[0] == "discarded" and state.discard == ["I"]
    assert Counter(state.seats["ann"].hand) == hand - Counter("I")
    assert state.turn == "bob", "five cards and no dead twin possible: the turn ends"


def test_dead_twin_can_never_be_started_and_may_be_discarded_with_five_cards():
    """The original's example: A completes Tartarus, so the Tartarus in B's hand is dead."""
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    put(state, "ann", "tartarus", "A", "A", "C", "E")
    give(state, "ann", "E")
    give(state, "bob", "tartarus", "I", "C", "C")
    ev = act(state, "ann", "undertake tartarus with E")
    assert "completed" in kinds(ev) and state.done == ["tartarus"]
    act(state, "ann", "draw")
    assert state.phase == "discard", "a dead twin may be in any hand: phase 4 waits (it tells nothing)"
    act(state, "ann", "pass")
    assert state.turn == "bob"
    assert "dead twin" in refused(state, "bob", "start tartarus")
    act(state, "bob", "draw")
    assert state.phase == "discard"
    assert "only dead twins" in refused(state, "bob", "discard I")
    act(state, "bob", "discard tartarus")
    assert "tartarus" in state.discard and state.turn == "cat"


def test_a_completed_mission_can_never_be_started_again():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    state.done.append("boar")
    give(state, "ann", "boar")  # a second start, in phase 2, says nothing more
    assert "dead twin" in refused(state, "ann", "start boar")


def test_a_player_may_start_a_twin_of_their_own_mission():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "boar", "boar")
    act(state, "ann", "start boar boar")
    assert [e.mission for e in state.table] == ["boar", "boar"]
    give(state, "bob", "C")
    act(state, "ann", "draw")
    assert "Which one" in refused(state, "bob", "disturb boar with C")
    act(state, "bob", "disturb 2 with C")
    assert state.table[1].under[0].by == "bob"


def test_bad_input_in_every_phase_gets_one_line_and_changes_nothing():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "medusa", "I", "E", "A", "C")
    put(state, "bob", "boar", "C")
    for line in ("undertake", "undertake medusa with I", "disturb boar with I", "disturb boar with Z",
                 "disturb boar with medusa", "disturb boar with E E", "disturb hydra with E", "disturb 9 with E",
                 "start", "start hydra", "start I", "discard I", "draw now"):
        if line == "draw now":
            continue
        refused(state, "ann", line)
    refused(state, "bob", "draw")  # not bob's turn
    act(state, "ann", "start medusa")
    for line in ("disturb boar with E", "start medusa", "discard E", "pass"):
        refused(state, "ann", line)
    act(state, "ann", "draw")
    state.turn, state.phase = "bob", "discard"
    state.seats["bob"].hand = ["I", "I", "A", "A", "C", "C"]
    for line in ("discard", "discard E", "discard I I", "discard medusa", "draw", "start boar",
                 "undertake boar with E", "pass"):
        refused(state, "bob", line)
    state.phase, state.last_round = "last", ["bob"]
    for line in ("draw", "start boar", "discard I", "undertake boar with I", "disturb boar with C"):
        refused(state, "bob", line)


def test_one_discard_line_may_take_the_extra_card_and_dead_twins():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    state.done.append("tartarus")
    give(state, "ann", "I", "A", "C", "E", "tartarus")
    act(state, "ann", "draw")
    act(state, "ann", "discard tartarus E")
    assert len(state.seats["ann"].hand) == 4 and state.phase == "discard", "a twin still out of sight: it waits"
    act(state, "ann", "pass")
    assert state.turn == "bob"


def test_pass_in_phase_one_goes_to_phase_two():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "boar")  # a second start, in phase 2, says nothing more
    ev = act(state, "ann", "pass")
    assert kinds(ev) == ["asked"] and state.phase == "start"
    act(state, "ann", "start boar")
    assert state.table[0].mission == "boar"
