"""Quest's handlers only carry a legal move out, and its refusals are worded in one place
(games/quest/refusals.py, the game's ``why_not``): ``apply`` checks every action against the legal
actions first, so no handler -- nor anything it calls in the game -- refuses anything any more, and
an action that is not legal still gets its own specific line."""

from __future__ import annotations

import ast
import inspect
import textwrap
import types

import pytest

from games.engine import Action, RuleError
from games.quest import GAME, refusals
from games.quest.refusals import why_not
from tests.games.quest.fixtures import act, dice, door, isolate, new, place, room


def _called(fn: types.FunctionType, tree: ast.AST) -> list[types.FunctionType]:
    """The functions of the game package that ``fn``'s body calls by name or through a module."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        target, chain = node.func, []
        while isinstance(target, ast.Attribute):
            chain.append(target.attr)
            target = target.value
        if not isinstance(target, ast.Name):
            continue
        value = fn.__globals__.get(target.id)
        for attr in reversed(chain):
            value = getattr(value, attr, None)
        if isinstance(value, types.FunctionType) and value.__module__.startswith("games.quest"):
            found.append(value)
    return found


def _refusals(fn: types.FunctionType, tree: ast.AST) -> list[str]:
    """Each ``raise`` in ``fn`` of RuleError or one of its kinds (NotNow ...), as written."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = raised.id if isinstance(raised, ast.Name) else getattr(raised, "attr", "")
            kind = fn.__globals__.get(name)
            if isinstance(kind, type) and issubclass(kind, RuleError):
                out.append(f"{fn.__module__}.{fn.__qualname__}: raise {name}")
    return out


def reachable(handlers) -> dict[str, list[str]]:
    """Every function of the game a handler runs (itself, what it calls, and so on), each with the
    refusals it raises."""
    seen: dict[str, list[str]] = {}
    todo = list(handlers)
    while todo:
        fn = todo.pop()
        name = f"{fn.__module__}.{fn.__qualname__}"
        if name in seen:
            continue
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
        seen[name] = _refusals(fn, tree)
        todo += _called(fn, tree)
    return seen


def test_no_handler_nor_what_it_calls_refuses_anything():
    handlers = set(GAME.handlers.values())
    found = reachable(handlers)
    # the walk does follow the calls: a step, a duel, a deed's card, the hand-over of a turn
    assert {"games.quest.rules._go", "games.quest.rules._step", "games.quest.duels.begin",
            "games.quest.duels._finish", "games.quest.actions.deed_card", "games.quest.fights.same_room",
            "games.quest.turns.end_move"} <= set(found)
    assert len(found) > 40
    assert {name: raised for name, raised in found.items() if raised} == {}


def test_the_walk_finds_a_refusal_raised_in_a_called_function():
    """The check itself: from refusals.py's words for 'give' (no handler), the walk reaches
    items.resolve_item, which raises its RuleError (canonical.py and refusals.py catch it)."""
    found = reachable([refusals._give])
    assert found["games.quest.items.resolve_item"] == ["games.quest.items.resolve_item: raise RuleError"]


def _turn_at_a1(rules="full"):
    """tizio in the corner A1 (his turn), caio next door on A2 through a green door, sempronio far away."""
    s = new(rules=rules)
    isolate(s, "A1")
    isolate(s, "A2")
    place(s, "tizio", "A1")
    place(s, "caio", "A2")
    place(s, "sempronio", "E8")
    return s


def refused(state, player, verb, *args) -> str:
    """The line ``apply`` refuses the action with."""
    with pytest.raises(RuleError) as err:
        act(state, player, verb, *args)
    return str(err.value)


@pytest.mark.parametrize("verb,args,line", [
    ("move", ("n",), "There is no door to the north: that is the labyrinth's edge."),
    ("peek", ("n",), "There is no door to the north: that is the labyrinth's edge."),
    ("fight", ("caio", "e"), "Fight a player or through a door, not both: 'fight bob' or 'fight north'."),
    ("fight", ("tizio",), "You cannot fight yourself."),
    ("fight", ("sempronio",), "sempronio is on E8, not in a room next to yours."),
    ("fight", (None, "s"), "Nobody is on B1 to fight: just move."),
    ("fight", (), "Fight whom? 'fight <player>' next to you, or 'fight <direction>'."),
    ("give", ("caio", 1, "rope"), "You have no rope."),
    ("give", ("caio", 2, "sword"), "Cards are given one at a time."),
    ("give", ("caio", 1, "moon"), "'moon' is not something you can give: try gold, a card (rope, sword...), "
                                  "a treasure or a key."),
    ("give", ("tizio", 1, "gold"), "You cannot give something to yourself."),
    ("scry", ("caio",), "You have no crystal ball."),
    ("cast", ("sight", "C4"), "Only a wizard casts spells."),
    ("heal", ("caio",), "You have no health potion."),
    ("take", ("key",), "There is no key here."),
    ("take", ("rope",), "Only keys can be taken from the floor: 'take key'."),
    ("mark", ("n", "open"), "There is no door to the north of A1."),
    ("note", ("Z9", "here"), "There is no room Z9: rooms are A1 to E8."),
    ("note", ("C4",), "You have no note on C4 to erase."),
    ("consent", ("ask",), "Your consent is ask already."),
    ("armour", ("maybe",), "Armour: 'armour break' or 'armour keep'."),
    ("move", (), "'move' does not take those arguments."),
    ("rock", (), "Quest has no 'rock' action."),
])
def test_why_not_words_a_refusal_as_the_handlers_did(verb, args, line):
    s = _turn_at_a1()
    assert why_not(s, "tizio", Action(verb, args)) == line
    assert refused(s, "tizio", verb, *args) == line


def test_a_deed_refused_says_what_it_lacks():
    s = _turn_at_a1()
    room(s, "A1", "tower", 4)
    assert refused(s, "tizio", "act") == "To free the damsel you need a rope."
    room(s, "A1", "field", 4)
    s.players["tizio"].gold = 0
    assert refused(s, "tizio", "buy", "sword") == "A weapon costs 1 gold and you have none."
    assert refused(s, "tizio", "buy", "spoon") == "The smith sells sword, lance, mace, shield and armour."
    room(s, "A1", "church", 4)
    assert refused(s, "tizio", "buy", "sword") == "There is no smith here: weapons are bought at a Field of Mars."
    s.objects["bible"] = 0
    assert refused(s, "tizio", "act") == ("The object deck has no bible left, so taking a bible cannot succeed; "
                                          "your turn is not spent.")


def test_a_player_held_in_a_room_hears_who_holds_it():
    s = _turn_at_a1()
    place(s, "caio", "A1")
    s.players["tizio"].beaten_by = "caio"
    line = "caio beat you here and holds this room: leave it, or 'fight caio' to stay."
    assert refused(s, "tizio", "pass") == line
    assert refused(s, "tizio", "act") == line


def test_a_duel_refusal_says_what_the_duel_wants():
    s = _turn_at_a1()
    s.players["tizio"].objects = ["sword", "lance"]
    s.players["caio"].objects = ["mace", "shield"]
    act(s, "tizio", "fight", None, "e")
    assert s.duel.stage == "attack"
    assert refused(s, "tizio", "play", "armour") == "Armour is not played: it may be broken to take a hand you lose."
    assert refused(s, "tizio", "play", "mace") == ("You have no mace left to play in this duel. "
                                                   "Play a weapon: play lance, play sword.")


def test_a_note_too_long_is_refused_before_any_handler():
    s = _turn_at_a1()
    assert refused(s, "tizio", "note", "C4", "x" * 61) == "A note holds at most 60 characters."
    act(s, "tizio", "note", "C4", "x" * 60)
    assert s.players["tizio"].notes["C4"] == "x" * 60


def test_a_closed_door_once_seen_is_refused_by_name():
    s = _turn_at_a1()
    door(s, "A1", "A2", "white", is_open=False)
    dice(s, 3)
    act(s, "tizio", "move", "e")  # tries it: turned face up, the step not spent
    assert refused(s, "tizio", "move", "e") == "The white door to the east is closed."
