"""One rule for a line of several commands (issue 26, item 5): a refused step, a step that was
blocked (a closed door: the step not spent) and a step that asked someone's consent each end the
line; the rest is dropped and the player is told how many ran. The game names the event kinds
that block a step (``GameSpec.stops_line``); the shell reads nothing else of Quest."""

from games.quest import GAME, board
from mud.shell.table import Table
from tests.games.quest.fixtures import dice, door, isolate, new, place
from tests.seating import seat


def quest_at(roll: int):
    """tizio's turn on C3, every door around C3 and C2 green, caio and sempronio (bots) far away;
    the movement die gives ``roll``."""
    state = new(("tizio", "caio", "sempronio"))
    t = Table(GAME, ["tizio"], ["caio", "sempronio"], seed=1)
    t.state = state
    place(state, "tizio", "C3")
    place(state, "caio", "E8")
    place(state, "sempronio", "E7")
    isolate(state, "C3")
    isolate(state, "C2")
    dice(state, roll, *[3] * 200)
    s = seat(t, "tizio")
    s.drain()
    return t, s


def texts(lines):
    return [line.text for line in lines]


def test_a_closed_red_door_met_in_a_line_ends_it():
    """The reproducer: 'move w s e s' with a roll of 3; s peeks a closed red door, e must not run."""
    t, s = quest_at(roll=3)
    door(t.state, "C2", "D2", "red", is_open=False)
    out = texts(s.handle("move w s e s"))
    assert any(x.startswith("You peek at the red door to the south") for x in out)
    assert "Your line stops there: 2 of its 4 steps ran; the rest was dropped." in out
    assert t.state.players["tizio"].pos == "C2"  # e did not walk back
    assert t.state.turn.steps_left == 2 and t.state.turn.path == ["C3", "C2"]


def test_a_closed_white_door_turned_in_a_line_ends_it():
    t, s = quest_at(roll=6)
    door(t.state, "C2", "B2", "white", is_open=False)
    out = texts(s.handle("w n e"))
    assert "Your line stops there: 2 of its 3 steps ran; the rest was dropped." in out
    assert t.state.players["tizio"].pos == "C2"
    assert board.edge("C2", "B2") in t.state.turned


def test_a_blocked_last_step_says_nothing_more():
    t, s = quest_at(roll=6)
    door(t.state, "C2", "D2", "red", is_open=False)
    out = texts(s.handle("w s"))
    assert not any("line" in x for x in out)
    assert t.state.players["tizio"].pos == "C2"


def test_a_consent_answered_at_once_with_no_ends_the_line():
    t, s = quest_at(roll=6)
    place(t.state, "caio", "C1")
    t.state.players["caio"].consent = "none"
    out = texts(s.handle("w w n"))
    assert any("You are not let into C1" in x for x in out)
    assert "Your line stops there: 2 of its 3 steps ran; the rest was dropped." in out
    assert t.state.players["tizio"].pos == "C2"


def test_a_consent_answered_at_once_with_yes_ends_the_line_too():
    """One rule for every consent: the mover reads the answer before the line goes on."""
    t, s = quest_at(roll=6)
    place(t.state, "caio", "C1")
    t.state.players["caio"].consent = "all"
    out = texts(s.handle("w w n"))
    assert "Your line stops there: 2 of its 3 steps ran; the rest was dropped." in out
    assert t.state.players["tizio"].pos == "C1"  # let in: the step was made, the next one was not


def test_a_consent_question_to_someone_else_ends_the_line():
    t, s = quest_at(roll=6)
    place(t.state, "caio", "C1")
    t.state.players["caio"].consent = "ask"
    out = texts(s.handle("w w n"))
    assert "Of your line's 3 steps, 2 ran before the game turned to caio; the rest was dropped." in out


def test_a_line_with_nothing_in_its_way_runs_whole():
    t, s = quest_at(roll=6)
    out = texts(s.handle("w e w"))
    assert not any("line" in x for x in out)
    assert t.state.players["tizio"].pos == "C2" and t.state.turn.steps_left == 3


def test_a_line_cut_by_the_end_of_the_turn_is_told_before_the_bots_turns():
    """Found replaying Quest by hand: the notice came after the bots' turns and the new turn's
    header, so it read as news of the new turn. It comes right after the player's own steps."""
    t, s = quest_at(roll=1)
    out = texts(s.handle("n n n"))
    notice = out.index("Of your line's 3 steps, 1 ran before the game turned to caio; the rest was dropped.")
    assert out[notice - 1] == "It is caio's turn."  # what cut the line, just before
    assert any(x.startswith("caio ") or x.startswith("▸") for x in out[notice + 1:]), "caio's turn follows"


def test_a_line_cut_by_a_room_entry_question_counts_its_steps_not_commands():
    """Issue 40, item 12: 'move s e e s', stopped by the question to the room's occupant, said
    "2 of its 4 commands ran": it was one command of four steps."""
    t, s = quest_at(roll=6)
    isolate(t.state, "D3")
    place(t.state, "caio", "D4")
    t.state.players["caio"].consent = "ask"
    out = texts(s.handle("move s e e s"))
    assert "Of your line's 4 steps, 2 ran before the game turned to caio; the rest was dropped." in out
    assert not any("commands" in x for x in out)


def test_a_line_refused_at_its_first_step_says_none_of_its_steps_ran():
    t, s = quest_at(roll=6)
    door(t.state, "C3", "B3", "white", is_open=False)
    t.state.turned.add(board.edge("C3", "B3"))
    out = s.handle("n w w")
    assert out[-1].kind == "error" and out[-1].text.endswith("(None of the line's 3 steps ran.)"), out
