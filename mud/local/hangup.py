"""A full-screen game whose terminal goes away ends, saved, within a second.

A terminal window closed (or a tmux session killed) under ``mud play`` does not always send the
game SIGHUP -- under ``make play`` the signal reaches make, not the game -- and a hung-up
terminal reads as an endless end of input, on which the TUI's input thread spins at most of a
core. :class:`TerminalWatch` notices either: SIGHUP (unless it was ignored on purpose, as under
``nohup``), or a terminal that no longer answers ``tcgetattr`` (EIO once hung up). It then asks
the app to exit, so the caller's ``finally`` saves; should the app not manage within
``GIVE_UP`` seconds, the process ends anyway (every move is in the store already).

Textual writes the screen from a thread of its own; a write to a hung-up terminal fails (EIO),
that thread dies, and the app's shutdown then waits for it forever. :func:`hangup_safe` gives a
driver class whose output swallows such failures, so the app can always finish.
"""

from __future__ import annotations

import os
import signal
import termios
import threading
from typing import Callable

POLL = 0.25  # seconds between looks at the terminal
GIVE_UP = 3.0  # seconds the app has to exit once the terminal is gone


def terminal_alive(fd: int) -> bool:
    try:
        termios.tcgetattr(fd)
        return True
    except (termios.error, OSError):
        return False


class _SafeOutput:
    """A terminal's output file whose writes fail quietly once the terminal is gone."""

    def __init__(self, file):
        self._file = file
        self.broken = False

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                return self._file.write(text)
            except (OSError, ValueError):
                self.broken = True
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self._file.flush()
            except (OSError, ValueError):
                self.broken = True

    def __getattr__(self, name):
        return getattr(self._file, name)


def hangup_safe(driver_class):
    """``driver_class`` with an output that survives a hung-up terminal (see the module's text)."""

    class HangupSafe(driver_class):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            if getattr(self, "_file", None) is not None:
                self._file = _SafeOutput(self._file)

    HangupSafe.__name__ = f"HangupSafe{driver_class.__name__}"
    return HangupSafe


class TerminalWatch:
    """Watch terminal ``fd``; call ``on_gone`` (from a thread of its own) once it has gone."""

    def __init__(self, fd: int, on_gone: Callable[[], None]):
        self.fd, self.on_gone = fd, on_gone
        self.hung = threading.Event()
        self.stopped = threading.Event()
        self.fired = False
        self._old_handler = None
        self._thread = threading.Thread(target=self._run, name="terminal-watch", daemon=True)

    def start(self) -> TerminalWatch:
        if threading.current_thread() is threading.main_thread() \
                and signal.getsignal(signal.SIGHUP) is not signal.SIG_IGN:  # nohup: keep ignoring it
            self._old_handler = signal.signal(signal.SIGHUP, lambda *_: self.hung.set())
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()
        self.hung.set()
        if self._old_handler is not None:
            signal.signal(signal.SIGHUP, self._old_handler)
            self._old_handler = None

    def _run(self) -> None:
        while not self.stopped.is_set():
            self.hung.wait(POLL)
            if self.stopped.is_set():
                return
            if self.hung.is_set() or not terminal_alive(self.fd):
                self.fired = True
                try:
                    self.on_gone()
                finally:
                    if not self.stopped.wait(GIVE_UP):
                        os._exit(1)  # the app could not end: every move is stored already
                return
