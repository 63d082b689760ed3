"""One loop for every surface: world commands, help, talk, seats and spectators."""

import games
from games.quest import GAME
from mud.shell.table import Table
from tests.seating import seat, seated


def table(humans=("alice", "bob"), bots=(), seed=2):
    t = Table(GAME, list(humans), list(bots), seed=seed)
    t.start()
    return t


def texts(lines):
    return [line.text for line in lines]


def test_help_topics_and_commands():
    s = seat(table(), "alice")
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
    a, b, c = seated(t, "alice", "bob", "carol")
    for s in (a, b, c):
        s.drain()
    a.handle("say hello all")
    a.handle("tell bob the gold key is mine")
    a.handle(":waves")
    assert texts(b.drain()) == ["alice says: hello all", "alice tells you: the gold key is mine", "alice waves"]
    assert texts(c.drain()) == ["alice says: hello all", "alice waves"]


def test_who_and_score_and_look():
    t = table(("alice",), ("bot1",))
    s = seat(t, "alice")
    who = texts(s.handle("who"))
    assert any(w.startswith("alice (player, you") for w in who) and any("bot1 (normal bot" in w for w in who)
    assert any("alice" in line for line in texts(s.handle("score")))
    assert texts(s.handle("look"))[0].startswith("You are on ")


def test_a_spectator_has_no_game_verbs_and_sees_only_public_events():
    t = table()
    watcher = seat(t, None)
    before = len(t.events)
    out = texts(watcher.handle("peek north"))
    assert out and out[-1].startswith("Unknown command")
    walk = texts(watcher.handle("move north"))  # someone watching may walk away: the world's move, not the game's
    assert walk[-1] == "You cannot go north from here. Type 'exits'."
    assert len(t.events) == before
    lines = out + walk + texts(watcher.drain())
    assert not any(line.startswith("You wake up") for line in lines)
    assert any("map" in line for line in texts(watcher.handle("commands")))


def test_refused_command_is_one_line_and_changes_nothing():
    t = table()
    s = seat(t, t.state.order[1])
    s.drain()
    before = len(t.events)
    out = s.handle("move north")
    assert len(out) == 1 and out[0].kind == "error" and "turn" in out[0].text
    assert len(t.events) == before


def test_quit():
    s = seat(table(), "alice")
    s.drain()
    assert texts(s.handle("quit")) == ["Goodbye. Your seat waits for you: log in again to go on."]
    assert s.closed and s.quitting


# --- several steps in one line ---------------------------------------------------------------------

def quest_at(coord="C3", roll=6):
    """tizio's turn at ``coord`` with every door around C3 green, two bots at the table; the die
    gives ``roll``."""
    from tests.games.quest.fixtures import dice, door, isolate, new, place
    state = new(("tizio", "caio", "sempronio"))
    t = Table(GAME, ["tizio"], ["caio", "sempronio"], seed=1)
    t.state = state
    place(state, "tizio", coord)
    for p, where in (("caio", "E8"), ("sempronio", "E7")):
        place(state, p, where)
    isolate(state, "C3")
    door(state, "B3", "A3", "green")
    dice(state, roll, *[3] * 200)
    s = seat(t, "tizio")
    s.drain()
    return t, s


def test_a_direction_and_a_count_walk_several_steps_each_a_step():
    t, s = quest_at()
    out = texts(s.handle("north 2"))
    assert t.state.players["tizio"].pos == "A3"
    went = [x for x in out if x.startswith("You go north")]
    assert went[0].startswith("You go north to B3:") and went[1].startswith("You go north to A3:")
    assert t.state.turn.steps_left == 4


def test_several_directions_in_one_line():
    t, s = quest_at()
    s.handle("move n s e")
    assert t.state.players["tizio"].pos == "C4" and t.state.turn.steps_left == 3
    assert t.state.turn.path[-3:] == ["B3", "C3", "C4"]


def test_a_refused_step_stops_the_rest_and_says_how_many_were_made():
    from games.quest import board
    from tests.games.quest.fixtures import door
    t, s = quest_at()
    door(t.state, "B3", "A3", "white", is_open=False)
    t.state.turned.add(board.edge("B3", "A3"))  # seen closed: a known closed door refuses the step
    out = s.handle("n n n")
    stop = next(x for x in out if "steps ran" in x.text)
    assert stop.text == "The white door to the north is closed. (1 of the line's 3 steps ran; the rest was dropped.)"
    assert stop.kind != "error"  # an error means nothing happened; one step was made
    assert t.state.players["tizio"].pos == "B3"


def test_steps_never_reach_into_a_later_turn():
    t, s = quest_at(roll=1)
    out = texts(s.handle("n n n"))
    assert "Of your line's 3 steps, 1 ran before the game turned to caio; the rest was dropped." in out
    assert t.state.players["tizio"].pos == "B3"  # the bots played their turns, and tizio's came back unused
    assert t.awaiting() == ["tizio"]


def test_too_many_steps_at_once_are_refused_whole():
    t, s = quest_at()
    out = s.handle("north 99")
    assert out[-1].kind == "error" and "At most 12" in out[-1].text
    assert t.state.players["tizio"].pos == "C3"


def test_tab_offers_the_cards_you_may_play_and_never_yourself():
    from games.tenx import GAME as TENX
    t = Table(TENX, ["ann"], ["bot1", "bot2"], seed=3)
    t.start()
    s = seat(t, "ann")
    legal = [line.split()[1] for line in s.inner.legal_lines() if line.startswith("play ")]
    assert legal and s.complete("play ") == legal
    assert s.complete("mask ") == ["bot1", "bot2"]
    assert s.complete("tell ") == ["bot1", "bot2"]


def test_tab_completes_a_game_verb_that_shares_its_name_with_a_world_verb():
    """At a Quest table the world's 'leave' (get up) comes first, but 'leave o' is the game's
    'leave open': completion offers its words too."""
    s = seat(table(), "alice")
    assert "open" in s.complete("leave o") and "table" in s.complete("leave t")


def test_a_verb_that_is_not_for_now_says_when_it_is_and_what_the_game_waits_for():
    """10x's 'mask' during the placing: when masks come, then the same wait the table shows."""
    from games.tenx import GAME as TENX
    t = Table(TENX, ["root"], ["bot1", "bot2"], seed=3)
    t.start()
    s = seat(t, "root")
    s.drain()
    assert t.awaiting() == ["root"]
    out = s.handle("mask bot1")[-1]
    assert out.kind == "error" and "Masks come after the reveal" in out.text
    assert out.text.endswith("Now: Place a card face down, or pass.") and "nobody" not in out.text
    assert str(TENX.now(t.state, "bot1")) == "Now the game waits for root."


def test_local_play_lists_no_password_nor_keys_and_says_quitting_keeps_the_game(tmp_path):
    from mud.local.play import open_local
    world, ws = open_local("ann", "tenx", 2, 3, {}, "easy", data=str(tmp_path))
    ws.flush()
    listed = texts(ws.handle("commands"))
    assert not any(line.startswith(("password", "key ")) for line in listed)
    assert any(line.startswith("quit") and "saved" in line for line in listed)
    assert "Unknown command" in texts(ws.handle("password hunter22"))[-1]
    world.store.close()


def test_help_at_a_card_table_says_nothing_of_walking():
    t = Table(games.get("tenx"), ["alice", "bob"], [], seed=2)
    t.start()
    alice = seat(t, "alice")
    general = " ".join(texts(alice.handle("help")))
    assert "Directions" not in general and "'help tenx'" in general
    walker = seated(table(), "alice")[0]
    assert "Directions" in " ".join(texts(walker.handle("help")))
