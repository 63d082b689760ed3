"""The TUI on a local world, as ``mud play`` opens it (no store: tests need no disk)."""

from __future__ import annotations

import games
from mud.local.play import local_world, start_local
from mud.shell.session import Session
from mud.shell.table import Table
from mud.tui.app import GameApp
from mud.world.session import WorldSession


class LocalApp(GameApp):
    """The app on a local world, with the player's match and seat at hand for tests."""

    @property
    def ws(self) -> WorldSession:
        return self.link

    @property
    def table(self) -> Table:
        return self.link.inner.table

    @property
    def session(self) -> Session:
        return self.link.inner


def local_app(game: str, name: str = "ann", players: int = 4, seed: int = 5, options: dict | None = None,
              others: tuple[str, ...] = (), level: str = "normal", **app_options) -> LocalApp:
    """``name`` (and ``others``, humans who never type) at a new match of ``game``, bots in the
    other seats, the app not yet run."""
    world = local_world(None, level, players=1 + len(others))
    ws = world.connect(name, surface="local")
    more = [world.connect(other, surface="local") for other in others]
    start_local(ws, games.get(game), players - 1 - len(others), seed, options or {}, level, others=more)
    return LocalApp(ws, **app_options)
