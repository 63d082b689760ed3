"""Group commit: a move is acknowledged only once it is on the disk, and one fsync serves them all.

The world runs on one asyncio loop and stores each move as it is made (mud/world/world.py). With
the store ``batched`` (mud/store/sqlite.py), those writes join one open transaction; :class:`GroupCommit`
commits it once per turn of the loop -- after every command that was ready has run -- so one fsync
(``synchronous=FULL``) makes every move of that turn durable, however many players made them.

An acknowledgement is bytes to a client: the move's answer, the events others see, a prompt. So
every surface hands the bytes it writes to :func:`after_commit` (or awaits :func:`durable`): they
go at once when nothing waits to be committed, else right after the commit that covers them, in the
order they were handed. A player is never told of a move a power cut could take back.

If a commit fails (a full disk), nothing in it was told to anyone: the bytes stay held, the store
keeps the writes, and the commit is tried again every ``RETRY`` seconds; the log says so.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from typing import Callable

log = logging.getLogger("questmud.durable")

RETRY = 1.0  # seconds between tries of a commit that failed (a full disk)


class GroupCommit:
    """The store's committer on the server's loop, and the acknowledgements waiting for it."""

    def __init__(self, store, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.store = store
        self.loop = loop or asyncio.get_running_loop()
        self.waiting: list[Callable[[], None]] = []  # run, in order, after the next commit
        self.scheduled = False
        self.failing = False
        self.batches = 0  # commits made by the group
        self.writes = 0  # writes they carried (writes / batches: how many one fsync served)
        self.slowest = 0.0  # the longest commit, in seconds
        store.batched = True
        store.on_pending = self.soon

    @property
    def pending(self) -> bool:
        return bool(self.store is not None and self.store.pending)

    def soon(self) -> None:
        """A batch opened: commit it once the commands ready in this turn of the loop have run."""
        if not self.scheduled:
            self.scheduled = True
            self.loop.call_soon(self.commit)

    def after(self, then: Callable[..., None], *args) -> None:
        """Run ``then(*args)`` (it writes to a client) now if nothing waits for the disk, else after
        the commit; in the order given either way. (No closure is made when it runs now: most
        writes of news.)"""
        if self.waiting or self.pending:
            self.waiting.append(functools.partial(then, *args) if args else then)
        else:
            then(*args)

    def commit(self) -> None:
        """Commit the batch (one fsync), then let out what waited for it."""
        self.scheduled = False
        writes = self.store.pending
        began = time.perf_counter()
        if not self.store.commit():
            if not self.failing:
                log.error("the store cannot commit (%d writes wait; the players' answers are held); "
                          "trying again every %g s", writes, RETRY)
            self.failing = True
            self.scheduled = True
            self.loop.call_later(RETRY, self.commit)
            return
        if self.failing:
            log.warning("the store commits again: %d held writes are stored", writes)
            self.failing = False
        if writes:
            self.batches += 1
            self.writes += writes
            self.slowest = max(self.slowest, time.perf_counter() - began)
        self.release()

    def release(self) -> None:
        waiting, self.waiting = self.waiting, []
        for i, then in enumerate(waiting):
            if self.pending:  # one of them wrote to the store (rare): the rest wait for its commit
                self.waiting = waiting[i:] + self.waiting
                self.soon()
                return
            try:
                then()
            except Exception:
                log.exception("writing to a client after a commit failed")

    def close(self) -> None:
        """A clean stop: commit what waits and let it out."""
        if self.pending:
            self.store.commit()
        self.release()


def after_commit(server, then: Callable[..., None], *args) -> None:
    """``then(*args)`` (a write to a client) once what the store holds is committed: at once on a
    server without group commit (a test's stand-in, local play in a browser)."""
    group = getattr(server, "commits", None)
    if group is None:
        then(*args)
    else:
        group.after(then, *args)


async def durable(server) -> None:
    """Wait until everything written to the store so far is committed (an async surface's
    :func:`after_commit`)."""
    group = getattr(server, "commits", None)
    if group is None or not (group.waiting or group.pending):
        return
    done = asyncio.get_running_loop().create_future()
    group.after(lambda: done.done() or done.set_result(None))
    await done
