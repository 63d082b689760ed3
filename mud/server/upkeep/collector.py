"""The garbage collector tuned for a long-running server holding many TUIs.

Python's cycle collector looks at young objects every 700 allocations, at the middle generation
every tenth time, and at every object the process holds (a full collection) once enough objects
have reached the oldest generation. Every collection stops the server's one thread: every player's
command waits. A served TUI keeps thousands of live objects (the rows its widgets drew and cache,
the log's lines), and the collector walks all of them again and again although they are not
garbage. Measured on a busy evening (bench/evening.py, K=80: 128 full screens in one process), the
pauses were 100-400 ms for the middle generation every few seconds and 1.4-3.3 s for a full
collection; docs/performance.md has the figures.

So, once the server is up:

* young objects are looked at every YOUNG allocations (20,000, not 700): the many short-lived
  objects of a frame are gone, freed by their reference counts, before a collection looks (young
  collections fell from about 6% of the CPU to under 2%, issue 29);
* what the server built before any player came is frozen (``gc.freeze``: the collector never walks
  it again), and so is **whatever survives a middle or a full collection**: it has lived through
  the young generations, and is mostly the sessions' long-lived state. No collection then walks the
  whole heap: a full one sees only what was promoted since the last middle one. (Freezing after
  full collections only left one whole-heap walk per process, the first: 1.3 s at K=80, and one of
  0.6 s every forty seconds after; docs/performance.md);
* the young and middle generations are also collected on a clock (:func:`_beat`: a young collection
  at least every YOUNG_EVERY seconds, a middle one every MIDDLE_EVERY): Python triggers them by
  allocations less deallocations, which on a busy evening (old rows and caches dying) lets them
  drift apart and grow; by the clock each pause stays about the same (40-80 ms for the middle one
  at K=120, against 50-380 ms by counts alone);
* the cost: a reference cycle among frozen objects that becomes garbage later -- a session that
  ended, its TUI and widgets -- is not collected while frozen. So everything is thawed and
  collected at once (:func:`thaw`: one full pause, logged with its length), and the survivors
  frozen again, when THAW_AFTER sessions have ended and at least one in THAW_SHARE of those open
  (now, or at the last thaw if more: as an evening empties, the thaws do not come every THAW_AFTER
  departures) (:func:`ended`), or when the process's memory (its peak resident size,
  :func:`heap_size`) has grown THAW_GROWTH (4) times since the last thaw (counted from the first
  full collection once players are in, not from the idle server: an evening filling up must not pay
  a whole-heap pause for its growth). Memory held by garbage stays bounded, and a whole-heap pause
  comes only with that much churn or growth.

Smaller batches (5,000, 4, 2) were tried: each pause was shorter in a bench of 60 TUIs, but on a
busy evening they took more CPU (0.46 against 0.30 s a second at K=40) and, thawing at half's
growth, paused the whole heap while the evening grew; docs/performance.md has the runs.

Nothing of this runs until :func:`tune` (``mud serve`` and its TUI workers, once up): tests and
tools keep Python's own collector.
"""

from __future__ import annotations

import gc
import logging
import time
from dataclasses import dataclass
from typing import Callable

try:
    import resource
except ImportError:  # not on this system: growth is counted in frozen objects instead
    resource = None

log = logging.getLogger("questmud.server")

YOUNG = 20_000  # allocations between two collections of the youngest generation (Python: 700)
MIDDLE = 10  # young collections between two of the middle generation (Python's)
OLDEST = 10  # middle collections between two full ones (Python's; a full one also waits for growth)
MIDDLE_EVERY = 1.0  # seconds: a middle collection at least this often (see _beat) ...
YOUNG_EVERY = 0.5  # ... a young one at least this often ...
BEAT = 0.5  # ... looked for this often
THAW_AFTER = 32  # sessions ended, at least, before frozen garbage is looked for ...
THAW_SHARE = 4  # ... and at least one in this many of the sessions still open
THAW_GROWTH = 4.0  # or the process's memory grew this much since the last thaw


@dataclass
class State:
    tuned: bool = False
    ended: int = 0  # sessions ended since the last thaw
    open_at_thaw: int = 0  # sessions open at the last thaw
    base: int = 0  # heap_size() right after the last thaw (or the first full collection after tune)
    base_pending: bool = False  # tune froze only the idle server: the first full collection sets the base
    due: bool = False  # a thaw is called for (the memory grew)
    thawing: bool = False
    thaws: int = 0
    last_thaw_s: float = 0.0  # how long the last thaw's full collection took
    soon: Callable[[Callable[[], None]], object] | None = None  # runs a thaw called for by growth, soon
    later: Callable[[float, Callable[[], None]], object] | None = None  # runs the beat again, later
    last_middle: float = 0.0  # time.monotonic() at the end of the last middle (or full) collection
    last_young: float = 0.0  # ... of the last collection of any generation


state = State()


def tune(soon: Callable[[Callable[[], None]], object] | None = None,
         later: Callable[[float, Callable[[], None]], object] | None = None) -> None:
    """Call once, after the server has started and before players arrive. ``soon(f)`` runs ``f`` on
    the server's loop soon, from any thread (``loop.call_soon_threadsafe``): a thaw called for by
    growth runs there (without it, at the next session's end). ``later(seconds, f)`` runs ``f`` on
    the loop that many seconds later (``loop.call_later``): the young and middle generations' beat
    (:func:`_beat`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLDEST)
    if _freeze_survivors not in gc.callbacks:
        gc.callbacks.append(_freeze_survivors)
    state.tuned, state.ended, state.due, state.base = True, 0, False, heap_size()
    state.open_at_thaw = 0
    state.base_pending = True  # (growth is counted from the sessions' heap, not the idle server's)
    state.soon = soon
    state.later = later
    state.last_middle = state.last_young = time.monotonic()
    if later is not None:
        later(BEAT, _beat)


def _beat() -> None:
    """A middle collection when none came for MIDDLE_EVERY seconds (else a young one when none came
    for YOUNG_EVERY), then again in BEAT seconds.

    Python counts allocations less deallocations: on a busy evening the old objects that die (rows
    scrolled out of a log, caches turned over) hold the count back, so the young collections, and
    the middle ones, come further and further apart and each walks more: measured at K=120, the young
    generation grew from 22,000 to 77,000 objects at a collection and the middle one from 140,000 to
    360,000, its pause from 50 to 300 ms. Collected on a clock as well, the middle generation never
    holds more than MIDDLE_EVERY seconds of survivors."""
    if not state.tuned or state.later is None:
        return
    now = time.monotonic()
    if now - state.last_middle >= MIDDLE_EVERY:
        gc.collect(1)
    elif now - state.last_young >= YOUNG_EVERY:
        gc.collect(0)
    state.later(BEAT, _beat)


def untune() -> None:
    """Stop freezing survivors (a test's clean-up; the thresholds are the caller's)."""
    if _freeze_survivors in gc.callbacks:
        gc.callbacks.remove(_freeze_survivors)
    state.tuned, state.ended, state.due, state.soon, state.later = False, 0, False, None, None


def stopping() -> None:
    """The process is about to end: sessions ending now thaw nothing (the process's end frees it all)."""
    state.tuned = False


def heap_size() -> int:
    """What growth is counted in: the process's peak resident memory (KB on Linux), one system call.
    (Counting the frozen objects, ``gc.get_freeze_count``, walks every one of them: 20-150 ms at
    K=80, a pause of its own after every full collection.)"""
    if resource is None:
        return gc.get_freeze_count()
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _freeze_survivors(phase: str, info: dict) -> None:
    """Right after a middle or full collection (the younger generations are empty then): freeze
    what is left. After a full one, if the memory has grown THAW_GROWTH times, a thaw soon
    (not here: the collector cannot run inside itself)."""
    if phase != "stop":
        return
    state.last_young = time.monotonic()
    if info["generation"] == 0:
        return
    state.last_middle = state.last_young
    gc.freeze()
    if info["generation"] != 2:
        return
    if state.base_pending:  # the first full collection since tune: its survivors are the base growth counts from
        state.base, state.base_pending = heap_size(), False
        return
    if state.thawing or state.due or heap_size() <= THAW_GROWTH * state.base:
        return
    state.due = True
    if state.soon is not None:
        try:
            state.soon(_thaw_if_due)
        except RuntimeError:  # the loop is closed: the process is ending
            pass


def _thaw_if_due() -> None:
    if state.due and state.tuned:
        thaw()


def ended(still_open: int) -> None:
    """A session ended (``still_open`` are left): thaw and collect once enough have."""
    if not state.tuned:
        return
    state.ended += 1
    # (a quarter of those open now, or at the last thaw if more: as everyone leaves at the evening's
    # end, each thaw -- a pause as long as the heap -- waits for a quarter of the evening to have gone)
    if state.due or state.ended >= max(THAW_AFTER, max(still_open, state.open_at_thaw) // THAW_SHARE):
        thaw(still_open)


def thaw(still_open: int | None = None) -> None:
    """Everything frozen back to the oldest generation, one full collection (which freezes what
    survives again); its pause is logged. ``still_open``: the sessions open now, when known."""
    ended_since, grown, state.ended, state.due = state.ended, state.due, 0, False
    if still_open is not None:
        state.open_at_thaw = still_open
    frozen = gc.get_freeze_count()
    gc.unfreeze()
    began = time.perf_counter()
    state.thawing = True
    try:
        found = gc.collect()
    finally:
        state.thawing = False
    state.last_thaw_s = time.perf_counter() - began
    state.base = heap_size()
    state.thaws += 1
    why = f"the memory grew {THAW_GROWTH:g} times" if grown else f"{ended_since} sessions ended"
    log.info("garbage collector: %s, so %d frozen objects were looked at again: %d freed in %.0f ms",
             why, frozen, found, 1000 * state.last_thaw_s)
