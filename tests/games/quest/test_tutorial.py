"""Quest's tutorial as data (games/quest/tutorial.py, issue 25): its fixed labyrinth is the one its
texts describe, and each step is judged from the learner's own view alone -- a predicate on a plain
dict, done exactly when the learner has done what the step asks, never before."""

from __future__ import annotations

import inspect
import json

from games.engine import Action
from games.quest import GAME, board
from games.quest.tutorial import START, TUTORIAL
from games.words import worded

# The walk the steps ask for, one accepted action each: peek, walk west, end the move, act at the
# City, walk back east, end the move, buy a sword at the Field of Mars.
WALK = [Action("peek"), Action("move", ("w",)), Action("stop"), Action("act"), Action("move", ("e",)),
        Action("stop"), Action("buy", ("sword",))]
# After which action of WALK each step is first done.
DONE_AFTER = [0, 1, 3, 6]


def opened():
    state = GAME.new_match(["ann"], TUTORIAL.seed, dict(TUTORIAL.options))
    GAME.opening(state)
    return state


def seen(state) -> dict:
    """The learner's view as the shell hands it over: plain data (a JSON round trip changes nothing)."""
    return json.loads(json.dumps(worded(GAME.view(state, "ann"), "en")))


def test_quest_declares_its_tutorial_for_one_seat():
    assert GAME.tutorial is TUTORIAL
    assert TUTORIAL.seats == 1 and len(TUTORIAL.steps) == 4 and TUTORIAL.closing


def test_the_fixed_labyrinth_is_the_one_the_steps_describe():
    view = seen(opened())
    assert view["me"]["pos"] == START == "E3"
    assert view["rooms"]["E3"] == {"location": "field", "name": "Field of Mars", "difficulty": 1}
    assert view["doors"]["E2-E3"]["colour"] == "green"  # the open way west to the City
    assert "Field of Mars" in str(TUTORIAL.steps[0].say) and "'peek'" in str(TUTORIAL.steps[0].say)


def test_every_check_takes_one_view_and_nothing_else():
    for step in TUTORIAL.steps:
        assert list(inspect.signature(step.done).parameters) == ["view"]


def test_no_step_is_done_at_the_start():
    view = seen(opened())
    assert [step.done(view) for step in TUTORIAL.steps] == [False] * 4


def test_each_step_is_done_by_the_action_it_asks_for_and_not_before():
    state = opened()
    first_done = {}
    for i, action in enumerate(WALK):
        GAME.apply(state, "ann", action)
        view = seen(state)
        for n, step in enumerate(TUTORIAL.steps):
            if step.done(view):
                first_done.setdefault(n, i)
    assert [first_done[n] for n in range(4)] == DONE_AFTER
    assert "sword" in state.players["ann"].objects


def test_a_deed_at_the_field_is_not_the_city_deed_the_third_step_asks_for():
    state = opened()
    GAME.apply(state, "ann", Action("buy", ("sword",)))  # a deed, but at the Field of Mars
    acted, bought = TUTORIAL.steps[2].done, TUTORIAL.steps[3].done
    assert not acted(seen(state)) and bought(seen(state))


def test_walking_off_without_peeking_is_not_peeking():
    state = opened()
    GAME.apply(state, "ann", Action("move", ("w",)))
    view = seen(state)
    assert not TUTORIAL.steps[0].done(view) and TUTORIAL.steps[1].done(view)


def test_the_first_step_counts_the_doors_the_learner_sees():
    """A room on the labyrinth's edge has three doors, not four (found replaying the first hour)."""
    words = {2: "two", 3: "three", 4: "four"}
    doors = len(board.exits(START))
    assert f"its {words[doors]} doors" in str(TUTORIAL.steps[0].say)


def test_the_closing_words_name_no_shell_command():
    """The learner reads them inside 'mud play' or a world, where 'leave' is what goes on."""
    assert "mud play" not in str(TUTORIAL.closing) and "'leave'" in str(TUTORIAL.closing)
