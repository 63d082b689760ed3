"""A table, one interface wherever it runs (issue 41): each :class:`~mud.world.tables.GameTable`
holds its ``run``, chosen when the table is opened or followed, and the world's code calls it
without asking where the table runs.

* :class:`RunHere` -- this node runs the table: it seats, starts, stores each move, plays the bots,
  keeps the clocks, and tells the world's ``host`` each change (in a world of one node the host is
  :class:`Solo`, which tells nobody; with shared tables it is mud/world/shared.py's ``Shared``,
  which tells the nodes following the table);
* :class:`RunThere` -- another node runs it and this one follows a copy (mud/world/shared.py):
  what this node's players change is asked of the owner, as the command they typed, parsed once
  here; the clocks, the bots and the store are the owner's.
"""

from __future__ import annotations

from games.engine import Action, Event, wire
from mud.shell import parser
from mud.shell.session import Line
from mud.store import SNAPSHOT_EVERY, StoreFailed
from mud.world import messages, seat, tablecmds


class Solo:
    """The host of a world of one node: table numbers counted here, every change told to nobody."""

    taken = 0  # tables taken over from a dead node: none, alone

    def __init__(self, world) -> None:
        self.world = world

    def number(self, room: str, game: str) -> int:
        return self.world._next_table

    def elsewhere(self, gt) -> bool:
        """Whether a seat's player may be at the table from another node: never, alone."""
        return False

    def sitters(self, gt) -> None:
        pass

    def started(self, gt) -> None:
        pass

    def moved(self, gt, step: int, player: str, action: Action, by_bot: bool) -> None:
        pass

    def said(self, gt, event: Event) -> None:
        pass

    def told(self, gt, line: Line, but: str | None) -> None:
        pass

    def handed(self, gt, name: str, why: str) -> None:
        pass

    def away(self, gt, name: str, gone: bool) -> None:
        pass

    def gone(self, gt) -> None:
        pass

    def beat(self) -> None:
        pass

    def leave(self) -> None:
        pass

    def hear(self, message) -> None:
        pass  # (another node's tables: this world does not share them)


class RunHere:
    """A table this node runs (one object serves every such table of the world)."""

    owner = ""  # run by no other node

    def __init__(self, world) -> None:
        self.world = world

    # --- what a player does at it --------------------------------------------------------------
    def sit(self, ws, gt) -> list[Line]:
        return tablecmds.take_seat(ws, gt)

    def start(self, ws, gt, text: str) -> list[Line]:
        return tablecmds.start_here(ws, gt, text)

    def talk(self, ws, tone: str, text: str) -> list[Line]:
        return seat.talk_here(ws, tone, text)

    def play(self, ws, p: parser.Parsed) -> list[Line]:
        """A game command at the player's seat (parsed once: the verb runs as it is)."""
        return ws.inner.run(p) + ws.inner.take_early()

    def waits(self, ws) -> bool:
        """Whether ``ws`` waits for the table's answer to a command: never, it is answered at once."""
        return False

    def sat(self, ws, gt, act: str) -> None:
        """``ws`` got up before the start ('unsit'), left the match ('left'), went away or came back."""
        if act == "unsit":
            self.world.host.sitters(gt)
        elif act in ("away", "back"):
            self.world.host.away(gt, ws.name, act == "away")

    def tell(self, gt, line: Line, but: str | None) -> None:
        self.world.host.told(gt, line, but)
        for ws in self.world.at_table(gt):
            if ws.name != but:
                ws.push(line)

    # --- the match ----------------------------------------------------------------------------
    def hand_seat(self, gt, name: str, why: str) -> None:
        """A person's seat to a bot (``why`` 'left', 'away') or back ('back'); the store keeps after
        which move, for ``matches`` and replays."""
        world = self.world
        gt.match.set_bot(name, why != "back")
        if why != "back":
            world.note("takeover", gt, player=name, why=why)
        world.host.handed(gt, name, why)
        if world.store is not None and gt.match_id is not None:
            world.store.hand_over(gt.match_id, len(gt.match.log), name, why)

    def started(self, gt) -> None:
        if gt.match_id is not None:
            self.world.host.started(gt)

    def stored(self, gt, step: int, player: str, action: Action, by_bot: bool) -> None:
        self.world.host.moved(gt, step, player, action, by_bot)

    def said(self, gt, event: Event) -> None:
        self.world.host.said(gt, event)

    def after_move(self, gt) -> None:
        """A snapshot every SNAPSHOT_EVERY moves, once the move's events are out (so it holds them)."""
        store, match = self.world.store, gt.match
        seq = len(match.log)
        if store is not None and gt.match_id is not None and seq and seq % SNAPSHOT_EVERY == 0 \
                and seq != gt.snapshot_seq:
            gt.snapshot_seq = seq
            try:
                store.save_snapshot(gt.match_id, seq, match.snapshot())
            except StoreFailed:  # a snapshot only saves time: the log is enough
                pass

    def ended(self, gt) -> None:
        if not gt.practice:
            self.world.note("match_end", gt, moves=len(gt.match.log), winners=gt.match.game.winners(gt.match.state))

    def save(self, gt) -> bool:
        """A snapshot of the match at a clean shutdown; False if the store refused it."""
        if gt.match is None or gt.match_id is None or not gt.match.log:
            return True
        try:
            self.world.store.save_snapshot(gt.match_id, len(gt.match.log), gt.match.snapshot())
        except StoreFailed:  # the moves are stored: the next start replays them
            return False
        return True

    def tick(self, gt, now: float) -> None:
        self.world._tick_table(gt, gt.match, now)

    def gone(self, gt) -> None:
        self.world.host.gone(gt)


class RunThere:
    """A table another node (``owner``) runs, followed here through ``shared`` (mud/world/shared.py)."""

    def __init__(self, shared, owner: str) -> None:
        self.shared, self.owner = shared, owner

    def _ask(self, ws, gt, kind, **fields) -> messages.Ask:
        return kind(number=gt.id, speaker=ws.name, room=ws.room, dest=self.owner, lang=ws.lang, **fields)

    # --- what a player does at it: asked of the owner, answered soon ----------------------------
    def sit(self, ws, gt) -> list[Line]:
        return self.shared.ask(ws, self._ask(ws, gt, messages.Sit))

    def start(self, ws, gt, text: str) -> list[Line]:
        return self.shared.ask(ws, self._ask(ws, gt, messages.Start, options=text))

    def talk(self, ws, tone: str, text: str) -> list[Line]:
        """Said by the owner, which tells everyone at the table in order."""
        self.shared.post(self._ask(ws, ws.table, messages.Talk, tone=tone, line=text))
        return []

    def play(self, ws, p: parser.Parsed) -> list[Line]:
        """A screen is drawn from this node's copy; an action goes to the owner as parsed here."""
        if p.verb.screen:
            return ws.inner.run(p) + ws.inner.take_early()
        return self.shared.ask(ws, self._ask(ws, ws.table, messages.Play, verb=p.verb.name,
                                             steps=[dict(step) for step in p.steps], line=p.line))

    def waits(self, ws) -> bool:
        return self.shared.waits(ws)

    def sat(self, ws, gt, act: str) -> None:
        self.shared.post(self._ask(ws, gt, messages.SeatChange, act=act))

    def tell(self, gt, line: Line, but: str | None) -> None:
        """Told by the owner, to every node (this one's players hear it from there, in order)."""
        self.shared.post(messages.TellTable(number=gt.id, speaker=but or "", room=gt.room, dest=self.owner,
                                            tone=line.kind, line=wire(line.text)))

    # --- the match: the owner's ------------------------------------------------------------------
    def hand_seat(self, gt, name: str, why: str) -> None:
        pass

    def started(self, gt) -> None:
        pass

    def stored(self, gt, step: int, player: str, action: Action, by_bot: bool) -> None:
        pass

    def said(self, gt, event: Event) -> None:
        pass

    def after_move(self, gt) -> None:
        pass

    def ended(self, gt) -> None:
        pass

    def save(self, gt) -> bool:
        return True  # (its copy's bots never thought: the owner's snapshot is the one)

    def tick(self, gt, now: float) -> None:
        pass

    def gone(self, gt) -> None:
        pass
