"""Tables shared by the nodes of one world (issue 30): each is run by one node, its owner, and
followed by every other.

**The owner** is the node where the table was opened (or the one that took it over: below). It
alone changes the table: it seats sitters, starts the match, stores each move before anyone is told,
plays the bots and runs the clocks. Each change goes out on the bus once it is committed, in order:
'table' (the sitters), 'started', 'move' (its number, player and action), 'said' (table talk),
'told' (a line for everyone at the table), 'hand' (a seat to a bot or back, or one turn a bot plays
when a player's time is up), 'away' (a seat's player gone or back), 'gone'.

**A follower** keeps a copy of the table: the match is rebuilt from the store when it starts and
each move applied again as it comes (a game is a pure function of its seed and moves, so the copy's
events are the owner's). Its own players read that copy -- their views, prompts, completion and
folded turns are made on their own node, as on one node -- and what they change goes to the owner
as an 'ask': a game command ('line'), table talk ('talk'), 'sit', 'start', 'left', 'unsit',
'away', 'back', 'tell'. The owner does it as that player (mud/world/behalf.py) and sends the
direct answer back to their node alone ('answer'). A move missed (the bus dropped, a gap in the
numbers) is read from the store.

**Taking over**: a table's row in the store (mud/store/leases.py) is its owner's under a lease renewed
every beat. When the owner dies its leases lapse and the first node to take a table resumes its
match from the store -- snapshot and log, the bots thinking again (mud/world/resume.py) -- tells
the others ('owner'), and every seated player is asked their pending question again.

Messages never reuse the envelope's names (type, text, seq, to, not_to): a move's number is
``step``, a line's words ``line`` and its kind ``tone``, an event's audience ``heard_by`` and
``unheard_by``, its data ``facts``.
"""

from __future__ import annotations

import logging
import time
from typing import Callable

import games
from games.engine import Action, Event, RuleError
from mud.help import intro
from mud.session import Line, Session
from mud.store import StoreFailed
from mud.table import Table
from mud.world import behalf, tablecmds
from mud.world.tables import GameTable
from mud.world.world import now_line

log = logging.getLogger("questmud.shared")

KINDS = ("table", "started", "move", "said", "told", "hand", "away", "gone", "owner", "ask", "answer")
NO_ANSWER = 5.0  # seconds a player waits for the table's node before being told it is not answering
UNREACHABLE = ("Table {n}'s node is not answering, so that may not have been done. If the node is down, "
               "another takes the table over within seconds: look again then.")


def _line(line: Line) -> list:
    return [line.kind, line.text, line.tone]


def _unline(item) -> Line:
    kind, text, tone = (list(item) + ["", "", ""])[:3]
    return Line(str(kind), str(text), str(tone))


class Shared:
    """This node's part in the world's shared tables; ``send`` publishes a message on the bus
    (``dest``: one node's only), ``leases`` holds the tables' rows."""

    def __init__(self, world, node: str, send: Callable[[dict], None], leases) -> None:
        self.world, self.node, self.send, self.leases = world, node, send, leases
        self.asked: dict[str, tuple[int, float]] = {}  # a player here -> (table, when) of an ask unanswered
        self.taken = 0  # tables this node took over (bench/, tests)
        self.cut = False  # the bus was out of reach at the last beat: moves may have been missed
        self.steady = time.monotonic()  # since when the store answered every beat (see beat)

    # --- the owner's side: each change, told to the followers --------------------------------------
    def mine(self, gt: GameTable) -> bool:
        return not gt.node

    def number(self, room: str, game: str) -> int:
        return self.leases.open(room, game)

    def sitters(self, gt: GameTable) -> None:
        self.send({"kind": "table", "number": gt.id, "room": gt.room, "game": gt.game,
                   "sitters": list(gt.sitters), "owner": self.node})

    def started(self, gt: GameTable) -> None:
        try:
            self.leases.started(gt.id, gt.match_id)
        except StoreFailed:  # the row says no match: a takeover drops the table (its match is stored)
            log.warning("table %s's lease does not name its match %s", gt.id, gt.match_id)
        self.send({"kind": "started", "number": gt.id, "match": gt.match_id, "room": gt.room, "game": gt.game,
                   "owner": self.node})

    def moved(self, gt: GameTable, step: int, player: str, action: Action, by_bot: bool) -> None:
        self.send({"kind": "move", "number": gt.id, "match": gt.match_id, "step": step, "player": player,
                   "verb": action.verb, "args": list(action.args), "by_bot": by_bot})

    def said(self, gt: GameTable, event: Event) -> None:
        self.send({"kind": "said", "number": gt.id, "tone": event.kind, "line": event.text, "facts": event.data,
                   "heard_by": None if event.to is None else list(event.to), "unheard_by": list(event.not_to)})

    def told(self, gt: GameTable, line: Line, but: str | None) -> None:
        self.send({"kind": "told", "number": gt.id, "tone": line.kind, "line": line.text, "but": but})

    def handed(self, gt: GameTable, name: str, why: str) -> None:
        self.send({"kind": "hand", "number": gt.id, "player": name, "why": why})

    def away(self, gt: GameTable, name: str, gone: bool) -> None:
        """``name``'s player went away from ``gt`` (or came back): every node's `tables` says so."""
        self.send({"kind": "away", "number": gt.id, "player": name, "gone": gone})

    def gone(self, gt: GameTable) -> None:
        try:
            self.leases.release(gt.id)
        except StoreFailed:
            pass  # (its lease lapses; whoever takes it finds the match over or no match: dropped)
        self.send({"kind": "gone", "number": gt.id})

    # --- a follower's side: what its players change goes to the owner ---------------------------
    def ask(self, ws, gt: GameTable, act: str, line: str = "", why: str = "") -> list[Line]:
        """Ask ``gt``'s owner to do ``act`` for ``ws`` (a line typed, a sit, a start ...); its answer
        comes back later ('answer'). Returns what to say now: nothing."""
        remote = self.world.remote
        if remote is not None and remote.paused() and act in ("line", "sit", "start"):
            raise RuleError(f"Table {gt.id} is run by another node, out of reach right now (the link between "
                            "nodes is down): try again in a little while.")
        self.send({"kind": "ask", "dest": gt.node, "number": gt.id, "act": act, "speaker": ws.name,
                   "room": ws.room, "line": line, "why": why})
        if act in ("line", "sit", "start"):
            self.asked[ws.name.lower()] = (gt.id, time.monotonic())
        return []

    def waits(self, ws) -> bool:
        """``ws`` asked the table's node something not yet answered (its question is not shown
        again meanwhile: it was answered)."""
        return ws.name.lower() in self.asked

    def sat(self, ws, gt: GameTable, act: str) -> None:
        """``ws`` got up ('unsit', 'left'), went away or came back ('away', 'back') at ``gt``: its
        owner is told; at this node's own table, the followers see the sitters again."""
        if gt.node:
            self.ask(ws, gt, act)
        elif act == "unsit":
            self.sitters(gt)
        elif act in ("away", "back"):
            self.away(gt, ws.name, act == "away")

    def tell(self, gt: GameTable, line: Line, but: str | None) -> None:
        """A line for everyone at ``gt`` (a follower's): the owner tells it to all nodes."""
        self.send({"kind": "ask", "dest": gt.node, "number": gt.id, "act": "tell", "speaker": but or "",
                   "room": gt.room, "line": line.text, "why": line.kind})

    def beat(self) -> None:
        """Each second: leases renewed, lapsed ones taken over, unanswered asks told."""
        now = time.monotonic()
        for name, (number, when) in list(self.asked.items()):
            if now - when > NO_ANSWER:
                del self.asked[name]
                ws = self.world.session(name)
                if ws is not None:
                    ws.push(Line("error", UNREACHABLE.format(n=number)))
        remote = self.world.remote
        cut, self.cut = self.cut, remote is not None and remote.paused()
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
            # After the store was away every node's leases lapsed together: none takes another's
            # tables until all have had a lease's time to renew their own.
            if now - self.steady >= self.leases.lease:
                for number, room, game, match in self.leases.take_lapsed():
                    self.take_over(number, room, game, match)
        except StoreFailed:
            self.steady = time.monotonic()  # the store is away: leases wait; so do moves, which cannot be stored

    # --- what this node hears ------------------------------------------------------------------
    def heard(self, message: dict) -> None:
        kind = message.get("kind")
        handler = getattr(self, "_" + str(kind), None) if kind in KINDS else None
        if handler is not None:
            handler(message)

    def _find(self, message: dict) -> GameTable | None:
        number = message.get("number")
        return self.world.tables.get(number) if isinstance(number, int) else None

    def _follow(self, number: int, room: str, game: str, owner: str) -> GameTable:
        gt = self.world.tables.get(number)
        if gt is None:
            gt = self.world.tables[number] = GameTable(number, room, game)
        if owner != self.node:
            gt.node = owner
        return gt

    def _table(self, message: dict) -> None:
        """An open table's sitters, as its owner has them (a player here refused or gone is not at it)."""
        number, owner = message.get("number"), str(message.get("owner", ""))
        if not isinstance(number, int) or not owner or owner == self.node:
            return
        gt = self._follow(number, str(message.get("room", "")), str(message.get("game", "")), owner)
        if gt.match is None:
            gt.sitters = [str(name) for name in message.get("sitters") or ()]

    def _started(self, message: dict) -> None:
        number, match_id, owner = message.get("number"), message.get("match"), str(message.get("owner", ""))
        if not isinstance(number, int) or not isinstance(match_id, int) or not owner or not self.world.store:
            return
        gt = self._follow(number, str(message.get("room", "")), str(message.get("game", "")), owner)
        if gt.match is not None:
            return
        self.follow_match(gt, match_id)
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
                    friend.push(Line("error", str(err)))
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

    def talk(self, ws, tone: str, said: str) -> list[Line]:
        """Table talk at a followed table: said by its owner, which tells everyone in order."""
        self.send({"kind": "ask", "dest": ws.table.node, "number": ws.table.id, "act": "talk", "speaker": ws.name,
                   "room": ws.room, "line": said, "why": tone})
        return []

    def catch_up(self, gt: GameTable) -> int:
        """The moves of ``gt``'s match this node missed, read from the store."""
        match = gt.match
        if match is None or gt.match_id is None:
            return 0
        moves = self.world.store.moves(gt.match_id, len(match.log))
        for step in moves:
            match.replay(step[1], step[2])
        return len(moves)

    def _move(self, message: dict) -> None:
        gt = self._find(message)
        if gt is None or gt.match is None or not gt.node or message.get("match") != gt.match_id:
            return
        step, match = message.get("step"), gt.match
        if not isinstance(step, int) or step <= len(match.log):
            return  # (already applied: read from the store after a gap)
        if step > len(match.log) + 1:
            try:
                self.catch_up(gt)
            except StoreFailed:
                pass
            return
        match.replay(str(message.get("player")), Action(str(message.get("verb")), tuple(message.get("args") or ())))

    def _said(self, message: dict) -> None:
        gt = self._find(message)
        if gt is None or gt.match is None or not gt.node:
            return
        heard_by = message.get("heard_by")
        gt.match.publish([Event(str(message.get("tone")), str(message.get("line")), dict(message.get("facts") or {}),
                                None if heard_by is None else tuple(heard_by), tuple(message.get("unheard_by") or ()))])

    def _told(self, message: dict) -> None:
        gt = self._find(message)
        if gt is None:
            return
        line, but = Line(str(message.get("tone", "info")), str(message.get("line", ""))), message.get("but")
        for ws in self.world.at_table(gt):
            if ws.name != but:
                ws.push(line)

    def _hand(self, message: dict) -> None:
        gt = self._find(message)
        name = message.get("player")
        if gt is not None and gt.match is not None and gt.node and name in gt.match.seats:
            why = message.get("why")
            if why == "time":  # a bot plays the turn their time ran out on: its first move says so
                return gt.match.mark_time_up(name)
            gt.match.set_bot(name, why != "back")
            if why == "left":  # (got up: not seated again by logging in, on any node)
                gt.left.add(name)
            elif why == "back":
                gt.left.discard(name)

    def _away(self, message: dict) -> None:
        gt = self._find(message)
        name = message.get("player")
        if gt is not None and gt.node and gt.match is not None and name in gt.seats:
            if message.get("gone"):
                gt.away.setdefault(name, self.world.clock())
            else:
                gt.away.pop(name, None)

    def _gone(self, message: dict) -> None:
        gt = self._find(message)
        if gt is not None and gt.node and not self.world.at_table(gt):
            self.world.tables.pop(gt.id, None)

    def _owner(self, message: dict) -> None:
        """Another node took ``gt`` over: what is missing is read, this node's players are seated
        there again and asked their pending question."""
        gt = self._find(message)
        owner = str(message.get("owner", ""))
        if gt is None or not owner or owner == self.node:
            return
        if not gt.node:  # this node ran it, and stalled: it lost it
            self._lost(gt, owner)
        gt.node = owner
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
                if gt.node:
                    self.send({"kind": "ask", "dest": gt.node, "number": gt.id, "act": "back", "speaker": ws.name,
                               "room": ws.room, "line": "", "why": ""})
                ws.push(Line("info", f"Table {gt.id} is run by another server now; play goes on."))
                ws.pull()
                ws.push(now_line(ws.game_view(), ws.name))

    def _answer(self, message: dict) -> None:
        whom = str(message.get("whom", ""))
        ws = self.world.session(whom)
        number = message.get("seat")
        gt = self.world.tables.get(number) if isinstance(number, int) else None
        if gt is not None and gt.node:  # seated there; unless they walked off or left meanwhile: up again
            if ws is not None and gt.room == ws.room and ws.table is None:
                ws.table = gt
            else:
                self.send({"kind": "ask", "dest": gt.node, "number": gt.id, "act": "unsit", "speaker": whom,
                           "room": gt.room, "line": "", "why": ""})
        if ws is None:
            return
        self.asked.pop(ws.name.lower(), None)
        for item in message.get("lines") or ():
            ws.push(_unline(item))
        ws.pull()
        if ws.wake is not None:  # the question held back while it waited is shown again, if still asked
            ws.wake()

    # --- the owner runs what a player of another node asked ------------------------------------------
    def _ask(self, message: dict) -> None:
        gt = self._find(message)
        name, act = str(message.get("speaker", "")), message.get("act")
        whom = str(message.get("node", ""))
        if gt is None or not self.mine(gt):
            if act in ("line", "sit", "start"):
                self._reply(whom, name, [Line("error", "That table is gone.")])
            return
        ghost = behalf.Ghost(self.world, name, str(message.get("room", gt.room)), gt)
        try:
            behalf.run(self, gt, ghost, str(act), str(message.get("line", "")), message)
        except (RuleError, StoreFailed) as err:
            ghost.said.append(Line("error", str(err)))
        except Exception:  # a bug must cost one command, never the node
            log.exception("%r asked by %s at table %s failed", act, name, gt.id)
            ghost.said.append(Line("error", "Something went wrong with that command; it was logged. Try another."))
        if act in ("line", "sit", "start") or ghost.said:
            seat = gt.id if act == "sit" and name in gt.sitters else None
            self._reply(whom, name, ghost.said, seat)

    def _reply(self, node: str, name: str, lines: list[Line], seat: int | None = None) -> None:
        self.send({"kind": "answer", "dest": node, "whom": name, "lines": [_line(x) for x in lines], "seat": seat})

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
            self.send({"kind": "gone", "number": number})
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
        self.send({"kind": "owner", "number": number, "owner": self.node})
        for name in fresh.away:  # until their nodes say they are here ('back')
            self.away(fresh, name, True)
        self._here_again(fresh)
        fresh.match.settle()

    def _lost(self, gt: GameTable, owner: str = "?") -> None:
        """This node stalled and ``gt`` was taken from it: it follows the table from now on, its copy
        of the match read again from the store (a move it made that the store refused is not in it)."""
        log.warning("table %s was taken over by another node", gt.id)
        gt.node = owner
        if gt.match is None or gt.match_id is None:
            return
        here = self.world.at_table(gt)
        for ws in here:
            ws.pull()
        old = gt.match
        old.follower = True
        gt.match, gt.seats = None, {}
        try:
            self.follow_match(gt, gt.match_id)
        except StoreFailed:
            gt.match = old  # (followed as it is until the store answers: the next move's gap reads it)
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
