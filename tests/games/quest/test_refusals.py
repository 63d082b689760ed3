"""Quest's handlers only carry a legal move out, and its refusals are worded in one place
(games/quest/refusals.py, the game's ``why_not``): ``apply`` checks every action against the legal
actions first, so no handler -- nor anything it calls in the game -- refuses anything any more, and
an action that is not legal still gets its own specific line."""

from __future__ import annotations


import pytest

from games.engine import Action, RuleError

from games.quest.refusals import why_not
from tests.games.quest.fixtures import act, dice, door, isolate, new, place, room


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
    assert str(why_not(s, "tizio", Action(verb, args))) == line
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
