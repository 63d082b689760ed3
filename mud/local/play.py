"""Local play (``mud play``) is the same world as the server's, in this process: the Crossroads and
every game's room, one player, bots at the other seats, and the store in the user's data directory --
so a local game is saved move by move and comes back after quitting, a closed terminal, a crash or
``kill -9``.

``open_local`` finds an unfinished game of the player's of the kind asked for (offered for resume, or
resumed with ``--resume``), else starts a new one at the room of the chosen game.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from typing import Callable

import platformdirs

import games
from games.engine import RuleError, render
from mud.shell import language
from mud.shell.help import intro
from mud.shell.optfiles import read_option_file
from mud.world.replay import moment
from mud.shell.session import Line
from mud.store import CANNOT_SAVE, Store, StoreFailed
from mud.shell.table import replay_line
from mud.shell.words import _
from mud.world import tablecmds, tutorial
from mud.world.world import Settings, World

DB = "local.db"
DEFAULT_PLAYERS = 4  # seats at a new local table, the player included, unless --players says


def first_time_line(game, lines: bool = False, lang: str = language.DEFAULT) -> str:
    """The line the very first local game starts with, adding what the match's intro (mud/shell/help.py
    ``intro``) does not already say -- it names 'help <game>', and 'tutorial' for the game it
    teaches: how long the tutorial takes, and how to find the rest. Nobody is sent to learn another
    game. ``lines``: for a line surface (``--plain``, the browser's screen-reader page), which has
    no keys to explain -- the full screen's F1 means nothing there. Worded in ``lang``, the player's."""
    return render(_first_time(game, lines), lang)


def _first_time(game, lines: bool):
    if lines:
        if game.name == games.TUTORIAL:
            return _("First time here? The tutorial takes five minutes, alone; 'help' lists every command.")
        return _("First time here? 'help' lists every command; 'commands' shows the ones you can type now.")
    if game.name == games.TUTORIAL:
        return _("First time here? The tutorial takes five minutes, alone; F1 explains the keys.")
    return _("First time here? F1 explains the keys; 'help' lists every command.")


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

    def title(self) -> str:
        return games.get(self.game).title if self.game in games.CATALOGUE else self.game

    def describe(self, created: float = 0.0):
        """The game in the player's words (a message): what, how many seats, its options and when it
        began (local time: the player's own clock) -- its seed says nothing to them."""
        more = "".join(f", {k} {v}" for k, v in sorted(self.options.items()))
        said = dict(game=self.title(), seats=self.seats, more=more)
        if created:  # as 'matches' says it
            return _("your unfinished {game} game, {seats} seats{more}, started {when}",
                     when=moment(created, local=True), **said)
        return _("your unfinished {game} game, {seats} seats{more}", **said)


def unfinished(store: Store, name: str) -> list[Unfinished]:
    """The player's matches still being played, newest last."""
    return [Unfinished(m.id, m.game, m.seed, m.options, len(m.humans) + len(m.bots))
            for m in store.matches("playing") if name in m.humans]


def open_local(name: str, game_name: str, players: int | None, seed: int | None, options: dict, level: str,
               data: str | None = None, resume: bool | None = None,
               ask: Callable[[str], bool] | None = None, any_game: bool = False, lang: str | None = None,
               hint: str | None = None):
    """The local world and the player's session in it, seated at their match. The unfinished games
    of the kind asked for -- ``game_name``, and ``players`` seats when given (None: not given, the
    default of 4) -- are the ones offered; ``any_game`` (no game named: plain ``mud play``) offers
    every one. ``resume``: True resumes the newest of them; False starts anew, setting aside the
    unfinished games of the new game's kind; None asks (``ask``: see ``_open``), or starts anew when
    there is no one to ask. Another kind's games stay unfinished, for when their game is asked for.
    ``lang``: the language chosen (``--lang``), else ``hint`` (the terminal's locale): World.connect.
    Raises KeyError/RuleError for a bad game or option."""
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
        asked = Asked(game, players, any_game)
        world, ws = _open(store, name, asked, seed, options, level, resume, ask, first_time, (lang, hint))
        if not store.commit():
            raise StoreFailed(CANNOT_SAVE)
    except BaseException:
        store.close_unsaved()
        raise
    store.batched = False  # from here on, each move is committed as it is made
    return world, ws


@dataclass
class Asked:
    """The kind of game `mud play` was asked for: a game, maybe a number of seats, or any game."""
    game: object  # its GameSpec
    players: int | None  # None: --players not given
    any_game: bool = False

    def fits(self, waiting: Unfinished) -> bool:
        """Whether ``waiting`` is of this kind: offered to be taken up."""
        return (self.any_game or waiting.game == self.game.name) and self.players in (None, waiting.seats)

    def replaces(self, waiting: Unfinished) -> bool:
        """Whether a new game of this kind sets ``waiting`` aside: the same game (and seats, when
        given); a game of another kind stays unfinished, to be offered when it is asked for."""
        return waiting.game == self.game.name and self.players in (None, waiting.seats)

    def seats(self) -> int:
        wanted = DEFAULT_PLAYERS if self.players is None else self.players
        return max(self.game.min_players, min(wanted, self.game.max_players))

    def named(self) -> str:
        """The kind in words, for 'there is no unfinished ... game' (English: the refusal's own words
        are chosen by :meth:`no_game`)."""
        title = "" if self.any_game else f"{self.game.title} "
        return title if self.players is None else f"{title}{self.players}-seat "

    def no_game(self):
        """The refusal of --resume with no unfinished game of this kind, a message."""
        if self.any_game:
            if self.players is None:
                return _("There is no unfinished game to resume: 'mud play' without --resume starts a new one.")
            return _("There is no unfinished {seats}-seat game to resume: 'mud play' without --resume "
                     "starts a new one.", seats=self.players)
        if self.players is None:
            return _("There is no unfinished {game} game to resume: 'mud play' without --resume starts a new one.",
                     game=self.game.title)
        return _("There is no unfinished {game} {seats}-seat game to resume: 'mud play' without --resume "
                 "starts a new one.", game=self.game.title, seats=self.players)


def _open(store: Store, name: str, asked: Asked, seed: int | None, options: dict, level: str,
          resume: bool | None, ask: Callable[[str], bool] | None, first_time: bool,
          langs: tuple[str | None, str | None] = (None, None)):
    """open_local's work, its writes batched: the player's unfinished game of the kind asked for
    taken up, or a new match started. Each game the player said no to is set aside, and so are those
    of the new game's kind; a game of another kind, not asked about, stays unfinished."""
    mine = unfinished(store, name)
    waiting = [u for u in mine if asked.fits(u)]
    if resume and not waiting:
        raise RuleError(render(asked.no_game(), langs[0] or langs[1] or language.DEFAULT))
    keep, declined = None, []
    if resume:
        keep = waiting[-1]
    elif resume is None and ask is not None:
        for offer in _offers(waiting, mine, asked):
            rec = store.match(offer.id)
            question = _("Resume {game}? [Y/n] ", game=offer.describe(rec.created if rec else 0.0))
            if ask(render(question, langs[0] or langs[1] or language.DEFAULT)):
                keep = offer
                break
            declined.append(offer)
    for old in mine:
        if old in declined or keep is None and asked.replaces(old):
            store.finish(old.id, "abandoned")
    world = local_world(store, level)
    if keep is not None:  # (only the game taken up: the others wait in the store, not in this world)
        world.resume([keep.id])
    ws = world.connect(name, surface="local", lang=langs[0], hint=langs[1])
    if keep is None:
        start_local(ws, asked.game, asked.seats() - 1, seed, options, level)  # it says how to replay the match
        if first_time:  # said with the greeting, once the surface is known: keys, or lines
            ws.first_words = lambda lines, game=asked.game: first_time_line(game, lines, ws.lang)
    else:
        ws.push(Line("info", replay_line(ws.inner.table)))
    return world, ws


def _offers(waiting: list[Unfinished], mine: list[Unfinished], asked: Asked) -> list[Unfinished]:
    """The games to offer, in turn until one is taken: the newest of the kind asked for, then (plain
    ``mud play``, when that was of another game) the newest of the kind a no starts -- a new game
    sets its kind's aside, so the player is asked about it first."""
    offers = waiting[-1:]
    same = [u for u in mine if asked.replaces(u)]
    if same and same[-1] not in offers:
        offers.append(same[-1])
    return offers


def open_tutorial(name: str, lang: str | None = None, hint: str | None = None):
    """``mud play tutorial``: a local world with nothing stored, the player at the tutorial's table
    (``lang``, ``hint``: the language, as for open_local)."""
    world = local_world(None, "easy")
    ws = world.connect(name, surface="local", lang=lang, hint=hint)
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
            for text in intro(game, options, gt.match.state, each.name):
                each.push(Line("intro", text))
