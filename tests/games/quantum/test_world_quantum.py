"""Quantum in the world, over telnet: up the stair to the Observatory, sit, start, read the help,
play the set-up and a turn against a bot, read the map; a map file is refused on the server."""

from __future__ import annotations

import pytest

from mud.server.core import Config, Server
from tests.net_clients import RawClient

TURN = r"\(your turn\) > "


@pytest.fixture
async def server(tmp_path):
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path)))
    await srv.start()
    yield srv
    await srv.stop()


async def test_a_new_player_plays_quantum_at_the_observatory_over_telnet(server):
    telnet = await RawClient.connect(server.ports["telnet"])
    await telnet.login("tina")
    await telnet.expect("> ")
    assert "Quantum" in await telnet.command("up")
    assert "You sit at table" in await telnet.command("sit")
    refused = await telnet.command("start bots=1 seed=3 map=my.map")
    assert "a map file can be used in local play only" in refused
    out = await telnet.command("start bots=1 seed=3", TURN)
    assert "A game of Quantum begins" in out and "tina rolls 6, 1, 2 (total 9)" in out
    assert "dice are ships" in await telnet.command("help quantum")
    out = await telnet.command("keep", TURN)
    assert "bot1 has the lowest total" in out and "bot1 starts at planet e2" in out
    out = await telnet.command("home e8 e9", TURN, timeout=20)
    assert "tina starts at planet e8" in out and "Round 1: bot1's turn" in out
    board = await telnet.command("map")
    assert " 8  .  (10) .   T2 (9)  T1  .  (8)  ." in board
    assert "Planets" in board and "T tina (you)" in board
    out = await telnet.command("move 6 to e5")
    assert "tina moves the 6 from e7 to e5" in out
    bad = await telnet.command("move 6 to a1")
    assert "already moved this turn" in bad
    out = await telnet.command("end", TURN, timeout=20)
    assert "tina ends the turn" in out and "Round 2: bot1's turn" in out
    telnet.close()
