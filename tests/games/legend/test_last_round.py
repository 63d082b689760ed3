"""Everyone gets the last round (rules/quest-for-legend.md, End of the game): "tutti hanno a
disposizione un ultimo turno per Intraprendere o Disturbare una missione" -- a player with no cards
left too, who may still claim their hero's favoured mission one card short. Issue 24's three seeds
are command files of the easy bots' own moves up to the last round (tests/games/legend/scripts/)."""

from __future__ import annotations

from pathlib import Path

from games.engine import Action
from games.legend.ending import score_parts
from mud.local.script import run_script
from tests.games.legend.fixtures import GAME, act, kinds, new, put

SCRIPTS = Path(__file__).resolve().parent / "scripts"


def run(name: str):
    runner = run_script((SCRIPTS / name).read_text(encoding="utf-8"))
    assert runner.status == 0 and runner.stopped is None, runner.stopped
    return runner


def _last_round(players, heroes, hands, turn, table=()):
    """The second pile drawn out, ``turn``'s player about to draw from it: the last round follows.
    ``table``: missions on the table, each (owner, mission, cards under it ...)."""
    state = new(players, heroes, turn=turn)
    for owner, mission, *under in table:
        put(state, owner, mission, *under)
    state.reshuffled, state.deck = True, []
    for p, hand in zip(players, hands):
        state.seats[p].hand = list(hand)
    return state


def test_seed_1038_perseus_with_no_cards_claims_his_medusa_one_card_short_in_the_last_round():
    runner = run("last-round-1038.mud")
    out = runner.output()
    assert "has no cards left" not in out
    assert "ann's last phase 1." in out
    assert "ann completes Slaying of Medusa (as Perseus, one card short)" in out
    state = runner.table.state
    assert state.over
    done, open_, lost = score_parts(state, "ann")
    assert "medusa" in [e.mission for e in state.seats["ann"].completed]
    assert "medusa" not in [e.mission for e in state.table if e.owner == "ann"], "no Medusa counts unfinished"
    assert [e.mission for e in state.seats["ann"].superseded] == ["medusa"], "her second Medusa is superseded"
    assert state.results[-1]["ann"] == done - open_ - lost == (3 + 4) - (30 - 4 - 4) - 4, "it was 3 - 30 = -27"


def test_seed_1041_hercules_with_no_cards_claims_his_hydra_one_card_short_in_the_last_round():
    runner = run("last-round-1041.mud")
    out = runner.output()
    assert "has no cards left" not in out
    assert "ann completes Hydra of Lerna (as Hercules, one card short)" in out
    state = runner.table.state
    assert state.over
    assert "hydra" in [e.mission for e in state.seats["ann"].completed]
    assert all(e.mission != "hydra" for e in state.table), "no Hydra counts unfinished"
    assert state.results[-1]["ann"] == (6 + 3) - (20 - 3 - 3) - (3 + 3), "it was 6 - 20 - 3 = -17"


def test_seed_1036_a_fourth_player_with_no_cards_still_gets_the_last_phase_one():
    runner = run("last-round-1036.mud")
    out = runner.output()
    assert "has no cards left" not in out
    assert "dan's last phase 1." in out and "dan ends the last phase 1." in out
    assert runner.table.state.over


def test_seed_1036_the_cardless_hero_may_abort_a_rivals_favoured_mission_one_card_short():
    text = (SCRIPTS / "last-round-1036.mud").read_text(encoding="utf-8")
    runner = run_script(text.removesuffix("dan> pass\n"))  # up to dan's last phase 1
    state = runner.table.state
    assert state.turn == "dan" and state.phase == "last" and not state.seats["dan"].hand
    assert Action("disturb", ("hydra",)) in GAME.legal_actions(state, "dan")
    ev = act(state, "dan", "disturb hydra")
    assert kinds(ev) == ["aborted"] and ev[0].data["declared"]


def test_a_player_with_no_cards_and_no_claim_passes_the_last_phase_one_at_once():
    """Public facts alone (an empty hand, the table) say there is nothing to do: no wait for it."""
    state = _last_round(["ann", "bob"], ["hercules", "perseus"], [["E"], []], "ann", [("ann", "boar")])
    ev = act(state, "ann", "draw")
    assert kinds(ev)[-3:] == ["last_round", "passed", "turn"] and "nothing to play" in str(ev[-2].text)
    assert state.turn == "ann" and state.phase == "last"
    assert kinds(act(state, "ann", "pass"))[-1] == "game_over"


def test_a_player_with_no_cards_gets_the_last_phase_one_to_claim_a_favoured_mission():
    state = _last_round(["ann", "bob"], ["hercules", "perseus"], [[], ["E"]], "bob",
                        [("ann", "hydra", "E", "E")])  # one card short: Hercules may claim it
    ev = act(state, "bob", "draw")
    assert "last_round" in kinds(ev) and state.turn == "ann" and state.phase == "last"
    assert Action("undertake", ("hydra",)) in GAME.legal_actions(state, "ann")
    ev = act(state, "ann", "undertake hydra")
    assert kinds(ev) == ["completed"] and ev[0].data["declared"]
    assert GAME.paths["favoured_claimed_short"](ev[0].as_json())
    act(state, "ann", "pass")
    assert state.turn == "bob" and state.phase == "last", "bob's own last phase 1 follows"
