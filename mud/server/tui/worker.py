"""A TUI worker process: Textual apps for SSH sessions whose world is in another process.

Started by :mod:`mud.server.tui.workers` as ``python -m mud.server.tui.worker FD PARENT_PID [LOG_DIR]``
with one end of a socket pair. Each session it is sent runs a
:class:`~mud.server.tui.driver.ServedApp`, exactly the app the server runs in its own process,
with a :class:`RemoteLink` for its world session (the same link interface as in process) and a :class:`Pipe` for its SSH channel. The worker
ends when the world's end of the socket closes (the server stopped, or died: the kernel closes it),
and Linux kills it with its parent in any case.
"""

from __future__ import annotations

import asyncio
import ctypes
import itertools
import logging
import logging.handlers
import os
import signal
import socket
import sys

from mud.server.upkeep import collector
from mud.server.upkeep.files import FORMAT, LOG_FILE, SafeFormatter
from mud.server.clients.lines import Throttle
from mud.server.tui.driver import ServedApp, run_served
from mud.server.tui.workers import Outbox, receive
from mud.tui.link import Link
from mud.world.session import MAX_PENDING
from mud.world.snapshot import Snapshot

log = logging.getLogger("questmud.workers")


class RemoteLink(Link):
    """The app's link (mud/tui/link.py) to a WorldSession in the world process.

    Each answer and each batch of news arrives as one snapshot, pickled once; a typed line is sent
    to the world once (``submit``) and its snapshot given to a callback when it comes back, on the
    app's own task; ``complete`` returns a future. Nothing here waits for the world."""

    surface = "ssh"

    def __init__(self, worker: "Worker", sid: int, name: str, greeting: Snapshot) -> None:
        self.worker, self.sid, self.name = worker, sid, name
        self.fold = True
        self.wake = None  # the app's (listen)
        self.call = None  # the app's call_later: answers are handled on the app's task
        self._greeting = greeting
        self._last = greeting.with_lines([])  # the state last received
        self._lines: list = []
        self._asked: dict[int, object] = {}
        self._ids = itertools.count(1)

    @property
    def closed(self) -> bool:
        return self._last.closed

    @property
    def lang(self) -> str:
        """The language the player reads, as the world's last snapshot said it ('language it' comes
        back with the answer that set it)."""
        return self._last.lang

    def _got(self, snap: Snapshot) -> Snapshot:
        """A snapshot received: its state (as last received when it left it out) kept."""
        snap = snap.filled(self._last)
        self._last = snap.with_lines([])
        return snap

    # --- what the app asks ----------------------------------------------------------------------
    def listen(self, wake) -> None:
        self.wake = wake

    def greeting(self) -> Snapshot:
        greeting, self._greeting = self._greeting, None
        return (greeting or self._last).with_lines((greeting.lines if greeting else []) + self.flush())

    def news(self) -> Snapshot:
        return self._last.with_lines(self.flush())

    def flush(self) -> list:
        lines, self._lines = self._lines, []
        return lines

    def submit(self, line, typed_at, then, panels=(), confirm=()) -> None:
        """Send a typed line to the world; ``then(snapshot)`` runs when its answer is back."""
        ask = next(self._ids)
        self._asked[ask] = then
        self.worker.send(("cmd", self.sid, ask, line, typed_at, tuple(panels), tuple(confirm)))

    def complete(self, text: str) -> asyncio.Future:
        ask = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._asked[ask] = future
        self.worker.send(("complete", self.sid, ask, text))
        return future

    # --- what the world sends -------------------------------------------------------------------
    def news_came(self, snap: Snapshot) -> None:
        snap = self._got(snap)
        self._lines += snap.lines
        if len(self._lines) > MAX_PENDING:  # an app that does not keep up keeps the newest, as a session does
            del self._lines[: len(self._lines) - MAX_PENDING]
        if self.wake is not None:
            self.wake()

    def answered(self, ask: int, snap: Snapshot) -> None:
        snap = self._got(snap)
        then = self._asked.pop(ask, None)
        if then is not None and self.call is not None:  # news not drawn yet comes first, as from a session
            self.call(lambda: then(snap.with_lines(self.flush() + snap.lines)))

    def completed(self, ask: int, candidates: list) -> None:
        future = self._asked.pop(ask, None)
        if future is not None and not future.done():
            future.set_result(candidates)


class Pipe:
    """The SSH channel of one session as its driver sees it (textual_driver.Terminal)."""

    def __init__(self, worker: "Worker", sid: int, size: tuple[int, int]) -> None:
        self.worker, self.sid, self.size = worker, sid, size
        self.driver = None

    def send(self, data: bytes) -> None:
        self.worker.send(("out", self.sid, data))

    def backlog(self) -> int:
        return 0  # the world holds the channel: it says hold and release

    def pause_reading(self) -> None:
        self.worker.send(("pause", self.sid))

    def resume_reading(self) -> None:
        self.worker.send(("resume", self.sid))


class Worker:
    """This process: its sessions, and the socket to the world."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.outbox = Outbox(writer)
        self.apps: dict[int, tuple[ServedApp, RemoteLink, Pipe]] = {}
        self.tasks: set[asyncio.Task] = set()

    def send(self, message) -> None:
        self.outbox.put(message)

    def handle(self, kind: str, sid: int, args: list) -> None:
        if kind == "open":
            self.open(sid, args[0])
            return
        found = self.apps.get(sid)
        if found is None:
            return
        app, link, pipe = found
        driver = pipe.driver
        if kind == "in":
            if driver is not None:
                driver.feed(args[0])
        elif kind == "size":
            pipe.size = args[0]
            if driver is not None:
                driver.resize(*args[0])
        elif kind == "hold":
            if driver is not None:
                driver.hold()
        elif kind == "release":
            if driver is not None:
                driver.release()
        elif kind == "news":
            link.news_came(*args)
        elif kind == "answer":
            link.answered(*args)
        elif kind == "completed":
            link.completed(*args)
        elif kind == "exit":
            app.exit(0)

    def open(self, sid: int, o: dict) -> None:
        link = RemoteLink(self, sid, o["name"], o["greeting"])
        pipe = Pipe(self, sid, o["size"])
        app = ServedApp(link, pipe, term_type=o["term"], colorterm=o["colorterm"],
                        allow=Throttle(o["rate"], o["burst"]).allow, max_line=o["max_line"], intro=o["intro"])
        link.call = app.call_later
        self.apps[sid] = (app, link, pipe)
        task = asyncio.get_running_loop().create_task(self.run(sid, app, pipe))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def run(self, sid: int, app: ServedApp, pipe: Pipe) -> None:
        try:
            await run_served(app, pipe.size)
        finally:
            self.apps.pop(sid, None)
            self.send(("done", sid, app.return_code or 0, app.farewell))
            collector.ended(still_open=len(self.apps))  # (its TUI, frozen, is looked for in time)


async def serve(sock: socket.socket) -> None:
    reader, writer = await asyncio.open_connection(sock=sock)
    worker = Worker(writer)
    loop = asyncio.get_running_loop()
    collector.tune(loop.call_soon_threadsafe, loop.call_later)
    worker.send(("ready",))
    try:
        while True:
            kind, *rest = await receive(reader)
            sid, args = (rest[0], rest[1:]) if rest else (0, [])
            try:
                worker.handle(kind, sid, args)
            except Exception:
                log.exception("the worker's %s for session %s failed", kind, sid)
    except (asyncio.IncompleteReadError, ConnectionError, OSError):
        pass
    os._exit(0)  # the world is gone or stopped, and the apps still open have nobody to draw for


def _die_with(parent: int) -> None:
    """Be killed when the world process dies, however it dies (Linux); else the socket's end does."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass
    if os.getppid() != parent:  # it died before that was set
        os._exit(0)


def _log_to(folder: str) -> None:
    if not folder:
        logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
        return
    handler = logging.handlers.WatchedFileHandler(os.path.join(folder, LOG_FILE), encoding="utf-8")
    handler.setFormatter(SafeFormatter(FORMAT.replace("%(name)s", f"%(name)s[worker {os.getpid()}]")))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def main(argv: list[str]) -> None:
    fd, parent = int(argv[0]), int(argv[1])
    _die_with(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops us
    _log_to(argv[2] if len(argv) > 2 else "")
    try:
        asyncio.run(serve(socket.socket(fileno=fd)))
    finally:
        os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
