"""The score at the end and the ten secret targets, each true and false; targets stay secret until
the end, then all are revealed and scored only if they still hold."""

import pytest

from games.dungeon_chess import GAME
from games.dungeon_chess.scoring import final_score, target_met
from games.engine import Action
from tests.games.dungeon_chess.fixtures import position

P3 = ("ann", "bob", "cat")


def base(players=("ann", "bob")):
    s = position({"e5": ("ann", "M"), "e6": ("ann", "L"), "c2": ("bob", "L"), "j10": ("bob", "Gk")},
                 players=players)
    return s


def test_score_counts_own_characters_held_characters_chests_and_the_target():
    s = base()
    s.held["ann"] += [("bob", "G", 80), ("bob", "L", 81)]
    s.chests["ann"] = 3
    s.target["ann"] = 1  # no enemy Mage held: not met
    assert final_score(s, "ann") == {"owned": 7, "held": 5, "chests": 9, "total": 21, "target": 1, "met": False,
                                     "bonus": 0}
    s.target["ann"] = 3
    assert final_score(s, "ann")["total"] == 25 and final_score(s, "ann")["bonus"] == 4


# number -> (make it true on a fresh base position, players)
def _true(n, s):
    if n == 1:
        s.held["ann"].append(("bob", "M", 80))
    elif n == 3:
        s.chests["ann"] = 3
    elif n == 4:
        s.held["ann"] += [("bob", "L", 80), ("bob", "L", 81)]
    elif n == 5:
        s.held["ann"].append(("bob", "Gk", 80))
    elif n == 7:
        for sq in ("a1", "a2"):
            s.board[int(sq[1]) * 10 - 10] = ("ann", "L", 70 + int(sq[1]))
    elif n == 8:
        s.warrior_takes["ann"] = 2
    elif n == 9:
        s.held["ann"] += [("bob", "L", 80), ("cat", "L", 81)]
    elif n == 10:
        from games.dungeon_chess.data import square
        s.board[square("h9")] = ("ann", "L", 82)  # North's teleport (cat's, with three players)


def _false(n, s):
    if n == 2:
        s.board = [c if c is None or c[:2] != ("ann", "M") else None for c in s.board]
    elif n == 6:
        s.paid.add("ann")
    elif n == 8:
        s.warrior_takes["ann"] = 1
    elif n == 9:
        s.held["ann"].append(("bob", "L", 80))  # bob's only: cat's missing
    elif n == 10:
        from games.dungeon_chess.data import square
        s.board[square("c2")] = ("ann", "L", 82)  # her own teleport does not count


@pytest.mark.parametrize("n", range(1, 11))
def test_each_target_true_and_false(n):
    s = base(P3)
    _false(n, s)
    assert not target_met(s, "ann", n), n
    s = base(P3)
    if n not in (2, 6):
        _true(n, s)
    assert target_met(s, "ann", n), n


def test_target_nine_counts_only_opponents_who_play():
    s = base()
    s.held["ann"].append(("bob", "L", 80))
    assert target_met(s, "ann", 9)


def test_target_ten_ignores_teleports_of_sides_nobody_plays():
    from games.dungeon_chess.data import square
    s = base()
    s.board[square("b3")] = ("ann", "L", 83)  # West's, but West is empty with two players
    assert not target_met(s, "ann", 10)


def test_targets_stay_secret_until_the_end_then_are_revealed_and_scored_if_still_true():
    s = position({"e5": ("ann", "Gk"), "e6": ("bob", "M"), "a1": ("ann", "L"), "j10": ("bob", "L")})
    s.target = {"ann": 1, "bob": 6}
    before = GAME.view(s, "bob")
    assert "targets" not in before and before["me"]["target"]["number"] == 6
    assert "ann" not in str(before.get("targets")) and before["me"]["name"] == "bob"
    events = GAME.apply(s, "ann", Action("move", ("e5", "e6")))  # takes bob's Mage: bob has one left
    assert s.over
    revealed = {e.data["player"]: e.data["met"] for e in events if e.kind == "revealed"}
    assert revealed == {"ann": True, "bob": True}
    assert s.scores["ann"]["total"] == 4 + 2 + 5 + 6 + 4 and s.scores["bob"]["total"] == 2 + 6 + 3
    after = GAME.view(s, "bob")
    assert after["targets"]["ann"]["number"] == 1 and s.winners == ["ann"]


def test_equal_first_totals_all_win():
    s = position({"e5": ("ann", "L"), "e6": ("bob", "L"), "a1": ("ann", "L"), "j10": ("bob", "L")})
    s.target = {"ann": 6, "bob": 6}
    from games.dungeon_chess.ending import finish
    finish(s, "quiet")
    assert s.winners == ["ann", "bob"]


def test_three_players_final_scores_and_the_winner():
    s = position({"e5": ("ann", "Gk"), "e6": ("bob", "L"), "a1": ("ann", "M"), "j10": ("cat", "L"),
                  "j9": ("bob", "G")}, players=P3)
    s.target = {"ann": 9, "bob": 6, "cat": 7}
    s.held["ann"].append(("cat", "M", 80))  # so ann holds cat's Mage; bob's Fighter follows now
    s.chests.update(ann=1, bob=3)
    GAME.apply(s, "ann", Action("move", ("e5", "e6")))
    assert s.over and s.end_reason == "single"
    # ann: Gk 4 + M 5 owned, cat's M 5 + bob's L 2 held, 1 chest 3, target 9 (holds bob's and cat's) 3
    assert s.scores["ann"]["total"] == 4 + 5 + 5 + 2 + 3 + 3
    assert s.scores["bob"]["total"] == 3 + 9 + 3 and s.scores["cat"]["total"] == 2 + 6
    assert s.winners == ["ann"]


def test_four_players_final_scores_and_a_shared_win():
    P4 = ("ann", "bob", "cat", "dan")
    s = position({"e5": ("ann", "Gk"), "e6": ("bob", "L"), "a1": ("ann", "L"), "j10": ("cat", "L"),
                  "j9": ("bob", "L"), "a10": ("dan", "M")}, players=P4)
    s.target = {"ann": 2, "bob": 10, "cat": 5, "dan": 2}
    s.chests.update(ann=0, dan=6)
    GAME.apply(s, "ann", Action("move", ("e5", "e6")))
    assert s.over
    totals = {p: sc["total"] for p, sc in s.scores.items()}
    assert totals == {"ann": 4 + 2 + 2, "bob": 2 + 6, "cat": 2 + 6, "dan": 5 + 18 + 3}
    assert s.winners == ["dan"]
    s.scores["ann"]["total"] = totals["dan"]
    from games.dungeon_chess.scoring import rank
    assert rank(s.scores) == ["ann", "dan"]


def test_once_the_game_is_over_every_view_shows_the_final_points_targets_counted():
    from games.botgame import play_levels
    done = play_levels(GAME, 5, ["easy", "easy"])
    assert done.over
    for seat in (*done.seats, None):
        view = GAME.view(done.state, seat)
        assert view["points"] == {p: s["total"] for p, s in view["scores"].items()}
        if seat is not None:
            assert view["me"]["points"] == view["scores"][seat]["total"]
