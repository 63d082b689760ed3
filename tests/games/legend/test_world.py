"""Quest for Legend in the world: the Harbour temple's tables start it (with its tournament and teams
options), its verbs exist only while seated (its `start` starts missions once the match is on),
`help legend` teaches it; the TUI over a world session draws its panels; over SSH and telnet a
player sits, starts and plays, seeing only their own hand."""

from __future__ import annotations

import asyncio

import pytest

from mud.server.telnet import front as telnet
from mud.server.core import Config, Server
from mud.tui.app import GameApp
from tests.telnet_clients import Client, log_in
from tests.mud.server.ssh.test_ssh import Tui
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.mud.world.test_world import joined, walked


def at_harbour(world, *names):
    return walked(world, "s", *names, each=True)


def test_the_harbour_temple_starts_quest_for_legend_and_its_verbs_come_and_go(world):
    (a,) = at_harbour(world, "alice")
    assert "Quest for Legend" in joined(a.handle("look"))
    for verb in ("hand", "undertake", "disturb", "draw"):
        err = a.handle(verb)
        assert err[-1].kind == "error" and "Unknown command" in err[-1].text, verb
    assert "Quest for Legend - heroes race" in joined(a.handle("help legend"))
    assert "You sit at table 1 (Quest for Legend)" in joined(a.handle("sit"))
    err = a.handle("start teams=on bots=2")
    assert err[-1].kind == "error" and "Teams need four players" in err[-1].text
    err = a.handle("start tournament=4")
    assert err[-1].kind == "error" and "tournament is one of" in err[-1].text
    assert world.tables[1].match is None
    out = joined(a.handle("start bots=3 seed=5 tournament=3 teams=on"))
    assert "Quest for Legend begins" in out and "a tournament of 3 games" in out and "teams alice and bot2" in out
    view = a.game_view()
    assert view["game"] == "legend" and view["games"] == 3 and view["teams"][0] == ["alice", "bot2"]
    assert "Hand:" in joined(a.handle("hand")) and "Score = done" in joined(a.handle("score"))
    assert "Draw " in joined(a.handle("piles")) and "round 1: alice" in joined(a.handle("table"))
    listed = joined(a.handle("commands"))
    assert all(f"{verb} " in listed for verb in ("undertake", "disturb", "start", "draw", "discard"))
    assert view["turn"] == "alice" or view["awaiting"] == ["alice"]
    err = a.handle("start nothing")
    assert err[-1].kind == "error" and "names no mission card in your hand" in err[-1].text  # the game's start
    a.handle("draw")
    assert a.game_view()["turn"] != "alice" or a.game_view()["phase"] == "discard"
    assert "a bot plays your seat" in joined(a.handle("leave"))
    err = a.handle("hand")
    assert err[-1].kind == "error" and "Unknown command" in err[-1].text


def test_two_players_at_one_table_see_only_their_own_hands(world):
    a, b = at_harbour(world, "alice", "bob")
    a.handle("sit")
    b.handle("sit")
    a.handle("start bots=0 seed=4")
    for s, other in ((a, b), (b, a)):
        view = s.game_view()
        assert view["me"]["name"] == s.name and "hands" not in view
        assert view["players"][other.name]["cards"] == 5


async def test_the_world_tui_draws_the_legend_panels_and_numbered_answers(world):
    ws = world.connect("alice")
    app = GameApp(ws)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "s")
        await type_line(pilot, "sit")
        await type_line(pilot, "start bots=3 seed=5")
        await pilot.pause()
        screen = "\n".join(screen_lines(app))
        assert "Quest for Legend: the table" in screen and "Your hand" in screen and "Hand: " in screen
        assert "Score = done - open - superseded" in screen
        assert app.hint_bar.choices and list(app.hint_bar.choices.values())[-1] == "draw"
        await pilot.press(list(app.hint_bar.choices)[-1])
        await pilot.pause()
        assert any("You draw" in line for line in app.log_widget.plain_lines)


@pytest.fixture
async def server(tmp_path, monkeypatch):
    monkeypatch.setattr(telnet, "NEGOTIATE_WAIT", 0.3)
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path)))
    await srv.start()
    yield srv
    await srv.stop()


async def test_over_ssh_the_tui_draws_the_table_and_hand(server):
    ann = await Tui.open(server.ports["ssh"], "ann")
    await ann.type("s", wait="The Harbour temple")
    await ann.type("sit", wait="You sit at table 1")
    await ann.type("start bots=3 seed=5", wait="Your hand")
    await ann.wait("Quest for Legend: the table")
    await ann.wait("Hand: ")
    await ann.wait("[1] ")
    ann.conn.close()


async def test_over_telnet_a_player_starts_and_gmcp_carries_only_their_view(server):
    cat = await Client.connect(server.ports["telnet"])
    await log_in(cat, "cat")
    cat.send("s")
    assert "The Harbour temple" in await cat.expect("> ")
    cat.send("sit")
    await cat.expect("> ")
    cat.send("start bots=2 seed=8")
    seen = await cat.expect(") > ")  # the prompt says what the game waits for
    assert "Quest for Legend begins" in seen and "Your hand:" in seen
    for _ in range(50):
        views = [v for v in cat.packages("Game.View") if v]
        if views and views[-1].get("prompt"):
            break
        await asyncio.sleep(0.02)
    view = views[-1]
    assert view["game"] == "legend" and view["me"]["name"] == "cat" and "hands" not in view
    cat.send("draw")
    assert "You draw " in await cat.expect("> ")
    cat.send("hand")
    assert "Hand: " in await cat.expect("> ")
    cat.close()
