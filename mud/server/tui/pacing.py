"""News for the server's TUIs drawn in turn, so a busy room never stalls anyone's own commands.

One line said in a room of a hundred TUI players wakes a hundred apps at once; drawn at once,
their frames (a few milliseconds of the one server thread each) would hold up everything else
for a few hundred milliseconds -- the speaker's own answer included. Here every served app's
news joins one queue, in the order it became due, and is handed to its app one at a time. Between
two hand-overs the pacer goes round the event loop once; when that round took long (frames, other
players' commands, SSH traffic are waiting) it leaves a gap before the next, growing while the
loop stays late and shrinking back to nothing when it is on time. So:

* a player's own command is never queued here: it is answered at once;
* under load each app's news comes less often and in bigger pieces (a frame carries several
  lines), which is what lets one process draw for a hundred TUIs;
* a quiet server hands news over at once (no gap), a few times a second per app at most;
* while the loop is behind, each app also draws its news less often (:meth:`Pacer.spacing`: up to
  about once a second), so that one frame carries more lines: what a frame costs hardly depends on
  how many lines it adds to the log.
"""

from __future__ import annotations

import asyncio
import contextvars
import heapq
import itertools
import time
import weakref

LATE = 0.015  # seconds: a round of the loop longer than this means it is behind
ON_TIME = 0.004  # ... shorter than this, that it has room
MAX_GAP = 0.1  # the longest wait between two apps' news
SPACING_PER_GAP = 8  # while the loop is behind, each app draws news this many gaps later ...
MAX_SPACING = 0.75  # ... by at most this many seconds (news then comes about once a second)


class Pacer:
    """The queue of apps with news waiting to be drawn, for one event loop."""

    def __init__(self) -> None:
        self._due: list = []  # heap of (due time, order, app)
        self._order = itertools.count()
        self._task: asyncio.Task | None = None
        self.gap = 0.0  # seconds left between two hand-overs (adapted)
        self.handed = 0  # hand-overs so far (for the bench and tests)

    def request(self, app, due: float) -> None:
        """Hand ``app`` its news (``app.pump`` on its own task) at ``due`` or as soon after as may be."""
        # (weakly: an app that ends while waiting here is freed at once)
        heapq.heappush(self._due, (due, next(self._order), weakref.ref(app)))
        if self._task is None or self._task.done():
            # In an empty context: a task copies its creator's, which names the running app
            # (Textual's active_app) and would keep that app alive as long as the pacer runs.
            self._task = asyncio.get_running_loop().create_task(self._run(), context=contextvars.Context())

    def spacing(self) -> float:
        """Seconds an app waits between two drawings of news beyond its own least (0 when the
        loop is on time): grows with the gap, so a saturated server draws fewer, fuller frames."""
        return min(MAX_SPACING, self.gap * SPACING_PER_GAP)

    def __len__(self) -> int:
        return len(self._due)

    async def _run(self) -> None:
        while self._due:
            wait = self._due[0][0] - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            app = heapq.heappop(self._due)[2]()
            handed = app is not None and app.hand_news()  # (an app that ended says no)
            app = None  # not kept alive by this task while it sleeps
            if not handed:
                continue
            self.handed += 1
            started = time.monotonic()
            await asyncio.sleep(self.gap)
            self._adapt(time.monotonic() - started - self.gap)

    def _adapt(self, late: float) -> None:
        if late > LATE:
            self.gap = min(MAX_GAP, self.gap * 1.5 + 0.002)
        elif late < ON_TIME:
            self.gap = self.gap * 0.8 if self.gap > 0.0005 else 0.0


_pacers: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Pacer]" = weakref.WeakKeyDictionary()


def pacer() -> Pacer:
    """The pacer of the running loop (each loop its own: tests run several, one after another)."""
    loop = asyncio.get_running_loop()
    found = _pacers.get(loop)
    if found is None:
        found = _pacers[loop] = Pacer()
    return found
