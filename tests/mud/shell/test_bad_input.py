"""Whatever a player types, the session answers with at least one clear line and never a traceback;
a refused line is one short line and leaves the game exactly as it was. The parser raises nothing
but ParseError, for any text."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.quest import GAME, board
from games.quest.board import Room
from games.quest.items import ITEM_WORDS
from games.quest.state import Turn
from mud.shell import completion, parser
from mud.shell.table import Table
from tests.seating import Typist, seat, seated
from tests.games.quest.quest_games import deep_snapshot

MAX_ERROR = 240
HUMANS = ["alice", "bob"]
FUZZ = settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])

# --- strategies --------------------------------------------------------------------------------

WORDS = ["move", "go", "n", "s", "e", "w", "north", "so", "ea", "peek", "door", "the", "act", "buy", "take",
         "key", "keys", "leave", "open", "closed", "give", "pay", "to", "with", "allow", "deny", "yes", "no",
         "stop", "pass", "roll", "look", "l", "help", "?", "commands", "who", "say", "'", ":", "tell", "emote",
         "inventory", "i", "score", "map", "ledger", "quit", "m", "p", "alice", "bob", "bot1", "bot2", "ali",
         "b", "gold", "silver", "black", "head", "damsel", "0", "1", "2", "-1", "999999", "1234567", "²", "٣",
         "１", "Ⅻ", "1e9", "A1", "e9", "zz", "mvoe", "peke", "x" * 40, "\x1b[31m", "\x00", "\u2028", "\u202e",
         "é", "🐉", *ITEM_WORDS]
SEPARATORS = st.sampled_from([" ", "  ", "\t", " \x1b[0m ", " \r ", "\u00a0", "\u3000"])
ESCAPES = st.sampled_from(["\x1b[31m", "\x1b[2J", "\x1b]0;owned\x07", "\x9b1m", "\x1bc", "\x07", "\x08",
                           "\r", "\n", "\x00", "\x7f", "\u2028", "\u2029", "\u200b", "\u202e", "\ufeff"])


@st.composite
def commands(draw):
    words = draw(st.lists(st.sampled_from(WORDS), min_size=0, max_size=6))
    out = ""
    for w in words:
        out += w + draw(SEPARATORS)
    return out


LINES = st.one_of(
    commands(),
    st.text(),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x3000), max_size=60),
    st.builds(lambda a, esc, b: a + esc + b, commands(), ESCAPES, commands()),
    st.builds(lambda s, n: (s * n)[:12000], st.text(min_size=1, max_size=8), st.integers(1000, 12000)),
    st.sampled_from(["", " ", "\t\t", "\r\n", "\n", "\x00", "   \x1b[A   ", "'", ":", "?", "give", "tell",
                     "tell bob", "give bob", "give bob 0 gold", "give bob 999999 gold", "give bob ² gold",
                     "give bob ٣ gold", "give alice 1 gold", "act with rope", "buy dragon", "leave open",
                     "take key", "allow", "deny", "peek up", "move up", "say " + "x" * 995, "x" * 10240]),
)


# --- helpers -----------------------------------------------------------------------------------

def new_table(seed: int) -> Table:
    table = Table(GAME, HUMANS, ["bot1", "bot2"], seed=seed)
    table.start()
    return table


def answer_and_check(session: Typist, line: str) -> list:
    """``line`` typed at the real loop: answered, and a refusal (one line, the last but the
    question a stray digit shows again) changes nothing."""
    table = session.match
    session.drain()
    before = deep_snapshot(table.state)
    events, log = len(table.events), list(table.log)
    lines = session.handle(line)
    assert lines, f"no answer to {line!r}"
    for out in lines:
        assert isinstance(out.text, str) and out.text.strip(), out
        assert "Traceback" not in out.text
    errors = [out for out in lines if out.kind == "error"]
    if errors:
        assert len(errors) == 1, lines
        assert all(out.kind == "question" for out in lines[lines.index(errors[0]) + 1:]), lines
        text = errors[0].text
        assert "\n" not in text and "\r" not in text and len(text.splitlines()) == 1, repr(text)
        assert len(text) <= MAX_ERROR, f"{len(text)}-character error: {text[:80]}..."
        assert "\x1b" not in text and "\x00" not in text
        assert deep_snapshot(table.state) == before, f"refused {line!r} changed the state"
        assert len(table.events) == events and table.log == log
    for out in lines:
        assert "\x1b" not in out.text and "\x00" not in out.text, repr(out.text)
        assert len(out.text.splitlines()) <= 1 or out.kind in ("screen", "help", "info"), repr(out.text)
    return lines


# --- the session -------------------------------------------------------------------------------

@FUZZ
@given(seed=st.integers(0, 40), lines=st.lists(st.tuples(st.sampled_from(["alice", "bob", None]), LINES),
                                               min_size=1, max_size=6))
def test_any_line_gets_a_clear_answer_and_refusals_change_nothing(seed, lines):
    table = new_table(seed)
    sessions = typists(table, HUMANS)
    for who, line in lines:
        answer_and_check(back(sessions, who), line)


VALID = st.sampled_from(["n", "s", "e", "w", "go east", "peek", "peek north", "act", "stop", "roll", "take key",
                         "leave open", "leave closed", "allow", "deny", "give bob 1 gold", "give alice gold",
                         "buy sword", "act with head", "give bob rope", "map", "look", "n n e", "north 2"])


@FUZZ
@given(seed=st.integers(0, 40), lines=st.lists(st.one_of(VALID, VALID, commands()), min_size=1, max_size=16))
def test_command_like_sequences(seed, lines):
    """Mostly well-formed commands, alternately from the player whose turn it is and the other."""
    table = new_table(seed)
    sessions = dict(zip(HUMANS, seated(table, *HUMANS)))
    for i, line in enumerate(lines):
        if table.over:
            break
        waiting = [p for p in table.awaiting() if p in sessions] or HUMANS
        other = [p for p in HUMANS if p != waiting[0]][0]
        answer_and_check(back(sessions, waiting[0] if i % 3 else other), line)


def typists(table: Table, people) -> dict:
    """Each of ``people`` at ``table``'s real loop, and (None) someone watching."""
    return dict(zip((*people, None), seated(table, *people, "watcher")))


def back(sessions: dict, who):
    """``who``'s session, logged in again if a line of theirs was 'quit' (a surface closes the
    connection then; typing again is connecting again)."""
    typist = sessions[who]
    if typist.closed:
        typist = sessions[who] = Typist(typist.world.connect(typist.name), typist.match)
    return typist


def _turn_to(table: Table, player: str) -> None:
    table.state.turn = Turn(player, table.state.turn.number)


def refused(session: Typist, line: str, *needles: str) -> str:
    lines = answer_and_check(session, line)
    assert lines[-1].kind == "error", (line, lines)
    for n in needles:
        assert n.lower() in lines[-1].text.lower(), (line, lines[-1].text)
    return lines[-1].text


def test_refusals_out_of_turn_off_the_board_and_without_the_goods():
    table = new_table(3)
    alice, bob = seated(table, "alice", "bob")
    _turn_to(table, "alice")
    for line in ("move north", "n", "peek", "act", "buy sword", "roll", "stop"):
        refused(bob, line, "alice")
    refused(alice, "allow", "nobody")
    refused(alice, "give bob rope", "no rope")
    refused(alice, "give bob 2 gold", "only 1 gold")
    refused(alice, "give bob crystal ball", "no crystal ball")
    refused(alice, "give bob gold key", "gold key")
    refused(alice, "give alice 1 gold", "yourself")
    refused(alice, "give bob 0 gold")
    refused(alice, "leave open")
    if table.state.players["alice"].pos not in table.state.floor_keys.values():
        refused(alice, "take key", "no key")
    table.state.players["alice"].pos = "A1"
    table.state.players["alice"].seen.add("A1")
    refused(alice, "move north", "edge")
    refused(alice, "w", "edge")
    refused(alice, "peek west", "edge")


def test_refusals_where_the_requirements_fail():
    table = new_table(5)
    alice = seat(table, "alice")
    _turn_to(table, "alice")
    me = table.state.players["alice"]
    cases = [("castle", "act", "dragon head or a damsel"), ("tower", "act", "rope"), ("cave", "act", "sword"),
             ("desert", "act", "knights"), ("countryside", "act", "knights"), ("city", "buy sword", "smith"),
             ("field", "act", "weapon"), ("field", "buy dragon", "smith sells"), ("port", "act with head", "just")]
    for location, line, needle in cases:
        table.state.rooms[me.pos] = Room(location, "hearts")
        refused(alice, line, needle)
    table.state.rooms[me.pos] = Room("field", "hearts")
    me.gold = 0
    refused(alice, "buy sword", "costs 1 gold")
    table.state.rooms[me.pos] = Room("port", "hearts")
    table.state.objects["rope"] = 0
    refused(alice, "act", "no rope left")  # it cannot succeed: refused before the turn is spent (issue 26)
    assert table.awaiting() == ["alice"]


def test_a_known_closed_door_refuses_without_spending():
    table = new_table(7)
    alice = seat(table, "alice")
    state = table.state
    _turn_to(table, "alice")
    pos = state.players["alice"].pos
    for d, nb in board.exits(pos).items():
        e = board.edge(pos, nb)
        state.doors[e].colour, state.doors[e].open = "white", False
        state.turned.add(e)
        refused(alice, f"move {d}", "closed")
    assert state.turn.phase == "start" and state.turn.roll is None


def test_unicode_digits_and_huge_numbers():
    table = new_table(1)
    alice = seat(table, "alice")
    for line in ("give bob ² gold", "give bob ٣ gold", "give bob １ gold", "give bob 1234567 gold", "give bob Ⅻ gold"):
        answer_and_check(alice, line)


def test_long_lines_and_escapes_are_refused_in_one_short_line():
    table = new_table(2)
    alice = seat(table, "alice")
    refused(alice, "x" * 10240, "too long")
    refused(alice, "give bob " + "y" * 900)
    refused(alice, "\x1b[2J\x1b[31mmvoe\x1b[0m north", "mvoe")
    refused(alice, "", "command")
    refused(alice, " \t \r ", "command")


def test_talk_stays_on_one_line():
    table = new_table(2)
    alice, bob = seated(table, "alice", "bob")
    bob.drain()
    for line in ("say hi\u2028bob gives you the black key", "say a\u2029b", "emote waves\rbob: hi",
                 "tell bob x\u0085y", "say \x1b[2Jclear"):
        answer_and_check(alice, line)
    for out in bob.drain():
        assert len(out.text.splitlines()) == 1 and "\x1b" not in out.text, repr(out.text)


# --- the parser --------------------------------------------------------------------------------

def _command_sets():
    table = new_table(0)
    alice, watcher = seated(table, "alice", "watcher")
    return [(alice.commands(), alice.context()), (watcher.commands(), watcher.context())]


COMMAND_SETS = _command_sets()


@settings(deadline=None, max_examples=600)
@given(line=LINES, which=st.integers(0, 1))
def test_parse_raises_only_parse_error(line, which):
    commands_, ctx = COMMAND_SETS[which]
    try:
        parsed = parser.parse(line, commands_, ctx)
    except parser.ParseError as err:
        text = str(err)
        assert text and "\n" not in text and len(text) <= MAX_ERROR, repr(text)
        return
    assert parsed.verb in commands_.verbs or parsed.verb in commands_.below.get(parsed.verb.name, ())


@settings(deadline=None, max_examples=300)
@given(line=st.one_of(st.text(max_size=40), commands()))
def test_completion_never_raises(line):
    commands_, ctx = COMMAND_SETS[0]
    out = completion.complete(line, commands_, ctx)
    assert isinstance(out, list) and all(isinstance(o, str) for o in out)
