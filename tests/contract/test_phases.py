"""Declared phases (issue 25): each game's phase table (games/phases.py) is the one source of "not
now" -- the legal actions draw their verbs from the player's stage, and a verb the stage does not
allow is refused, in the game's words, before anything changes."""

from __future__ import annotations

import pickle

import pytest

import games
from games.engine import Action, GameSpec, NotNow, Phase, PhaseTable, RuleError
from tests.contract.kit import contract_games, play

GAMES = [name for name in contract_games() if games.get(name).phases is not None]


@pytest.fixture(params=GAMES)
def game(request):
    return games.get(request.param)


def test_every_game_of_the_catalogue_declares_its_phases():
    assert set(GAMES) == {"quest", "tenx", "legend", "chess", "quantum"} & set(contract_games())


def test_every_action_verb_of_a_game_is_allowed_in_some_stage(game):
    assert set(game.handlers) <= game.phases.verbs, set(game.handlers) - game.phases.verbs


def _words(game, state, player, verb) -> str:
    """The phase table's refusal in English (``not_now`` may raise NotNow, to which the engine adds 'now')."""
    try:
        return str(game.phases.not_now(state, player, verb))  # a message: its English
    except NotNow as err:
        return str(err)


def _guarded(game, state, player) -> bool:
    try:
        if game.guard is not None:
            game.guard(state, player)
    except RuleError:
        return True
    return False


@pytest.mark.parametrize("seed", range(2))
def test_legal_verbs_come_from_the_stage_and_other_verbs_are_refused_in_its_words_changing_nothing(game, seed):
    played = play(game.name, seed, sample_every=25)
    refused = 0
    for state in played.states:
        for p in game.seats_of(state):
            stage = game.phase_of(state, p)
            allowed = game.allowed(state, p)
            assert game.phases.phase(stage).name == stage  # a declared stage
            legal = game.legal_actions(state, p)
            assert {a.verb for a in legal} <= allowed, f"{game.name} {p} in {stage}: {legal}"
            if _guarded(game, state, p):
                continue
            before = pickle.dumps(state)
            for verb in sorted(set(game.handlers) - allowed):
                copy = pickle.loads(before)
                same = pickle.dumps(copy)  # (a set may pickle in another order once copied)
                with pytest.raises(RuleError) as err:
                    game.apply(copy, p, Action(verb))
                assert str(err.value).startswith(_words(game, state, p, verb)), (stage, verb)
                assert pickle.dumps(copy) == same, f"{game.name}: refused '{verb}' changed the state"
                refused += 1
    assert refused, f"{game.name}: no verb was refused by the phase table"


def test_the_engine_refuses_a_verb_the_stage_does_not_allow_before_its_handler_runs():
    ran = []
    table = PhaseTable((Phase("mine", ("go",)), Phase("waiting")),
                       phase_of=lambda state, p: "mine" if p == state["turn"] else "waiting",
                       not_now=lambda state, p, verb: f"It is {state['turn']}'s turn.", anytime=("note",))
    spec = GameSpec(name="t", title="T", min_players=2, max_players=2, new_match=lambda *a: None,
                    opening=lambda s: [], awaiting=lambda s: [s["turn"]],
                    legal_actions=lambda s, p: table.only(s, p, [Action("go"), Action("note")]),
                    game_view=lambda s, p: {}, is_over=lambda s: False, winners=lambda s: [],
                    seats_of=lambda s: ["ann", "bob"], phases=table,
                    verbs=(games.engine.Verb("go", handler=lambda s, p: ran.append(p) or []),
                           games.engine.Verb("note", handler=lambda s, p: [], free=True)))
    state = {"turn": "ann"}
    with pytest.raises(RuleError, match="It is ann's turn."):
        spec.apply(state, "bob", Action("go"))
    assert ran == [] and spec.phase_of(state, "bob") == "waiting"
    assert spec.legal_actions(state, "bob") == [Action("note")] and spec.apply(state, "bob", Action("note")) == []
    spec.apply(state, "ann", Action("go"))
    assert ran == ["ann"] and spec.allowed(state, "ann") == {"go", "note"}
