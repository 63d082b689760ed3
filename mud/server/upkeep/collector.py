"""The garbage collector tuned for a long-running server holding many TUIs.

Python's cycle collector looks at young objects every 700 allocations, and at every object the
process holds (a full collection) once enough objects have outlived two younger collections. A
served TUI allocates thousands of short-lived objects per frame (rows of the screen, their
styles), and collected that often many of them outlive a collection by a few milliseconds and are
counted towards the next full one. With 100 TUI sessions the server holds about a million objects,
and a full collection took about half a second of the one server thread (every player's command
waits) every ten seconds or so; the young collections took another 5% of the CPU. Measured on
this project's 100-session bench (bench/tui_lines.py; docs/performance.md, "SSH TUI").

So, once the server is up:

* young objects are looked at every 20,000 allocations: frames' objects are gone by then (their
  reference counts free them), so far fewer are kept and promoted, and full collections become
  rare (none in a 12 s run with 100 TUIs in one process, where the defaults had one of half a
  second; young collections fell from about 6% of the CPU to under 2%);
* what the server built before any player came (modules, the world, the rooms) is frozen: the
  collector never walks it again. Nothing a session makes is frozen, so what it leaves behind when
  it ends is still collected.
"""

from __future__ import annotations

import gc

YOUNG = 20_000  # allocations between two collections of the youngest generation (Python: 700)


def tune() -> None:
    """Call once, after the server has started and before players arrive."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
