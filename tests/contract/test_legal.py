"""Legal actions are the whole truth (issue 24), for every game of the catalogue: each one ``apply``
accepts, and a player the game awaits always has one that moves the game on -- not only free ones
(``GameSpec.is_free``: a gift, a note), which a loop falling back to "some legal action" could repeat
forever."""

from __future__ import annotations

import pickle

import pytest

import games
from games.engine import Action, GameSpec, RuleError, Verb
from tests.contract.kit import contract_games, play

GAMES = contract_games()


@pytest.fixture(params=GAMES)
def game(request):
    return games.get(request.param)


def _refusal(game, state, player, action: Action) -> str | None:
    try:
        game.apply(pickle.loads(pickle.dumps(state)), player, action)
    except RuleError as err:
        return str(err)
    return None


@pytest.mark.parametrize("seed", range(2))
def test_every_legal_action_is_accepted_and_the_awaited_always_have_one_that_moves_on(game, seed):
    played = play(game.name, seed, sample_every=15)
    checked = 0
    for state in played.states + [played.state]:
        for p in game.seats_of(state):
            legal = game.legal_actions(state, p)
            if p in game.awaiting(state):
                assert [a for a in legal if not game.is_free(a)], f"{game.name} seed {seed}: {p} awaited, " \
                                                                   f"with only free actions: {legal}"
            for action in legal:
                refused = _refusal(game, state, p, action)
                assert refused is None, f"{game.name} seed {seed}: {p}'s legal '{action}' refused: {refused}"
                checked += 1
    assert checked, f"{game.name}: no legal action was checked"


def test_a_free_verb_marks_its_actions_and_a_fallback_tries_the_others_first():
    note, move = Verb("note", ("WORD",), free=True), Verb("move", ("WORD",), actions=("step",))
    spec = GameSpec(name="t", title="T", min_players=1, max_players=1, new_match=lambda *a: None,
                    opening=lambda s: [], awaiting=lambda s: [], legal_actions=lambda s, p: [],
                    game_view=lambda s, p: {}, is_over=lambda s: False, winners=lambda s: [],
                    seats_of=lambda s: [], verbs=(note, move))
    assert spec.is_free(Action("note", ("x",))) and not spec.is_free(Action("step", ("n",)))
    assert spec.moving_first([Action("note", ("a",)), Action("move", ("n",)), Action("note", ("b",)),
                              Action("step", ("s",))]) == [Action("move", ("n",)), Action("step", ("s",)),
                                                           Action("note", ("a",)), Action("note", ("b",))]
