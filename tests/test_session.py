"""One loop for every surface: world commands, help, talk, seats and spectators."""

from games.quest import GAME
from mud.session import Session
from mud.table import Table


def table(humans=("alice", "bob"), bots=(), seed=2):
    t = Table(GAME, list(humans), list(bots), seed=seed)
    t.start()
    return t


def texts(lines):
    return [line.text for line in lines]


def test_help_topics_and_commands():
    s = Session(table(), "alice")
    general = texts(s.handle("help"))
    assert any("Topics:" in t and "doors" in t for t in general)
    assert any("red" in t for t in texts(s.handle("help doors")))
    assert any(t.startswith("give:") for t in texts(s.handle("help give")))
    listed = " ".join(texts(s.handle("commands")))
    for verb in ("move", "peek", "act", "buy", "give", "ledger", "map", "say", "tell", "who", "quit"):
        assert verb in listed
    assert any("No help on" in t for t in texts(s.handle("help frobnicate")))


def test_say_tell_emote_reach_the_right_people():
    t = table(("alice", "bob", "carol"))
    a, b, c = (Session(t, n) for n in ("alice", "bob", "carol"))
    for s in (a, b, c):
        s.drain()
    a.handle("say hello all")
    a.handle("tell bob the gold key is mine")
    a.handle(":waves")
    assert texts(b.drain()) == ["alice says: hello all", "alice tells you: the gold key is mine", "alice waves"]
    assert texts(c.drain()) == ["alice says: hello all", "alice waves"]


def test_who_and_score_and_look():
    t = table(("alice",), ("bot1",))
    s = Session(t, "alice")
    who = texts(s.handle("who"))
    assert any(w.startswith("alice (player, you") for w in who) and any("bot1 (bot" in w for w in who)
    assert any("alice" in line for line in texts(s.handle("score")))
    assert texts(s.handle("look"))[0].startswith("You are on ")


def test_a_spectator_has_no_game_verbs_and_sees_only_public_events():
    t = table()
    watcher = Session(t, None)
    out = texts(watcher.handle("move north"))
    assert out and out[-1].startswith("Unknown command")
    lines = texts(watcher.drain())
    assert not any(line.startswith("You wake up") for line in lines)
    assert any("map" in line for line in texts(watcher.handle("commands")))


def test_refused_command_is_one_line_and_changes_nothing():
    t = table()
    s = Session(t, t.state.order[1])
    s.drain()
    before = len(t.events)
    out = s.handle("move north")
    assert len(out) == 1 and out[0].kind == "error" and "turn" in out[0].text
    assert len(t.events) == before


def test_quit():
    s = Session(table(), "alice")
    s.drain()
    assert texts(s.handle("quit")) == ["Goodbye."] and s.quit
