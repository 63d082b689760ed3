"""Quest for Legend's sharper plan (games/legend/sharp.py), the strong bot's own rules of thumb: it
beats the normal bot on its own, keeps its missions out of a rival's reach until it can complete
them in one go, never starts a mission it already has on the table, and is never refused."""

from __future__ import annotations

import random

from games.botgame import play_levels
from games.engine import Action, RuleError
from games.legend import GAME
from games.legend.sharp import bot_action
from games.search import copy_state
from tests.games.legend.fixtures import give, new, put


def sharp_chooser(g, state, bot, rng, level, memory):
    return bot_action(g.view(state, bot), rng) if level == "sharp" else g.bot_action(state, bot, rng, level, memory)


def test_the_sharper_plan_alone_beats_the_normal_bot_in_most_two_player_games():
    won = 0.0
    for seed in range(200):
        levels = ["sharp", "normal"] if seed % 2 == 0 else ["normal", "sharp"]
        done = play_levels(GAME, seed, levels, chooser=sharp_chooser)
        me = done.seats[levels.index("sharp")]
        won += 1 / len(done.winners) if me in done.winners else 0
    assert won >= 0.62 * 200, f"the sharper plan won {won} of 200"


def test_it_feeds_a_mission_only_while_three_cards_stay_missing_then_completes_it_at_once():
    state = new(players=("ann", "bob"), heroes=["jason", "perseus"])
    put(state, "ann", "tartarus")  # A A C E E
    give(state, "ann", "A", "A", "C")
    action = bot_action(GAME.view(state, "ann"), random.Random(0))
    assert action.verb == "undertake" and len(action.args[2:]) == 2  # two of the five: three stay missing
    state = new(players=("ann", "bob"), heroes=["jason", "perseus"])
    put(state, "ann", "tartarus", "A", "A")
    give(state, "ann", "C", "E")
    assert bot_action(GAME.view(state, "ann"), random.Random(0)) == Action("draw")  # C E would leave it one short
    give(state, "ann", "E")
    action = bot_action(GAME.view(state, "ann"), random.Random(0))
    assert action.verb == "undertake" and sorted(action.args[2:]) == ["C", "E", "E"]  # completed


def test_it_never_starts_a_mission_it_already_has_on_the_table():
    state = new(players=("ann", "bob"), heroes=["jason", "perseus"])
    put(state, "ann", "boar")
    give(state, "ann", "boar", "C", "E")
    state.phase = "start"
    assert bot_action(GAME.view(state, "ann"), random.Random(0)) == Action("draw")


def test_it_aborts_a_rivals_mission_worth_more_than_the_cards_it_costs():
    state = new(players=("ann", "bob"), heroes=["jason", "perseus"])
    put(state, "bob", "horse", "I", "C")  # still needs C E: 4 points for 2 cards
    give(state, "ann", "C", "E")
    assert bot_action(GAME.view(state, "ann"), random.Random(0)).verb == "disturb"


def test_bots_only_games_with_the_sharper_plan_finish_unrefused_with_two_to_four_players():
    for seed in range(30):
        n = 2 + seed % 3
        levels = ["sharp"] + ["normal"] * (n - 1) if seed % 2 else ["sharp"] * n
        options = {"teams": "on"} if n == 4 and seed % 4 == 0 else {}
        refusals = []

        def chooser(g, state, bot, rng, level, memory):
            action = sharp_chooser(g, state, bot, rng, level, memory)
            try:
                g.apply(copy_state(state), bot, action)
            except RuleError as err:
                refusals.append((seed, bot, action, str(err)))
            return action
        done = play_levels(GAME, seed, levels, options, chooser=chooser)
        assert done.over and not refusals, refusals[:3]
