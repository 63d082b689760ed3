"""Phase 1 under the missions (rules/quest-for-legend.md): only the types still needed, completed /
aborted / superseded with the right destination of every card, the heroes' gifts in both roles,
and the original's Medusa example."""

from __future__ import annotations

import pytest

from games.legend.data import HEROES
from tests.games.legend.fixtures import GAME, act, give, kinds, new, put, refused

NOBODY_FAVOURS = ["hercules", "ulysses", "jason", "perseus"]  # ann Hercules, bob Ulysses, cat Jason, dan Perseus


def test_a_card_goes_only_where_its_type_is_still_needed():
    state = new(heroes=NOBODY_FAVOURS)
    put(state, "ann", "boar", "C")
    give(state, "ann", "C", "I", "E")
    assert "needs no more C" in refused(state, "ann", "undertake boar with C")
    assert "needs no I" in refused(state, "ann", "undertake boar with I")


def test_several_cards_at_once_and_under_several_missions_in_one_phase():
    state = new(heroes=NOBODY_FAVOURS)
    put(state, "ann", "tartarus")
    put(state, "bob", "fleece")
    give(state, "ann", "A", "A", "C", "I")
    ev = act(state, "ann", "undertake tartarus with A A")
    assert kinds(ev) == ["undertaken"] and "still needs C E E" in str(ev[0].text)
    ev = act(state, "ann", "disturb fleece with I C")
    assert kinds(ev) == ["disturbed"] and [u.by for u in state.table[1].under] == ["ann", "ann"]


def test_completed_by_its_owner_points_safe_and_cards_set_aside():
    state = new(heroes=NOBODY_FAVOURS)
    put(state, "ann", "boar", "C", by="bob")
    give(state, "ann", "E")
    ev = act(state, "ann", "undertake boar with E")
    assert kinds(ev) == ["undertaken", "completed"]
    seat = state.seats["ann"]
    assert [e.mission for e in seat.completed] == ["boar"] and seat.completed[0].cards() == ["boar", "C", "E"]
    assert not state.table and state.discard == []
    assert GAME.view(state, "bob")["players"]["ann"]["score"] == 2


def test_the_originals_medusa_example_aborted_by_the_last_card_of_an_opponent():
    """A has Medusa (I/1 A/1 E/2) and plays an A; B (not Perseus) disturbs with I and E; C passes;
    D plays the last E: aborted, every card to the discard pile, nobody scores."""
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])  # B is Ulysses, D Perseus
    put(state, "ann", "medusa")
    give(state, "ann", "A")
    give(state, "bob", "I", "E")
    give(state, "dan", "E")
    ev = act(state, "ann", "undertake medusa with A")
    assert "still needs I E E" in str(ev[0].text)
    state.turn = "bob"
    ev = act(state, "bob", "disturb medusa with I E")
    assert kinds(ev) == ["disturbed"] and "still needs E" in str(ev[0].text)
    state.turn = "dan"
    state.seats["dan"].hero = "hercules"  # any hero but Perseus places the card
    ev = act(state, "dan", "disturb medusa with E")
    assert kinds(ev) == ["disturbed", "aborted"]
    assert not state.table and sorted(state.discard) == sorted(["medusa", "A", "I", "E", "E"])
    assert all(GAME.view(state, p)["players"][p]["score"] == 0 for p in state.order)


def test_in_the_medusa_example_perseus_as_b_would_abort_it_himself():
    state = new(heroes=["hercules", "perseus", "jason", "ulysses"])
    put(state, "ann", "medusa", "A")
    give(state, "bob", "I", "E")
    state.turn = "bob"
    ev = act(state, "bob", "disturb medusa with I E")
    assert kinds(ev) == ["disturbed", "aborted"], "one card short is reached when Perseus places"


def test_superseded_twin_leaves_play_with_its_cards_and_counts_negative():
    state = new(heroes=NOBODY_FAVOURS)
    put(state, "ann", "sphinx")
    theirs = put(state, "bob", "fleece", "I", "C")
    put(state, "ann", "fleece", "I", "A", "C")
    give(state, "ann", "C")
    ev = act(state, "ann", "undertake fleece with C")
    assert kinds(ev) == ["undertaken", "completed", "superseded"]
    bob = state.seats["bob"]
    assert bob.superseded == [theirs] and theirs.cards() == ["fleece", "I", "C"]
    assert [e.mission for e in state.table] == ["sphinx"] and not state.discard
    assert GAME.view(state, "cat")["players"]["bob"]["score"] == -4


def test_a_mission_resolves_at_once_so_no_card_goes_under_a_met_mission():
    state = new(heroes=NOBODY_FAVOURS)
    put(state, "bob", "boar", "C")
    give(state, "ann", "E", "E")
    assert "reached after 1 of those" in refused(state, "ann", "disturb boar with E E")


def test_the_issues_examples_read_as_written():
    state = new(heroes=["ulysses", "hercules", "jason", "perseus"])
    put(state, "ann", "fleece", "A", "C", "C")
    put(state, "bob", "medusa", "A")
    give(state, "ann", "C", "C", "I", "E")
    act(state, "ann", "disturb medusa with I E")
    assert state.table[1].missing() == {"E": 1}
    ev = act(state, "ann", "undertake fleece with C C as I")
    assert kinds(ev) == ["undertaken", "completed"] and "C C as I" in str(ev[0].text)


# --- the heroes' gifts, each in both roles ---------------------------------------------------------

@pytest.mark.parametrize("hero", sorted(HEROES))
def test_favoured_mission_completed_one_card_short_by_its_hero_as_owner(hero):
    favoured = HEROES[hero].favoured
    state = new(heroes=[hero] + [h for h in NOBODY_FAVOURS if h != hero])
    entry = put(state, "ann", favoured)
    need = [t for t, n in entry.missing().items() for _ in range(n)]
    give(state, "ann", *need[:-1])
    ev = act(state, "ann", f"undertake {favoured} with {' '.join(need[:-1])}")
    assert kinds(ev) == ["undertaken", "completed"]
    assert state.seats["ann"].completed == [entry] and len(entry.cards()) == len(need)


@pytest.mark.parametrize("hero", sorted(HEROES))
def test_favoured_mission_aborted_one_card_short_by_its_hero_as_disturber(hero):
    favoured = HEROES[hero].favoured
    state = new(heroes=[hero] + [h for h in NOBODY_FAVOURS if h != hero])
    entry = put(state, "bob", favoured)
    need = [t for t, n in entry.missing().items() for _ in range(n)]
    give(state, "ann", *need[:-1])
    ev = act(state, "ann", f"disturb {favoured} with {' '.join(need[:-1])}")
    assert kinds(ev) == ["disturbed", "aborted"] and entry.mission in state.discard


@pytest.mark.parametrize("hero", sorted(HEROES))
def test_the_heros_pair_stands_in_for_one_card_undertaking_and_disturbing(hero):
    h = HEROES[hero]
    state = new(heroes=[hero] + [x for x in NOBODY_FAVOURS if x != hero])
    mission = next(k for k in ("sirens", "ithaca", "tartarus", "horse", "fleece", "hydra")
                   if k != h.favoured and h.stands_for in GAME_MISSIONS()[k].need and h.pair not in GAME_MISSIONS()[k].need)
    mine = put(state, "ann", mission)
    theirs = put(state, "bob", mission)
    give(state, "ann", h.pair, h.pair, h.pair, h.pair)
    ev = act(state, "ann", f"undertake {mission} 1 with {h.pair} {h.pair} as {h.stands_for}")
    assert kinds(ev) == ["undertaken"] and mine.under[0].cards == (h.pair, h.pair)
    assert mine.under[0].fills == h.stands_for
    ev = act(state, "ann", f"disturb {mission} with {h.pair} {h.pair}")  # only the pair reading fits
    assert kinds(ev) == ["disturbed"] and theirs.under[0].fills == h.stands_for


def GAME_MISSIONS():
    from games.legend.data import MISSIONS
    return MISSIONS


def test_the_pair_only_for_its_hero_and_only_as_its_type():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    put(state, "ann", "ithaca")
    give(state, "ann", "C", "C", "E", "E")
    assert "plays your pair" in refused(state, "ann", "undertake ithaca with C C as I")  # Hercules: E E as C
    assert "plays your pair" in refused(state, "ann", "undertake ithaca with E E as I")
    act(state, "ann", "undertake ithaca with E E as C")
    assert state.table[0].missing() == {"I": 2, "A": 2}


def test_a_pair_that_reads_either_way_must_be_said():
    state = new(heroes=["ulysses", "hercules", "jason", "perseus"])
    put(state, "ann", "fleece")
    give(state, "ann", "C", "C")
    act(state, "ann", "undertake fleece with C C")
    assert [u.fills for u in state.table[0].under] == ["C", "C"], "without 'as', cards are read one by one"


def test_declaring_the_favoured_mission_one_card_short_without_a_card():
    state = new(heroes=["perseus", "hercules", "jason", "ulysses"])
    put(state, "ann", "medusa", "I", "A", "E", by="bob")
    put(state, "bob", "hydra", "C")
    assert "Name the cards" in refused(state, "ann", "disturb hydra")
    ev = act(state, "ann", "undertake medusa")
    assert kinds(ev) == ["completed"] and ev[0].data["declared"]
    state.turn = "bob"
    state.table[0].under.append(state.table[0].under[0].__class__("E", ("E",), "ann"))
    state.seats["ann"].hero, state.seats["bob"].hero = "jason", "hercules"
    put(state, "ann", "hydra", "E", "E")
    state.turn = "bob"
    ev = act(state, "bob", "disturb hydra ann")
    assert kinds(ev) == ["aborted"]


def test_a_pair_reading_that_fits_two_ways_must_be_said():
    state = new(heroes=["perseus", "hercules", "jason", "ulysses"])  # ann: A A count as one E
    put(state, "ann", "tartarus")  # needs A A C E E
    give(state, "ann", "A", "A", "A", "A", "A", "A")
    assert "Say which two cards are your pair" in refused(state, "ann", "undertake tartarus with A A A A")
    act(state, "ann", "undertake tartarus with A A as E A A")
    assert state.table[0].missing() == {"C": 1, "E": 1}
    state.table[0].under.clear()
    give(state, "ann", "A")
    act(state, "ann", "undertake tartarus with A A A")  # the one reading that fits: one pair, one A
    assert sorted(u.fills for u in state.table[0].under) == ["A", "E"]


def test_claiming_one_card_short_needs_the_favoured_mission_exactly_one_short():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    put(state, "ann", "hydra", "C")
    assert "2 cards short" in refused(state, "ann", "undertake hydra")
    state.phase, state.last_round = "last", ["ann"]
    state.table[0].under.append(state.table[0].under[0].__class__("E", ("E",), "bob"))
    ev = act(state, "ann", "undertake hydra")
    assert kinds(ev) == ["completed"], "in the last round too"


def test_a_mission_is_named_by_a_word_its_owner_or_its_number():
    state = new(heroes=NOBODY_FAVOURS)
    put(state, "bob", "horse")
    put(state, "cat", "horse")
    give(state, "ann", "I", "C", "E")
    assert "Which one" in refused(state, "ann", "disturb the trojan horse with I")
    act(state, "ann", "disturb cat's trojan horse with I")
    act(state, "ann", "disturb a horse of bob with C")
    act(state, "ann", "disturb 2 with e")
    assert [[u.fills for u in e.under] for e in state.table] == [["C"], ["I", "E"]]
