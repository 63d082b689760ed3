"""Quest's summary of another player's turn: the walk on one line, anything else on a second."""

from games.engine import Event
from games.quest import summary


def summarise(actor, events, viewer):
    """The summary's lines as an English reader reads them."""
    return [str(line) for line in summary.summarise(actor, events, viewer)]


def _walk():
    return [Event("turn", "It is bot1's turn.", {"player": "bot1", "number": 5}),
            Event("roll", "bot1 rolls 4 to move.", {"player": "bot1", "roll": 4}),
            Event("door_turned", "bot1 turns the white door between C6 and C7: it is open.", {"player": "bot1"}),
            Event("door_peeked", "bot1 peeks at the red door between C6 and D6.", {"player": "bot1"}),
            Event("moved", "bot1 goes south from C6 to D6.", {"player": "bot1", "origin": "C6", "room": "D6"}),
            Event("door_peeked", "bot1 peeks at the red door between D6 and E6.", {"player": "bot1"}),
            Event("moved", "bot1 goes south from D6 to E6.", {"player": "bot1", "origin": "D6", "room": "E6"}),
            Event("stopped", "bot1 stops at E6.", {"player": "bot1", "room": "E6"})]


def test_a_walk_is_one_line_roll_path_and_doors():
    assert summarise("bot1", _walk(), "ann") == ["bot1 rolls 4, moves C6 -> D6 -> E6, turns up 1 door, peeks at 2 doors."]


def test_a_long_walk_names_its_ends_and_its_steps():
    steps = [Event("moved", f"bot1 goes east from {a} to {b}.", {"player": "bot1", "origin": a, "room": b})
             for a, b in (("A1", "A2"), ("A2", "A3"), ("A3", "A4"), ("A4", "A5"))]
    assert summarise("bot1", steps, None) == ["bot1 moves A1 -> A5 (4 steps)."]


def test_closed_doors_are_one_part_and_several_are_counted():
    def blocked(a, b):
        return Event("blocked", f"bot3 cannot pass the white door between {a} and {b}.", {"player": "bot3"})
    one = [Event("roll", "bot3 rolls 2.", {"roll": 2}), blocked("C6", "C7")]
    assert summarise("bot3", one, "ann") == ["bot3 rolls 2, cannot pass the white door between C6 and C7."]
    three = one + [blocked("C6", "B6"), blocked("C6", "D6"),
                   Event("moved", "bot3 goes west.", {"origin": "C6", "room": "C5"})]
    assert summarise("bot3", three, "ann") == ["bot3 rolls 2, finds 3 doors closed, moves C6 -> C5."]


def test_an_act_and_its_ledger_entry_are_one_part():
    events = [Event("turn", "It is bot2's turn.", {"player": "bot2"}),
              Event("acted", "bot2 succeeds at B4.", {"player": "bot2"}),
              Event("ledger", "Ledger: bot2, B4 = 5", {"player": "bot2"})]
    assert summarise("bot2", events, "ann") == ["bot2 succeeds at B4."]


def test_a_duel_between_others_is_told_by_its_start_and_outcome():
    events = [Event("duel", "bot1 casts a bolt at bot3!", {"attacker": "bot1", "defender": "bot3"}),
              Event("bolt_stopped", "bot3 stops the bolt with a shield.", {}),
              Event("duel_hand", "Hand 1 goes to bot3.", {}),
              Event("duel_won", "bot3 wins the duel against bot1.", {}),
              Event("looted", "bot3 takes a card from bot1.", {})]
    assert summarise("bot1", events, "ann") == [
        "bot1 casts a bolt at bot3; bot3 wins the duel against bot1; bot3 takes a card from bot1."]


def test_anything_else_follows_the_walk_on_a_second_line():
    events = _walk() + [Event("key_taken", "bot1 takes the gold key from E6.", {"player": "bot1"})]
    lines = summarise("bot1", events, "ann")
    assert len(lines) == 2 and lines[1] == "Also: bot1 takes the gold key from E6."
