"""One view per command, the same way in process and in a TUI worker (issue 41).

The app draws every panel from the one snapshot a command (or a batch of news) brings: the player's
view is built once for it, never pulled again by the panels. Over a worker's socket the command
goes once and its snapshot comes back once. Counted here through the game the catalogue hands out,
whose ``view`` is wrapped (only the player's own views count: a bot builds its own to choose)."""

from __future__ import annotations

import asyncio
import pickle
import time

import pytest

import games
from mud.local.play import start_local
from mud.server.tui.worker import RemoteLink
from mud.server.tui.workers import RemoteTui, pack
from mud.tui.app import GameApp
from mud.world.world import World
from tests.mud.tui.test_app import SIZE
from tests.tui_local import local_app


@pytest.fixture
def builds(monkeypatch):
    """Views of player ann built, counted: ``builds.n``, ``builds.watch(game)``."""
    class Count:
        n = 0

        def watch(self, name: str) -> None:
            game = games.get(name)
            inner = game.view

            def counted(state, player):
                if player == "ann":
                    self.n += 1
                return inner(state, player)
            monkeypatch.setattr(game, "view", counted)
    return Count()


def first_legal(app, word: str) -> str:
    return next(line for line in app.link.inner.legal_lines() if line.startswith(word))


async def run_counted(app, pilot, builds, line: str) -> int:
    await pilot.pause()
    builds.n = 0
    app.run_command(line, time.monotonic())
    await pilot.pause()
    await pilot.pause()
    return builds.n


@pytest.mark.parametrize("game,seed,options,words", [
    ("quest", 3, {"rules": "basic"}, ("move",)),
    ("tenx", 4, {}, ("play",)),
    ("chess", 4, {}, ("keep", "move")),
])
async def test_a_game_command_builds_the_players_view_once_in_process(builds, game, seed, options, words):
    builds.watch(game)
    app = local_app(game, "ann", players=2, seed=seed, options=options)
    async with app.run_test(size=SIZE) as pilot:
        for word in words:
            line = first_legal(app, word)
            assert await run_counted(app, pilot, builds, line) == 1, line
            assert app.snap.view == app.link.game_view()  # the panels draw the view of now
        builds.n = 0
        for _ in range(3):  # a redraw (a resize, a key) reads the snapshot: no view built
            app.refresh_view()
            await pilot.pause()
        assert builds.n == 0


async def test_look_builds_one_view_for_its_screen_and_none_more_for_the_panels(builds):
    builds.watch("quest")
    app = local_app("quest", "ann", players=2, seed=3, options={"rules": "basic"})
    async with app.run_test(size=SIZE) as pilot:
        # one view for the look screen, its status line and the snapshot the panels draw: one,
        # where there were nine
        assert await run_counted(app, pilot, builds, "look") == 1


class Boundary:
    """Both ends of a worker's socket in this one process: every message pickled across, as
    mud/server/tui/workers.py packs it, and counted by kind, each way; delivered on the next turn of
    the loop, as a socket would."""

    def __init__(self) -> None:
        self.to_world: list[str] = []
        self.to_worker: list[str] = []
        self.tui: RemoteTui | None = None
        self.link: RemoteLink | None = None
        self.opened: dict | None = None

    def _across(self, message):
        return pickle.loads(pack(message)[4:])

    # the world's end (what RemoteTui calls workers.Worker.send) ...
    def send(self, message) -> None:
        kind, sid, *args = self._across(message)
        self.to_worker.append(kind)
        if kind == "open":
            self.opened = args[0]
        elif kind == "news":
            asyncio.get_running_loop().call_soon(self.link.news_came, *args)
        elif kind == "answer":
            asyncio.get_running_loop().call_soon(self.link.answered, *args)
        elif kind == "completed":
            asyncio.get_running_loop().call_soon(self.link.completed, *args)

    def behind(self) -> bool:
        return False


class WorkerEnd:
    """The worker's end: what RemoteLink sends goes to the world's RemoteTui."""

    def __init__(self, boundary: Boundary) -> None:
        self.boundary = boundary

    def send(self, message) -> None:
        kind, sid, *args = self.boundary._across(message)
        self.boundary.to_world.append(kind)
        tui = self.boundary.tui
        handler = {"cmd": tui.command, "complete": tui.complete}[kind]
        asyncio.get_running_loop().call_soon(handler, *args)


class SshStandIn:
    """What a RemoteTui reads of its SSH session."""

    class server:
        class limits:
            rate, burst, max_line = 1000.0, 1000, 300

    term, size = "xterm", SIZE

    def __init__(self, ws) -> None:
        self.ws = ws


async def test_a_command_from_a_worker_crosses_once_each_way_with_one_view(builds):
    builds.watch("tenx")
    world = World()
    ws = world.connect("ann", surface="ssh")
    start_local(ws, games.get("tenx"), 1, 4, {}, "normal")
    boundary = Boundary()
    tui = boundary.tui = RemoteTui(boundary, 1, SshStandIn(ws))
    ws.wake = tui.wake
    tui.open("", [])
    link = boundary.link = RemoteLink(WorkerEnd(boundary), 1, "ann", boundary.opened["greeting"])
    app = GameApp(link)
    link.call = app.call_later
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = next(x for x in ws.inner.legal_lines() if x.startswith("play"))
        before = len(ws.inner.table.log)
        boundary.to_world.clear(), boundary.to_worker.clear()
        builds.n = 0
        app.run_command(line, time.monotonic())
        for _ in range(5):
            await pilot.pause()
        assert len(ws.inner.table.log) > before  # it was played, in the world
        assert boundary.to_world == ["cmd"] and boundary.to_worker == ["answer"]
        assert builds.n == 1  # in the world: the snapshot's view, once
        assert app.snap.view == ws.game_view()  # the worker's app draws the view of now
        assert "10x" in str(app.status_bar.render())
