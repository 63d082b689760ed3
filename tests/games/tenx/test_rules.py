"""10x, one rule per test (rules/tenx.md), with the original's worked example as a script."""

from __future__ import annotations

from collections import Counter

from games.words import worded
import pytest

from games.engine import Action, RuleError
from games.tenx.data import BONUS_IDS, CARDS, COMMON, NUMBERED_IDS, PERSONAL, personal_quests
from tests.games.tenx.fixtures import GAME, act, dice, give, new, quest, texts

# --- the cards ------------------------------------------------------------------------------------


def test_numbered_cards_meet_every_count():
    cards = [CARDS[c] for c in NUMBERED_IDS]
    assert len(cards) == 100
    assert Counter(c.value for c in cards) == {10: 6, 9: 6, 8: 8, 7: 8, 6: 8, 5: 12, 4: 12, 3: 12, 2: 14, 1: 14}
    mods = Counter(m for c in cards for m in c.mods)
    assert mods == {"star": 40, "die": 25, "mask": 10}
    assert all(len(set(c.mods)) == len(c.mods) <= 2 for c in cards if len(c.mods) < 3)
    (all_three,) = [c for c in cards if len(c.mods) == 3]
    assert all_three.value == 7
    assert Counter(c.bottom for c in cards if c.bottom) == {1: 10, 2: 5, 3: 5, -1: 5, -2: 5, -3: 5}


def test_bonus_cards_and_quests_meet_every_count():
    assert Counter(CARDS[c].value for c in BONUS_IDS) == {1: 10, 2: 10, 3: 10, -1: 5, -2: 5, -3: 5, 4: 5, 5: 5}
    deck = [PERSONAL[q] for q in personal_quests()]
    assert len(deck) == 50
    counts = Counter((q.kind, q.arg, q.reward) for q in deck)
    assert counts[("win_plain", 0, "quest")] == 9 and counts[("play_seven", 7, "point")] == 5
    assert counts[("win_by", 4, "point")] == 3 and counts[("lose_by", 3, "quest")] == 3
    assert len(personal_quests(sevens=True)) == 54
    assert len(COMMON) == 10 and len({q.text for q in COMMON.values()}) == 10


def test_the_deal():
    s = GAME.new_match(["a", "b", "c"], 4, {})
    for seat in s.seats.values():
        kinds = Counter(CARDS[c].kind for c in seat.hand)
        assert kinds == {"number": 5, "bonus": 2} and len(seat.quests) == 2
    assert s.active == []


# --- the worked example ---------------------------------------------------------------------------

def test_the_originals_worked_example():
    """G1 4 mask, G2 5 die, G3 7 star, G4 6 die; G1's mask takes a 6 and plays it; G2 -1, G1 +3, G4 +2,
    G3 passes; G4, second, rolls a 6 against G1's 9 and wins, takes a point and draws; G2 shows
    'lose by 3'."""
    s = new()
    give(s, "g1", "4m+3", "+3")
    give(s, "g2", "5d", "-1")
    give(s, "g3", "7s", "6")
    give(s, "g4", "6d", "+2")
    lose3 = quest(s, "g2", "lose_by", 3)
    dice(s, 6)
    act(s, "g1", "play", "4m")
    act(s, "g2", "play", "5d")
    act(s, "g3", "play", "7s")
    ev = act(s, "g4", "play", "6d")
    assert [e for e in ev if e.kind == "revealed"][0].to is None
    assert s.round.phase == "mask" and GAME.awaiting(s) == ["g1"]
    act(s, "g1", "mask", "g3")  # g3's only card in hand: the 6
    four = s.round.table["g1"].card
    act(s, "g1", "play", "6")
    assert s.round.table["g1"].value == 6 and CARDS[s.round.table["g1"].card].mods == ()
    assert GAME.awaiting(s) == ["g2"]  # the bonus passes, ascending: 5 die, 6, 6 die, 7 star
    act(s, "g2", "bonus", "-1")
    assert GAME.awaiting(s) == ["g1"]
    act(s, "g1", "bonus", "+3")
    assert GAME.awaiting(s) == ["g4"]
    act(s, "g4", "bonus", "+2")
    assert GAME.awaiting(s) == ["g3"]
    act(s, "g3", "pass")  # so no further pass
    assert s.round.phase == "die" and GAME.awaiting(s) == ["g4"]
    before = len(s.seats["g4"].hand)
    ev = act(s, "g4", "roll")
    assert s.seats["g4"].points == 1 and len(s.seats["g4"].hand) == before + 1
    assert lose3 in s.seats["g2"].shown
    assert four in s.discard, "the masked 4 is discarded at the end of the round anyway"
    assert any("g2 shows the quest 'lose by 3'" in t for t in texts(ev, "g3"))


def no_bonus(s):
    """Everyone asked in the bonus phase passes."""
    while s.round.phase == "bonus":
        act(s, GAME.awaiting(s)[0], "pass")


# --- placement --------------------------------------------------------------------------------------

def test_nobody_sees_a_placement_until_all_have_chosen():
    a, b = new(("x", "y", "z")), new(("x", "y", "z"))
    for s, seven in ((a, "7s"), (b, "2")):
        give(s, "x", seven)
        give(s, "y", "5")
        give(s, "z", "3")
        ev = act(s, "x", "play", seven[:-1] if seven.endswith("s") else seven)
        for other in ("y", "z"):
            assert texts(ev, other) == ["x has chosen."]
    for other in ("y", "z"):
        va, vb = GAME.view(a, other), GAME.view(b, other)
        va["me"].pop("hand"), vb["me"].pop("hand")
        va.pop("decks"), vb.pop("decks")
        assert va == vb


def test_a_pass_places_nothing_and_bonus_cards_are_not_placed():
    s = new(("x", "y"))
    give(s, "x", "+2", "3")
    give(s, "y", "5")
    with pytest.raises(RuleError, match="not placed"):
        act(s, "x", "play", "+2")
    act(s, "x", "pass")
    act(s, "y", "play", "5")
    no_bonus(s)
    assert s.seats["y"].points == 1 and "x" not in s.round.table


def test_ambiguous_cards_are_asked_about():
    s = new(("x", "y"))
    give(s, "x", "7s", "7d")
    with pytest.raises(RuleError, match="Which one"):
        act(s, "x", "play", "7")
    act(s, "x", "play", "7 die")
    assert CARDS[s.round.choices["x"]].mods == ("die",)


# --- bonus/malus -------------------------------------------------------------------------------------

def _two(xcard="5", ycard="6", xhand=(), yhand=()):
    s = new(("x", "y"))
    give(s, "x", xcard, *xhand)
    give(s, "y", ycard, *yhand)
    return s


def test_bonus_keeps_values_between_1_and_10():
    s = _two("9", "10", xhand=("+3", "+1"))
    act(s, "x", "play", "9")
    act(s, "y", "play", "10")
    with pytest.raises(RuleError, match="between 1 and 10"):
        act(s, "x", "bonus", "+3")
    act(s, "x", "bonus", "+1")
    assert s.round.table["x"].value == 10


def test_a_pass_ends_the_passes_and_a_full_pass_starts_another():
    s = _two("5", "6", xhand=("+1", "+1"), yhand=("+1", "+1"))
    act(s, "x", "play", "5")
    act(s, "y", "play", "6")
    act(s, "x", "bonus", "+1")
    act(s, "y", "bonus", "+1")
    assert s.round.phase == "bonus", "everybody played: another pass"
    assert GAME.awaiting(s) == ["x"]
    act(s, "x", "bonus", "+1")
    act(s, "y", "pass")
    assert s.round.phase not in ("bonus",)


def test_a_numbered_cards_bottom_is_a_bonus():
    s = _two("5", "6", xhand=("3+3",))
    act(s, "x", "play", "5")
    act(s, "y", "play", "6")
    act(s, "x", "bonus", "+3")
    assert s.round.table["x"].value == 8


# --- star and die ----------------------------------------------------------------------------------

def test_a_star_wins_a_numeric_tie():
    s = _two("6s", "6")
    act(s, "x", "play", "6s")
    act(s, "y", "play", "6")
    no_bonus(s)
    assert GAME.awaiting(s) == ["x"] and s.round.phase == "star"
    act(s, "x", "star")
    assert s.seats["x"].points == 1 and s.seats["y"].points == 0


def test_a_tie_without_stars_gives_everyone_a_point():
    s = _two("6", "6")
    act(s, "x", "play", "6")
    act(s, "y", "play", "6")
    no_bonus(s)
    assert s.seats["x"].points == s.seats["y"].points == 1


@pytest.mark.parametrize("roll,winner,lost,drew", [(1, "y", 1, 0), (2, "y", 1, 0), (3, "y", 1, 0), (4, "y", 0, 0),
                                                   (5, "x", 0, 0), (6, "x", 0, 1)])
def test_the_die(roll, winner, lost, drew):
    s = _two("5d", "8", xhand=("1", "2"))
    act(s, "x", "play", "5d")
    act(s, "y", "play", "8")
    no_bonus(s)
    assert s.round.phase == "die" and GAME.awaiting(s) == ["x"]
    dice(s, roll)
    act(s, "x", "roll")
    if lost:
        assert s.round.phase == "lose" and GAME.awaiting(s) == ["x"], "the roller chooses the card to discard"
        act(s, "x", "discard", "card", "2")
        assert "2" not in [CARDS[c].name for c in s.seats["x"].hand]
    assert s.seats[winner].points == 1
    assert len(s.seats["x"].hand) == 2 - lost + drew


def test_a_die_works_against_a_star():
    s = _two("6d", "6s")
    act(s, "x", "play", "6d")
    act(s, "y", "play", "6s")
    no_bonus(s)
    act(s, "y", "star")
    assert s.round.phase == "die" and GAME.awaiting(s) == ["x"]
    dice(s, 5)
    act(s, "x", "roll")
    assert s.seats["x"].points == 1 and s.seats["y"].points == 0


# --- quests, points, the end ------------------------------------------------------------------------

def test_win_by_and_play_quests_resolve_and_reward():
    s = _two("7", "5")
    win2 = quest(s, "x", "win_by", 2)
    play5 = quest(s, "y", "play", 3)
    act(s, "x", "play", "7")
    act(s, "y", "play", "5")
    no_bonus(s)
    assert win2 in s.seats["x"].shown and play5 in s.seats["y"].quests
    assert s.round.phase == "reward" and GAME.awaiting(s) == ["x"]  # 'win by 2' gives a game card
    act(s, "x", "draw", "bonus")
    assert s.round.number == 2


def test_discarding_seven_cards_scores_a_point_only_after_drawing():
    s = _two("7", "5", xhand=("1", "1", "2", "2", "3", "3", "4"))
    act(s, "x", "play", "7")
    with pytest.raises(RuleError):
        act(s, "x", "discard", "cards", "1", "1", "2", "2", "3", "3", "4")
    act(s, "y", "play", "5")
    no_bonus(s)
    act(s, "x", "draw")  # x won: x draws first, and is asked at once whether to discard
    assert GAME.awaiting(s) == ["x"] and s.round.phase == "draw"
    points = s.seats["x"].points
    act(s, "x", "discard", "cards", "1", "1", "2", "2", "3", "3", "4")
    assert s.seats["x"].points == points + 1
    act(s, "y", "draw")
    assert s.round.phase == "place"
    with pytest.raises(RuleError, match="right after you draw"):
        act(s, "x", "discard", "cards", "1", "1", "2", "2", "3", "3", "4")


def test_hand_limit_means_no_draw():
    s = _two("7", "5", xhand=("1", "1", "2", "2", "3", "3", "4", "4", "5", "6"))
    act(s, "x", "play", "7")
    act(s, "y", "play", "5")
    no_bonus(s)
    assert len(s.seats["x"].hand) == 10
    assert "x" not in s.round.draw_order


def test_common_quests_every_third_round_and_their_rewards():
    s = new(("x", "y"))
    give(s, "x", "5", "4")
    give(s, "y", "3", "2")
    for xs, ys in (("5", "3"), ("4", "2")):
        act(s, "x", "play", xs)
        act(s, "y", "play", ys)
        no_bonus(s)
        while s.round.phase == "reward":
            act(s, GAME.awaiting(s)[0], "draw")
        for p in list(s.round.draw_order):
            act(s, p, "draw")
    assert s.round.number == 3 and len(s.active) == 1
    assert all(len(seat.quests) >= 1 for seat in s.seats.values()), "everyone drew a personal quest"


def test_declare_thresholds_and_the_end():
    s = _two("9", "3")
    with pytest.raises(RuleError, match="from 15 points"):
        act(s, "x", "declare")
    s.seats["x"].points = 19
    act(s, "x", "declare")
    act(s, "x", "play", "9")
    act(s, "y", "play", "3")
    no_bonus(s)
    assert s.over and s.winners == ["x"]


def test_declaring_is_legal_at_any_moment_once_a_player_has_the_points_and_spends_no_turn():
    """legal_actions is the whole truth: the game accepts 'declare' from a player it is not waiting
    for (x has placed; only y is awaited), so it lists it for x too, as a free action."""
    s = _two("9", "3")
    s.seats["x"].points = 15
    act(s, "x", "play", "9")
    assert GAME.awaiting(s) == ["y"]
    assert GAME.legal_actions(s, "x") == [Action("declare")] and GAME.is_free(Action("declare"))
    assert Action("declare") not in GAME.legal_actions(s, "y")  # 0 points: not yet
    act(s, "x", "declare")
    assert s.seats["x"].declared and GAME.awaiting(s) == ["y"]
    assert GAME.legal_actions(s, "x") == []


def test_no_declaration_no_victory():
    s = _two("9", "3")
    s.seats["x"].points = 25
    act(s, "x", "play", "9")
    act(s, "y", "play", "3")
    no_bonus(s)
    assert not s.over


def test_final_ties_go_to_more_resolved_quests():
    s = _two("9", "9s")
    for p in ("x", "y"):
        s.seats[p].points = 19
        act(s, p, "declare")
    s.seats["y"].shown.append(s.quest_deck.pop())
    act(s, "x", "play", "9")
    act(s, "y", "play", "9s")
    no_bonus(s)
    act(s, "y", "pass")  # no star: a tie, a point each
    assert s.over and s.winners == ["y"]


def test_bad_input_changes_nothing():
    import pickle
    s = _two("9", "3")
    before = pickle.dumps({k: v for k, v in vars(s).items() if k != "rng"})
    for verb, args in (("bonus", ("+2",)), ("star", ()), ("roll", ()), ("mask", ("y",)), ("keep", ()),
                       ("draw", ()), ("discard", ("cards",)), ("cancel", ("1",)), ("play", ("11",)),
                       ("play", ("x",)), ("play", ("+9",)), ("declare", ())):
        with pytest.raises(RuleError):
            act(s, "x", verb, *args)
    assert pickle.dumps({k: v for k, v in vars(s).items() if k != "rng"}) == before


def test_ordered_variant_chooses_in_turn_from_the_last_winner():
    s = new(("x", "y", "z"), options={"variant": "ordered"})
    give(s, "x", "5")
    give(s, "y", "6")
    give(s, "z", "7")
    assert GAME.awaiting(s) == ["x"]
    with pytest.raises(RuleError, match="in turn"):
        act(s, "y", "play", "6")
    act(s, "x", "play", "5")
    assert GAME.awaiting(s) == ["y"]


def test_pure10_and_single_variants():
    s = new(("x", "y"), options={"variant": "pure10"})
    give(s, "x", "10")
    give(s, "y", "10")
    act(s, "x", "play", "10")
    act(s, "y", "play", "10")
    no_bonus(s)
    assert s.seats["x"].points == s.seats["y"].points == 0
    s = new(("x", "y"), options={"variant": "single"})
    give(s, "x", "6")
    give(s, "y", "6-2")
    s.seats["x"].points = 1
    act(s, "x", "play", "6")
    act(s, "y", "play", "6-2")
    no_bonus(s)
    assert (s.seats["x"].points, s.seats["y"].points) == (1, 1), "the tie goes to the one with fewer points"


def test_hardcore_turns_on_every_variant_and_unknown_ones_are_refused():
    s = new(("x", "y"), options={"variant": "hardcore"})
    assert s.variants == {"discardall", "critical", "ordered", "pure10", "single", "five", "sevens"}
    assert len(s.quest_deck) + sum(len(x.quests) for x in s.seats.values()) == 54
    with pytest.raises(RuleError, match="Unknown variant"):
        GAME.new_match(["x", "y"], 1, {"variant": "wild"})


def test_three_different_resolved_quests_give_a_point():
    s = _two("7", "5")
    seat = s.seats["x"]
    for kind, arg in (("play", 3), ("play", 2)):
        q = next(q for q in s.quest_deck if PERSONAL[q].kind == kind and PERSONAL[q].arg == arg)
        s.quest_deck.remove(q)
        seat.shown.append(q)
    quest(s, "x", "win_by", 2)
    act(s, "x", "play", "7")
    act(s, "y", "play", "5")
    no_bonus(s)
    assert seat.points == 2 and seat.shown == []  # the round, then the three resolved quests


def test_the_tie_chain_fewer_points_then_resolved_quests_then_quests_then_cards_then_a_die():
    from games.tenx.order import ranked
    s = new(("w", "x", "y", "z"))
    s.seats["w"].points = 2
    s.seats["x"].shown.append(s.quest_deck.pop())
    s.seats["y"].quests.append(s.quest_deck.pop())
    give(s, "z", "1")
    assert ranked(s, ["w", "x", "y", "z"]) == ["z", "y", "x", "w"]
    give(s, "y", "2")
    s.seats["y"].quests = []
    dice(s, 2, 5)  # y and z tie on everything: the higher roll goes first
    assert ranked(s, ["y", "z"]) == ["z", "y"]


def test_the_quests_screen_never_says_none_yet_once_common_quests_have_come():
    from games.tenx.show import render_quests
    view = {"active": [], "round": 1, "players": {}}
    assert worded(render_quests(view), "en")[0] == "Common quests: none yet (one every third round)"
    assert "none yet" not in worded(render_quests({**view, "round": 4}), "en")[0]


def test_the_bonus_question_suggests_a_bonus_the_player_holds():
    """Found replaying the first hour: 'bonus +2' was suggested to a player holding no +2."""
    from games.tenx.abilities import bonus_deltas, expected
    from tests.contract.kit import play
    seen = 0
    for state in play("tenx", 1, sample_every=1).states:
        r = state.round
        if r.phase != "bonus" or not r.queue:
            continue
        who = r.queue[0]
        deltas = bonus_deltas(state, who)
        said = str(expected(state, who))
        if deltas:
            assert f"'bonus {deltas[0]:+d}'" in said
            seen += 1
        else:
            assert "'bonus " not in said
    assert seen
