"""Tables shared by the nodes of one world (issue 30): each is run by one node, its owner, and
followed by every other.

**The owner** is the node where the table was opened (or the one that took it over: below). It
alone changes the table: it seats sitters, starts the match, stores each move before anyone is told,
plays the bots and runs the clocks (its tables' ``run`` is mud/world/runs.py's ``RunHere``, with this
object as the world's ``host``). Each change goes out on the bus once it is committed, in order, as
the typed records of mud/world/messages.py: ``Sitters``, ``Started``, ``Moved`` (its number, player
and action), ``Said`` (table talk), ``Told`` (a line for everyone at the table), ``Handed`` (a seat to
a bot or back, or one turn a bot plays when a player's time is up), ``SeatAway``, ``Gone``.

**A follower** keeps a copy of the table: the match is rebuilt from the store when it starts and
each move applied again as it comes (a game is a pure function of its seed and moves, so the copy's
events are the owner's). Its own players read that copy -- their views, prompts, completion and
folded turns are made on their own node, as on one node -- and what they change goes to the owner
(the table's ``run`` is ``RunThere``) as an ``Ask``: a game command parsed once where it was typed
(``Play``: the verb and its slots), table talk (``Talk``), ``Sit``, ``Start``, getting up, going away
or coming back (``SeatChange``), a line for the table (``TellTable``). The owner does it as that
player, with the same session code as its own players' (mud/world/far.py), and sends the direct
answer back to their node alone (``Answer``). A move missed (the bus dropped, a gap in the numbers)
is read from the store.

**Taking over**: a table's row in the store (mud/store/leases.py) is its owner's under a lease renewed
every beat. When the owner dies its leases lapse and the first node to take a table resumes its
match from the store -- snapshot and log, the bots thinking again (mud/world/resume.py) -- tells
the others (``Owner``), and every seated player is asked their pending question again.

What the bus hears is decoded and checked (a malformed message is dropped) and dispatched by its type.
"""

from __future__ import annotations

import logging
import time
from typing import Callable

import games
from games.engine import Action, Event, RuleError, said, unwire, wire
from mud.shell.help import intro
from mud.shell.words import _
from mud.shell.session import Line, Session
from mud.store import StoreFailed
from mud.shell.table import Table
from mud.world import far, messages, tablecmds
from mud.world.messages import Ask
from mud.world.runs import RunThere
from mud.world.tables import GameTable
from mud.world.world import now_line

log = logging.getLogger("questmud.shared")

NO_ANSWER = 5.0  # seconds a player waits for the table's node before being told it is not answering


def _line(line: Line) -> list:
    return [line.kind, wire(line.text), line.tone]  # (worded already, in the asker's language: Ask.lang)


def _unline(item) -> Line:
    kind, text, tone = (list(item) + ["", "", ""])[:3]
    try:
        text = unwire(text) if isinstance(text, dict) else str(text)
    except ValueError:
        text = ""
    return Line(str(kind), text, str(tone))


class Shared:
    """This node's part in the world's shared tables, the world's ``host`` once it shares them;
    ``send`` publishes a message on the bus (encoded; ``dest``: one node's only), ``leases`` holds
    the tables' rows."""

    def __init__(self, world, node: str, send: Callable[[dict], None], leases) -> None:
        self.world, self.node, self.send, self.leases = world, node, send, leases
        self.asked: dict[str, tuple[int, float]] = {}  # a player here -> (table, when) of an ask unanswered
        self.taken = 0  # tables this node took over (bench/, tests)
        self.cut = False  # the bus was out of reach at the last beat: moves may have been missed
        self.steady = time.monotonic()  # since when the store answered every beat (see beat)
        self.lost_to: dict[int, str] = {}  # a table this node's beat found run elsewhere -> by whom (its Owner: no news)
        self._on = {messages.Sitters: self._table, messages.Started: self._started, messages.Moved: self._move,
                    messages.Said: self._said, messages.Told: self._told, messages.Handed: self._hand,
                    messages.SeatAway: self._away, messages.Gone: self._gone, messages.Owner: self._owner,
                    messages.Answer: self._answer}

    def post(self, message: messages.Message) -> None:
        self.send(messages.encode(message))

    # --- the owner's side: each change, told to the followers --------------------------------------
    def mine(self, gt: GameTable) -> bool:
        return not gt.node

    def elsewhere(self, gt: GameTable) -> bool:
        """Whether a seat's player may be at ``gt`` from another node (one not away nor gone)."""
        return any(name not in gt.away and name not in gt.left for name in gt.seats)

    def number(self, room: str, game: str) -> int:
        return self.leases.open(room, game)

    def sitters(self, gt: GameTable) -> None:
        self.post(messages.Sitters(number=gt.id, room=gt.room, game=gt.game, sitters=list(gt.sitters), owner=self.node))

    def started(self, gt: GameTable) -> None:
        try:
            self.leases.started(gt.id, gt.match_id)
        except StoreFailed:  # the row says no match: a takeover drops the table (its match is stored)
            log.warning("table %s's lease does not name its match %s", gt.id, gt.match_id)
        self.post(messages.Started(number=gt.id, match=gt.match_id, room=gt.room, game=gt.game, owner=self.node))

    def moved(self, gt: GameTable, step: int, player: str, action: Action, by_bot: bool) -> None:
        self.post(messages.Moved(number=gt.id, match=gt.match_id, step=step, player=player, verb=action.verb,
                                 args=list(action.args), by_bot=by_bot))

    def said(self, gt: GameTable, event: Event) -> None:
        self.post(messages.Said(number=gt.id, tone=event.kind, line=wire(event.text), facts=event.data,
                                heard_by=None if event.to is None else list(event.to), unheard_by=list(event.not_to)))

    def told(self, gt: GameTable, line: Line, but: str | None) -> None:
        self.post(messages.Told(number=gt.id, tone=line.kind, line=wire(line.text), but=but))

    def handed(self, gt: GameTable, name: str, why: str) -> None:
        self.post(messages.Handed(number=gt.id, player=name, why=why))

    def away(self, gt: GameTable, name: str, gone: bool) -> None:
        """``name``'s player went away from ``gt`` (or came back): every node's `tables` says so."""
        self.post(messages.SeatAway(number=gt.id, player=name, gone=gone))

    def gone(self, gt: GameTable) -> None:
        try:
            self.leases.release(gt.id)
        except StoreFailed:
            pass  # (its lease lapses; whoever takes it finds the match over or no match: dropped)
        self.post(messages.Gone(number=gt.id))

    # --- a follower's side: what its players change goes to the owner ---------------------------
    def ask(self, ws, message: Ask) -> list[Line]:
        """Ask the owner of ``message``'s table to do what ``ws`` typed (a game command, a sit, a
        start); its answer comes back later (``Answer``). Returns what to say now: nothing."""
        if self.world.others.paused():
            raise RuleError(_("Table {table} is run by another node, out of reach right now (the link between "
                              "nodes is down): try again in a little while.", table=message.number))
        self.post(message)
        self.asked[ws.name.lower()] = (message.number, time.monotonic())
        return []

    def waits(self, ws) -> bool:
        """``ws`` asked the table's node something not yet answered (its question is not shown
        again meanwhile: it was answered)."""
        return ws.name.lower() in self.asked

    def beat(self) -> None:
        """Each second: leases renewed, lapsed ones taken over, unanswered asks told."""
        now = time.monotonic()
        for name, (number, when) in list(self.asked.items()):
            if now - when > NO_ANSWER:
                del self.asked[name]
                ws = self.world.session(name)
                if ws is not None:
                    ws.push(Line("error", _("Table {table}'s node is not answering, so that may not have been done. If the node is down, another takes the table over within seconds: look again then.", table=number)))
        cut, self.cut = self.cut, self.world.others.paused()
        try:
            if cut and not self.cut:  # the bus is back: what the other nodes' tables did meanwhile
                for gt in list(self.world.tables.values()):
                    if gt.node:
                        self.catch_up(gt)  # (its players read the moves as they are applied)
            held = self.leases.renew()
            for gt in list(self.world.tables.values()):
                if self.mine(gt) and gt.id not in held:
                    owner = self.leases.owner(gt.id)
                    if owner is None:  # a match resumed from before tables had leases: held from now on
                        self.leases.adopt(gt.id, gt.room, gt.game, gt.match_id)
                        continue
                    self._lost(gt, owner)
                    self._here_again(gt)
                    self.lost_to[gt.id] = owner
            # After the store was away every node's leases lapsed together: none takes another's
            # tables until all have had a lease's time to renew their own.
            if now - self.steady >= self.leases.lease:
                for number, room, game, match in self.leases.take_lapsed():
                    self.take_over(number, room, game, match)
        except StoreFailed:
            self.steady = time.monotonic()  # the store is away: leases wait; so do moves, which cannot be stored

    # --- what this node hears ------------------------------------------------------------------
    def heard(self, data: dict) -> None:
        """A message from another node as the bus carries it: checked, then heard."""
        message = messages.decode(data)
        if message is not None:
            self.hear(message)

    def hear(self, message: messages.Message) -> None:
        """A message from another node, dispatched by its type."""
        if isinstance(message, Ask):
            return self._ask(message)
        handler = self._on.get(type(message))
        if handler is not None:
            handler(message)

    def _find(self, message: messages.TableMessage) -> GameTable | None:
        return self.world.tables.get(message.number)

    def _follow(self, number: int, room: str, game: str, owner: str) -> GameTable:
        gt = self.world.tables.get(number)
        if gt is None:
            gt = self.world.tables[number] = GameTable(number, room, game, run=self.world.here)
        if owner != self.node:
            gt.run = RunThere(self, owner)
        return gt

    def _table(self, message: messages.Sitters) -> None:
        """An open table's sitters, as its owner has them (a player here refused or gone is not at it)."""
        if not message.owner or message.owner == self.node:
            return
        gt = self._follow(message.number, message.room, message.game, message.owner)
        if gt.match is None:
            gt.sitters = list(message.sitters)

    def _started(self, message: messages.Started) -> None:
        if not message.owner or not self.world.store:
            return
        gt = self._follow(message.number, message.room, message.game, message.owner)
        if gt.match is not None:
            return
        self.follow_match(gt, message.match)
        for ws in self.world.at_table(gt):
            if ws.seated:
                for text in intro(gt.match.game, gt.match.options, gt.match.state, ws.name):
                    ws.push(Line("intro", text))
        for name in sorted(gt.will_watch):  # asked here to watch it from its start, and still here
            friend = self.world.session(name)
            if friend is not None and friend.room == gt.room and friend.table is None:
                try:
                    for line in tablecmds.watch(friend, gt.id):
                        friend.push(line)
                except RuleError as err:
                    friend.push(Line("error", said(err)))
        gt.will_watch.clear()

    def follow_match(self, gt: GameTable, match_id: int) -> None:
        """``gt``'s match, rebuilt from the store to follow its owner: its people's seats, and
        anyone here at the table watching."""
        rec = self.world.store.match(match_id)
        match = Table(games.get(rec.game), rec.humans, rec.bots, rec.seed, rec.options, rec.level)
        match.follower = True  # its owner's bots play: never this copy's
        gt.match_id = rec.id
        gt.sitters = list(rec.humans)
        self.world.open_match(gt, match)
        match.start(settle=False)
        self.catch_up(gt)

    def catch_up(self, gt: GameTable) -> int:
        """The moves of ``gt``'s match this node missed, read from the store."""
        match = gt.match
        if match is None or gt.match_id is None:
            return 0
        moves = self.world.store.moves(gt.match_id, len(match.log))
        for step in moves:
            match.replay(step[1], step[2])
        return len(moves)

    def _followed(self, message: messages.TableMessage) -> GameTable | None:
        """The table ``message`` is about, if this node follows it (another node runs it)."""
        gt = self._find(message)
        return gt if gt is not None and gt.node else None

    def _move(self, message: messages.Moved) -> None:
        gt = self._followed(message)
        if gt is None or gt.match is None or message.match != gt.match_id:
            return
        match = gt.match
        if message.step <= len(match.log):
            return  # (already applied: read from the store after a gap)
        if message.step > len(match.log) + 1:
            try:
                self.catch_up(gt)
            except StoreFailed:
                pass
            return
        match.replay(message.player, Action(message.verb, tuple(message.args)))

    def _said(self, message: messages.Said) -> None:
        gt = self._followed(message)
        if gt is None or gt.match is None:
            return
        heard_by = None if message.heard_by is None else tuple(message.heard_by)
        gt.match.publish([Event(message.tone, unwire(message.line), dict(message.facts), heard_by,
                                tuple(message.unheard_by))])

    def _told(self, message: messages.Told) -> None:
        gt = self._find(message)
        if gt is None:
            return
        line = Line(message.tone, unwire(message.line))
        for ws in self.world.at_table(gt):
            if ws.name != message.but:
                ws.push(line)

    def _hand(self, message: messages.Handed) -> None:
        gt, name = self._followed(message), message.player
        if gt is not None and gt.match is not None and name in gt.match.seats:
            if message.why == "time":  # a bot plays the turn their time ran out on: its first move says so
                return gt.match.mark_time_up(name)
            gt.match.set_bot(name, message.why != "back")
            if message.why == "left":  # (got up: not seated again by logging in, on any node)
                gt.left.add(name)
            elif message.why == "back":
                gt.left.discard(name)

    def _away(self, message: messages.SeatAway) -> None:
        gt, name = self._followed(message), message.player
        if gt is not None and gt.match is not None and name in gt.seats:
            if message.gone:
                gt.away.setdefault(name, self.world.clock())
            else:
                gt.away.pop(name, None)

    def _gone(self, message: messages.Gone) -> None:
        gt = self._followed(message)
        if gt is not None and not self.world.at_table(gt):
            self.world.tables.pop(gt.id, None)

    def _owner(self, message: messages.Owner) -> None:
        """Another node took ``gt`` over: what is missing is read, this node's players are seated
        there again and asked their pending question."""
        gt, owner = self._find(message), message.owner
        if gt is None or not owner or owner == self.node:
            return
        if self.lost_to.pop(gt.id, None) == owner:
            return  # (this node's beat found its lease gone first and did all this: once is enough)
        if not gt.node:  # this node ran it, and stalled: it lost it
            self._lost(gt, owner)
        gt.run = RunThere(self, owner)
        for name, (number, _when) in list(self.asked.items()):
            if number == gt.id:  # asked of the dead node: void (each is asked their question again)
                del self.asked[name]
        try:
            self.catch_up(gt)
        except StoreFailed:
            pass
        self._here_again(gt)

    def _here_again(self, gt: GameTable) -> None:
        """After a takeover: the table's new node is told who of its players is here, and each is
        asked their question again."""
        for ws in self.world.at_table(gt):
            if ws.name in gt.seats:
                gt.run.sat(ws, gt, "back")  # (at a table now run here: the followers hear they are back)
                ws.push(Line("info", _("Table {table} is run by another server now; play goes on.", table=gt.id)))
                ws.pull()
                ws.push(now_line(ws.game_view(), ws.name))

    def _answer(self, message: messages.Answer) -> None:
        ws = self.world.session(message.whom)
        gt = self.world.tables.get(message.seat) if message.seat is not None else None
        if gt is not None and gt.node:  # seated there; unless they walked off or left meanwhile: up again
            if ws is not None and gt.room == ws.room and ws.table is None:
                ws.table = gt
            else:
                self.post(messages.SeatChange(number=gt.id, speaker=message.whom, room=gt.room, dest=gt.node,
                                              act="unsit"))
        if ws is None:
            return
        self.asked.pop(ws.name.lower(), None)
        for item in message.lines:
            ws.push(_unline(item))
        ws.pull()
        if ws.wake is not None:  # the question held back while it waited is shown again, if still asked
            ws.wake()

    # --- the owner runs what a player of another node asked ------------------------------------------
    def _ask(self, message: Ask) -> None:
        gt, name = self._find(message), message.speaker
        answered = isinstance(message, (messages.Play, messages.Sit, messages.Start))
        if gt is None or not self.mine(gt):
            if answered:
                self._reply(message.node, name, [Line("error", _("That table is gone."))])
            return
        try:
            lines = far.serve(self.world, gt, message)
        except (RuleError, StoreFailed) as err:
            lines = [Line("error", said(err))]
        except Exception:  # a bug must cost one command, never the node
            log.exception("%s asked by %s at table %s failed", message.KIND, name, gt.id)
            lines = [Line("error", _("Something went wrong with that command; it was logged. Try another."))]
        if answered or lines:
            seat = gt.id if isinstance(message, messages.Sit) and name in gt.sitters else None
            self._reply(message.node, name, lines, seat)

    def _reply(self, node: str, name: str, lines: list[Line], seat: int | None = None) -> None:
        self.post(messages.Answer(whom=name, dest=node, lines=[_line(x) for x in lines], seat=seat))

    # --- taking a table over ----------------------------------------------------------------------
    def take_over(self, number: int, room: str, game: str, match_id: int | None) -> None:
        """This node won ``number``'s lapsed lease: its match resumed from the store, run here."""
        world = self.world
        old = world.tables.get(number)
        rec = world.store.match(match_id) if match_id is not None else None
        if rec is None or rec.status != "playing":
            if old is not None and not world.at_table(old):
                world.tables.pop(number, None)
            self.leases.release(number)
            self.post(messages.Gone(number=number))
            return
        here = world.at_table(old) if old is not None else []
        if old is not None and old.match is not None:
            self.catch_up(old)
            for ws in here:
                ws.pull()  # everything stored is seen on the old copy first
        world.tables.pop(number, None)
        fresh = world._resume(rec, settle=False)
        self.taken += 1
        _seat_again(here, fresh)
        for ws in here:
            fresh.away.pop(ws.name, None)
            if ws.name not in fresh.seats:
                fresh.watchers.add(ws.name)
        self.post(messages.Owner(number=number, owner=self.node))
        for name in fresh.away:  # until their nodes say they are here ('back')
            self.away(fresh, name, True)
        self._here_again(fresh)
        fresh.match.settle()

    def _lost(self, gt: GameTable, owner: str = "?") -> None:
        """This node stalled and ``gt`` was taken from it: it follows the table from now on, its copy
        of the match read again from the store (a move it made that the store refused is not in it)."""
        log.warning("table %s was taken over by another node", gt.id)
        gt.run = RunThere(self, owner)
        if gt.match is None or gt.match_id is None:
            return
        here = self.world.at_table(gt)
        for ws in here:
            ws.pull()
            ws.table = None  # (away from it while its copy is made: the match read again is not news)
        old = gt.match
        old.follower = True
        gt.match, gt.seats = None, {}
        try:
            self.follow_match(gt, gt.match_id)
        except StoreFailed:
            gt.match = old  # (followed as it is until the store answers: the next move's gap reads it)
            for ws in here:
                ws.table = gt
            return
        _seat_again(here, gt)

    def leave(self) -> None:
        """This node stops cleanly: its leases end now, so another node takes its tables at its next
        beat rather than after the lease."""
        try:
            self.leases.end()
        except StoreFailed:
            pass

    def start_following(self) -> None:
        """A node joining the world: the tables the others run, followed from now on."""
        for number, room, game, owner, match_id in self.leases.others():
            gt = self._follow(number, room, game, owner)
            if match_id is not None and gt.match is None:
                try:
                    self.follow_match(gt, match_id)
                except Exception:
                    log.exception("table %s could not be followed", number)


def _seat_again(sessions: list, gt: GameTable) -> None:
    """``sessions``, who have read everything so far, at ``gt``'s match made again from the store:
    each at their seat (or watching), reading on from its end."""
    for ws in sessions:
        ws.table = gt
        ws.inner = gt.seats.get(ws.name) or Session(gt.match, None)
        ws.inner.cursor = len(gt.match.events)
