"""Quest rules: the board, set-up, turns, moving, doors, peeking, keys, consent (rules/quest.md)."""

import pytest

from games.engine import RuleError
from games.quest import GAME, board
from games.quest.data import DOOR_MIX
from tests.games.quest.fixtures import act, dice, door, isolate, new, place, room, texts


def test_board_has_forty_rooms_and_sixty_seven_doors():
    s = new()
    assert len(s.rooms) == 40 and len(s.doors) == 67
    assert sorted((r.location, r.suit) for r in s.rooms.values()) == sorted(
        {(r.location, r.suit) for r in s.rooms.values()})


def test_door_mix():
    s = new(seed=9)
    colours = [d.colour for d in s.doors.values()]
    for colour, (n, k) in DOOR_MIX.items():
        assert colours.count(colour) == n
        assert sum(d.open for d in s.doors.values() if d.colour == colour) == k
    for key in ("gold", "silver", "black"):
        assert colours.count(key) == 1


def test_coordinates_and_directions():
    assert board.neighbour("B6", "n") == "A6"
    assert board.neighbour("B6", "s") == "C6"
    assert board.neighbour("B6", "e") == "B7"
    assert board.neighbour("B6", "w") == "B5"
    assert board.neighbour("A1", "n") is None and board.neighbour("E8", "e") is None
    assert board.COORDS[0] == "A1" and board.COORDS[-1] == "E8"


def test_same_seed_same_labyrinth_and_different_seeds_differ():
    a, b, c = new(seed=4), new(seed=4), new(seed=5)
    assert [(r.location, r.suit) for r in a.rooms.values()] == [(r.location, r.suit) for r in b.rooms.values()]
    assert a.floor_keys == b.floor_keys
    assert [(r.location, r.suit) for r in a.rooms.values()] != [(r.location, r.suit) for r in c.rooms.values()]


def test_start_distinct_rooms_one_gold_vassal_knows_only_start():
    s = GAME.new_match(["a", "b", "c", "d", "e", "f"], 3, {})
    positions = [p.pos for p in s.players.values()]
    assert len(set(positions)) == 6
    for p in s.players.values():
        assert p.gold == 1 and p.rank == "vassal" and not p.objects and not p.treasures
        assert p.seen == {p.pos}
        assert set(GAME.view(s, p.name)["rooms"]) == {p.pos}


def test_turn_order_is_seeded_published_and_cycles():
    s = GAME.new_match(["a", "b", "c"], 11, {})
    setup = GAME.opening(s)[0]
    assert setup.data["order"] == s.order
    first = s.order[0]
    act(s, first, "pass")
    assert s.turn.player == s.order[1]
    act(s, s.order[1], "pass")
    act(s, s.order[2], "pass")
    assert s.turn.player == first and s.turn.number == 4


def test_out_of_turn_is_refused():
    s = new()
    with pytest.raises(RuleError, match="tizio's turn"):
        act(s, "caio", "move", "n")


def test_first_step_rolls_and_steps_never_exceed_roll():
    s = new()
    place(s, "tizio", "C4")
    for c in ("C4", "C5", "C6"):
        isolate(s, c)
    dice(s, 2)
    ev = act(s, "tizio", "move", "e")
    assert s.turn.roll == 2 and s.players["tizio"].pos == "C5"
    assert "tizio rolls 2 to move." in texts(ev, "caio")
    act(s, "tizio", "move", "e")
    assert s.players["tizio"].pos == "C6"
    assert s.turn.player == "caio"  # the steps ran out: the turn ended


def test_roll_then_stop_and_no_second_roll():
    s = new()
    dice(s, 4)
    act(s, "tizio", "roll")
    with pytest.raises(RuleError, match="already rolled"):
        act(s, "tizio", "roll")
    act(s, "tizio", "pass")
    assert s.turn.player == "caio"


def test_edge_of_labyrinth():
    s = new()
    place(s, "tizio", "A1")
    with pytest.raises(RuleError, match="edge"):
        act(s, "tizio", "move", "n")


def test_closed_white_door_blocks_without_spending_and_turns_for_everyone():
    s = new()
    place(s, "tizio", "C4")
    door(s, "C4", "C5", "white", False)
    dice(s, 3)
    ev = act(s, "tizio", "move", "e")
    assert s.players["tizio"].pos == "C4" and s.turn.steps_left == 3
    assert board.edge("C4", "C5") in s.turned
    assert any("closed" in t for t in texts(ev, "caio"))
    for who in ("caio", "sempronio"):
        assert GAME.view(s, who)["doors"]["C4-C5"]["face"] == "closed"
    # now it is known: trying again is refused and changes nothing
    with pytest.raises(RuleError, match="The white door to the east is closed."):
        act(s, "tizio", "move", "e")


def test_red_door_is_peeked_privately():
    s = new()
    place(s, "tizio", "C4")
    door(s, "C4", "C5", "red", False)
    dice(s, 3)
    ev = act(s, "tizio", "move", "e")
    assert s.players["tizio"].pos == "C4" and s.turn.steps_left == 3
    assert GAME.view(s, "tizio")["doors"]["C4-C5"]["face"] == "closed"
    assert GAME.view(s, "caio")["doors"]["C4-C5"]["face"] == "unknown"
    assert not any("closed" in t for t in texts(ev, "caio"))


def test_open_red_door_crossing_peeks_it_for_the_mover_only():
    s = new()
    place(s, "tizio", "C4")
    door(s, "C4", "C5", "red", True)
    dice(s, 1)
    act(s, "tizio", "move", "e")
    assert s.players["tizio"].pos == "C5"
    assert GAME.view(s, "tizio")["doors"]["C4-C5"]["face"] == "open"
    assert GAME.view(s, "caio")["doors"]["C4-C5"]["face"] == "unknown"


def test_peek_all_doors_white_public_red_private_and_starts_the_move():
    s = new()
    place(s, "tizio", "C4")
    door(s, "C4", "B4", "white", True)
    door(s, "C4", "D4", "red", False)
    door(s, "C4", "C3", "green")
    door(s, "C4", "C5", "white", False)
    dice(s, 5)
    act(s, "tizio", "peek")
    assert s.turn.phase == "moving" and s.turn.roll == 5
    caio = GAME.view(s, "caio")["doors"]
    assert caio["B4-C4"]["face"] == "open" and caio["C4-C5"]["face"] == "closed"
    assert caio["C4-D4"]["face"] == "unknown"
    assert GAME.view(s, "tizio")["doors"]["C4-D4"]["face"] == "closed"


def test_peek_one_door():
    s = new()
    place(s, "tizio", "C4")
    door(s, "C4", "C5", "white", True)
    door(s, "C4", "B4", "white", True)
    dice(s, 2)
    act(s, "tizio", "peek", "e")
    assert board.edge("C4", "C5") in s.turned and board.edge("B4", "C4") not in s.turned


def test_locked_door_needs_its_key():
    s = new()
    place(s, "tizio", "C4")
    door(s, "C4", "C5", "gold", False)
    with pytest.raises(RuleError, match="locked; you need the gold key"):
        act(s, "tizio", "move", "e")
    assert s.turn.phase == "start"  # nothing changed, not even a roll


def test_key_crossing_shows_key_and_asks_to_leave_open_or_closed():
    s = new()
    place(s, "tizio", "C4")
    s.players["tizio"].keys.append("gold")
    door(s, "C4", "C5", "gold", False)
    dice(s, 1)
    ev = act(s, "tizio", "move", "e")
    assert any("shows the gold key" in t for t in texts(ev, "caio"))
    assert s.turn.phase == "leave" and s.turn.player == "tizio"
    with pytest.raises(RuleError):
        act(s, "tizio", "pass")
    act(s, "tizio", "leave", "open")
    assert s.doors[board.edge("C4", "C5")].open and s.turn.player == "caio"
    place(s, "caio", "C4")
    place(s, "tizio", "A1")
    dice(s, 1)
    act(s, "caio", "move", "e")  # left open: anyone may pass
    assert s.players["caio"].pos == "C5"


def test_leave_closed_locks_again():
    s = new()
    place(s, "tizio", "C4")
    s.players["tizio"].keys.append("silver")
    door(s, "C4", "C5", "silver", False)
    isolate(s, "C5")
    door(s, "C4", "C5", "silver", False)
    dice(s, 3)
    act(s, "tizio", "move", "e")
    act(s, "tizio", "leave", "closed")
    act(s, "tizio", "pass")
    assert not s.doors[board.edge("C4", "C5")].open
    assert GAME.view(s, "caio")["doors"]["C4-C5"]["face"] == "locked"


def test_black_key_is_the_treasure():
    s = new()
    place(s, "tizio", "C4")
    s.players["tizio"].treasures.append("black key")
    door(s, "C4", "C5", "black", False)
    dice(s, 1)
    act(s, "tizio", "move", "e")
    assert s.players["tizio"].pos == "C5"


def test_take_key_is_public_and_free():
    s = new()
    place(s, "caio", "D2")
    s.floor_keys["gold"] = "D2"
    ev = act(s, "caio", "take", "key")  # not caio's turn: taking a key is free
    assert "gold" in s.players["caio"].keys and "gold" not in s.floor_keys
    assert any("takes the gold key" in t for t in texts(ev, "tizio"))
    with pytest.raises(RuleError, match="no key here"):
        act(s, "caio", "take", "key")


def test_entering_an_occupied_room_asks_consent_allow():
    s = new()
    place(s, "tizio", "C4")
    place(s, "caio", "C5")
    isolate(s, "C4")
    dice(s, 2)
    ev = act(s, "tizio", "move", "e")
    assert s.turn.phase == "consent" and GAME.awaiting(s) == ["caio"]
    assert any("answer 'allow' or 'deny'" in t for t in texts(ev, "caio"))
    with pytest.raises(RuleError):
        act(s, "sempronio", "allow")
    act(s, "caio", "allow")
    assert s.players["tizio"].pos == "C5" and s.turn.steps_left == 1


def test_denied_entry_blocks_without_spending_the_step():
    s = new()
    place(s, "tizio", "C4")
    place(s, "caio", "C5")
    isolate(s, "C4")
    dice(s, 2)
    act(s, "tizio", "move", "e")
    act(s, "caio", "deny")
    assert s.players["tizio"].pos == "C4" and s.turn.steps_left == 2 and s.turn.phase == "moving"
    with pytest.raises(RuleError, match="already refused"):
        act(s, "tizio", "move", "e")


def test_consent_of_every_occupant_is_needed():
    s = new()
    place(s, "tizio", "C4")
    place(s, "caio", "C5")
    place(s, "sempronio", "C5")
    isolate(s, "C4")
    dice(s, 1)
    act(s, "tizio", "move", "e")
    act(s, "caio", "allow")
    assert s.players["tizio"].pos == "C4" and GAME.awaiting(s) == ["sempronio"]
    act(s, "sempronio", "allow")
    assert s.players["tizio"].pos == "C5"


def test_stop_withdraws_a_consent_request():
    s = new()
    place(s, "tizio", "C4")
    place(s, "caio", "C5")
    isolate(s, "C4")
    dice(s, 2)
    act(s, "tizio", "move", "e")
    act(s, "tizio", "pass")
    assert s.turn.player == "caio" and s.players["tizio"].pos == "C4"


def test_walking_into_new_rooms_shows_their_identity_to_the_walker_only():
    s = new()
    place(s, "tizio", "C4")
    isolate(s, "C4")
    room(s, "C5", "port", 2)
    dice(s, 1)
    ev = act(s, "tizio", "move", "e")
    assert "You go east to C5: Sea port (difficulty 2)." in texts(ev, "tizio")
    assert "C5" in GAME.view(s, "tizio")["rooms"] and "C5" not in GAME.view(s, "caio")["rooms"]
    assert not any("port" in t.lower() for t in texts(ev, "caio"))


def test_acting_while_asked_for_consent_says_what_is_wanted():
    s = new()
    place(s, "tizio", "C4")
    place(s, "caio", "C5")
    isolate(s, "C4")
    dice(s, 2)
    act(s, "tizio", "move", "e")
    with pytest.raises(RuleError, match="'allow' or 'deny'"):
        act(s, "caio", "move", "n")


def test_malformed_actions_are_refused_not_crashed():
    s = new()
    for bad in (("move",), ("move", "n", "s"), ("nonsense",), ("give", "caio")):
        with pytest.raises(RuleError):
            act(s, "tizio", *bad)
    assert s.turn.phase == "start"


def test_stop_with_nothing_to_stop_says_so_and_points_to_pass():
    """A 'stop' typed as a move ended must not pass the next turn: before any move there is
    nothing to stop, and 'pass' is how a turn is passed."""
    s = new(["tizio", "caio"], 3)
    player = s.turn.player
    with pytest.raises(RuleError, match="nothing to stop.*'pass' ends your turn"):
        act(s, player, "stop")
    assert s.turn.player == player  # nothing changed
    act(s, player, "pass")
    assert s.turn.player != player
