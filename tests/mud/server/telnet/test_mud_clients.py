"""End to end with real MUD clients in a terminal (tmux): TinTin++ and the classic `telnet`.

Skipped when a client or tmux is not installed (`.ci/run` installs them with apt-get).
"""

from __future__ import annotations

import os
import shutil
import time

import pytest

from tests.net_clients import ServerProcess
from tests.tmux_pane import TMUX, Pane

TINTIN = shutil.which("tt++") or shutil.which("tt++", path="/usr/games")
TELNET = shutil.which("telnet")


def enter(pane: Pane, timeout: float = 10) -> None:
    """After the password: answer the language question (1, English) if it is asked -- an account
    with none on record, issue 43; an SSH client that sends LANG is not asked -- then the room."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = pane.screen()
        if "Lingua (" in screen:
            pane.type("1")
            break
        if "The Crossroads" in screen:
            return
        time.sleep(0.2)
    pane.wait_for("The Crossroads")


def play_a_few_turns(pane: Pane, name: str) -> None:
    pane.wait_for("Name:")
    pane.type(name)
    pane.wait_for("Password")
    pane.type("secret1")
    pane.type("secret1")
    enter(pane)
    pane.type("north")
    pane.wait_for("The Labyrinth gate")
    pane.type("sit")
    pane.type("start bots=2 seed=12 rules=basic", pause=1.0)
    pane.wait_for("You wake up on")
    pane.wait_for("It is your turn")
    pane.type("peek")
    pane.wait_for("You roll")
    pane.type("stop")
    pane.type("score")
    pane.wait_for("vassal")


@pytest.mark.skipif(not (TMUX and TINTIN), reason="needs tmux and TinTin++ (apt-get install tmux tintin++)")
def test_tintin_plays_quest(tmp_path):
    server = ServerProcess(str(tmp_path), "--turn-time", "0").start()
    pane = Pane(f"{TINTIN} -G", size=(100, 40), history=200)
    try:
        time.sleep(0.5)
        pane.type(f"#session mud 127.0.0.1 {server.telnet_port}")
        play_a_few_turns(pane, "tina")
        pane.type("quit")
        pane.wait_for("Goodbye")
    finally:
        pane.close()
        server.stop()


@pytest.mark.skipif(not (TMUX and TELNET), reason="needs tmux and telnet")
def test_telnet_client_plays_quest(tmp_path):
    server = ServerProcess(str(tmp_path), "--turn-time", "0").start()
    pane = Pane(f"{TELNET} 127.0.0.1 {server.telnet_port}", size=(100, 40), history=200)
    try:
        play_a_few_turns(pane, "terry")
        screen = pane.screen()
        assert "\x1b" not in screen and "Traceback" not in screen
    finally:
        pane.close()
        server.stop()
    assert os.path.exists(tmp_path / "questmud.db")


SSH = shutil.which("ssh")


@pytest.mark.skipif(not (TMUX and SSH), reason="needs tmux and OpenSSH's ssh")
def test_openssh_without_a_pty_gets_the_line_interface(tmp_path):
    server = ServerProcess(str(tmp_path), "--turn-time", "0", ssh=True).start()
    pane = Pane(f"{SSH} -T -p {server.ssh_port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
                "-o PreferredAuthentications=password,keyboard-interactive -o PubkeyAuthentication=no "
                "sam@127.0.0.1; sleep 30")  # the pane stays after ssh ends, to be read
    try:
        pane.wait_for("assword")
        pane.type("secret1")
        enter(pane)
        pane.type("north")
        pane.wait_for("The Labyrinth gate")
        pane.type("sit")
        pane.type("start bots=1 seed=4 rules=basic", pause=1.0)
        pane.wait_for("You wake up on")
        pane.type("quit")
        pane.wait_for("Goodbye")
    finally:
        pane.close()
        server.stop()
