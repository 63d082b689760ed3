"""Local play (``mud play``) is the same world as the server's, in this process: one room, one
player, bots at the other seats, and the store in the user's data directory -- so a local game is
saved move by move and comes back after quitting, a closed terminal, a crash or ``kill -9``.

``open_local`` finds an unfinished game of the player's (offered for resume, or resumed with
``--resume``), else starts a new one at the room of the chosen game.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from typing import Callable

import platformdirs

import games
from games.engine import RuleError
from mud.help import intro
from mud.optfiles import read_option_file
from mud.session import Line
from mud.store import CANNOT_SAVE, Store, StoreFailed
from mud.table import replay_line
from mud.world import tablecmds, tutorial
from mud.world.world import Settings, World

DB = "local.db"
def first_time_line(game) -> str:
    """The line the very first local game starts with, adding what the match's intro (mud/help.py
    ``intro``) does not already say -- it names 'help <game>', and 'tutorial' for the game it
    teaches: how long the tutorial takes, and the keys. Nobody is sent to learn another game."""
    if game.name == games.TUTORIAL:
        return "First time here? The tutorial takes five minutes, alone; F1 explains the keys."
    return "First time here? F1 explains the keys; 'help' lists every command."


NEVER = 10.0**9  # seconds: locally nobody's turn times out and no seat is handed to a bot


def data_dir(given: str | None = None) -> str:
    if given:
        return os.path.abspath(os.path.expanduser(given))
    if os.environ.get("QUESTMUD_DATA"):
        return os.path.abspath(os.environ["QUESTMUD_DATA"])
    return platformdirs.user_data_dir("questmud", appauthor=False)


@dataclass
class Unfinished:
    id: int
    game: str
    seed: int
    options: dict
    seats: int

    def describe(self) -> str:
        title = games.get(self.game).title if self.game in games.CATALOGUE else self.game
        more = "".join(f", {k} {v}" for k, v in sorted(self.options.items()))
        return f"your unfinished game of {title} (seed {self.seed}, {self.seats} seats{more})"


def unfinished(store: Store, name: str) -> list[Unfinished]:
    """The player's matches still being played, newest last."""
    return [Unfinished(m.id, m.game, m.seed, m.options, len(m.humans) + len(m.bots))
            for m in store.matches("playing") if name in m.humans]


def open_local(name: str, game_name: str, players: int, seed: int | None, options: dict, level: str,
               data: str | None = None, resume: bool | None = None,
               ask: Callable[[str], bool] | None = None):
    """The local world and the player's session in it, seated at their match. ``resume``: True
    resumes the newest unfinished game, False sets unfinished games aside, None asks (``ask``),
    or starts anew when there is no one to ask. Raises KeyError/RuleError for a bad game or option."""
    game = games.get(game_name)
    options = game.check_options(options, read_option_file)
    folder = data_dir(data)
    os.makedirs(folder, exist_ok=True)
    first_time = not os.path.exists(os.path.join(folder, DB))
    store = Store(os.path.join(folder, DB))
    # What opening writes -- games set aside, the new match, the bots' moves up to the player's turn
    # -- goes in one transaction, committed (one fsync, not one a move) before anything is shown
    store.batched = True
    try:
        world, ws = _open(store, name, game, players, seed, options, level, resume, ask, first_time)
        if not store.commit():
            raise StoreFailed(CANNOT_SAVE)
    except BaseException:
        store.close_unsaved()
        raise
    store.batched = False  # from here on, each move is committed as it is made
    return world, ws


def _open(store: Store, name: str, game, players: int, seed: int | None, options: dict, level: str,
          resume: bool | None, ask: Callable[[str], bool] | None, first_time: bool):
    """open_local's work, its writes batched: the player's unfinished game resumed or set aside, or
    a new match started."""
    waiting = unfinished(store, name)
    keep = None
    if waiting:
        newest = waiting[-1]
        if resume is None and ask is not None:
            resume = ask(f"Resume {newest.describe()}? [Y/n] ")
        keep = newest if resume else None
        for old in waiting:
            if old is not keep:
                store.finish(old.id, "abandoned")
    elif resume:
        raise RuleError("There is no unfinished game to resume: 'mud play' starts a new one.")
    world = local_world(store, level)
    world.resume()
    ws = world.connect(name, surface="local")
    if keep is None:
        seats = max(game.min_players, min(players, game.max_players))
        start_local(ws, game, seats - 1, seed, options, level)  # it says how to replay the match
        if first_time:
            ws.push(Line("info", first_time_line(game)))
    else:
        ws.push(Line("info", replay_line(ws.inner.table)))
    return world, ws


def open_tutorial(name: str):
    """``mud play tutorial``: a local world with nothing stored, the player at the tutorial's table."""
    world = local_world(None, "easy")
    ws = world.connect(name, surface="local")
    for line in tutorial.begin(ws):
        ws.push(line)
    return world, ws


def local_world(store: Store | None = None, level: str = "normal", players: int = 1) -> World:
    """A world for play in this process: nobody's turn times out, no seat goes to a bot, and
    options may name the player's files."""
    return World(store, Settings(turn_timeout=0, seat_grace=NEVER, max_sessions=players, bot_level=level,
                                 read_files=True), seeds=random.SystemRandom())


def start_local(ws, game, bots: int, seed: int | None, options: dict, level: str, others=(),
                begin: bool = True) -> None:
    """Walk to the game's room, sit (``others``, more sessions of the world, sit at the same table),
    and start with ``bots`` in the other seats (RuleError when the seats do not fit the game)."""
    ws.room = game.room
    tablecmds.sit(ws, None)
    gt = ws.table
    for other in others:
        other.room = game.room
        tablecmds.sit(other, gt.id)
    ws.world.start_match(gt, game, bots, seed, options, level, begin=begin)
    for each in (ws, *others):
        each.flush()  # the walk and the sitting: the match's own lines follow
        each.pull()
        if begin:  # the first screen: how to play it again, the goal and three commands to start with
            each.push(Line("info", replay_line(gt.match)))
            for text in intro(game, options):
                each.push(Line("intro", text))
