"""A crowded world: long lists are summarised, and the room index follows everyone who moves."""

from __future__ import annotations

from mud.world.crowd import CROWD, HERE_NAMES, names_said
from tests.mud.world.test_world import walked


def crowd(world, count: int, prefix: str = "p"):
    return [world.connect(f"{prefix}{i:02d}") for i in range(count)]


def here_of(lines) -> str:
    return next(line.text for line in lines if line.text.startswith("Here:"))


def test_a_small_crowd_is_listed_whole_and_sorted(world):
    me = world.connect("alice")
    crowd(world, HERE_NAMES + 1)
    here = here_of(me.handle("look"))
    assert here == "Here: " + ", ".join(f"p{i:02d}" for i in range(HERE_NAMES + 1)) + "."


def test_a_big_crowd_shows_the_latest_arrivals_and_how_many_others(world):
    me = world.connect("alice")
    crowd(world, 40)
    here = here_of(me.handle("look"))
    latest = [f"p{i:02d}" for i in range(40 - HERE_NAMES, 40)]
    assert here == f"Here: {', '.join(latest)} and {40 - HERE_NAMES} others."
    assert "alice" not in here


def test_a_big_crowd_still_names_who_told_you_something(world):
    me = world.connect("alice")
    people = crowd(world, 40)
    people[3].handle("tell alice over here")
    here = here_of(me.handle("look"))
    assert "p03" in here and here.endswith(f"and {40 - HERE_NAMES} others.")
    assert here.count(",") == HERE_NAMES - 1  # still HERE_NAMES names in all


def test_who_walks_away_leaves_the_count_and_the_room_hears_only_its_own(world):
    me = world.connect("alice")
    people = crowd(world, 20)
    for p in people[:5]:
        p.handle("north")
    assert here_of(me.handle("look")).endswith(f"and {15 - HERE_NAMES} others.")
    me.flush()
    people[0].handle("say at the gate")
    assert not any("at the gate" in line.text for line in me.flush())
    assert any("p00 says: at the gate" in line.text for line in people[1].flush())
    assert [ws.name for ws in world.in_room("gate")] == [f"p{i:02d}" for i in range(5)]


def test_the_room_index_follows_connect_disconnect_and_a_second_login(world):
    first = world.connect("bob")
    assert world.in_room("crossroads") == [first]
    second = world.connect("bob")  # the same account from elsewhere: the old session is gone
    assert world.in_room("crossroads") == [second]
    second.handle("east")
    assert world.in_room("crossroads") == [] and world.in_room("tavern") == [second]
    world.disconnect(second)
    assert world.in_room("tavern") == []


def test_naming_nobody_in_a_crowded_world_stays_one_short_line(world):
    me = world.connect("alice")
    crowd(world, 50)
    me.flush()  # their arrivals
    answer = me.handle("tell zed hello")
    assert len(answer) == 1
    assert "No player called 'zed'" in answer[0].text and "and 41 more" in answer[0].text
    answer = me.handle("tell p hello")  # a start that fits 50 names
    assert "could be" in answer[0].text and "and 40 more" in answer[0].text


def test_gmcp_room_info_names_at_most_fifty_and_counts_everyone(world):
    from mud.server.clients.mudinfo import GMCP_PEOPLE, room_info
    people = crowd(world, 80)
    me = world.connect("alice")  # the last to come is still named: it is you
    info = room_info(me)
    assert info["count"] == 81 and len(info["people"]) == GMCP_PEOPLE + 1 and "alice" in info["people"]
    assert room_info(people[0])["people"] == [f"p{i:02d}" for i in range(GMCP_PEOPLE)]  # the first to come


def test_table_news_reaches_only_the_people_at_that_table(world):
    a, b, c = walked(world, "east", "alice", "bob", "carol")
    a.handle("sit")
    b.handle("sit 1")
    assert world.at_table(a.table) == [a, b]
    c.handle("west")
    assert c not in world.at_table(a.table)


def test_who_in_a_crowded_world_counts_each_room_and_names_a_few(world):
    from mud.world.crowd import WHO_ALL
    me = world.connect("alice")
    people = crowd(world, WHO_ALL + 10)
    for p in people[:3]:
        p.handle("east")
    answer = [line.text for line in me.handle("who") if "connected" in line.text or line.text.startswith("  ")]
    assert answer[0] == f"{WHO_ALL + 11} connected:"
    crossroads = next(t for t in answer if t.startswith("  the Crossroads:"))
    assert crossroads.startswith(f"  the Crossroads: {WHO_ALL + 8} -- alice (you), p59, p58,")
    assert crossroads.endswith(f"and {WHO_ALL + 8 - HERE_NAMES} others")
    assert "  the Tavern: 3 -- p02, p01, p00" in answer
    assert len(answer) < 10  # a few lines, whoever is online


# --- comings and goings of a crowded room, gathered until the clock's tick (issue 29) -----------
def arrivals(lines) -> list[str]:
    return [line.text for line in lines if line.kind == "arrive"]


def test_a_room_up_to_the_crowd_hears_each_arrival_at_once(world):
    me = world.connect("alice")
    me.flush()
    crowd(world, CROWD - 1)  # alice and CROWD - 1 others: the last arrival has CROWD to tell
    assert arrivals(me.flush()) == [f"p{i:02d} arrives." for i in range(CROWD - 1)]


def test_a_crowded_room_hears_its_arrivals_gathered_at_the_tick(world):
    me = world.connect("alice")
    crowd(world, CROWD)
    me.flush()
    late = crowd(world, 12, prefix="q")
    assert arrivals(me.flush()) == []  # nothing yet: they wait for the clock
    world.tick()
    latest = ", ".join(f"q{i:02d}" for i in range(12 - HERE_NAMES, 12))
    assert arrivals(me.flush()) == [f"{latest} and {12 - HERE_NAMES} others arrive."]
    assert arrivals(late[0].flush()) == []  # those who came are not told of themselves
    world.tick()
    assert arrivals(me.flush()) == []  # told once


def test_a_crowded_room_hears_who_left_or_walked_away_at_the_tick(world):
    me = world.connect("alice")
    people = crowd(world, CROWD + 3)
    world.tick()
    me.flush()
    people[0].handle("north")
    world.disconnect(people[1])
    world.tick()
    assert arrivals(me.flush()) == ["p00 and p01 leave."]
    world.connect("zed")
    world.tick()
    assert arrivals(me.flush()) == ["zed arrives."]


def test_names_said_lists_a_few_whole_and_counts_the_rest():
    assert str(names_said(["a"])) == "a"
    assert str(names_said(["a", "b"])) == "a and b"
    assert str(names_said(["a", "b", "c"])) == "a, b and c"
    many = [f"n{i}" for i in range(HERE_NAMES + 5)]
    assert str(names_said(many)) == f"{', '.join(many[-HERE_NAMES:])} and 5 others"
