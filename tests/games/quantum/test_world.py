"""Quantum in the world, over telnet: up the stair to the Observatory, sit, start, read the help,
play the set-up and a turn against a bot, read the map; a map file is refused on the server."""

from __future__ import annotations


from tests.net_clients import RawClient

TURN = r"\((your turn|[^)]*)\) > "  # the prompt names what the game waits for


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


async def _until(lines, text: str) -> str:
    seen = ""
    while text not in seen:
        seen += await lines.read()
    return seen


async def test_a_second_player_joins_over_ssh_and_both_play_at_one_table(server):
    from tests.mud.server.ssh.test_ssh import Lines
    telnet = await RawClient.connect(server.ports["telnet"])
    await telnet.login("tina")
    await telnet.expect("> ")
    await telnet.command("up")
    await telnet.command("sit")
    lines, _ = await Lines.open(server.ports["ssh"], "sam")
    await lines.cmd("up")
    assert "You sit at table" in await lines.cmd("sit")
    await telnet.command("start bots=0 seed=3", TURN)
    await _until(lines, "sam rolls 3, 1, 3 (total 7)")
    assert "sam keeps" in await lines.cmd("keep")
    await telnet.command("keep")
    await _until(lines, "Choose your starting planet")  # sam's 7 is lower than tina's 9
    assert "sam starts at planet e2" in await lines.cmd("home e2")
    assert "tina starts at planet e8" in await telnet.command("home e8", "tina starts at planet e8")
    await _until(lines, "tina starts at planet e8")
    board = await lines.cmd("map")
    assert "*S sam (you)" in board and "T tina" in board  # * whose turn it is
    assert " 1  .   .   .   .   S3  ." in board and "(9)  S1  ." in board  # d2 left empty by default
    assert "sam's research: 2 (research)." in await lines.cmd("research")
    assert "It is sam's turn." in await telnet.command("research", "It is sam's turn.")
    telnet.close()
