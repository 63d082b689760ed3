"""Leaving `mud play` says goodbye on the terminal (issue 40, hand-play): after Ctrl+Q the full screen
went away with its last words, leaving the terminal blank. Now its last lines are printed once it is
gone, with the folder the games are kept in; plain mode ends with that folder too."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TMUX = shutil.which("tmux")


def test_plain_mode_ends_with_where_the_games_are_kept(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mud.cli", "play", "--plain", "--data", str(tmp_path), "--name",
                           "ann", "--seed", "7"], cwd=ROOT, input="quit\n", capture_output=True, text=True, timeout=120)
    said = done.stdout.splitlines()
    assert said[-2] == "Goodbye. Your game is saved: 'mud play' offers it again."
    assert said[-1] == f"Your games are kept in {tmp_path}."


class Pane:
    """A command in a tmux window of 80x24, read as its screen shows it."""

    def __init__(self, command: str) -> None:
        self.name = "goodbye-" + uuid.uuid4().hex[:8]
        subprocess.run([TMUX, "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", command], check=True)

    def keys(self, *keys: str) -> None:
        subprocess.run([TMUX, "send-keys", "-t", self.name, *keys], check=True)

    def screen(self) -> str:
        return subprocess.run([TMUX, "capture-pane", "-p", "-t", self.name], capture_output=True, text=True).stdout

    def wait_for(self, text: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([TMUX, "kill-session", "-t", self.name], capture_output=True)


@pytest.mark.skipif(TMUX is None, reason="needs tmux (apt-get install tmux)")
def test_ctrl_q_leaves_the_goodbye_and_the_folder_on_the_terminal(tmp_path):
    play = (f"cd {ROOT} && {sys.executable} -m mud.cli play --data {tmp_path} --name ann --seed 7 --new; "
            "echo mud play ended; sleep 60")
    pane = Pane(f"sh -c '{play}'")
    try:
        pane.wait_for("type a command")  # the full screen, at the game
        pane.keys("C-q")
        pane.wait_for("Quit this game?")
        pane.keys("y")
        screen = pane.wait_for("mud play ended")
        assert "Goodbye. Your game is saved: 'mud play' offers it again." in screen
        assert f"Your games are kept in {tmp_path}." in screen.replace("\n", "")  # (a long folder wraps)
    finally:
        pane.close()
