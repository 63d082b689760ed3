"""Dungeon Chess's rules, one behaviour each: targets kept before the first move, turns, captures,
entries, teleports, ransoms, the three-turn limit, "At least one!", passing and the end."""

import pytest

from games.dungeon_chess import GAME
from games.dungeon_chess.data import square
from games.dungeon_chess.state import new_match
from games.engine import Action, RuleError
from tests.games.dungeon_chess.fixtures import at, match, position

P3 = ("ann", "bob", "cat")
P4 = ("ann", "bob", "cat", "dan")


def act(state, player, verb, *args):
    return GAME.apply(state, player, Action(verb, args))


def kinds(events):
    return [e.kind for e in events]


# --- the start -----------------------------------------------------------------------------------
def test_each_player_is_dealt_two_targets_and_keeps_one_before_anyone_moves():
    state = match(keep=False)
    assert state.phase == "choose" and sorted(GAME.awaiting(state)) == ["ann", "bob"]
    a, b = state.dealt["ann"]
    assert a != b and not set(state.dealt["ann"]) & set(state.dealt["bob"])
    with pytest.raises(RuleError, match="target"):
        act(state, "ann", "move", "e2", "e3")
    other = next(n for n in range(1, 11) if n not in (a, b))
    with pytest.raises(RuleError, match="dealt"):
        act(state, "ann", "keep", other)
    events = act(state, "ann", "keep", b)
    assert state.target["ann"] == b and GAME.awaiting(state) == ["bob"]
    told_bob = [e for e in events if e.visible_to("bob")]
    assert told_bob and all(str(b) not in str(e.text) and "target" not in e.data for e in told_bob)
    act(state, "bob", "keep", state.dealt["bob"][0])
    assert state.phase == "play" and GAME.awaiting(state) == [state.player]


def test_the_first_player_is_drawn_at_random_and_turns_go_clockwise():
    firsts = {new_match(["ann", "bob", "cat", "dan"], seed, {}).player for seed in range(30)}
    assert firsts == {"ann", "bob", "cat", "dan"}
    state = match(P4)
    assert [state.side[p] for p in P4] == ["S", "W", "N", "E"]
    state.turn = 0
    seen = []
    for _ in range(4):
        p = state.player
        seen.append(state.side[p])
        act(state, p, *(GAME.legal_actions(state, p)[0].verb,), *GAME.legal_actions(state, p)[0].args)
    assert seen == ["S", "W", "N", "E"]


def test_three_players_sit_south_west_north_and_two_face_each_other():
    assert [match(P3).side[p] for p in P3] == ["S", "W", "N"]
    assert [match().side[p] for p in ("ann", "bob")] == ["S", "N"]
    state = match()
    assert at(state, "e1") == ("ann", "G") and at(state, "f10") == ("bob", "G")


# --- moving and capturing ------------------------------------------------------------------------
def test_a_capture_lands_on_the_enemy_and_the_piece_goes_beside_the_captor():
    s = position({"e5": ("ann", "Gk"), "e7": ("bob", "M"), "a1": ("ann", "L"), "j10": ("bob", "L"),
                  "j9": ("bob", "L")})
    events = act(s, "ann", "move", "e5", "e7")
    assert at(s, "e7") == ("ann", "Gk") and at(s, "e5") is None
    assert [(o, k) for o, k, _ in s.held["ann"]] == [("bob", "M")]
    assert kinds(events)[0] == "captured" and s.player == "bob"


def test_capturing_is_never_compulsory():
    s = position({"e5": ("ann", "Gk"), "e7": ("bob", "M"), "a1": ("ann", "L"), "j10": ("bob", "L")})
    act(s, "ann", "move", "e5", "d5")
    assert at(s, "e7") == ("bob", "M") and not s.held["ann"]


def test_you_move_only_on_your_turn_and_only_your_own_pieces():
    s = position({"e5": ("ann", "Gk"), "e8": ("bob", "L"), "a1": ("ann", "L"), "j10": ("bob", "L")})
    with pytest.raises(RuleError, match="ann's turn"):
        act(s, "bob", "move", "e8", "e7")
    with pytest.raises(RuleError, match="bob's Fighter"):
        act(s, "ann", "move", "e8", "e7")


# --- entry squares -------------------------------------------------------------------------------
def test_a_piece_that_comes_off_an_entry_square_never_returns():
    s = position({"e1": ("ann", "G"), "a1": ("ann", "L"), "j10": ("bob", "L"), "j9": ("bob", "L")})
    events = act(s, "ann", "move", "e1", "d2")
    assert "comes into play" in str(events[0].text)
    act(s, "bob", "move", "j10", "i10")
    with pytest.raises(RuleError, match="entry square"):
        act(s, "ann", "move", "d2", "e1")


def test_when_all_your_characters_stand_on_entries_one_must_come_out_before_a_ransom():
    s = position({"e1": ("ann", "G"), "j10": ("bob", "L"), "j9": ("bob", "L")})
    s.held["bob"].append(("ann", "L", 90))
    legal = GAME.legal_actions(s, "ann")
    assert legal and all(a.verb == "move" and a.args[0] == "e1" for a in legal)
    with pytest.raises(RuleError, match="come out"):
        act(s, "ann", "ransom", "fighter")


def test_ransom_is_allowed_when_nothing_on_an_entry_square_can_come_out():
    s = position({"e1": ("ann", "G"), "d2": ("ann", "L"), "f2": ("ann", "L"), "j10": ("bob", "L"),
                  "j9": ("bob", "L")})
    s.board[square("d2")] = None  # only e1 left, and its two squares out are blocked
    s.board[square("f2")] = ("bob", "L", 50)
    s.board[square("d2")] = ("bob", "L", 51)
    s.held["bob"].append(("ann", "Gk", 90))
    assert [a.verb for a in GAME.legal_actions(s, "ann")] == ["ransom"]
    act(s, "ann", "ransom", "kor")
    assert at(s, "f1") == ("ann", "Gk")


# --- teleports -----------------------------------------------------------------------------------
def test_your_character_on_your_teleport_jumps_to_the_other_as_its_whole_move():
    s = position({"c2": ("ann", "G"), "a1": ("ann", "L"), "j10": ("bob", "L"), "j9": ("bob", "L")})
    events = act(s, "ann", "teleport", "c2")
    assert at(s, "h2") == ("ann", "G") and at(s, "c2") is None
    assert kinds(events)[0] == "teleported" and s.player == "bob"


def test_the_warrior_changes_colour_through_the_teleports():
    from games.dungeon_chess.data import dark
    assert dark(square("c2")) != dark(square("h2"))


def test_a_teleport_needs_the_other_square_empty_and_takes_nobody():
    s = position({"c2": ("ann", "G"), "h2": ("bob", "L"), "a1": ("ann", "L"), "j10": ("bob", "L")})
    with pytest.raises(RuleError, match="taken"):
        act(s, "ann", "teleport", "c2")
    assert Action("teleport", ("c2",)) not in GAME.legal_actions(s, "ann")


def test_only_the_owner_uses_a_teleport_but_anyone_may_stand_there_and_be_taken():
    s = position({"c2": ("bob", "L"), "c4": ("ann", "Gk"), "a1": ("ann", "L"), "j10": ("bob", "L")})
    with pytest.raises(RuleError):
        act(s, "ann", "teleport", "c2")
    s.turn = 1
    with pytest.raises(RuleError, match="not one of your teleport"):
        act(s, "bob", "teleport", "c2")
    s.turn = 0
    act(s, "ann", "move", "c4", "c2")
    assert at(s, "c2") == ("ann", "Gk")


def test_a_teleport_of_a_side_nobody_plays_is_an_ordinary_square():
    s = position({"b3": ("ann", "L"), "a1": ("ann", "L"), "j10": ("bob", "L"), "j9": ("bob", "L")})
    with pytest.raises(RuleError):
        act(s, "ann", "teleport", "b3")


# --- ransom --------------------------------------------------------------------------------------
def ransom_position():
    s = position({"e5": ("ann", "Gk"), "a1": ("ann", "L"), "j10": ("bob", "L"), "j9": ("bob", "M")})
    s.held["bob"] += [("ann", "G", 90), ("ann", "M", 91)]
    return s


def test_a_ransom_gives_a_chest_to_the_holder_and_the_character_returns_on_a_chosen_entry():
    s = ransom_position()
    events = act(s, "ann", "ransom", "mage", "e1")
    assert at(s, "e1") == ("ann", "M") and s.chests == {"ann": 1, "bob": 3}
    assert [(o, k) for o, k, _ in s.held["bob"]] == [("ann", "G")]
    assert kinds(events)[0] == "ransomed" and s.player == "bob" and "ann" in s.paid


def test_a_ransom_without_a_chest_or_a_free_entry_square_is_refused():
    s = ransom_position()
    s.chests["ann"] = 0
    with pytest.raises(RuleError, match="no chest"):
        act(s, "ann", "ransom", "mage")
    s = ransom_position()
    s.board[square("e1")] = ("ann", "L", 70)
    s.board[square("f1")] = ("ann", "L", 71)
    with pytest.raises(RuleError, match="entry squares are taken"):
        act(s, "ann", "ransom", "mage")
    s = ransom_position()
    with pytest.raises(RuleError, match="entry squares"):
        act(s, "ann", "ransom", "mage", "e5")
    with pytest.raises(RuleError, match="Nobody holds"):
        act(s, "ann", "ransom", "fighter")


def test_chests_received_pay_ransoms_too():
    s = ransom_position()
    s.chests = {"ann": 0, "bob": 3}
    s.held["ann"].append(("bob", "L", 80))
    s.turn = 1
    act(s, "bob", "ransom", "fighter", "f10")
    assert s.chests == {"ann": 1, "bob": 2}
    act(s, "ann", "ransom", "warrior", "f1")
    assert s.chests == {"ann": 0, "bob": 3} and at(s, "f1") == ("ann", "G")


# --- the same move three turns running ------------------------------------------------------------
def shuffle_position():
    return position({"e5": ("ann", "L"), "a1": ("ann", "L"), "j10": ("bob", "L"), "j8": ("bob", "L")})


def test_the_same_move_at_most_three_turns_running():
    s = shuffle_position()
    for frm, to, reply in (("e5", "e6", ("j10", "i10")), ("e6", "e5", ("j8", "i8")), ("e5", "e6", ("i10", "j10"))):
        act(s, "ann", "move", frm, to)
        act(s, "bob", "move", *reply)
    assert Action("move", ("e6", "e5")) not in GAME.legal_actions(s, "ann")
    with pytest.raises(RuleError, match="three turns running"):
        act(s, "ann", "move", "e6", "e5")
    act(s, "ann", "move", "e6", "e7")  # another move is fine, and resets the count
    act(s, "bob", "move", "i8", "h8")
    assert s.last["ann"][1] == 1


def test_a_ransom_resets_the_count():
    s = shuffle_position()
    s.held["bob"].append(("ann", "G", 90))
    for frm, to, reply in (("e5", "e6", ("j10", "i10")), ("e6", "e5", ("j8", "i8")), ("e5", "e6", ("i10", "j10"))):
        act(s, "ann", "move", frm, to)
        act(s, "bob", "move", *reply)
    act(s, "ann", "ransom", "warrior")
    act(s, "bob", "move", "i8", "h8")
    assert Action("move", ("e6", "e5")) in GAME.legal_actions(s, "ann")


def blocked_in(last=0):
    """ann: a Fighter whose only step is a1-a2 (bob's last character on b1 is protected) and a
    Warrior on her entry square hemmed in by cat's pieces."""
    s = position({"a1": ("ann", "L"), "e1": ("ann", "G"), "b1": ("bob", "L"), "d2": ("cat", "L"),
                  "f2": ("cat", "L"), "j10": ("cat", "L")}, players=P3)
    if last:
        s.last["ann"] = ((s.board[square("a1")][2], frozenset((square("a1"), square("a2")))), last)
    return s


def test_the_limit_is_waived_when_nothing_else_is_legal():
    assert GAME.legal_actions(blocked_in(), "ann") == [Action("move", ("a1", "a2"))]
    s = blocked_in(last=3)
    assert GAME.legal_actions(s, "ann") == [Action("move", ("a1", "a2"))]
    act(s, "ann", "move", "a1", "a2")
    assert s.last["ann"][1] == 4


# --- "At least one!" -----------------------------------------------------------------------------
def test_with_three_players_a_last_character_cannot_be_captured():
    s = position({"e5": ("ann", "Gk"), "e6": ("bob", "L"), "a1": ("ann", "L"), "j10": ("cat", "L"),
                  "j9": ("cat", "L")}, players=P3)
    assert "e6" not in {a.args[1] for a in GAME.legal_actions(s, "ann") if a.verb == "move"}
    with pytest.raises(RuleError, match="At least one"):
        act(s, "ann", "move", "e5", "e6")


def test_the_protection_ends_when_the_player_has_two_again():
    s = position({"e5": ("ann", "Gk"), "e6": ("bob", "L"), "a1": ("ann", "L"), "j10": ("cat", "L"),
                  "j9": ("cat", "L"), "a10": ("bob", "L")}, players=P3)
    act(s, "ann", "move", "e5", "e6")
    assert [(o, k) for o, k, _ in s.held["ann"]] == [("bob", "L")]


def test_a_capture_that_leaves_one_character_is_announced_at_least_one():
    s = position({"e5": ("ann", "Gk"), "e6": ("bob", "L"), "a1": ("ann", "L"), "j10": ("cat", "L"),
                  "j9": ("cat", "L"), "a10": ("bob", "L")}, players=P3)
    events = act(s, "ann", "move", "e5", "e6")
    assert "last_one" in kinds(events)


def test_with_two_players_the_last_but_one_is_taken_and_the_game_ends():
    s = position({"e5": ("ann", "Gk"), "e6": ("bob", "L"), "a1": ("ann", "L"), "j10": ("bob", "L")})
    act(s, "ann", "move", "e5", "e6")
    assert s.over and s.end_reason == "single" and s.winners == ["ann"]


# --- the end -------------------------------------------------------------------------------------
def test_three_players_end_when_two_have_a_single_character():
    s = position({"e5": ("ann", "Gk"), "e6": ("bob", "L"), "a1": ("ann", "L"), "j10": ("cat", "L"),
                  "j9": ("bob", "L")}, players=P3)
    assert not s.over  # cat alone has a single character
    act(s, "ann", "move", "e5", "e6")
    assert s.over and s.end_reason == "single"


def test_four_players_end_when_three_have_a_single_character():
    s = position({"e5": ("ann", "Gk"), "e6": ("bob", "L"), "a1": ("ann", "L"), "j10": ("cat", "L"),
                  "j9": ("bob", "L"), "a10": ("dan", "L")}, players=P4)
    assert not s.over
    act(s, "ann", "move", "e5", "e6")
    assert s.over and s.end_reason == "single"


def test_a_player_with_nothing_legal_passes():
    # ann's two characters stand on her entries, hemmed in; she holds nothing to ransom
    s = position({"e1": ("ann", "G"), "f1": ("ann", "M"), "d2": ("bob", "L"), "e2": ("bob", "L"),
                  "f2": ("bob", "L"), "g2": ("bob", "L"), "g1": ("bob", "L"), "j10": ("bob", "L")}, turn="bob")
    assert GAME.legal_actions(s, "ann") == []
    events = act(s, "bob", "move", "j10", "i10")
    assert kinds(events) == ["moved", "passed"] and s.player == "bob"
    assert "ann" in str(events[1].text)


def test_a_whole_round_of_passes_ends_the_game():
    from games.dungeon_chess.ending import ending_reason as _ended
    s = shuffle_position()
    s.passes = 2
    assert _ended(s) == "blocked"


def test_forty_quiet_rounds_end_the_game_unless_the_limit_is_off():
    s = shuffle_position()
    s.quiet = 40 * 2 - 1
    act(s, "ann", "move", "e5", "e4")
    assert s.over and s.end_reason == "quiet"
    s = position({"e5": ("ann", "L"), "a1": ("ann", "L"), "j10": ("bob", "L"), "j8": ("bob", "L")},
                 options={"limit": "off"})
    s.quiet = 500
    act(s, "ann", "move", "e5", "e4")
    assert not s.over


def test_a_move_between_your_teleport_squares_is_the_teleport():
    s = position({"c2": ("ann", "G"), "d2": ("bob", "L"), "a1": ("ann", "L"), "j10": ("bob", "L")})
    events = act(s, "ann", "move", "c2", "h2")
    assert kinds(events)[0] == "teleported" and at(s, "h2") == ("ann", "G")


def test_teleporting_back_and_forth_counts_as_the_same_move():
    s = position({"c2": ("ann", "G"), "a1": ("ann", "L"), "j10": ("bob", "L"), "j8": ("bob", "L")})
    for here, reply in (("c2", ("j10", "i10")), ("h2", ("j8", "i8")), ("c2", ("i10", "j10"))):
        act(s, "ann", "teleport", here)
        act(s, "bob", "move", *reply)
    assert Action("teleport", ("h2",)) not in GAME.legal_actions(s, "ann")
    with pytest.raises(RuleError, match="three turns running"):
        act(s, "ann", "teleport", "h2")
    with pytest.raises(RuleError, match="three turns running"):
        act(s, "ann", "move", "h2", "c2")


def test_a_fourth_repeat_allowed_by_the_waiver_says_so_in_its_event():
    s = blocked_in(last=3)
    events = act(s, "ann", "move", "a1", "a2")
    assert events[0].kind == "moved" and events[0].data["waived"] is True
    s = blocked_in(last=2)
    assert "waived" not in act(s, "ann", "move", "a1", "a2")[0].data


def test_the_end_says_why_and_how_many_play():
    s = shuffle_position()
    s.quiet = 40 * 2 - 1
    ended = next(e for e in act(s, "ann", "move", "e5", "e4") if e.kind == "ended")
    assert ended.data == {"reason": "quiet", "players": 2}


def test_the_rule_paths_recognise_their_events():
    from games.dungeon_chess.paths import PATHS
    s = blocked_in(last=3)
    waived = act(s, "ann", "move", "a1", "a2")[0].as_json()
    assert PATHS["repeat_waived"](waived)
    assert not PATHS["repeat_waived"](act(blocked_in(), "ann", "move", "a1", "a2")[0].as_json())
    four = {"type": "ended", "reason": "quiet", "players": 4}
    assert PATHS["four_player_quiet_end"](four) and not PATHS["four_player_quiet_end"](dict(four, players=3))
    assert PATHS["fighter_ransomed"]({"type": "ransomed", "piece": "L"})
    assert not PATHS["fighter_ransomed"]({"type": "ransomed", "piece": "M"})


def test_when_nobody_can_act_for_a_whole_round_the_game_ends_blocked():
    # built by hand (no game comes here): bob's Fighters on the eight entry squares, ann's on every
    # other square, so nobody has a step, a teleport, a capture or a ransom
    from games.dungeon_chess.data import ALL_ENTRIES, SQUARES
    from games.dungeon_chess.rules import _next
    s = position({sq: ("bob" if square(sq) in ALL_ENTRIES else "ann", "L") for sq in SQUARES})
    events = _next(s) + GAME.phases.advance(s)  # the turn passes round; the phase table's flow ends the game
    assert kinds(events)[:3] == ["passed", "passed", "ended"] and s.over and s.end_reason == "blocked"
    assert events[2].data == {"reason": "blocked", "players": 2}
