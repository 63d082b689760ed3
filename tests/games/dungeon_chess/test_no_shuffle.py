"""With the quiet limit off nothing but the players ends a dance of pieces back and forth, so a bot
that has made a position before plays something else (issue 40, item 23: two normal bots shuffled to
the 100,000-action cap in 3 of 100 games, seeds 40103, 40127 and 40150). The bot remembers in the
memory its seat already keeps, so a resumed match plays on exactly as the one that never stopped."""

from __future__ import annotations

import random

import pytest

from games.botgame import play_levels
from games.dungeon_chess import GAME
from tests.games.dungeon_chess.fixtures import position

OFF = {"limit": "off"}
WELL_BEFORE = 5000  # actions: a game that ends by its players ends far sooner (most in 100-300)


@pytest.mark.parametrize("seed", [40103, 40127, 40150])
def test_the_seeds_that_shuffled_to_the_cap_end_well_before_it(seed):
    done = play_levels(GAME, seed, ["normal", "normal"], OFF, limit=WELL_BEFORE)
    assert done.over and done.state.end_reason == "single" and done.winners, \
        f"seed {seed}: still playing after {done.actions} actions"


@pytest.mark.parametrize("seed", [40103, 40127, 40150])
def test_easy_bots_end_those_games_too(seed):
    done = play_levels(GAME, seed, ["easy", "easy"], OFF, limit=WELL_BEFORE)
    assert done.over and done.state.end_reason == "single"


def dance(quiet=10):
    """Nothing to capture anywhere: ann's three pieces in a corner, bob's two Fighters in the other;
    ``quiet`` turns since the last capture."""
    state = position({"a1": ("ann", "L"), "a2": ("ann", "M"), "a3": ("ann", "Gk"), "j10": ("bob", "L"),
                      "j9": ("bob", "L")}, options=OFF)
    state.quiet = quiet
    return state


def chosen(state, memory, seed=0):
    return GAME.bot_action(state, "ann", random.Random(seed), "normal", memory)


def test_a_normal_bot_does_not_make_the_same_position_again_and_again():
    state, memory = dance(), {}
    first = chosen(state, memory)
    again = chosen(dance(12), memory)  # the same position comes back: the bot remembers its first answer
    assert first != again
    assert len(memory["made"]) == 2


def test_with_the_limit_on_the_bot_plays_as_before_and_keeps_no_positions():
    state = dance()
    state.limit = True
    memory = {}
    assert chosen(state, memory) == chosen(state, {}) and chosen(state, memory) == chosen(state, {})
    assert "made" not in memory


def test_a_capture_or_a_ransom_forgets_the_positions_made():
    memory = {}
    chosen(dance(), memory)
    assert memory["made"]
    chosen(dance(1), memory)  # a capture was made since: quiet counts from 0 again
    assert len(memory["made"]) == 1


def test_the_memory_is_plain_data_a_snapshot_keeps():
    import copy
    import pickle
    memory = {}
    chosen(dance(), memory)
    assert pickle.loads(pickle.dumps(memory)) == memory == copy.deepcopy(memory)
    assert all(isinstance(k, str) and isinstance(v, int) for k, v in memory["made"].items())


def test_the_same_seed_plays_the_same_game():
    one = play_levels(GAME, 40127, ["normal", "normal"], OFF, limit=WELL_BEFORE)
    two = play_levels(GAME, 40127, ["normal", "normal"], OFF, limit=WELL_BEFORE)
    assert one.actions == two.actions and one.state.board == two.state.board


def test_a_resumed_shuffling_match_plays_on_as_the_one_that_never_stopped():
    """A snapshot taken mid-dance keeps the positions the bots made; the match restored from it
    makes the same moves as the match that went on."""
    from mud.shell.table import Table
    whole = Table(GAME, [], ["bot1", "bot2"], 40127, OFF, "normal")
    whole.start()
    cut = Table(GAME, [], ["bot1", "bot2"], 40127, OFF, "normal")
    cut.max_run = len(whole.log) // 2
    cut.start()
    snap = pickle_round(cut.snapshot())
    assert any(m.get("made") for m in snap[3]["memory"].values())
    resumed = Table(GAME, [], ["bot1", "bot2"], 40127, OFF, "normal")
    resumed.restore(snap)
    resumed.settle()
    assert resumed.over and resumed.log == whole.log


def pickle_round(snap):
    import pickle
    return pickle.loads(pickle.dumps(snap))


@pytest.mark.slow
def test_a_hundred_two_normal_bot_games_with_the_limit_off_all_end_before_the_cap():
    long = {}
    for seed in range(40100, 40200):
        done = play_levels(GAME, seed, ["normal", "normal"], OFF, limit=WELL_BEFORE)
        if not done.over:
            long[seed] = done.actions
    assert not long, f"still playing after {WELL_BEFORE} actions: seeds {sorted(long)}"


@pytest.mark.slow
def test_strong_bots_end_such_a_game_too():
    """The strong bot's rollouts are normal bots, each with a memory of its own. Seed 40103 (64
    actions); 40127 and 40150 end too, in 337 and 384, but take a minute between them."""
    done = play_levels(GAME, 40103, ["strong", "strong"], OFF, limit=WELL_BEFORE)
    assert done.over and done.state.end_reason == "single"

