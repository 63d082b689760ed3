"""The TUI on a local world, as ``mud play`` opens it (no store: tests need no disk)."""

from __future__ import annotations

from dataclasses import dataclass

import games
from mud.local import local_world, start_local
from mud.session import Session
from mud.table import Table
from mud.tui.app import GameApp
from mud.world.session import WorldSession


@dataclass
class Local:
    app: GameApp
    ws: WorldSession

    @property
    def table(self) -> Table:
        return self.ws.inner.table

    @property
    def session(self) -> Session:
        return self.ws.inner


def local_app(game: str, name: str = "ann", players: int = 4, seed: int = 5, options: dict | None = None,
              others: tuple[str, ...] = (), level: str = "normal", **app_options) -> Local:
    """``name`` (and ``others``, humans who never type) at a new match of ``game``, bots in the
    other seats, the app not yet run."""
    world = local_world(None, level, players=1 + len(others))
    ws = world.connect(name, surface="local")
    more = [world.connect(other, surface="local") for other in others]
    start_local(ws, games.get(game), players, seed, options or {}, level, others=more)
    return Local(GameApp(ws, **app_options), ws)
