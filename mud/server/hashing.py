"""Password hashing for logins: a fair queue in front of a small pool of threads.

argon2id is slow on purpose (mud/store/passwords.py: about 25 ms of a core and 19 MiB each). After a
restart every player logs in at once, so hashes are done first come, first served, ``workers`` at a
time (by default one per core, up to 4: the threads run at a lower priority, so the world's loop
still gets a core when it wants one), and a login waiting its turn is told how many are ahead of it.
Waiting in line costs the loop nothing but a future per login; the hashing itself releases the GIL
(argon2-cffi's C, hashlib's scrypt), so the loop runs beside it. A login that verifies a hash of an
older kind has it made anew at today's cost in the same turn (:func:`checked`), so the upgrade never
queues twice nor slows anyone but that login.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

from mud.store import StoreFailed
from mud.store.passwords import hash_password, needs_upgrade, verify
from mud.world.hashing import Hashing

log = logging.getLogger("questmud.server")

NOTICE_EVERY = 5.0  # seconds between "N ahead of you" notices to one waiting login
NICE = 5  # the hashing threads yield the CPU to the world's loop when both want it (Linux: per thread)


def lower_priority() -> None:
    """Run in each hashing thread as it starts: a login may wait a little, a move should not."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
    except (AttributeError, OSError):  # not Linux, or not allowed: the same priority as the loop
        pass


def checked(password: str, salt: bytes, digest: bytes) -> tuple[bool, tuple[bytes, bytes] | None]:
    """In a hashing thread: is ``password`` the one stored as (salt, digest), and if it is and the
    record is of an older kind or cost, the new (salt, digest) to store. A record with no password
    (SSH keys only) costs a hash all the same (mud/store/passwords.py's ``verify``)."""
    right = verify(password, salt, digest)
    return right, (hash_password(password) if right and needs_upgrade(salt) else None)


def default_workers() -> int:
    """One hashing thread per core, up to 4 (1 if the count is unknown): a storm of 2,000 new
    accounts needs 46 s of a core for argon2id alone (issue 42; 28 s for issue 29's scrypt), more
    than one thread can give. At NICE the threads yield to the loop when both want a core, and
    with one login at a time only one works (docs/decisions.md, issues 29 and 42). Memory: 19 MiB
    a hash, so 4 threads hold 76 MiB at most."""
    return max(1, min(4, os.cpu_count() or 1))


class HashQueue:
    """The one line every login's hash waits in (first come, first served) before ``workers`` threads."""

    def __init__(self, workers: int | None = None):
        self.workers = workers or default_workers()
        self.busy = 0  # hashes running now
        self.line: deque = deque()  # (ticket, future) of the logins waiting, in order
        self.issued = 0  # tickets given out
        self.called = 0  # the ticket number of the last login called from the line
        self.pool: ThreadPoolExecutor | None = None

    def ahead(self, ticket: int) -> int:
        """How many logins are before ``ticket`` in the line (those that gave up still count until
        their turn comes: an estimate that only ever shrinks)."""
        return max(0, ticket - self.called - 1)

    async def hash(self, password: str, salt: bytes | None = None,
                   told: Callable[[int], None] | None = None) -> tuple[bytes, bytes]:
        """(salt, digest) of ``password``, once its turn comes; ``told(n)`` hears the number ahead
        when it must wait, and again every NOTICE_EVERY seconds while that number changes."""
        return await self._in_turn(told, hash_password, password, salt)

    async def check(self, store, account: dict, password: str, told: Callable[[int], None] | None = None) -> bool:
        """Is ``password`` ``account``'s (a row as ``store.account`` gives it)? Checked in its turn, as
        :meth:`hash`; a right password stored in an older kind is stored anew at today's cost, over
        the hash just checked only (a password changed meanwhile stays), and if the store cannot
        take it now the next login tries again."""
        right, upgraded = await self._in_turn(told, checked, password, account["salt"], account["hash"])
        if upgraded is not None:
            try:
                store.upgrade_password(account["name"], account["hash"], *upgraded)
            except StoreFailed:
                pass
        return right

    async def _in_turn(self, told, work: Callable, *args):
        """``work(*args)`` in a hashing thread, once this login's turn comes."""
        if self.busy >= self.workers or self.line:
            await self._wait_turn(told)
        else:
            self.busy += 1
        try:
            if self.pool is None:
                self.pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="hashing",
                                               initializer=lower_priority)
            return await asyncio.get_running_loop().run_in_executor(self.pool, work, *args)
        finally:
            self._next()

    async def _wait_turn(self, told) -> None:
        self.issued += 1
        ticket, turn = self.issued, asyncio.get_running_loop().create_future()
        self.line.append((ticket, turn))
        last = None
        try:
            while not turn.done():
                n = self.ahead(ticket)
                if told is not None and n != last:
                    last = n
                    told(n)
                try:
                    await asyncio.wait_for(asyncio.shield(turn), NOTICE_EVERY)
                except asyncio.TimeoutError:
                    pass
        except asyncio.CancelledError:  # the connection went: its place (or its turn) passes on
            if turn.done():
                self._next()
            else:
                turn.cancel()
            raise

    def _next(self) -> None:
        """A hash finished (or a called login left): call the next one still waiting, else free a worker."""
        while self.line:
            ticket, turn = self.line.popleft()
            self.called = ticket
            if not turn.done():
                turn.set_result(None)
                return
        self.busy -= 1

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)


class WorldHashing(Hashing):
    """The world's password checks (the ``password`` and ``delete account`` verbs: mud/world/hashing.py)
    in the logins' line and pool, so they never hold the world's loop; each answer is handed back
    on the loop, to ``then``, once its hash is done (None if it could not be)."""

    def __init__(self, queue: HashQueue) -> None:
        self.queue = queue
        self.running: set[asyncio.Task] = set()  # (a task is kept until it ends)

    def check(self, store, account: dict, password: str, then: Callable[[bool | None], None]) -> None:
        self._answer(self.queue.check(store, account, password), then)

    def hash(self, password: str, then: Callable[[tuple[bytes, bytes] | None], None]) -> None:
        self._answer(self.queue.hash(password), then)

    def _answer(self, work, then: Callable) -> None:
        task = asyncio.get_running_loop().create_task(self._then(work, then))
        self.running.add(task)
        task.add_done_callback(self.running.discard)

    @staticmethod
    async def _then(work, then: Callable) -> None:
        try:
            answer = await work
        except asyncio.CancelledError:  # the server stops: nobody waits for the answer
            raise
        except Exception:
            log.exception("a password check for the world failed")
            answer = None
        then(answer)
