"""10x in the world: the Tavern's tables start 10x matches (with its own start options), its verbs
exist only while seated, `help tenx` teaches it; the TUI over a world session (what SSH serves) draws
its panels; over SSH and telnet a player sits, starts and plays -- seeing only their own hand."""

from __future__ import annotations

import asyncio

import pytest

from mud.server.telnet import front as telnet
from mud.server.core import Config, Server
from mud.tui.app import GameApp
from tests.telnet_clients import Client, log_in
from tests.mud.server.ssh.test_ssh import Tui
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.mud.world.test_world import joined, texts, walked


def at_tavern(world, *names):
    return walked(world, "e", *names, each=True)


def test_the_tavern_starts_10x_with_its_variant_and_its_verbs_come_and_go(world):
    (a,) = at_tavern(world, "alice")
    assert "10x" in joined(a.handle("look"))
    for verb in ("hand", "draw", "declare"):
        err = a.handle(verb)
        assert err[-1].kind == "error" and "Unknown command" in err[-1].text, verb  # not seated yet
    assert "10x - the highest card takes the point" in joined(a.handle("help tenx"))
    assert "You sit at table 1 (10x)" in joined(a.handle("sit"))
    err = a.handle("start variant=wild")
    assert err[-1].kind == "error" and "variant is one of: hardcore" in err[-1].text
    err = a.handle("start rules=basic")
    assert err[-1].kind == "error" and "Options: bots, seed, level, variant" in err[-1].text
    err = a.handle("start frobs")
    assert "Try: start bots=2 variant=hardcore seed=7." in err[-1].text
    err = a.handle("start variant=critical,wild")
    assert err[-1].kind == "error" and "variant is one of" in err[-1].text
    assert world.tables[1].match is None  # nothing started by a bad option

    out = joined(a.handle("start bots=3 seed=5 variant=hardcore"))
    assert "A game of 10x begins" in out and "Variants: critical" in out
    view = a.game_view()
    assert view["game"] == "tenx" and len(view["order"]) == 4 and "single" in view["variants"]
    assert world.tables[1].match.seed == 5
    assert a.status()["game"] == "tenx" and a.status()["status"].startswith("10x round 1")
    b = world.connect("bob")
    b.greeting()
    b.handle("e")
    b.handle("sit")
    b.handle("start bots=1 seed=2 variant=critical,pure10")  # several variants by name
    assert b.game_view()["variants"] == ["critical", "pure10"]
    assert "Numbered:" in joined(a.handle("hand")) and "Common quests" in joined(a.handle("quests"))
    assert "* at 7, end 10" in joined(a.handle("score"))
    assert "'help tenx' tells how to play" in joined(a.handle("help"))
    listed = joined(a.handle("commands"))
    assert all(f"{verb} " in listed for verb in ("play", "draw", "discard", "mask", "bonus", "declare"))
    label, command = view["prompt"]["choices"][1]  # [0] is Pass
    assert command.startswith("play ")
    assert f"You place {label} face down." in joined(a.handle(command))
    err = a.handle("declare")
    assert err[-1].kind == "error" and "You may declare from 7 points" in err[-1].text

    assert "a bot plays your seat" in joined(a.handle("leave"))
    err = a.handle("hand")
    assert err[-1].kind == "error" and "Unknown command" in err[-1].text  # the verbs went with the seat


def test_an_option_the_game_itself_refuses_starts_nothing(world):
    a = world.connect("alice")
    a.greeting()
    a.handle("n")
    a.handle("sit")
    err = a.handle("start rules=basic,full")  # each word a rule set, together none: Quest says so
    assert [line.kind for line in err] == ["error"] and "rules is one of" in err[0].text
    assert world.tables[1].match is None


def test_two_players_at_one_10x_table_see_only_their_own_hands(world):
    a, b = at_tavern(world, "alice", "bob")
    a.handle("sit")
    b.handle("sit")
    a.handle("start bots=1 seed=4")
    for s in (a, b):
        s.flush()
    hands = {s.name: texts(s.handle("hand"))[0] for s in (a, b)}
    for s, other in ((a, b), (b, a)):
        view = s.game_view()
        assert view["me"]["name"] == s.name and "hands" not in view
        assert view["players"][other.name]["cards"] == 7  # of the other hand: only how many
    a.handle(a.game_view()["prompt"]["choices"][1][1])
    assert "alice has chosen." in joined(b.flush())  # that she chose, not what
    seen_b = joined(b.handle(b.game_view()["prompt"]["choices"][1][1]))
    seen_a = joined(a.flush())
    assert "The cards are revealed" in seen_a and "The cards are revealed" in seen_b
    assert hands["alice"] not in seen_b and hands["bob"] not in seen_a


# --- the TUI on a world session (as SSH serves it) -----------------------------------------------------

async def test_the_world_tui_draws_10x_panels_at_the_tavern_and_the_room_again_after(world):
    ws = world.connect("alice")
    app = GameApp(ws)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "e")
        await type_line(pilot, "sit")
        assert "Table 1: open, seated" in "\n".join(screen_lines(app))
        await type_line(pilot, "start bots=3 seed=5")
        await pilot.pause()
        screen = "\n".join(screen_lines(app))
        assert "10x: the table" in screen and "Your hand" in screen and "Numbered:" in screen
        assert "Round 1 (place)." in screen and screen_lines(app)[0].startswith(" 10x round 1")
        assert app.hint_bar.choices and app.hint_bar.choices["0"] == "pass"
        await pilot.press("1")
        await pilot.pause()
        assert any(line.startswith("You place ") for line in app.log_widget.plain_lines)
        await type_line(pilot, "leave")
        await pilot.pause()
        screen = "\n".join(screen_lines(app))
        assert "Your hand" not in screen and "The Tavern" in screen  # back to the room's panels


# --- over the network ---------------------------------------------------------------------------------

@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setattr(telnet, "NEGOTIATE_WAIT", 0.3)
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path)))
    await srv.start()
    yield srv
    await srv.stop()


async def test_over_ssh_the_tui_draws_the_10x_table_and_hand(server):
    ann = await Tui.open(server.ports["ssh"], "ann")
    await ann.type("e", wait="The Tavern")
    await ann.type("sit", wait="You sit at table 1")
    await ann.type("start bots=3 seed=5", wait="Your hand")
    await ann.wait("10x: the table")
    await ann.wait("Numbered:")
    await ann.wait("[1] ")
    ann.chan.write(b"1")
    await ann.wait("You place ")
    ann.conn.close()


async def test_over_telnet_a_player_starts_10x_and_gmcp_carries_only_their_view(server):
    cat = await Client.connect(server.ports["telnet"])
    await log_in(cat, "cat")
    cat.send("e")
    assert "The Tavern" in await cat.expect("> ")
    cat.send("sit")
    await cat.expect("> ")
    cat.send("start bots=2 seed=8")
    seen = await cat.expect("(play or pass, 0-")  # the prompt says what the game waits for
    seen += await cat.expect(") > ")
    assert "A game of 10x begins" in seen and "Your hand:" in seen
    for _ in range(50):
        views = [v for v in cat.packages("Game.View") if v]
        if views and views[-1].get("prompt"):
            break
        await asyncio.sleep(0.02)
    view = views[-1]
    assert view["game"] == "tenx" and view["me"]["name"] == "cat" and "hands" not in view
    command = view["prompt"]["choices"][0][1]
    cat.send(command)
    assert "You place " in await cat.expect("> ")
    cat.send("hand")
    assert "Numbered:" in await cat.expect("> ")
    cat.close()


def test_leave_gets_up_from_any_table_and_quest_keeps_its_own_leave(world):
    a = world.connect("alice")
    a.greeting()
    a.handle("e")
    a.handle("sit")
    a.handle("start bots=1")
    got = a.handle("leave the table")
    assert got[-1].kind == "info" and "You get up from table" in got[-1].text
    b = world.connect("bobby")
    b.greeting()
    b.handle("n")
    b.handle("sit")
    b.handle("start bots=1")
    wrong = b.handle("leave opne")  # Quest's own leave explains itself
    assert wrong[-1].kind == "error" and "leave open|closed" in wrong[-1].text
    assert b.handle("leave table")[-1].text.startswith("You get up from table")


def test_a_watcher_reads_what_the_players_do_not_their_instructions(world):
    """Issue 40, item 18: a watcher at a 10x table read "Place a card face down ('play <card>') or
    'pass'." each round, as if asked."""
    a, carol = at_tavern(world, "alice", "carol")
    a.handle("sit")
    a.handle("start bots=2 seed=4")
    carol.handle("watch 1")
    seen, hers = [], []
    for _ in range(20):  # alice answers, until a round later the placement opens again for carol to see
        asked = a.asked()
        hers += texts(a.handle(asked["choices"][0][1] if asked and asked["choices"] else "pass"))
        seen += texts(carol.flush())
        if any(line.startswith("Each player places") for line in seen):
            break
    assert not any("Place a card" in line for line in seen), seen
    assert any(line.startswith("Each player places a card face down") for line in seen), seen
    assert any("Place a card face down" in line for line in hers + texts(a.flush()))
