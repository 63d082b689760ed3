"""The shared world without a network: the hub, rooms, talk, tables, timers, reconnecting."""

from __future__ import annotations

import random

import pytest

import games

from mud.store import Store
from mud.world import walking
from tests.conftest import Clock  # noqa: F401 (others import it from here)
from mud.world.world import Settings, World, WorldFull


def texts(lines):
    return [line.text for line in lines]


def joined(lines):
    return "\n".join(texts(lines))


def walked(world, way: str, *names, each: bool = False):
    """``names`` connect and walk ``way`` from the Crossroads; what they were told is dropped, after
    each walk (``each``: later arrivals are then news to the first) or once all have walked."""
    sessions = [world.connect(n) for n in names]
    for s in sessions:
        s.greeting()
        s.handle(way)
        if each:
            s.flush()
    for s in sessions:
        s.flush()
    return sessions


def at_gate(world, *names):
    return walked(world, "north", *names)


def test_hub_look_and_exits(world):
    a = world.connect("alice")
    out = joined(a.greeting())
    assert "The Crossroads" in out
    for room in ("Labyrinth gate", "Tavern", "Harbour temple", "Castle dungeon", "Observatory"):
        assert room in out
    assert "up: the Observatory" in joined(a.handle("exits"))


def test_walking_by_direction_name_and_stairs(world):
    a = world.connect("alice")
    assert "The Tavern" in joined(a.handle("e"))
    assert "The Crossroads" in joined(a.handle("west"))
    assert "The Observatory" in joined(a.handle("up"))
    assert "The Crossroads" in joined(a.handle("d"))
    assert "The Labyrinth gate" in joined(a.handle("go labyrinth"))
    assert "The Tavern" in joined(a.handle("go tavern"))  # through the Crossroads
    err = a.handle("north")
    assert err[-1].kind == "error" and "cannot go north" in err[-1].text


def test_say_is_heard_in_the_room_only(world):
    a, b = world.connect("alice"), world.connect("bob")
    c = world.connect("carol")
    c.handle("e")
    for s in (a, b, c):
        s.flush()
    assert texts(a.handle("say hello")) == ["You say: hello"]
    assert texts(b.flush()) == ["alice says: hello"]
    assert c.flush() == []
    a.handle("'again")
    assert texts(b.flush()) == ["alice says: again"]


def test_tell_ooc_emote_who(world):
    a, b = world.connect("alice"), world.connect("bob")
    b.handle("e")
    a.flush(), b.flush()
    a.handle("tell bob psst")
    assert texts(b.flush()) == ["alice tells you: psst"]
    a.handle("ooc anyone?")
    assert texts(b.flush()) == ["[ooc] alice: anyone?"]
    assert "No player called 'carol'" in joined(a.handle("tell carol hi"))
    who = joined(a.handle("who"))
    assert "alice (you): the Crossroads" in who and "bob: the Tavern" in who


def test_a_game_out_of_the_catalogue_takes_its_room_and_road_with_it(world, monkeypatch):
    """The world names no game: its rooms and roads are the catalogue's games' places."""
    monkeypatch.setattr(games, "CATALOGUE", {k: v for k, v in games.CATALOGUE.items() if k not in ("tenx", "toy")})
    a = world.connect("alice")
    assert "You cannot go east from here" in joined(a.handle("e"))
    assert "Four roads meet" in joined(a.handle("look")) and "Tavern" not in joined(a.handle("help world"))


def test_a_registered_game_brings_its_room_and_road_with_no_line_of_the_world_changed(world, monkeypatch):
    """The toy game of tests/toygame declares its place (the Cellar, down from the Crossroads): once
    registered, the signpost, 'exits', the help and the tables all know it."""
    monkeypatch.setattr(games, "CATALOGUE", {**games.CATALOGUE, "toy": "tests.toygame"})
    a = world.connect("alice")
    assert "down: the Cellar" in joined(a.handle("exits"))
    assert "down to the Cellar (Toy)" in " ".join(joined(a.handle("help world")).split())
    out = joined(a.handle("d"))
    assert "A low vault under the Crossroads" in out
    assert "You sit at table" in joined(a.handle("sit"))
    assert "Guess the number" in joined(a.handle("start bots=1 seed=3"))
    assert "alice guesses" in joined(a.handle("guess bot1 2"))


def test_sit_and_start_fill_with_bots(world):
    a, b = at_gate(world, "alice", "bob")
    assert "You sit at table 1" in joined(a.handle("sit"))
    assert "alice sits at table 1" in joined(b.flush())
    b.handle("sit 1")
    a.flush()
    assert "Table 1 (Quest): open; sitting: alice, bob." in joined(a.handle("tables"))
    out_a = joined(a.handle("start seed=3 rules=basic")) + joined(a.flush())
    gt = world.tables[1]
    assert gt.status == "playing"
    assert sorted(gt.match.seats) == ["alice", "bob", "bot1", "bot2"]
    out_b = joined(b.flush())
    assert "A game of Quest (basic rules) begins" in out_a and "A game of Quest" in out_b
    assert out_a.count("You wake up on") == 1 and out_b.count("You wake up on") == 1


def test_each_player_sees_only_their_own_secrets(world):
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=1 seed=11 rules=basic")
    match = world.tables[1].match
    seen = {"alice": joined(a.flush()), "bob": joined(b.flush())}
    for _ in range(40):  # both play on, the bot answers
        for s in (a, b):
            if s.name in match.awaiting():
                s.handle("peek")
                s.handle("stop")
        seen["alice"] += joined(a.flush())
        seen["bob"] += joined(b.flush())
    for me, other in (("alice", "bob"), ("bob", "alice")):
        for event in match.events:
            if event.to is not None and me not in event.to and other in event.to and str(event.text) in seen[me]:
                # a private line of the other player may only appear if a public line says the same
                assert any(e.text == event.text and e.visible_to(me) for e in match.events), event


def test_start_options_are_checked(world):
    (a,) = at_gate(world, "alice")
    a.handle("sit")
    assert "Unknown option" in joined(a.handle("start colour=red"))
    assert "rules is one of" in joined(a.handle("start rules=silly"))
    assert "seats 1 to 6" in joined(a.handle("start bots=9"))
    assert world.tables[1].status == "open"


def test_start_needs_a_seat(world):
    a, b = at_gate(world, "alice", "bob")
    assert "Sit at a table first" in joined(a.handle("start"))
    b.handle("sit")
    assert "Sit at a table first" in joined(a.handle("start"))


def test_watchers_see_public_lines_only(world):
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit")
    a.handle("start bots=2 seed=5 rules=basic")
    b.flush()
    out = joined(b.handle("watch 1"))
    assert "You watch table 1" in out
    assert "You wake up" not in out
    a.handle("stop") if "alice" in world.tables[1].match.awaiting() else None
    watched = joined(b.flush())
    assert "You wake up" not in watched
    assert "move" in joined(b.handle("commands")) or True
    assert b.handle("peek")[-1].kind == "error"  # a watcher cannot play


def test_leave_gives_the_seat_to_a_bot_and_sit_takes_it_back(world):
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=1 seed=2 rules=basic")
    a.flush()
    out = joined(a.handle("leave"))
    assert "a bot plays your seat" in out
    gt = world.tables[1]
    assert gt.match.seats["alice"].bot
    out = joined(a.handle("sit 1"))
    assert "You take your seat at table 1 again" in out
    assert not gt.match.seats["alice"].bot


def test_game_leave_with_words_goes_to_the_game(world):
    (a,) = at_gate(world, "alice")
    a.handle("sit")
    a.handle("start bots=1 seed=2 rules=basic")
    a.flush()
    answer = a.handle("leave open gold")
    assert answer[-1].kind == "error" and "table" not in answer[-1].text.lower()
    assert not world.tables[1].match.seats["alice"].bot


def test_turn_timer_lets_a_bot_play_an_idle_turn(world):
    (a,) = at_gate(world, "alice")
    a.handle("sit")
    a.handle("start bots=1 seed=4 rules=basic")
    gt = world.tables[1]
    match = gt.match
    assert "alice" in match.awaiting()
    moves = len(match.log)
    world.clock.now += 30
    world.tick()
    assert len(match.log) == moves
    world.clock.now += 31
    world.tick()
    assert len(match.log) > moves
    assert "Time is up" in joined(a.flush())
    assert not match.seats["alice"].bot  # only that turn


def test_dropped_player_keeps_the_seat_then_a_bot_takes_it_then_reconnect_resumes(world):
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=1 seed=8 rules=basic")
    gt = world.tables[1]
    world.disconnect(b)
    assert "bob lost the connection" in joined(a.flush())
    assert not gt.match.seats["bob"].bot
    world.clock.now += 121
    world.settings.turn_timeout = 0
    world.tick()
    assert gt.match.seats["bob"].bot
    assert "bob has been away too long" in joined(a.flush())
    for _ in range(5):
        if "alice" in gt.match.awaiting():
            a.handle("stop")
    b2 = world.connect("bob")
    out = joined(b2.flush())
    assert "You are back at table 1" in out
    assert not gt.match.seats["bob"].bot
    assert b2.table is gt and b2.seated


def test_connecting_again_replaces_the_old_session(world):
    a = world.connect("alice")
    a.greeting()
    a2 = world.connect("alice")
    assert a.closed and "connected from elsewhere" in joined(a.flush())
    assert world.session("alice") is a2
    world.disconnect(a)  # the old connection closing later changes nothing
    assert world.session("alice") is a2


def test_world_full(world):
    world.settings.max_sessions = 2
    world.connect("alice"), world.connect("bob")
    with pytest.raises(WorldFull):
        world.connect("carol")


def test_a_bug_in_a_command_costs_one_line(world, monkeypatch):
    a = world.connect("alice")
    monkeypatch.setattr(walking, "ROOMS", {})  # 'exits' fails as a bug would
    out = a.handle("exits")
    assert out[-1].kind == "error" and "Something went wrong" in out[-1].text
    assert "1 connected" in joined(a.handle("who"))


def test_quit_closes(world):
    a = world.connect("alice")
    assert "Goodbye" in joined(a.handle("quit"))
    assert a.closed


def test_garbage_lines_get_one_line_answers_and_change_nothing():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    store = Store(":memory:")
    world = World(store, Settings(), clock=Clock(), seeds=random.Random(3))
    a = world.connect("alice")
    a.handle("n")
    a.handle("sit")
    a.handle("start bots=2 seed=9 rules=basic")
    a.flush()
    match = world.tables[1].match

    @settings(max_examples=150, deadline=None)
    @given(st.text(max_size=80).filter(lambda t: t.strip()[:1].isalpha() is False or " " in t))
    def check(line):
        before = (len(match.log), a.room, a.table)
        out = a.handle(line)
        assert all("\n" not in x.text and "Traceback" not in x.text for x in out)
        if out and out[-1].kind == "error":
            assert (len(match.log), a.room, a.table) == before

    check()


def test_completion_knows_rooms_and_directions(world):
    a = world.connect("alice")
    assert a.complete("go ta") == ["tavern"]
    assert a.complete("go u") == ["up"]
    assert "north" in a.complete("go ")


def test_quitting_is_told_as_quitting(world):
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=1 seed=2 rules=basic")
    a.flush()
    b.handle("quit")
    world.disconnect(b)
    assert "bob quit; their seat waits" in joined(a.flush())


def next_door(world):
    """alice and bob at a basic Quest table, no bots: the one to move on C4 with a 2 to roll, the
    other next door on C5 (an open way east). (match, mover, host), nothing pending."""
    from tests.games.quest.fixtures import dice, isolate, place
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=0 seed=2 rules=basic")
    match = world.tables[1].match
    mover_name = match.awaiting()[0]
    mover, host = (a, b) if mover_name == "alice" else (b, a)
    place(match.state, mover.name, "C4")
    place(match.state, host.name, "C5")
    isolate(match.state, "C4")
    dice(match.state, 2)
    a.flush(), b.flush()
    return match, mover, host


def test_consent_between_two_people_at_a_world_table(world):
    match, mover, host = next_door(world)
    mover.handle("move e")
    assert "allow" in joined(host.flush()) and match.awaiting() == [host.name]
    assert mover.handle("allow")[-1].kind == "error"  # not the mover's to answer
    host.handle("allow")
    assert match.state.players[mover.name].pos == "C5"
    assert f"lets {mover.name} in" in joined(mover.flush()) or "C5" in joined(mover.handle("look"))


def test_a_watcher_may_walk_away_and_stops_watching(world):
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit")
    a.handle("start bots=2 seed=5 rules=basic")
    b.handle("watch 1")
    out = joined(b.handle("go tavern"))
    assert "You stop watching table 1." in out and "The Tavern" in out
    assert b.table is None and b.room == "tavern"
    assert "bob" not in world.tables[1].watchers
    assert "The Crossroads" in joined(b.handle("w"))  # plain directions work again


def test_a_watcher_stays_at_a_finished_match_until_they_leave(world):
    """The final board stays on a watcher's screen (issue 40): the match's end says how to go, and
    'leave' goes back to the room."""
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit")
    a.handle("start bots=2 seed=5 rules=basic")
    b.handle("watch 1")
    b.flush()
    match = world.tables[1].match
    a.handle("leave")  # a bot plays alice's seat: the bots finish the match at once
    assert match.over
    out = joined(b.flush())
    assert "The match at table 1 is over: 'leave' stops watching." in out
    assert b.table is world.tables[1] and b.game_view()["over"]
    assert "You stop watching table 1." in joined(b.handle("leave"))
    assert b.table is None and b.inner is None and 1 not in world.tables  # nobody left there: tidied away
    assert "The Labyrinth gate" in joined(b.handle("look"))  # the room again, not the match


def test_coming_back_repeats_whose_turn_it_is_and_the_question_waiting(world):
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=0 seed=2 rules=basic")
    gt = world.tables[1]
    world.disconnect(b)
    b2 = world.connect("bob")
    lines = b2.flush()
    text = joined(lines)
    assert "You are back at table 1. Nothing happened while you were away." in text
    awaiting = gt.match.awaiting()
    last = lines[-1].text
    if "bob" in awaiting:
        assert last == f"Now: {b2.game_view()['prompt']['text']}"  # its answers follow, numbered
    else:
        assert last == f"Now: waiting for {', '.join(awaiting)}."


def test_now_line_says_the_question_in_words_its_numbered_answers_come_after():
    from mud.world.world import now_line
    view = {"over": False, "awaiting": ["bob"], "prompt": {"text": "alice asks to enter B4.",
                                                             "choices": [["Allow", "allow"], ["Deny", "deny"]]}}
    assert str(now_line(view, "bob").text) == "Now: alice asks to enter B4."
    assert str(now_line(view, "alice").text) == "Now: waiting for bob."
    assert str(now_line({**view, "over": True}, "bob").text) == "The match is over."


def test_reply_answers_the_last_tell(world):
    a, b = world.connect("alice"), world.connect("bob")
    assert "Nobody has told you anything yet" in joined(b.handle("reply hi"))
    a.handle("tell bob meet me at the gate")
    assert "You tell alice: on my way" in joined(b.handle("reply on my way"))
    assert "bob tells you: on my way" in joined(a.flush())


def test_help_lists_every_topic_wherever_you_stand(world):
    a = world.connect("alice")
    topics = next(line for line in texts(a.handle("help")) if line.startswith("Topics:"))
    assert "world" in topics and "quest" in topics and "tenx" in topics
    assert "10x" in joined(a.handle("help tenx"))  # another room's game, from the Crossroads
    a.handle("n"), a.handle("sit"), a.handle("start bots=1 seed=2 rules=basic")
    at_table = next(line for line in texts(a.handle("help")) if line.startswith("Topics:"))
    assert "tenx" in at_table and "world" in at_table
    assert max(len(line) for line in texts(a.handle("help world"))) <= 78  # printed as it is on telnet


def test_a_line_typed_before_your_turn_began_is_not_run_on_it(world):
    """bob's pass gives alice a new turn she has not been shown yet: her 'pass', typed before
    she saw it, must not pass that new turn. Once shown, the same line runs."""
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=0 seed=2 rules=basic")
    match = world.tables[1].match
    first, second = (a, b) if match.awaiting() == ["alice"] else (b, a)
    second.flush()
    first.handle("pass")  # the turn goes to second, whose turn begins unseen
    assert match.awaiting() == [second.name]
    moves = len(match.log)
    answer = second.answer("pass", stale=second.turn_seen != second.turn)
    assert answer[-1].kind == "error" and "Your turn began after you typed that" in answer[-1].text
    assert len(match.log) == moves  # nothing was run
    refused = second.handle("pass")  # the line surfaces' way: what was flushed decides
    assert "Your turn began after you typed that" in joined(refused)
    assert "It is your turn" in joined(refused) or len(refused) > 1  # and now it is shown
    second.handle("pass")
    assert len(match.log) == moves + 1
    assert second.handle("say typed any time")[-1].kind != "error"  # talk is never stale


def test_a_key_typed_before_the_turn_began_is_refused_by_time(world):
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=0 seed=2 rules=basic")
    match = world.tables[1].match
    mover = a if match.awaiting() == ["alice"] else b
    moves = len(match.log)
    assert "Your turn began" in joined(mover.handle("pass", typed_at=mover.turn_began - 1.0))
    assert len(match.log) == moves
    mover.handle("pass", typed_at=mover.turn_began + 0.5)
    assert len(match.log) == moves + 1


def test_completion_never_offers_yourself(world):
    a, b = world.connect("alice"), world.connect("bob")
    assert a.complete("tell ") == ["bob"] and b.complete("tell ") == ["alice"]
    a.handle("n"), a.handle("sit"), a.handle("start bots=2 seed=2 rules=basic")
    assert "alice" not in a.complete("give ") and "bot1" in a.complete("give ")


def test_help_finds_a_game_by_its_title_as_players_call_it(world):
    alice = world.connect("alice")
    alice.greeting()
    for typed, topic in [("10x", "tenx"), ("dungeon chess", "chess")]:
        shown = [line.text for line in alice.handle(f"help {typed}")]
        assert shown == [line.text for line in alice.handle(f"help {topic}")]
        assert not any("No help on" in t for t in shown)


def test_at_a_finished_match_a_player_may_walk_off_or_sit_at_a_new_table(world):
    """Found replaying the first hour over telnet: after the end, 'go harbour' and 'sit' were
    unknown commands until 'leave'. A finished match gives its screens, and the room's verbs again."""
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=1 seed=5 rules=basic")
    match = world.tables[1].match
    for name in ("alice", "bob"):
        match.set_bot(name, True)  # the bots play every seat to the end; the people stay seated
    match.settle()
    assert match.over and a.table is world.tables[1] and a.seated
    assert a.handle("map")[-1].kind == "screen"  # the finished match's screens stay
    out = joined(a.handle("sit"))
    assert "You get up from table 1." in out and "You sit at table 2" in out
    out = joined(b.handle("go tavern"))
    assert "The Tavern" in out and b.table is None
