"""Quest for Legend's bots, from their own view: the normal bot beats the easy one, and seeded bot
games with 2, 3 and 4 players (teams and tournaments among them) all finish with no refused action
and every kind of event between them."""

from __future__ import annotations

import pytest

from games.engine import Action, RuleError, bot_rng
from games.legend import GAME
from games.legend.bots import bot_action
from games.legend.tones import TONES
from games.legend.view import view as game_view


def play(seed: int, levels: dict[str, str], options: dict | None = None):
    """A whole game between bots, each seeing only its own view; a refusal fails the test (``apply``
    checks each move against the legal actions: the handlers refuse nothing of their own)."""
    names = list(levels)
    state = GAME.new_match(names, seed, options or {})
    events = GAME.opening(state)
    kinds = {e.kind for e in events}
    rngs = {p: bot_rng(seed, p) for p in names}
    steps = 0
    while not state.over:
        p = GAME.awaiting(state)[0]
        action = bot_action(game_view(state, p), rngs[p], levels[p], {})
        try:
            events = GAME.apply(state, p, action)
        except RuleError as err:
            raise AssertionError(f"seed {seed}: {p}'s {action} was refused: {err}") from None
        kinds |= {e.kind for e in events}
        steps += 1
        assert steps < 5000, f"seed {seed} does not end"
    return state, kinds


def test_the_normal_bot_beats_the_easy_one_in_most_two_player_games():
    won = 0
    for seed in range(500):
        levels = {"ann": "normal", "bob": "easy"} if seed % 2 else {"bob": "easy", "ann": "normal"}
        state, _ = play(seed, levels)
        won += state.winners == ["ann"]
    assert won >= 0.6 * 500, f"normal won {won} of 500"


def test_a_bot_sees_only_its_own_view():
    state = GAME.new_match(["ann", "bob"], 3, {})
    GAME.opening(state)
    p = state.turn
    other = GAME.scramble(state, p, __import__("random").Random(1))
    assert bot_action(game_view(state, p), bot_rng(3, p)) == bot_action(game_view(other, p), bot_rng(3, p))


@pytest.mark.slow
def test_a_thousand_seeded_bot_games_with_two_three_and_four_players_finish_unrefused():
    seen = set()
    for seed in range(1000):
        n = 2 + seed % 3
        names = [f"bot{i}" for i in range(1, n + 1)]
        options = {"teams": "on"} if n == 4 and seed % 10 == 1 else {}
        if seed % 50 == 7:
            options["tournament"] = "3"
        levels = {p: ("easy" if seed % 7 == 3 and i == 0 else "normal") for i, p in enumerate(names)}
        state, kinds = play(seed, levels, options)
        assert state.over and state.winners, f"seed {seed} ended with no winner"
        seen |= kinds
    assert seen == set(TONES), f"bots never made: {sorted(set(TONES) - seen)}"


def _normal(state, player):
    return bot_action(game_view(state, player), bot_rng(1, player), "normal", {})


def test_the_normal_bot_completes_its_own_mission_when_its_hand_can():
    from tests.games.legend.fixtures import give, new, put
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    put(state, "ann", "horse", "I")
    give(state, "ann", "C", "C", "E", "A")
    action = _normal(state, "ann")
    assert action.verb == "undertake" and sorted(action.args[2:]) == ["C", "C", "E"]
    GAME.apply(state, "ann", action)
    assert [e.mission for e in state.seats["ann"].completed] == ["horse"]


def test_the_normal_bot_aborts_a_rivals_mission_close_to_completion():
    from tests.games.legend.fixtures import give, new, put
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    put(state, "bob", "medusa", "I", "A")
    give(state, "ann", "E", "E", "A")
    action = _normal(state, "ann")
    assert action.verb == "disturb" and action.args[0] == "medusa"
    GAME.apply(state, "ann", action)
    assert not state.table and "medusa" in state.discard


def test_the_normal_bot_starts_only_what_its_hand_mostly_covers_and_nothing_near_the_end():
    from tests.games.legend.fixtures import give, new
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "ithaca", "E", "E", "boar")
    assert _normal(state, "ann").args == ("boar",), "Boar is covered, Ithaca is not"
    state.seats["ann"].hand.remove("boar")
    state.deck.append("boar")
    assert _normal(state, "ann").verb == "draw"
    state.seats["ann"].hand = ["boar", "C", "E"]
    state.reshuffled, state.deck = True, state.deck[:3]
    assert _normal(state, "ann").verb == "draw", "an unfinished mission would count against it"


@pytest.mark.parametrize("level", ["easy", "normal", "sharp"])
def test_every_bot_claims_its_favoured_mission_one_card_short_rather_than_spend_a_card(level):
    """Issue 24: a card under a favoured mission already one short is wasted: the claim meets it."""
    from tests.games.legend.fixtures import give, new, put
    for seed in range(20):  # the easy bot's coin, every way it falls
        state = new(["ann", "bob"], ["hercules", "perseus"])
        put(state, "ann", "hydra", "E", "E", by="bob")  # bob's cards left it one short
        give(state, "ann", "C", "E", "I")
        action = GAME.bot(game_view(state, "ann"), bot_rng(seed, "ann"), level, {})
        assert action == Action("undertake", ("hydra",)), f"{level}, seed {seed}: {action}"
        assert GAME.paths["favoured_claimed_short"](GAME.apply(state, "ann", action)[0].as_json())
        assert sorted(state.seats["ann"].hand) == ["C", "E", "I"], "no card spent"


def test_the_easy_bot_never_spends_a_card_on_a_rivals_mission_its_hero_meets_one_short():
    from tests.games.legend.fixtures import give, new, put
    for seed in range(20):
        state = new(["ann", "bob"], ["hercules", "perseus"])
        put(state, "bob", "hydra", "C", "E")
        give(state, "ann", "E")
        action = GAME.bot(game_view(state, "ann"), bot_rng(seed, "ann"), "easy", {})
        assert action.args[1:] != ("with", "E"), f"seed {seed}: the E would be wasted"


@pytest.mark.parametrize("level", ["easy", "normal", "sharp"])
def test_every_bot_with_no_cards_claims_its_favoured_mission_in_the_last_round(level):
    from tests.games.legend.fixtures import new, put
    state = new(["ann", "bob"], ["perseus", "jason"])
    put(state, "ann", "medusa", "I", "A", "E")
    state.phase, state.last_round = "last", ["ann", "bob"]
    action = GAME.bot(game_view(state, "ann"), bot_rng(1, "ann"), level, {})
    assert action == Action("undertake", ("medusa",))
