"""Leaving `mud play` says goodbye on the terminal (issue 40, hand-play): after Ctrl+Q the full screen
went away with its last words, leaving the terminal blank. Now its last lines are printed once it is
gone, with the folder the games are kept in; plain mode ends with that folder too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.tmux_pane import TMUX, Pane

ROOT = Path(__file__).resolve().parents[3]


def test_plain_mode_ends_with_where_the_games_are_kept(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mud.cli", "play", "--plain", "--data", str(tmp_path), "--name",
                           "ann", "--seed", "7"], cwd=ROOT, input="quit\n", capture_output=True, text=True, timeout=120)
    said = done.stdout.splitlines()
    assert said[-2] == "Goodbye. Your game is saved: 'mud play' offers it again."
    assert said[-1] == f"Your games are kept in {tmp_path}."


@pytest.mark.skipif(TMUX is None, reason="needs tmux (apt-get install tmux)")
def test_ctrl_q_leaves_the_goodbye_and_the_folder_on_the_terminal(tmp_path):
    play = (f"cd {ROOT} && {sys.executable} -m mud.cli play --data {tmp_path} --name ann --seed 7 --new; "
            "echo mud play ended; sleep 60")
    pane = Pane(f"sh -c '{play}'")
    try:
        pane.wait_for("type a command", timeout=60)  # the full screen, at the game
        pane.keys("C-q")
        pane.wait_for("Quit this game?", timeout=60)
        pane.keys("y")
        screen = pane.wait_for("mud play ended", timeout=60)
        assert "Goodbye. Your game is saved: 'mud play' offers it again." in screen
        assert f"Your games are kept in {tmp_path}." in screen.replace("\n", "")  # (a long folder wraps)
    finally:
        pane.close()
