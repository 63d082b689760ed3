"""SSH TUI sessions drawn in worker processes, the world kept in one (``mud serve --tui-workers N``).

A served TUI costs its process milliseconds of Textual drawing per line it shows; one process holds
about a hundred in a chatty room, and no more however many cores the machine has. So the drawing
moves out: the world process keeps everything that is the world's -- the SSH connection (crypto,
login), the player's :class:`mud.world.session.WorldSession`, the idle clock -- and one of N worker
processes (:mod:`mud.server.tui.worker`) runs the player's :class:`~mud.server.tui.driver.ServedApp`.
Between the two, over one socket per worker, go:

* to the worker: the channel's bytes as typed, window sizes, flow control (``hold``/``release``
  when the channel's buffer passes ssh_session.WRITE_HIGH / falls to WRITE_LOW), and for each command and
  each batch of news one :class:`mud.world.snapshot.Snapshot` -- the very object the app's link hands
  it in this process (mud/tui/link.py), taken once (one view built) and pickled once, in its message;
  news of lines alone leaves out the state the worker has already;
* to the world: the frames to write to the channel, each command typed (once, with the panels the
  board draws itself and the verbs the app confirms first; answered asynchronously: the worker's
  loop never waits on the world), Tab completions asked, the app's end and last words.

So one command crosses the boundary once each way: ``cmd`` there, ``answer`` back (the keys that
typed it and the frames that draw it go as they must, ``in`` and ``out``).

The world-side stand-in for the app is :class:`RemoteTui`: it is both the SSH session's ``app``
(``wake``, ``exit``) and its ``driver`` (``feed``, ``resize``, ``hold``, ``release``), so
mud/server/ssh/front.py drives it as it drives an app of its own. A worker that dies closes its players'
sessions with a line (they log in again and get a live worker; a new one is started in its place);
workers end when the server stops, and when the world process dies however it dies (the socket's
EOF, and Linux's parent-death signal).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import pickle
import socket
import struct
import subprocess
import sys
import time

from mud.world.snapshot import Snapshot, take

log = logging.getLogger("questmud.workers")

HEADER = struct.Struct("!I")
MAX_MESSAGE = 64 * 1024 * 1024  # a message claiming more than this means the stream is broken
START_WAIT = 60.0  # seconds a new worker has to say it is ready
# what ChannelDriver.stop_application_mode sends: mouse and paste off, wrap and cursor on, main screen
LEAVE_SCREEN = b"\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[?2004l\x1b[?7h\x1b[?25h\x1b[?1049l"
BEHIND = 1024 * 1024  # bytes written to a worker and not yet read, past which news waits ...
NEWS_RETRY = 0.05  # ... and is tried again this many seconds later
STOP_GRACE = 2.0  # seconds the TUIs of a stopping server have to show their last words


def pack(message) -> bytes:
    """One message on the wire: its length, then its pickle (both ends are this program)."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


class Outbox:
    """Messages to one socket, written together once per turn of the loop: a line said in a room
    is news for every TUI there, and one system call for all of them costs far less than one each."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self._queued: list[bytes] = []

    def put(self, message) -> None:
        if not self._queued:
            asyncio.get_running_loop().call_soon(self.flush)
        self._queued.append(pack(message))

    def flush(self) -> None:
        queued, self._queued = self._queued, []
        if queued and not self.writer.is_closing():
            self.writer.write(b"".join(queued))

    def unread(self) -> int:
        """Bytes written and not yet taken by the other end."""
        return self.writer.transport.get_write_buffer_size() + sum(map(len, self._queued))


async def receive(reader: asyncio.StreamReader):
    """The next message; raises asyncio.IncompleteReadError at the end of the stream."""
    size, = HEADER.unpack(await reader.readexactly(HEADER.size))
    if size > MAX_MESSAGE:
        raise ConnectionError(f"a message of {size} bytes")
    return pickle.loads(await reader.readexactly(size))


def default_count(cpus: int | None = None) -> int:
    """Workers when ``--tui-workers`` is not given: none on a machine of 1-2 cores (the world needs
    one, and the pipe costs more than it gives there), else one per core but the world's."""
    cpus = cpus or os.cpu_count() or 1
    return 0 if cpus <= 2 else cpus - 1


class RemoteTui:
    """The world's side of one TUI drawn in a worker: the SSH session's app and driver."""

    def __init__(self, worker: "Worker", sid: int, session) -> None:
        self.worker, self.sid, self.session = worker, sid, session
        self.ws = session.ws
        self.ws.fold = True  # as the app sets on a session of its own
        self.farewell: list = []  # the app's last lines (sent with its end)
        self.return_code = 0
        self.finished = asyncio.get_running_loop().create_future()
        self._news_due: asyncio.Handle | None = None  # the news to send once the turn is over
        self._sent: Snapshot | None = None  # the state the worker was last sent

    def open(self, colorterm: str, intro: list) -> None:
        limits = self.session.server.limits
        self.send("open", {"name": self.ws.name, "term": self.session.term, "colorterm": colorterm,
                           "size": self.session.size, "rate": limits.rate, "burst": limits.burst,
                           "max_line": limits.max_line, "intro": intro,
                           "greeting": self._snapshot(self.ws.greeting())})

    def send(self, kind: str, *args) -> None:
        self.worker.send((kind, self.sid, *args))

    async def run_remote(self) -> None:
        """Until the app has ended in the worker (or the worker is gone)."""
        await self.finished

    # --- as the session's driver ----------------------------------------------------------------
    def feed(self, data: bytes) -> None:
        self.send("in", data)

    def resize(self, width: int, height: int) -> None:
        self.send("size", (width, height))

    def hold(self) -> None:
        self.send("hold")

    def release(self) -> None:
        self.send("release")

    # --- as the session's app -------------------------------------------------------------------
    def wake(self) -> None:
        """News for the player: sent once the command or event producing it is done."""
        if self._news_due is None:
            self._news_due = asyncio.get_running_loop().call_soon(self._news)

    def exit(self, code: int = 0) -> None:
        self.send("exit")

    def _news(self) -> None:
        self._news_due = None
        ws = self.session.ws
        if ws is None or self.finished.done():
            return
        if self.worker.behind():  # it does not keep up: the news waits in the session (bounded), and
            # goes later as one bigger message
            self._news_due = asyncio.get_running_loop().call_later(NEWS_RETRY, self._news)
            return
        snap = self._snapshot(ws.flush())
        if snap is not None:
            self.send("news", snap)

    def _snapshot(self, lines: list, answer=None) -> Snapshot | None:
        """The session's snapshot with ``lines``; None for news that would change nothing. News of
        lines alone (a busy room's talk) goes without the state the worker has already."""
        snap = take(self.ws, lines, answer)
        if snap.same_state(self._sent):
            return snap.without_state() if lines or answer is not None else None
        self._sent = snap.with_lines([])
        return snap

    # --- what the worker asks -------------------------------------------------------------------
    def command(self, ask: int, line: str, typed_at: float | None, panels: tuple = (), confirm: tuple = ()) -> None:
        """A line typed in the worker's app: run, and answered with one snapshot. News its running
        woke goes in that snapshot, not after it."""
        ws = self.session.ws
        if ws is None or self.finished.done():
            return
        answer = ws.handle(line, typed_at, panels=panels, confirm=confirm)
        if self._news_due is not None:
            self._news_due.cancel()
            self._news_due = None
        self.send("answer", ask, self._snapshot(answer, answer))

    def complete(self, ask: int, text: str) -> None:
        ws = self.session.ws
        self.send("completed", ask, ws.complete(text) if ws is not None else [])

    def ended(self, code: int, farewell: list) -> None:
        self.return_code, self.farewell = code, farewell
        if not self.finished.done():
            self.finished.set_result(None)

    def lost(self) -> None:
        """The worker died: the session ends as if the screen had failed (the player is told, on
        the terminal put back as the app would have left it)."""
        log.error("the TUI worker of %s died; closing the session", self.ws.name)
        if not self.finished.done():
            self.session.send(LEAVE_SCREEN)
        self.ended(1, [])


class Worker:
    """One worker process and its socket."""

    def __init__(self, pool: "TuiWorkers", slot: int) -> None:
        self.pool, self.slot = pool, slot
        self.proc: subprocess.Popen | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.tuis: dict[int, RemoteTui] = {}
        self.alive = False
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        mine, theirs = socket.socketpair()
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
        try:
            self.proc = subprocess.Popen(  # (on the loop's thread: the parent-death signal follows it)
                [sys.executable, "-m", "mud.server.tui.worker", str(theirs.fileno()), str(os.getpid()),
                 self.pool.log_dir or ""], pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, env=env)
        finally:
            theirs.close()
        reader, self.writer = await asyncio.open_connection(sock=mine)
        self.outbox = Outbox(self.writer)
        try:
            ready = await asyncio.wait_for(receive(reader), START_WAIT)
        except (asyncio.TimeoutError, asyncio.IncompleteReadError, ConnectionError):
            ready = None
        if ready != ("ready",):
            self.writer.close()
            self._reap(kill=True)
            raise RuntimeError(f"TUI worker {self.slot} did not start")
        self.alive = True
        self._task = asyncio.create_task(self._read(reader))
        log.info("TUI worker %d started (pid %d)", self.slot, self.proc.pid)

    def send(self, message) -> None:
        if self.alive:
            self.outbox.put(message)

    def behind(self) -> bool:
        """Much written to the worker that it has not read yet."""
        return self.alive and self.outbox.unread() > BEHIND

    def open(self, session, colorterm: str, intro: list) -> RemoteTui:
        tui = RemoteTui(self, next(self.pool.ids), session)
        self.tuis[tui.sid] = tui
        tui.finished.add_done_callback(lambda _: self.tuis.pop(tui.sid, None))
        tui.open(colorterm, intro)
        return tui

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                kind, sid, *args = await receive(reader)
                tui = self.tuis.get(sid)
                if tui is not None:
                    try:
                        self._dispatch(tui, kind, args)
                    except Exception:
                        log.exception("the TUI of %s: %s from its worker failed", tui.ws.name, kind)
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        except Exception:
            log.exception("TUI worker %d sent something unreadable", self.slot)
        finally:
            self._gone()

    def _dispatch(self, tui: RemoteTui, kind: str, args: list) -> None:
        session = tui.session
        if kind == "out":
            session.send(args[0])
        elif kind == "cmd":
            tui.command(*args)
        elif kind == "complete":
            tui.complete(*args)
        elif kind == "pause":
            session.pause_reading()
        elif kind == "resume":
            session.resume_reading()
        elif kind == "done":
            tui.ended(*args)

    def _gone(self) -> None:
        was = self.alive
        self.alive = False
        if self.writer is not None:
            self.writer.close()
        for tui in list(self.tuis.values()):
            tui.lost()
        self._reap(kill=False)
        if was and not self.pool.stopping:
            log.error("TUI worker %d ended (exit status %s); starting another", self.slot,
                      self.proc.returncode if self.proc else "?")
            self.pool.replace(self)

    def _reap(self, kill: bool) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        if kill:
            self.proc.kill()
        asyncio.get_running_loop().call_later(1.0, self._reaped)

    def _reaped(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()  # it had a second after its socket closed
            asyncio.get_running_loop().call_later(1.0, self.proc.poll)

    async def stop(self) -> None:
        self.alive = False
        if self.writer is not None:
            self.outbox.flush()
            self.writer.close()  # its end of the stream: the worker exits
        if self._task is not None:
            await asyncio.wait([self._task], timeout=STOP_GRACE)
        end = time.monotonic() + STOP_GRACE
        while self.proc is not None and self.proc.poll() is None and time.monotonic() < end:
            await asyncio.sleep(0.02)
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class TuiWorkers:
    """The server's worker processes: each new TUI goes to the one drawing the fewest."""

    def __init__(self, count: int, log_dir: str | None = None) -> None:
        self.count, self.log_dir = count, log_dir
        self.workers: list[Worker] = []
        self.ids = itertools.count(1)
        self.stopping = False
        self._restarts: set[asyncio.Task] = set()

    async def start(self) -> None:
        """Start every worker; one that cannot start is logged and left out (with none, the
        server's own process draws every TUI)."""
        workers = [Worker(self, i) for i in range(self.count)]
        started = await asyncio.gather(*(w.start() for w in workers), return_exceptions=True)
        for worker, result in zip(workers, started):
            if isinstance(result, BaseException):
                log.error("TUI worker %d did not start (%s); the server draws its TUIs itself",
                          worker.slot, result)
        self.workers = [w for w in workers if w.alive]

    def open(self, session, colorterm: str, intro: list) -> RemoteTui | None:
        """A TUI for ``session`` (an ssh_session.SSHSession with its world session) in the least busy live
        worker; None if none is alive (the server then draws it in its own process)."""
        live = [w for w in self.workers if w.alive]
        if not live:
            return None
        return min(live, key=lambda w: len(w.tuis)).open(session, colorterm, intro)

    def replace(self, dead: Worker) -> None:
        async def again() -> None:
            new = Worker(self, dead.slot)
            try:
                await new.start()
            except Exception:
                log.exception("TUI worker %d could not be started again", dead.slot)
                return
            if self.stopping:
                await new.stop()
            else:
                self.workers[self.workers.index(dead)] = new

        task = asyncio.get_running_loop().create_task(again())
        self._restarts.add(task)  # (the loop keeps only a weak reference to a task)
        task.add_done_callback(self._restarts.discard)

    def pids(self) -> list[int]:
        return [w.proc.pid for w in self.workers if w.alive and w.proc is not None]

    async def stop(self) -> None:
        """Let the TUIs still open show their last words, then end every worker."""
        self.stopping = True  # (a worker ending now is not replaced; one being started is stopped)
        end = time.monotonic() + STOP_GRACE
        while any(w.tuis for w in self.workers if w.alive) and time.monotonic() < end:
            await asyncio.sleep(0.02)
        if self._restarts:
            await asyncio.wait(self._restarts, timeout=10.0)  # (a late one ends at our socket's EOF)
        await asyncio.gather(*(w.stop() for w in self.workers))
