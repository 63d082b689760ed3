"""The toy game of tests/toygame plays on every surface -- command files, the TUI's default board,
telnet and SSH -- though nothing under mud/ names it: it is registered like any outside game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


from tests.tui_local import local_app
from tests.net_clients import RawClient
from tests.mud.server.ssh.test_ssh import Lines

import games

ROOT = Path(__file__).resolve().parents[2]
TOY = games.get("toy")


def test_mud_run_plays_a_whole_toy_game_and_replays_it():
    env = {**os.environ, "QUESTMUD_GAMES": "toy=tests.toygame", "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "mud.cli", "run", "--game", "toy", "--bots", "3", "--seed", "4"]
    runs = [subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60) for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    assert "right!" in runs[0].stdout and "Guess the number" in runs[0].stdout


async def test_the_tui_draws_the_toy_on_its_default_board():
    app = local_app("toy", "ann", 2, 4)
    table = app.table
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        top = str(app.main_box.render()) + str(app.side_box.render())
        assert "Toy:" in top and "ann" in top
        assert "Your secret number" in top  # her own hidden fact, on her own screen only
        assert f"Your secret number: {table.view('ann')['mine']}" in top
        await pilot.press(*"guess bot1 1", "enter")
        await pilot.pause()
        assert any("guess" in line for line in app.log_widget.plain_lines)
        assert table.log and table.log[0][0] == "ann"


async def test_the_toy_over_telnet_and_ssh_at_one_table(server, monkeypatch):
    # The toy brings its own room, the Cellar, down a stair from the Crossroads: registering it
    # (tests/contract/conftest.py) is all it took.
    telnet = await RawClient.connect(server.ports["telnet"])
    await telnet.login("tina")
    await telnet.expect("> ")
    assert "A low vault under the Crossroads" in await telnet.command("down")
    assert "You sit at table" in await telnet.command("sit")
    lines, _ = await Lines.open(server.ports["ssh"], "sam")
    await lines.cmd("down")
    assert "You sit at table" in await lines.cmd("sit")
    out = await telnet.command("start bots=0 seed=4", r"\(your turn\) > ")
    assert "Guess the number" in out
    out = await telnet.command("guess sam 3")
    assert "tina guesses" in out
    seen = await lines.read()
    while "tina guesses" not in seen:
        seen += await lines.read()
    assert "Your secret number is" in seen  # sam's own number, told to sam
    bad = await lines.cmd("guess nobody 3")
    assert "No player called 'nobody'" in bad
    telnet.close()
