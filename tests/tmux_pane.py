"""A command in a real terminal for end-to-end tests: a tmux session of its own, typed into and read
from its screen (`mud play` at 80x24, TinTin++, the classic telnet). Tests skip when tmux is missing."""

from __future__ import annotations

import shutil
import subprocess
import time
import uuid

TMUX = shutil.which("tmux")


class Pane:
    """``command`` in a tmux window of ``size``; ``history``: rows of scrollback its screen includes."""

    def __init__(self, command: str, size: tuple[int, int] = (80, 24), history: int = 0) -> None:
        self.name = "mud-" + uuid.uuid4().hex[:8]
        self.history = history
        subprocess.run([TMUX, "new-session", "-d", "-s", self.name, "-x", str(size[0]), "-y", str(size[1]), command],
                       check=True)

    def keys(self, *keys: str) -> None:
        """Keys by tmux's names ("C-q", "Enter", "y")."""
        subprocess.run([TMUX, "send-keys", "-t", self.name, *keys], check=True)

    def type(self, text: str, pause: float = 0.4) -> None:
        """A line typed as it reads, then Enter, then a moment for the answer."""
        subprocess.run([TMUX, "send-keys", "-t", self.name, "-l", text], check=True)
        self.keys("Enter")
        time.sleep(pause)

    def screen(self) -> str:
        back = ["-S", f"-{self.history}"] if self.history else []
        return subprocess.run([TMUX, "capture-pane", "-p", *back, "-t", self.name], capture_output=True,
                              text=True).stdout

    def wait_for(self, text: str, timeout: float = 10) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([TMUX, "kill-session", "-t", self.name], capture_output=True)
