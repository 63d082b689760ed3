"""The other nodes of one world, as this node's world sees them (issue 30): who is on them and
where, and the talk that crosses between nodes.

The world stays synchronous and knows no network: it talks to ``world.others``, an :class:`Others`
-- :class:`Alone` in a world of one node (nobody elsewhere, nothing sent), :class:`Remote` when the
server joined a bus (mud/server/nodes/node.py), which is handed a ``send`` (the bus publishes each message)
and is told what the bus heard (:meth:`Remote.hear`). What crosses: a room's lines (`say`, `emote`,
arrivals and departures) to the people of that room on other nodes; `ooc` to everyone; a `tell` to
whoever is on another node; and each player's presence (their room, or gone), which `who`, `tell`
and a room's `look` read. The messages are the typed records of mud/world/messages.py.
"""

from __future__ import annotations

from typing import Callable

from games.engine import RuleError, unwire, wire
from mud.shell.session import Line
from mud.shell.words import _
from mud.world import messages
from mud.world.moderation import hears, speaking
from mud.world.recheck import Recheck


ELSEWHERE = _("You connected from elsewhere; this session ends.")  # (a login's older session, on any node)
PAUSED = _("(Players on other nodes do not hear you right now: the link between nodes is down.)")


class Others:
    """The world's other nodes: their people and the talk that reaches them (the interface the
    world's code calls; :class:`Alone` and :class:`Remote` implement it)."""

    people: dict[str, tuple[str, str, str]]  # lower name -> (name, node, room)

    def here(self, name: str, room: str | None) -> None:
        """``name`` (on this node) is now in ``room``; None: gone from this node."""

    def room_line(self, room: str, speaker: str, line: Line) -> None:
        """``line``, said in ``room`` here, for its people elsewhere."""

    def everyone(self, speaker: str, line: Line) -> None:
        """``line`` for everyone elsewhere."""

    def notice(self) -> list[Line]:
        """What a speaker is told besides (the link to the others down)."""
        return []

    def paused(self) -> bool:
        """The link to the others is down (a :class:`Remote` is told how to tell)."""
        return False

    def tell(self, ws, other: str, text: str) -> list[Line]:
        """A tell to ``other``, who is not on this node."""
        raise RuleError(_("{player} is not connected.", player=other))

    def in_room(self, room: str) -> list[str]:
        """The names of the players elsewhere in ``room``, in the order they came."""
        return []

    def end_account(self, name: str, uid: str | None, why: str, line: Line | None, before: float = 0.0) -> None:
        """The other nodes end the account's sessions too (``World.end_account``)."""

    def elsewhere(self) -> list[tuple[str, str, str]]:
        """(name, node, room) of each player on another node who is not on this one too (a login
        moving from node to node is briefly in both presences: it is one person)."""
        return []

    def hear(self, message: messages.Message) -> None:
        """A message from another node."""


class Alone(Others):
    """A world of one node: nobody elsewhere, nothing to tell."""

    def __init__(self) -> None:
        self.people = {}


class Remote(Others):
    """This node's view of the others; ``send`` publishes one message (encoded) to them."""

    def __init__(self, world, send: Callable[[dict], None]) -> None:
        self.world, self.send = world, send
        self.paused: Callable[[], bool] = lambda: False  # the bus out of reach (the server says how to tell)
        self.people: dict[str, tuple[str, str, str]] = {}  # lower name -> (name, node, room)
        self.rooms: dict[str, dict[str, None]] = {}  # room -> the names there (a look reads only its room)
        self.recheck = Recheck(world)  # this node's sessions checked against the store after a cut
        self._on = {messages.Here: self._here, messages.RoomLine: self._room, messages.Ooc: self._ooc,
                    messages.Tell: self._tell, messages.EndAccount: self._end_account,
                    messages.Recheck: lambda message: self.recheck.begin()}

    def post(self, message: messages.Message) -> None:
        self.send(messages.encode(message))

    # --- what this node tells the others --------------------------------------------------------
    def here(self, name: str, room: str | None) -> None:
        self.post(messages.Here(speaker=name, room=room))

    def room_line(self, room: str, speaker: str, line: Line) -> None:
        # (a message crosses as data, games.words.wire: each reader there words it in their language)
        self.post(messages.RoomLine(room=room, speaker=speaker, tone=line.kind, line=wire(line.text)))

    def everyone(self, speaker: str, line: Line) -> None:
        self.post(messages.Ooc(speaker=speaker, tone=line.kind, line=wire(line.text)))

    def notice(self) -> list[Line]:
        return [Line("info", PAUSED)] if self.paused() else []

    def tell(self, ws, other: str, text: str) -> list[Line]:
        speaking(ws)
        found = self.people.get(other.lower())
        if found is None:
            raise RuleError(_("{player} is not connected.", player=other))
        if self.paused():
            raise RuleError(_("{player} is on another node, out of reach right now: try again in a little while.",
                              player=found[0]))
        self.post(messages.Tell(speaker=ws.name, whom=found[0], line=text))
        return [Line("tell", _("You tell {player}: {text}", player=found[0], text=text))]

    def end_account(self, name: str, uid: str | None, why: str, line: Line | None, before: float = 0.0) -> None:
        self.post(messages.EndAccount(name=name, uid=uid, why=why, line=wire(line.text) if line else "",
                                      tone=line.kind if line else "error", before=before))

    def relinked(self) -> None:
        """The bus is back after a cut: this node checks its own sessions against the store (an end
        of an account said elsewhere meanwhile was not heard), and asks the others to check theirs
        (one it said was not heard there)."""
        self.recheck.begin()
        self.post(messages.Recheck())

    # --- what this node hears -------------------------------------------------------------------
    def heard(self, data: dict) -> None:
        """A message from another node as the bus carries it: checked, then heard."""
        message = messages.decode(data)
        if message is not None:
            self.hear(message)

    def hear(self, message: messages.Message) -> None:
        """A message from another node: to this node's players it concerns."""
        handler = self._on.get(type(message))
        if handler is not None:
            handler(message)

    def _here(self, message: messages.Here) -> None:
        self._place(message.speaker, message.node, message.room)

    def _room(self, message: messages.RoomLine) -> None:
        line = Line(message.tone, unwire(message.line))
        for ws in self.world.in_room(message.room):  # (not the speaker: a sitter hears their own answer)
            if ws.name.lower() != message.speaker.lower() and hears(ws, message.speaker):
                ws.push(line)

    def _ooc(self, message: messages.Ooc) -> None:
        line = Line("ooc", unwire(message.line))
        for ws in list(self.world.online.values()):
            if hears(ws, message.speaker):
                ws.push(line)

    def _tell(self, message: messages.Tell) -> None:
        target = self.world.session(message.whom)
        if target is not None and hears(target, message.speaker):
            target.push(Line("tell", _("{player} tells you: {text}", player=message.speaker, text=message.line)))
            target.last_teller = message.speaker

    def _end_account(self, message: messages.EndAccount) -> None:
        line = Line(message.tone, unwire(message.line)) if message.line else None
        self.world.end_account(message.name, message.uid, message.why, line, forward=False, before=message.before)

    def refresh(self, present: dict[str, tuple[str, str]], node: str) -> None:
        """Everyone on every node, as the bus's presence says (a dead node's players gone):
        ``present`` name -> (node, room); this node's own are left out."""
        self.people, self.rooms = {}, {}
        for name, (where, room) in present.items():
            if where != node:
                self._place(name, where, room)
        self._one_each()

    def _one_each(self) -> None:
        """An account online here and on another node at once (a login's word to the others lost
        while the bus was away, or still on its way): this node says again when its session logged
        in, and whichever is older ends -- one session per account again within a heartbeat."""
        online = self.world.online
        for lower, (name, _node, _room) in list(self.people.items()):
            ws = online.get(lower)
            if ws is not None:
                self.end_account(name, None, "elsewhere", Line("info", ELSEWHERE), before=ws.began)

    def _place(self, name: str, node: str, room: str | None) -> None:
        """``name`` (on ``node``) is now in ``room``, or gone (None). Gone from a node is not gone
        from another it logged in on since (the old node's leaving can be heard after the arrival)."""
        was = self.people.get(name.lower())
        if room is None and was is not None and was[1] != node:
            return
        if was is not None:
            del self.people[name.lower()]
            self.rooms.get(was[2], {}).pop(was[0], None)
        if room is not None:
            self.people[name.lower()] = (name, node, room)
            self.rooms.setdefault(room, {})[name] = None

    def in_room(self, room: str) -> list[str]:
        """The names of the players of other nodes in ``room``, in the order they came (not one
        who is on this node too: see :meth:`elsewhere`)."""
        online = self.world.online
        return [name for name in self.rooms.get(room, ()) if name.lower() not in online]

    def elsewhere(self) -> list[tuple[str, str, str]]:
        online = self.world.online
        return [found for lower, found in self.people.items() if lower not in online]


class NodeNames:
    """The names the node-aware code outside the world reads the world's links by (mud/server/nodes/node.py,
    the node tests): ``remote``, its other nodes (``World.others``), and ``shared``, how its tables
    are run (``World.host``). The world's own code calls its links by their roles only."""

    @property
    def remote(self) -> Others:
        return self.others

    @remote.setter
    def remote(self, others: Others) -> None:
        self.others = others

    @property
    def shared(self):
        return self.host

    @shared.setter
    def shared(self, host) -> None:
        self.host = host
