"""How long the TUI takes to show its first frame: a figure to watch, not a test.

Two numbers: a cold start (a fresh Python importing the app, which is what a player waits for
after typing ``mud``), and, in one process, the time from building the table and the app to the
first refresh of the screen (the app mounts, the table starts, bots play up to your turn, and
every panel is drawn). The app runs headless at 80x24; it exits right after its first frame.

    .venv/bin/python bench/tui_start.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time


def cold_import_seconds() -> float:
    """Wall time of a fresh interpreter that imports the TUI and the game, then exits."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import mud.tui.app, games.quest"], check=True)
    return time.perf_counter() - start


async def first_frame_seconds(seed: int) -> float:
    import games
    from mud.local import local_world, start_local
    from mud.tui.app import GameApp

    class Timed(GameApp):
        first_frame: float | None = None

        def on_mount(self) -> None:
            super().on_mount()
            self.call_after_refresh(self._painted)

        def _painted(self) -> None:
            self.first_frame = time.perf_counter()
            self.exit(0)

    start = time.perf_counter()
    world = local_world()
    ws = world.connect("hero", surface="local")
    start_local(ws, games.get("quest"), 3, seed, {}, "normal")
    app = Timed(ws)
    await app.run_async(headless=True, size=(80, 24))
    if app.first_frame is None:
        raise RuntimeError("the app exited before its first frame")
    return app.first_frame - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    cold = [cold_import_seconds() for _ in range(args.runs)]
    t0 = time.perf_counter()
    import mud.tui.app  # noqa: F401  (the warm runs below measure the app, not the imports)
    imported = time.perf_counter() - t0
    warm = [asyncio.run(first_frame_seconds(seed)) for seed in range(args.runs)]
    print(f"TUI start ({args.runs} runs, 80x24, headless)")
    print(f"  cold: new python importing the app   median {statistics.median(cold) * 1000:7.1f} ms")
    print(f"  import of mud.tui.app in this process       {imported * 1000:7.1f} ms")
    print(f"  app start -> first frame             median {statistics.median(warm) * 1000:7.1f} ms"
          f"  (min {min(warm) * 1000:.1f}, max {max(warm) * 1000:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
