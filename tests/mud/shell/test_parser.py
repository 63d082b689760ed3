"""The one grammar: verbs, aliases, prefixes, directions, fillers, did-you-mean, completion."""

import pytest

from games.engine import Action
from games.quest import GAME
from mud.shell import completion, parser
from mud.world.verbs import commands_at

CMDS = commands_at(GAME)  # a seat at a match of Quest: the real loop's verbs there
CTX = parser.Context(players=["alice", "bob", "bot1"], items=GAME.item_words)


def action(line):
    p = parser.parse(line, CMDS, CTX)
    return p.verb.build(p.slots) if p.verb.build else Action(p.verb.name, parser.slot_values(p.verb, p.slots))


@pytest.mark.parametrize("line", ["move north", "go n", "north", "n", "Move North", "  n  ", "walk n",
                                  "nort", "move to the north"])
def test_all_ways_to_go_north(line):
    assert action(line) == Action("move", ("n",))


@pytest.mark.parametrize("line,expected", [
    ("peek door east", Action("peek", ("e",))),
    ("peek east", Action("peek", ("e",))),
    ("peek at the east door", Action("peek", ("e",))),
    ("peek", Action("peek", ())),
    ("pe", Action("peek", ())),
    ("buy sword", Action("buy", ("sword",))),
    ("act", Action("act", ())),
    ("act with damsel", Action("act", ("damsel",))),
    ("take key", Action("take", ("key",))),
    ("take the gold key", Action("take", ("gold",))),
    ("take keys", Action("take", ("key",))),
    ("leave open", Action("leave", ("open",))),
    ("leave gold closed", Action("leave", ("closed", "gold"))),
    ("give bob 2 gold", Action("give", ("bob", 2, "gold"))),
    ("give bob rope", Action("give", ("bob", 1, "rope"))),
    ("give rope to bob", Action("give", ("bob", 1, "rope"))),
    ("give 3 gold to bob", Action("give", ("bob", 3, "gold"))),
    ("give bob the dragon head", Action("give", ("bob", 1, "dragon head"))),
    ("give bob the gold key", Action("give", ("bob", 1, "gold key"))),
    ("pass", Action("pass", ())),
    ("stop", Action("stop", ())),
    ("allow", Action("allow", ())),
    ("deny bob", Action("deny", ())),
])
def test_game_commands(line, expected):
    assert action(line) == expected


def test_world_commands_and_shortcuts():
    assert parser.parse("'hello there", CMDS, CTX).slots == {"TEXT": "hello there"}
    assert parser.parse("say the door is open", CMDS, CTX).slots == {"TEXT": "the door is open"}
    p = parser.parse(":waves", CMDS, CTX)
    assert p.verb.name == "emote" and p.slots["TEXT"] == "waves"
    p = parser.parse("tell bob meet me at C3", CMDS, CTX)
    assert p.slots == {"PLAYER": "bob", "TEXT": "meet me at C3"}
    assert parser.parse("l", CMDS, CTX).verb.name == "look"
    assert parser.parse("i", CMDS, CTX).verb.name == "inventory"
    assert parser.parse("help peek", CMDS, CTX).verb.name == "help"


def test_unknown_command_suggests():
    with pytest.raises(parser.ParseError, match=r"Unknown command 'mvoe'. Did you mean: .*move"):
        parser.parse("mvoe north", CMDS, CTX)
    with pytest.raises(parser.ParseError, match="commands"):
        parser.parse("xyzzy", CMDS, CTX)


def test_ambiguous_prefix_lists_choices():
    with pytest.raises(parser.ParseError, match="could mean"):
        parser.parse("a", CMDS, CTX)  # act, allow


def test_bad_direction_and_unknown_player():
    with pytest.raises(parser.ParseError, match="not a direction"):
        parser.parse("move up", CMDS, CTX)
    with pytest.raises(parser.ParseError, match="No player called 'zed'"):
        parser.parse("give zed 1 gold", CMDS, CTX)


def test_empty_long_and_control_lines():
    with pytest.raises(parser.ParseError, match="Type a command"):
        parser.parse("   ", CMDS, CTX)
    with pytest.raises(parser.ParseError, match="too long"):
        parser.parse("n" * 5000, CMDS, CTX)
    assert parser.parse("\x1b[31mn\x1b[0m", CMDS, CTX).verb.name == "move"
    with pytest.raises(parser.ParseError, match="Type a command"):
        parser.parse("\x00\x07\x1b[A", CMDS, CTX)


def test_quoted_words_are_made_safe_and_short():
    with pytest.raises(parser.ParseError) as err:
        parser.parse("q" * 200, CMDS, CTX)
    assert len(str(err.value)) < 120 and "\n" not in str(err.value)


def test_completion():
    assert "move" in completion.complete("mo", CMDS, CTX)
    assert completion.complete("move n", CMDS, CTX) == ["north"]
    assert completion.complete("give b", CMDS, CTX)[:2] == ["bob", "bot1"]
    assert "open" in completion.complete("leave o", CMDS, CTX)
    assert "rope" in completion.complete("give bob ro", CMDS, CTX)
    assert completion.complete("xyz ", CMDS, CTX) == []


def test_layered_command_sets_fall_through_to_a_lower_layers_verb_of_the_same_name():
    from games.engine import Verb
    world = [Verb("leave", ("table?",), (), "Get up.")]
    game = [Verb("leave", ("open|closed",), (), "Leave a door."), Verb("peek", ("DIR?",))]
    cmds = parser.CommandSet.layered(world, game)
    assert parser.parse("leave", cmds).verb is world[0]
    assert parser.parse("leave the table", cmds).verb is world[0]
    assert parser.parse("leave open", cmds).verb is game[0]
    assert parser.parse("pe n", cmds).slots == {"DIR": "n"}
    with pytest.raises(parser.ParseError, match="leave open\\|closed"):  # the game's usage explains
        parser.parse("leave opne", cmds)


def test_a_bare_pattern_reads_a_line_that_names_no_command():
    """A game may let a line without its verb's word stand for the verb (a chess move 'e2e5');
    a line that fits no bare pattern is still an unknown command."""
    from games.engine import Slot, Verb
    from mud.shell import parser
    square = Slot("SQUARE", lambda w: w.lower() if len(w) == 2 and w[0] in "abc" and w[1] in "123" else None)
    move = Verb("move", ("SQUARE SQUARE",), bare=("SQUARE SQUARE",))
    commands = parser.CommandSet([move, Verb("look")], slots=(square,))
    got = parser.parse("a1 b2", commands)
    assert got.verb is move
    with pytest.raises(parser.ParseError, match="Unknown command 'z9'"):
        parser.parse("z9 b2", commands)


def test_a_pattern_may_name_a_slot_twice_and_keeps_both_values():
    from games.engine import Verb
    from mud.shell import parser
    helpv = Verb("help", ("WORD? WORD?",))
    got = parser.parse("help quantum cards", parser.CommandSet([helpv]))
    assert got.slots == {"WORD": "quantum", "WORD2": "cards"}
    assert parser.slot_values(helpv, got.slots) == ("quantum", "cards")

def test_a_misspelt_direction_is_suggested():
    with pytest.raises(parser.ParseError, match=r"Unknown command 'nrth'. Did you mean: north\?"):
        parser.parse("nrth", CMDS, CTX)
    with pytest.raises(parser.ParseError, match=r"'esat' is not a direction. Did you mean: east\?"):
        parser.parse("move esat", CMDS, CTX)
    with pytest.raises(parser.ParseError, match="not a direction: use north"):
        parser.parse("move up", CMDS, CTX)  # nothing close: the directions are listed


def test_a_name_start_that_fits_several_players_lists_them():
    ctx = parser.Context(players=["alice", "bot1", "bot2", "bot3"], items=GAME.item_words)
    with pytest.raises(parser.ParseError, match=r"'bot' could be bot1, bot2, bot3"):
        parser.parse("give bot 1 gold", CMDS, ctx)
    with pytest.raises(parser.ParseError, match="No player called 'zed'"):
        parser.parse("give zed 1 gold", CMDS, ctx)
    assert parser.parse("give bot2 1 gold", CMDS, ctx).slots["PLAYER"] == "bot2"


def test_completion_never_offers_yourself_and_offers_what_the_game_can_take():
    ctx = parser.Context(players=["alice", "bob", "bot1"], items=GAME.item_words, me="alice",
                         legal=("buy sword", "buy lance", "move n", "stop"))
    assert completion.complete("give ", CMDS, ctx)[:2] == ["bob", "bot1"]
    assert "alice" not in completion.complete("scry a", CMDS, ctx)
    assert completion.complete("buy ", CMDS, ctx) == ["sword", "lance"]  # the game's legal answers first
    assert completion.complete("act with ", CMDS, ctx) == ["damsel", "head"]  # else the verb's own words
    bare = parser.Context(players=["alice", "bob"], items=GAME.item_words, me="alice")
    assert completion.complete("buy s", CMDS, bare) == ["sword", "shield"]
