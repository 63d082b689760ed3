"""The end (rules/quest-for-legend.md, End of the game and Variants): the one reshuffle, the last
round after the second pile's last card, all ten missions completed, scoring with negatives (the
original's -2 example), ties, tournaments and teams."""

from __future__ import annotations

import pytest

from games.engine import RuleError
from games.legend.data import MISSIONS
from games.legend.ending import score, score_parts
from games.legend.state import OnTable
from tests.games.legend.fixtures import GAME, act, give, kinds, new, put

HEROES4 = ["hercules", "ulysses", "jason", "perseus"]


def test_the_originals_final_score_minus_two():
    """Completed Tartarus (5) and Sphinx (1), unfinished Medusa (4), Golden Fleece superseded (4)."""
    state = new(heroes=HEROES4)
    seat = state.seats["ann"]
    seat.completed = [OnTable(1, "tartarus", "ann"), OnTable(2, "sphinx", "ann")]
    seat.superseded = [OnTable(3, "fleece", "ann")]
    put(state, "ann", "medusa", "A")
    give(state, "ann", "ithaca")  # a mission in hand scores nothing
    assert score_parts(state, "ann") == (6, 4, 4)
    assert score(state, "ann") == 5 + 1 - 4 - 4 == -2


def test_the_discards_are_reshuffled_once_into_the_second_pile():
    state = new(["ann", "bob"], ["hercules", "ulysses"])
    state.discard, state.deck = list(state.deck), []
    ev = act(state, "ann", "draw")
    assert kinds(ev)[:2] == ["reshuffled", "drew"] and state.reshuffled and not state.discard
    assert len(state.deck) == 64 - 1


def test_the_second_piles_last_card_gives_everyone_one_last_phase_one():
    state = new(["ann", "bob", "cat"], ["hercules", "ulysses", "jason"], turn="bob")
    state.reshuffled = True
    state.deck = ["E"]
    put(state, "ann", "boar", "C", by="ann") if "boar" in state.deck else None
    state.table.append(OnTable(90, "boar", "ann"))
    state.seats["cat"].hand = ["C", "E"]
    state.seats["ann"].hand = ["C"]
    state.seats["bob"].hand = ["I", "I", "A", "A"]
    ev = act(state, "bob", "draw")
    assert "last_card" in kinds(ev) and "last_round" in kinds(ev)
    assert state.phase == "last" and state.last_round == ["cat", "ann", "bob"] and state.turn == "cat"
    for line in ("draw", "start boar", "discard E"):
        with pytest.raises(RuleError):
            act(state, "cat", line)
    act(state, "cat", "disturb boar with C")
    act(state, "cat", "pass")
    assert state.turn == "ann"
    act(state, "ann", "pass")
    ev = act(state, "bob", "pass")
    assert kinds(ev)[-1] == "game_over" and state.over
    assert state.winners == ["cat"] or score(state, "ann") == -2


def test_the_drawer_of_the_last_card_finishes_the_turn_discard_included():
    state = new(["ann", "bob"], ["hercules", "ulysses"])
    state.reshuffled, state.deck = True, ["I"]
    give_hand = ["A", "A", "C", "C", "E"]
    state.seats["ann"].hand = list(give_hand)
    state.seats["bob"].hand = ["E"]
    act(state, "ann", "draw")
    assert state.phase == "discard" and state.turn == "ann"
    ev = act(state, "ann", "discard I")
    assert "last_round" in kinds(ev) and state.last_round == ["bob", "ann"] and state.turn == "bob"


def test_an_empty_discard_pile_at_the_reshuffle_uses_the_second_pile_up():
    state = new(["ann", "bob"], ["hercules", "ulysses"])
    state.deck, state.discard = [], []
    state.seats["ann"].hand = ["I"]
    state.seats["bob"].hand = ["I"]
    ev = act(state, "ann", "draw")
    assert "last_card" in kinds(ev) and state.phase == "last" and state.turn == "bob"


def test_all_ten_missions_completed_ends_the_game_at_once():
    state = new(heroes=HEROES4)
    state.done = [k for k in MISSIONS if k != "sphinx"]
    state.seats["bob"].completed = [OnTable(i, k, "bob") for i, k in enumerate(state.done)]
    put(state, "ann", "sphinx")
    give(state, "ann", "A")
    ev = act(state, "ann", "undertake sphinx with A")
    assert kinds(ev) == ["undertaken", "completed", "game_over"]
    assert state.over and state.winners == ["bob"]
    with pytest.raises(RuleError):
        act(state, "ann", "draw")


def test_highest_score_wins_a_tie_goes_to_more_completed_missions_then_is_shared():
    state = new(["ann", "bob", "cat"], ["hercules", "ulysses", "jason"])
    state.seats["ann"].completed = [OnTable(1, "boar", "ann")]
    state.seats["bob"].completed = [OnTable(2, "sphinx", "bob"), OnTable(3, "sphinx", "bob")]
    from games.legend.ending import end_game
    end_game(state, "Test.")
    assert state.winners == ["bob"]
    state = new(["ann", "bob"], ["hercules", "ulysses"])
    state.seats["ann"].completed = [OnTable(1, "boar", "ann")]
    state.seats["bob"].completed = [OnTable(2, "boar", "bob")]
    end_game(state, "Test.")
    assert state.winners == ["ann", "bob"]


def _game_ends(state):
    """The game in play ends at once (as when its tenth mission is completed), through the flow."""
    state.done = list(MISSIONS)
    return GAME.phases.advance(state)


def test_a_tournament_of_three_games_sums_the_scores():
    state = GAME.new_match(["ann", "bob"], 3, {"tournament": "3"})
    GAME.opening(state)
    first = state.turn
    state.seats["ann"].completed = [OnTable(1, "boar", "ann")]
    ev = _game_ends(state)
    assert "game_over" in kinds(ev) and "heroes" in kinds(ev) and not state.over
    assert state.game == 2 and state.turn != first, "the first player moves one seat on"
    assert state.phase == "play" and kinds(ev)[-1] == "turn", "the next game begins in phase 1"
    assert all(len(s.hand) == 5 for s in state.seats.values()) and not state.seats["ann"].completed
    state.seats["bob"].completed = [OnTable(1, "sphinx", "bob")]
    _game_ends(state)
    state.seats["bob"].completed = [OnTable(1, "sphinx", "bob")]
    ev = _game_ends(state)
    assert kinds(ev) == ["game_over"] and state.over and "tournament is over" in str(ev[0].text)
    assert state.totals == {"ann": 2, "bob": 2} and state.won == {"ann": 1, "bob": 2}
    assert state.winners == ["bob"], "a tie in points goes to the player who won more games"
    assert ev[0].data["tied"] and "wins the tournament (tied on points: more games won)." in str(ev[0].text)
    assert GAME.paths["tournament_tied"](ev[0].as_json())


def _tournament_ended(totals: dict, won: dict, teams: str = "off"):
    """The last game of a tournament of three ends with these totals and games won so far."""
    players = list(totals)
    state = GAME.new_match(players, 3, {"tournament": "3", "teams": teams})
    GAME.opening(state)
    state.game, state.totals, state.won = 3, dict(totals), dict(won)
    from games.legend.ending import end_game
    return state, end_game(state, "Test.")[0]


def test_a_tournament_tied_on_points_and_games_won_is_shared():
    state, ev = _tournament_ended({"ann": 4, "bob": 4, "cat": 1}, {"ann": 1, "bob": 1, "cat": 0})
    assert ev.data["tied"] and state.winners == ["ann", "bob"]
    assert "ann and bob win the tournament (tied on points and on games won: shared)." in str(ev.text)


def test_a_tournament_won_on_points_is_not_tied():
    state, ev = _tournament_ended({"ann": 5, "bob": 4}, {"ann": 1, "bob": 2})
    assert not ev.data["tied"] and state.winners == ["ann"] and "tied" not in str(ev.text)
    assert not GAME.paths["tournament_tied"](ev.as_json())


def test_a_team_tournament_is_tied_by_the_teams_totals_not_the_partners():
    """Partners ann+cat 2+4 against bob+dan 5+1: tied as teams, though no two players tie."""
    state, ev = _tournament_ended({"ann": 2, "bob": 5, "cat": 4, "dan": 1}, {p: 1 for p in "ann bob cat dan".split()},
                                  teams="on")
    assert ev.data["tied"] and sorted(state.winners) == ["ann", "bob", "cat", "dan"]
    state, ev = _tournament_ended({"ann": 3, "bob": 3, "cat": 4, "dan": 0}, {p: 1 for p in "ann bob cat dan".split()},
                                  teams="on")
    assert not ev.data["tied"] and state.winners == ["ann", "cat"]


def test_tournament_option_takes_three_or_five_games():
    with pytest.raises(RuleError):
        GAME.check_options({"tournament": "4"})
    assert GAME.new_match(["ann", "bob"], 1, {"tournament": "5"}).games == 5


def test_teams_two_against_two_partners_sit_alternately_and_scores_are_summed():
    with pytest.raises(RuleError):
        GAME.new_match(["ann", "bob", "cat"], 1, {"teams": "on"})
    state = new(heroes=HEROES4, options={"teams": "on"})
    assert state.teams == [["ann", "cat"], ["bob", "dan"]]
    state.seats["ann"].completed = [OnTable(1, "boar", "ann")]
    state.seats["cat"].completed = [OnTable(2, "boar", "cat")]
    state.seats["bob"].completed = [OnTable(3, "hydra", "bob")]
    from games.legend.ending import end_game
    ev = end_game(state, "Test.")
    assert state.winners == ["ann", "cat"] and "ann+cat 4" in str(ev[0].text)


def test_a_partners_mission_is_disturbed_and_aborted_like_an_opponents():
    state = new(heroes=HEROES4, options={"teams": "on"})
    put(state, "cat", "boar", "C")
    give(state, "ann", "E")
    ev = act(state, "ann", "disturb boar with E")
    assert kinds(ev) == ["disturbed", "aborted"]
    assert ev[0].data["partner"] and ev[1].data["partner"], "the events say it was a partner's"
    assert "ann aborts their partner cat's Boar" in str(ev[1].text)
    assert GAME.paths["partner_aborted"](ev[1].as_json()) and GAME.paths["partner_disturbed"](ev[0].as_json())


def test_a_rivals_mission_disturbed_in_teams_is_no_partners():
    state = new(heroes=HEROES4, options={"teams": "on"})
    put(state, "bob", "horse")
    give(state, "ann", "E")
    ev = act(state, "ann", "disturb horse with E")
    assert kinds(ev) == ["disturbed"] and ev[0].data["partner"] is False
    assert "ann disturbs bob's Horse with E" in str(ev[0].text)
    assert not GAME.paths["partner_disturbed"](ev[0].as_json())
