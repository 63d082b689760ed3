"""Dungeon Chess bots: they choose among the legal actions of their own view, the normal one looks a
full round ahead (it will not trade its Kor Warrior for a Fighter) and beats the easy one, and
seeded bot games finish with no refused action."""

import random

import pytest

from games.dungeon_chess import GAME
from games.engine import Action, RuleError, bot_rng
from tests.games.dungeon_chess.fixtures import position


def choose(state, player, level, seed=0):
    return GAME.bot_action(state, player, random.Random(seed), level, {})


def test_both_bots_take_a_free_mage():
    s = position({"e5": ("ann", "Gk"), "e7": ("bob", "M"), "a1": ("ann", "L"), "j10": ("bob", "L"),
                  "j9": ("bob", "L")})
    for level in ("easy", "normal"):
        assert choose(s, "ann", level) == Action("move", ("e5", "e7"))


def test_the_normal_bot_sees_the_reply_and_keeps_its_kor_warrior():
    # the Fighter on e7 is guarded by bob's Kor Warrior on e9: taking it loses the Kor Warrior
    s = position({"e5": ("ann", "Gk"), "e7": ("bob", "L"), "e9": ("bob", "Gk"), "a1": ("ann", "L"),
                  "j10": ("bob", "L")})
    assert choose(s, "ann", "easy") == Action("move", ("e5", "e7"))
    assert all(choose(s, "ann", "normal", seed) != Action("move", ("e5", "e7")) for seed in range(5))


def test_the_normal_bot_moves_a_threatened_mage_away():
    s = position({"e5": ("ann", "M"), "e8": ("bob", "Gk"), "a1": ("ann", "L"), "j10": ("bob", "L")})
    action = choose(s, "ann", "normal")
    assert action.args[0] == "e5" and action.args[1][0] != "e" or action.args[1] == "e8"


def test_bots_keep_a_target_and_ransom_when_it_pays():
    s = position({"e5": ("ann", "Gk"), "a1": ("ann", "L"), "j10": ("bob", "L"), "j9": ("bob", "L")})
    s.held["bob"].append(("ann", "M", 90))
    assert choose(s, "ann", "normal").verb == "ransom"
    from tests.games.dungeon_chess.fixtures import match
    fresh = match(keep=False)
    for level in ("easy", "normal"):
        assert choose(fresh, "ann", level) in GAME.legal_actions(fresh, "ann")


def play(seed, levels, limit=3000):
    names = [f"bot{i}" for i in range(1, len(levels) + 1)]
    state = GAME.new_match(names, seed, {})
    GAME.opening(state)
    rngs = {p: bot_rng(seed, p) for p in names}
    refused = 0
    for _ in range(limit):
        if state.over:
            break
        p = GAME.awaiting(state)[0]
        action = GAME.bot_action(state, p, rngs[p], levels[names.index(p)], {})
        try:
            GAME.apply(state, p, action)
        except RuleError:
            refused += 1
            GAME.apply(state, p, GAME.legal_actions(state, p)[0])
    return state, names, refused


def normal_wins(games):
    """Of ``games`` two-player games, normal against easy (each seat in turn), how many the normal bot
    won; each game finishes with a winner and no refused action."""
    wins = 0
    for seed in range(games):
        levels = ["normal", "easy"] if seed % 2 == 0 else ["easy", "normal"]
        state, names, refused = play(seed, levels)
        assert state.over and state.winners and not refused, seed
        wins += state.winners == [names[levels.index("normal")]]
    return wins


def test_the_normal_bot_beats_the_easy_one_in_a_few_games():
    assert normal_wins(20) >= 16


@pytest.mark.slow
def test_the_normal_bot_beats_the_easy_one_in_at_least_70_percent_of_500_games():
    """Also half of the thousand two-player games below that finish unrefused (played once for both)."""
    assert normal_wins(500) >= 350


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_few_seeded_games_of_each_size_finish_unrefused(players):
    for seed in range(6):
        state, _, refused = play(seed, ["normal", "easy", "normal", "easy"][:players])
        assert state.over and state.winners and refused == 0


@pytest.mark.slow
@pytest.mark.parametrize("players, seeds", [(2, range(500, 1000)), (3, range(500)), (3, range(500, 1000)),
                                            (4, range(500)), (4, range(500, 1000))],
                         ids=lambda v: f"{v[0]}-{v[-1]}" if isinstance(v, range) else f"{v}players")
def test_a_thousand_seeded_bot_games_of_each_size_finish_with_no_refused_action(players, seeds):
    """Easy bots (the fast ones; the contract kit plays 200 more with normal ones): 1,000 games of three
    and of four, in halves (the lane's two workers share them); of two, these 500 and the 500 games of
    normal against easy above (seeds 0-499, each checked the same way)."""
    for seed in seeds:
        state, _, refused = play(seed, ["easy"] * players)
        assert state.over and state.winners, seed
        assert refused == 0, seed


def test_a_bots_only_run_plays_a_whole_game():
    from mud.local.script import run_script
    runner = run_script("", {"game": "chess", "bots": 3, "seed": 5})
    assert runner.status == 0 and runner.table.over and "Scores:" in runner.output()


# --- pressing: games end by the game's own ending, not the quiet limit (issue 24) ------------------
def quiet_endings(level, seeds):
    from games.botgame import play_levels
    ends = [play_levels(GAME, seed, [level, level]).state.end_reason for seed in seeds]
    assert all(ends)
    return sum(reason == "quiet" for reason in ends)


def test_two_normal_bots_rarely_end_by_the_quiet_limit():
    # before the bots pressed, 84 of the first 100 such games ended by the limit
    assert quiet_endings("normal", range(20)) <= 1


def test_the_normal_bot_forks_two_pieces_only_one_of_which_can_step_away():
    # from e6 ann's Mage threatens bob's Kor Warrior on c8 and his Fighter on g8, and neither can
    # take it (the bot that did not press moved to e5, a step towards the centre)
    s = position({"e3": ("ann", "M"), "c8": ("bob", "Gk"), "g8": ("bob", "L"), "j10": ("bob", "L"),
                  "a1": ("ann", "L"), "b1": ("ann", "L")})
    assert all(choose(s, "ann", "normal", seed) == Action("move", ("e3", "e6")) for seed in range(3))


def test_after_a_long_quiet_spell_the_normal_bot_offers_an_even_trade():
    # ann's Kor Warrior on e5 would be taken by bob's on e8 and taken back by her Mage on c5:
    # not worth it at first, worth it when 35 of the 40 quiet rounds have passed
    def board(quiet):
        s = position({"e3": ("ann", "Gk"), "c5": ("ann", "M"), "a1": ("ann", "L"), "e8": ("bob", "Gk"),
                      "j10": ("bob", "L"), "j9": ("bob", "L")})
        s.quiet = quiet
        return s
    offer = Action("move", ("e3", "e5"))
    assert all(choose(board(0), "ann", "normal", seed) != offer for seed in range(3))
    assert all(choose(board(70), "ann", "normal", seed) == offer for seed in range(3))


@pytest.mark.parametrize("seed", [162, 174, 178])
def test_the_seeds_that_never_ended_with_the_limit_off_now_end_with_a_winner(seed):
    """Issue 24: with --limit off these two-normal-bot games ran to the 100,000-action cap."""
    from games.botgame import play_levels
    done = play_levels(GAME, seed, ["normal", "normal"], {"limit": "off"}, limit=5000)
    assert done.over and done.state.end_reason == "single" and done.winners


def test_a_bots_only_run_with_the_limit_off_ends_with_status_0():
    from mud.local.script import run_script
    runner = run_script("", {"game": "chess", "bots": 2, "seed": 162, "level": "normal", "limit": "off"})
    assert runner.status == 0 and runner.table.over and "Scores:" in runner.output()
