"""The World: who is connected, where they stand, the tables of every room, and the clock.

One World lives in the server process. Surfaces call
:meth:`World.connect` for a logged-in player and get a :class:`WorldSession`; :meth:`World.tick`
runs the timers. Matches are stored move by move; :meth:`World.resume` brings them back.

In a world of several nodes the World's code is the same: it talks to ``others`` (the people and
talk of the other nodes, mud/world/nodes.py) and ``host`` (who runs the tables, mud/world/runs.py
and mud/world/shared.py), null objects in a world of one; each table's ``run`` does what differs
between a table run here and one another node runs."""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass
from typing import Callable

from games.engine import Action
from mud.ops import oplog
from mud.shell import language
from mud.shell.outcome import over_line
from mud.shell.session import Line, Session
from mud.store import Store, StoreFailed
from mud.shell.table import MAX_BOT_STEPS, Table
from mud.shell.words import _
from mud.world.clock import Clock
from mud.world.crowd import CROWD, Comings
from mud.world.hashing import Hashing, InPlace
from mud.world.nodes import ELSEWHERE, Alone, NodeNames
from mud.world.resume import Resumes
from mud.world.rooms import HUB, ROOMS, game_of
from mud.world.runs import RunHere, Solo
from mud.world.session import WorldSession
from mud.world.tables import GameTable

log = logging.getLogger("questmud.world")

MOVE_NOT_SAVED = "The server cannot save right now; your move was not made. Try again in a little while."


@dataclass
class Settings:
    turn_timeout: float = 120.0  # seconds a player may take before a bot plays their turn (0: never)
    seat_grace: float = 300.0  # seconds a disconnected player's seat waits before a bot takes it
    max_sessions: int = 1000
    bot_level: str = "normal"
    read_files: bool = False  # options may name the player's files (map=FILE): local play only
    # A server's loop must stay free and its memory bounded: bots make at most bot_chunk moves at a
    # time (the rest soon after, see play_bots) and stop after bot_run_max in a row without a person's.
    bot_chunk: int = 0  # 0: bots play until a person is awaited, in one go (local play, tests)
    bot_run_max: int = MAX_BOT_STEPS


def now_line(view: dict | None, name: str) -> Line:
    """Where a match stands for one player, said again when they come back: whose turn it is, or
    the question waiting for them -- in words only: its answers come right after it, numbered (the
    TUI's question row, a line surface's rows), so the typed commands ('play 2sd') would say it twice.
    Whom the game waits for is a line of its own kind, ``waiting``: the TUI's hint row says it
    already, so the TUI leaves the line out of its log (a line surface has no such row: it keeps it)."""
    if view is None:
        return Line("info", _("You are back."))
    if view["over"]:
        return Line("info", _("The match is over."))
    prompt = view.get("prompt")
    if name in view["awaiting"] and prompt:
        return Line("turn", _("Now: {question}", question=prompt["text"]))
    if name in view["awaiting"]:
        return Line("turn", YOUR_TURN)
    if not view["awaiting"]:
        return Line("waiting", _("Now: waiting for nobody."))
    return Line("waiting", _("Now: waiting for {players}.", players=", ".join(view["awaiting"])))


YOUR_TURN = _("Now: it is your turn.")


def _says_turn(item) -> bool:
    """Whether a pending item (a Line, or a match's (Session, Event) kept for folding) is the
    game's announcement of a turn."""
    return (item[1] if isinstance(item, tuple) else item).kind == "turn"


class WorldFull(Exception):
    """No more sessions may connect now."""


class LoginEnded(WorldFull):
    """The identity a login was checked as no longer holds the name (deleted, made again)."""


class World(Clock, NodeNames, Resumes):
    def __init__(self, store: Store | None = None, settings: Settings | None = None,
                 clock: Callable[[], float] = time.monotonic, seeds: random.Random | None = None):
        self.store = store
        self.settings = settings or Settings()
        self.clock = clock
        self.seeds = seeds or random.SystemRandom()
        self.online: dict[str, object] = {}  # lower-case name -> WorldSession
        # room id -> the sessions online there, in the order they came: what a room says reaches
        # its people without looking at everyone online (WorldSession.room keeps it up to date)
        self.people: dict[str, dict] = {}
        self.comings = Comings()  # crowded rooms' arrivals and departures, told at the next tick
        self.others = Alone()  # the world's other nodes' people and talk (issue 30): none yet
        self.host = Solo(self)  # who runs the tables: this node alone, until it shares them
        self.here = RunHere(self)  # how a table this node runs runs (mud/world/runs.py)
        self.hashing: Hashing = InPlace()  # password checks of the world's verbs: the server's pool, if any
        self.tables: dict[int, GameTable] = {}
        self._next_table = 1
        self._due: set[int] = set()  # tables whose people wait for bots that stopped at bot_chunk
        self.on_bots_due: Callable[[], None] | None = None  # the server plays them soon (play_bots)
        # the operator's events of the world (a match started or over, a turn timed out, a seat taken
        # by a bot: mud/ops/oplog.py) are logged, and go here too: the server's metrics count them
        self.on_note: oplog.Hear | None = None
        self.started = time.time()
        # ends a player's connection (a kick, a ban): the server puts its own here, which closes it
        # on whatever surface it is; without a server the session is closed and leaves the world
        self.hang_up: Callable[[object], None] = self._hang_up

    # --- connections ----------------------------------------------------------------------------
    def connect(self, name: str, wake: Callable[[], None] | None = None, surface: str = "",
                uid: str | None = None, lang: str | None = None, hint: str | None = None):
        """``name``'s session, a logged-in player's. ``uid``: the identity their login was checked
        as, when a moment passed since (a browser's ticket): entered as that one, or not at all
        (LoginEnded); else the account's as the store has it now. Its language: ``lang``, a choice
        the player made as they came (``mud play --lang``, the browser's switch), kept with the
        account; else the account's own; else ``hint`` (what the client says: SSH's LANG), kept too;
        else English, with ``lang_kept`` False (a line login asks)."""
        acc = self.store.account(name) if self.store is not None else None
        if uid is not None and (acc is None or acc["uid"] != uid):
            raise LoginEnded(_("That login has ended: log in again."))
        old = self.online.get(name.lower())
        if old is None and len(self.online) >= self.settings.max_sessions:
            raise WorldFull(_("The world is full right now; try again in a little while."))
        if old is not None:
            old.push(Line("info", ELSEWHERE))
            old.closed = True
            old.ended_by = "elsewhere"
            self._detach(old, dropped=False)
        room = acc["room"] if acc and acc.get("room") in ROOMS else HUB
        uid = acc["uid"] if acc else None
        ws = WorldSession(self, name, room, wake, surface)
        ws.uid = uid  # the account it logged in as: what it writes for the account names it (credentials.py)
        ws.began = time.time()
        kept = language.parse(acc.get("lang")) if acc else None
        if language.parse(lang) or (kept is None and language.parse(hint)):
            ws.set_language(language.parse(lang) or language.parse(hint))
        elif kept is not None:
            ws.lang, ws.lang_kept = kept, True
        if old is not None:
            self.people.get(old.room, {}).pop(old, None)
        self.online[name.lower()] = ws
        self.people.setdefault(ws.room, {})[ws] = None
        # one live session per account in the whole world: the other nodes end any older one (before
        # this node tells the table's node the player is back, so that one's 'away' comes first)
        self.others.end_account(name, None, "elsewhere", Line("info", ELSEWHERE), before=ws.began)
        self.others.here(ws.name, ws.room)
        back = self._seat_of(name)
        if back is not None:
            self.return_to_seat(ws, back, _("You are back at table {table}.", table=back.id),
                                _("{player} is back.", player=name), since=_("while you were away"))
        elif old is None:
            self.tell_coming(room, ws, Line("arrive", _("{player} arrives.", player=name)), came=True)
        return ws

    def disconnect(self, ws) -> None:
        """The connection ended (quit, dropped, kicked): the player's seat waits for them."""
        if self.online.get(ws.name.lower()) is ws:
            del self.online[ws.name.lower()]
            self.people.get(ws.room, {}).pop(ws, None)
            self.others.here(ws.name, None)
            told = self._detach(ws, dropped=ws.ended_by != "elsewhere")  # (moved on: its table is not told)
            if len(self.people.get(ws.room, ())) > CROWD:
                return self.comings.note(ws.room, ws.name, came=False)
            for other in self.in_room(ws.room):  # those at the table just read why, in its words
                if other is not ws and other not in told:
                    other.push(Line("arrive", _("{player} leaves.", player=ws.name)))
            self.others.room_line(ws.room, ws.name, Line("arrive", _("{player} leaves.", player=ws.name)))

    def end_account(self, name: str, uid: str | None, why: str, line: Line | None = None, but=None,
                    forward: bool = True, before: float = 0.0) -> int:
        """End at once every live session of the account called ``name`` on this node, any surface
        (a browser's too), telling it ``line`` first: only one logged in as ``uid`` when given (a
        deleted account's), else whoever holds the name (a kick, a ban). ``why`` is the end as the
        log says it (mud/ops/oplog.py CAUSES); ``but`` a session spared (the one that changed the
        password). ``forward``: the other nodes do the same (``others.end_account``, a bus message
        heard there as this call without forward). ``before``: only a session that logged in before
        that moment (wall clock: a login elsewhere ends older sessions, never a newer one). The one
        way an account's sessions are ended. Returns how many ended on this node."""
        ws = self.online.get(name.lower())
        ended = 0
        if ws is not None and ws is not but and (uid is None or getattr(ws, "uid", None) in (uid, None)) \
                and (not before or getattr(ws, "began", 0.0) < before):
            if line is not None:
                ws.push(line)
            ws.ended_by = why
            self.hang_up(ws)
            ended = 1
        if forward:
            self.others.end_account(name, uid, why, line)
        return ended

    def _hang_up(self, ws) -> None:
        ws.closed = True
        self.disconnect(ws)

    def _detach(self, ws, dropped: bool) -> list:
        """``ws`` leaves its table (a drop, a quit, another login); returns the sessions told so."""
        gt, told = ws.table, []
        if gt is None:
            return told
        if ws.name in gt.sitters and gt.match is None:
            gt.sitters.remove(ws.name)
            gt.run.sat(ws, gt, "unsit")
        gt.watchers.discard(ws.name)
        if gt.match is not None and ws.name in gt.seats and not gt.match.over:
            gt.away[ws.name] = self.clock()
            gt.run.sat(ws, gt, "away")
            if dropped:
                minutes = self.settings.seat_grace / 60
                told = [other for other in self.at_table(gt) if other.name != ws.name]
                self.tell_table(gt, Line("info", gone_line(ws, f"{minutes:g}")), but=ws.name)
        ws.table = None
        ws.inner = None
        self._tidy(gt)
        return told

    def _seat_of(self, name: str) -> GameTable | None:
        for gt in self.tables.values():
            if gt.match is not None and name in gt.seats and name not in gt.left and not gt.match.over:
                return gt
        return None

    def return_to_seat(self, ws, gt: GameTable, mine: str, theirs: str, since: str = "") -> None:
        """Seat a player again at their match (after a drop, a restart or 'leave'); the bot stops.
        With ``since`` ('while you were away') ``mine`` heads the news missed, or says there was none."""
        ws.room = gt.room
        ws.table = gt
        ws.inner = gt.seats[ws.name]
        gt.away.pop(ws.name, None)
        gt.left.discard(ws.name)
        gt.run.sat(ws, gt, "back")
        if gt.match.seats[ws.name].bot:
            self.hand_seat(gt, ws.name, "back")
        recap, ws.inner.recap = ws.inner.recap, False
        heading = Line("info", _("{news} What happened {since}:", news=mine, since=since) if since else mine)
        if recap:  # brought back from the store: its last lines, maybe all seen, not news missed
            heading = Line("info", _("{news} The match's last moves:", news=mine))
        ws.push(heading)
        self.tell_table(gt, Line("info", theirs), but=ws.name)
        before = len(ws._pending)
        ws.pull()
        if len(ws._pending) == before and since and ws._pending and ws._pending[-1] is heading:
            ws._pending[-1] = Line("info", _("{news} Nothing happened {since}.", news=mine, since=since))
        elif len(ws._pending) == before:
            ws.push(Line("info", _("Nothing happened meanwhile.")))
        now = now_line(ws.game_view(), ws.name)
        if not (now.text == YOUR_TURN and len(ws._pending) > before and _says_turn(ws._pending[-1])):
            ws.push(now)  # (the news ending with the game's own "It is your turn ..." has said it)

    def hand_seat(self, gt: GameTable, name: str, why: str) -> None:
        """A person's seat goes to a bot (``why`` 'left', 'away') or back to them ('back'); the store
        keeps after which move, for ``matches`` and replays. (Another node's table: that node does it.)"""
        gt.run.hand_seat(gt, name, why)

    def rename_seat(self, gt: GameTable, old: str, new: str) -> GameTable:
        """``gt``'s match rebuilt from the store with ``old``'s seat renamed ``new`` (a deleted account's
        placeholder, a bot's from now on); the number, other seats and watchers stay."""
        there = [ws for ws in self.at_table(gt) if ws.name != old]
        self.tables.pop(gt.id, None)
        self._resume(self.store.match(gt.match_id))
        fresh = self.tables[gt.id]
        rename = {old: new}
        fresh.watchers = set(gt.watchers)
        fresh.left = {rename.get(n, n) for n in gt.left} | {new}
        fresh.away = {rename.get(n, n): t for n, t in gt.away.items() if n != old}
        for name, seat in gt.match.seats.items():
            if seat.bot and name != old:
                fresh.match.set_bot(name, True)
        fresh.match.set_bot(new, True)
        for ws in there:
            ws.table = fresh
            ws.inner = fresh.seats.get(ws.name) or Session(fresh.match, None)
            ws.inner.cursor = len(fresh.match.events)  # they saw it all already
        fresh.match.settle()  # the bot plays at once if the seat is awaited
        return fresh

    def moved(self, ws, old: str, new: str) -> None:
        """``ws`` walked from ``old`` to ``new`` (called by WorldSession.room): last in the new room's order."""
        here = self.people.get(old)
        if here is not None and here.pop(ws, 0) is None:
            self.people.setdefault(new, {})[ws] = None
            self.others.here(ws.name, new)

    def in_room(self, room: str) -> list:
        """The sessions online in ``room``, in the order they came."""
        return list(self.people.get(room, ()))

    def session(self, name: str):
        return self.online.get(name.lower())

    # --- messages -------------------------------------------------------------------------------
    def tell_coming(self, room: str, ws, line: Line, came: bool) -> None:
        """``ws`` came into (or left) ``room``: its people are told ``line`` now, or, past CROWD of
        them, in one gathered line at the next tick (crowd.Comings)."""
        people = self.people.get(room, {})
        if len(people) - (ws in people) > CROWD:
            self.comings.note(room, ws.name, came)
        else:
            self.to_room(room, line, but=ws)
        self.others.room_line(room, ws.name, line)

    def to_room(self, room: str, line: Line, but=None) -> None:
        for ws in self.in_room(room):
            if ws is not but:
                ws.push(line)

    def tell_table(self, gt: GameTable, line: Line, but: str | None = None) -> None:
        """``line`` to everyone at ``gt`` but ``but``, on every node (by the node running it)."""
        gt.run.tell(gt, line, but)

    def at_table(self, gt: GameTable) -> list:
        """The sessions at (or watching) a table: all in its room, so only the room is looked at."""
        return [ws for ws in self.people.get(gt.room, ()) if ws.table is gt]

    # --- tables ---------------------------------------------------------------------------------
    def tables_in(self, room: str) -> list[GameTable]:
        return [gt for gt in self.tables.values() if gt.room == room]

    def new_table(self, room: str) -> GameTable:
        game = game_of(room).name
        gt = GameTable(self.host.number(room, game), room, game, run=self.here)
        self._next_table += 1
        self.tables[gt.id] = gt
        return gt

    def _tidy(self, gt: GameTable) -> None:
        """Forget a table nobody needs any more: empty and open, or over with nobody there."""
        if gt.match is None and not gt.sitters and not gt.watchers or \
                gt.match is not None and gt.match.over and not self.at_table(gt):
            if self.tables.pop(gt.id, None) is not None:
                gt.run.gone(gt)

    def start_match(self, gt: GameTable, game, bots: int, seed: int | None, options: dict, level: str,
                    begin: bool = True, keep: bool = True) -> None:
        """Seat the table's people and ``bots`` at a new match; ``begin``: open it at once, else the
        caller starts it. ``keep`` False: not stored (the tutorial: never offered for resume)."""
        humans = list(gt.sitters)
        names = [f"bot{i}" for i in range(1, bots + 1)]
        seed = self.seeds.randrange(10**6) if seed is None else seed
        match = Table(game, humans, names, seed, options, level)  # RuleError if the seats do not fit
        if self.store is not None and keep:
            gt.match_id = self.store.create_match(gt.game, gt.room, seed, options, humans, names, level, gt.id)
        self.open_match(gt, match)
        if keep:  # (the tutorial is no match of the server's)
            self.note("match_start", gt, players=humans, bots=bots)
        gt.run.started(gt)
        if begin:
            match.start()

    def open_match(self, gt: GameTable, match: Table) -> None:
        """Play ``match`` (made, maybe started) at ``gt``: the match's people take their seats,
        anyone else at the table watches, and what the match does reaches them all from now on."""
        self._attach(gt, match)
        for name, seat in match.seats.items():
            if not seat.bot:
                gt.seats[name] = self._seat(match, name)
        for ws in self.at_table(gt):
            ws.inner = gt.seats.get(ws.name) or Session(match, None)

    @staticmethod
    def _seat(match: Table, name: str) -> Session:
        session = Session(match, name)
        session.over_hint = _("'leave' gets up from the table.")
        return session

    def _attach(self, gt: GameTable, match: Table) -> None:
        gt.match = match
        gt.progress = self.clock()
        match.chunk, match.max_run = self.settings.bot_chunk, self.settings.bot_run_max
        match.on_due = lambda: self._bots_due(gt)

        def stored(player: str, action: Action, by_bot: bool) -> None:
            if self.store is None or gt.match_id is None:
                return
            seq = len(match.log)
            try:
                self.store.log_move(gt.match_id, seq, player, action, by_bot)
            except StoreFailed:
                raise StoreFailed(MOVE_NOT_SAVED) from None  # the table undoes the move
            gt.run.stored(gt, seq, player, action, by_bot)
            if match.over:
                try:
                    self.store.finish(gt.match_id)
                except StoreFailed:  # the move is stored: a restart sees the match is over
                    pass

        ended: list = []  # the end is told once

        def moved() -> None:
            gt.progress = self.clock()
            gt.run.after_move(gt)  # (a snapshot now and then, by the node running it)
            for ws in self.at_table(gt):
                ws.pull()
            if match.over and not ended:
                ended.append(True)
                gt.run.ended(gt)  # (the operator's note: by the node running it)
                self._end_watching(gt)
                self._say_how_to_get_up(gt)

        match.on_action = stored
        match.on_say = lambda event: gt.run.said(gt, event)
        match.listeners.append(moved)

    def _say_how_to_get_up(self, gt: GameTable) -> None:
        """A finished match tells each seated player, once and on every surface, how it ended for
        them and what comes next: a line surface shows only "(game over) >", where 'quit' would end
        the connection rather than get up. (The TUI adds no banner of its own for them.)"""
        match = gt.match
        levels = {n: s.level for n, s in match.seats.items() if s.bot and n not in gt.seats}
        winners = list(match.game.winners(match.state))
        for ws in self.at_table(gt):
            if ws.name in gt.seats:
                ws.push(Line("banner", over_line(winners, ws.name, levels, gt.match_id)))

    def _end_watching(self, gt: GameTable) -> None:
        """A finished match tells its watchers how to go. They stay at the table, its final board
        on their screen, until they leave, as its players do: sent back to the room at once, a
        watcher's panels lost the end the moment it came (issue 40)."""
        for ws in self.at_table(gt):
            if ws.name in gt.watchers:
                ws.push(Line("info", _("The match at table {table} is over: 'leave' stops watching.", table=gt.id)))

    def note(self, event: str, gt: GameTable, **fields) -> None:
        """An operator's event at table ``gt`` (mud/ops/oplog.py): logged with the match, its game and
        the table, and told to ``on_note``."""
        oplog.note(log, event, self.on_note, match=gt.match_id, game=gt.game, table=gt.id, **fields)


# How a player's going is told at their table, by why their session ended (``ended_by``,
# mud/ops/oplog.py CAUSES): truthfully, but never the moderator's reason (that is theirs and the
# player's). A drop, a failure and a client too slow to read are all a lost connection to the table.
# Whole sentences, one per cause, so each language words the player's going its own way.
def gone_line(ws, minutes: str):
    """What a player's table reads when their session ends mid-match: who, why, how long the seat waits."""
    why, name = "quit" if ws.quitting else ws.ended_by, ws.name
    if why in ("kick", "ban"):
        return _("{player} was sent away by a moderator; their seat waits {minutes} min before a bot takes it.",
                 player=name, minutes=minutes)
    if why in ("quit", "deleted"):
        return _("{player} quit; their seat waits {minutes} min before a bot takes it.", player=name, minutes=minutes)
    if why == "idle":
        return _("{player} was idle too long and was disconnected; their seat waits {minutes} min before a bot "
                 "takes it.", player=name, minutes=minutes)
    return _("{player} lost the connection; their seat waits {minutes} min before a bot takes it.",
             player=name, minutes=minutes)
