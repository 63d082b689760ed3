"""A TUI whose terminal closes saves and exits within a second (issue 16, item 10): with SIGHUP,
and without it (under ``make play`` the signal reaches make; the game only sees a hung-up
terminal, an endless end of input)."""

from __future__ import annotations

import os
import pty
import select
import signal
import sys
import time

import pytest

from tests.net_clients import ROOT


def play_in_a_pty(data: str, ignore_hup: bool) -> tuple[int, int]:
    """``mud play`` on a new pseudo-terminal: (its pid, the terminal's master side)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: a session of its own, the pty as its controlling terminal
        try:
            if ignore_hup:
                signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup: only the terminal tells
            os.chdir(ROOT)
            os.environ.update(TERM="xterm-256color", QUESTMUD_DATA=data, COLUMNS="100", LINES="30")
            os.execv(sys.executable, [sys.executable, "-m", "mud.cli", "play", "tenx", "--players", "2",
                                      "--seed", "3", "--new"])
        finally:
            os._exit(127)
    return pid, fd


def wait_for_screen(fd: int, timeout: float = 20.0) -> bytes:
    seen, end = b"", time.monotonic() + timeout
    while time.monotonic() < end and b"Tavern" not in seen and len(seen) < 8000:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


@pytest.mark.parametrize("ignore_hup", [False, True], ids=["SIGHUP", "end of input only"])
def test_a_closed_terminal_ends_the_tui_saved_within_a_second(tmp_path, ignore_hup):
    data = str(tmp_path)
    pid, fd = play_in_a_pty(data, ignore_hup)
    try:
        assert wait_for_screen(fd), "the TUI never drew"
        time.sleep(0.3)
        start = time.monotonic()
        os.close(fd)  # the terminal window closes
        status = None
        while time.monotonic() - start < 5:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.02)
        took = time.monotonic() - start
        assert status is not None and done, "mud play is still running"
        # about 0.2 s on an idle machine; the margin is for a machine busy with other tests
        assert took < 2.0, f"{took:.2f} s"
        assert os.WIFEXITED(status), "killed by a signal: nothing was saved"
        files = sorted(os.listdir(data))
        assert "local.db" in files and "local.db-wal" not in files, files  # the store was closed
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
