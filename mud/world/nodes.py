"""The other nodes of one world, as this node's world sees them (issue 30): who is on them and
where, and the talk that crosses between nodes.

The world stays synchronous and knows no network: :class:`Remote` is handed a ``send`` (the server
publishes each message on the bus, mud/server/bus.py) and is told what the bus heard
(:meth:`Remote.heard`). What crosses: a room's lines (`say`, `emote`, arrivals and departures) to
the people of that room on other nodes; `ooc` to everyone; a `tell` to whoever is on another node;
and each player's presence (their room, or gone), which `who`, `tell` and a room's `look` read.

Messages are dicts whose keys never reuse the session envelope's names: ``kind`` ('room', 'ooc',
'tell', 'here'), ``room``, ``speaker``, ``whom``, ``line`` (the words), ``tone`` (the line's kind:
say, emote, arrive ...), ``node`` (added by the bus).
"""

from __future__ import annotations

from typing import Callable

from games.engine import RuleError
from mud.session import Line
from mud.world.moderation import hears


PAUSED = "(Players on other nodes do not hear you right now: the link between nodes is down.)"


class Remote:
    """This node's view of the others; ``send`` publishes one message to them."""

    def __init__(self, world, send: Callable[[dict], None]) -> None:
        self.world, self.send = world, send
        self.paused: Callable[[], bool] = lambda: False  # the bus out of reach (the server says how to tell)
        self.people: dict[str, tuple[str, str, str]] = {}  # lower name -> (name, node, room)
        self.rooms: dict[str, dict[str, None]] = {}  # room -> the names there (a look reads only its room)

    # --- what this node tells the others --------------------------------------------------------
    def here(self, name: str, room: str | None) -> None:
        """``name`` (on this node) is now in ``room``; None: gone from this node."""
        self.send({"kind": "here", "speaker": name, "room": room})

    def room_line(self, room: str, speaker: str, line: Line) -> None:
        self.send({"kind": "room", "room": room, "speaker": speaker, "tone": line.kind, "line": line.text})

    def everyone(self, speaker: str, line: Line) -> None:
        self.send({"kind": "ooc", "speaker": speaker, "tone": line.kind, "line": line.text})

    def notice(self) -> list[Line]:
        """What a speaker is told while the bus is out of reach (their own node still hears them)."""
        return [Line("info", PAUSED)] if self.paused() else []

    def tell(self, ws, other: str, text: str) -> list[Line]:
        """A tell to ``other``, who is not on this node: sent if they are on another."""
        found = self.people.get(other.lower())
        if found is None:
            raise RuleError(f"{other} is not connected.")
        if self.paused():
            raise RuleError(f"{found[0]} is on another node, out of reach right now: try again in a little while.")
        self.send({"kind": "tell", "speaker": ws.name, "whom": found[0], "line": text})
        return [Line("tell", f"You tell {found[0]}: {text}")]

    # --- what this node hears -------------------------------------------------------------------
    def heard(self, message: dict) -> None:
        """A message from another node: to this node's players it concerns."""
        kind, speaker = message.get("kind"), str(message.get("speaker", ""))
        world = self.world
        if kind == "here":
            room = message.get("room")
            self._place(speaker, str(message.get("node", "")), None if room is None else str(room))
        elif kind == "room":
            line = Line(str(message.get("tone", "say")), str(message.get("line", "")))
            for ws in world.in_room(str(message.get("room"))):
                if hears(ws, speaker):
                    ws.push(line)
        elif kind == "ooc":
            line = Line("ooc", str(message.get("line", "")))
            for ws in list(world.online.values()):
                if hears(ws, speaker):
                    ws.push(line)
        elif kind == "tell":
            target = world.session(str(message.get("whom", "")))
            if target is not None and hears(target, speaker):
                target.push(Line("tell", f"{speaker} tells you: {message.get('line', '')}"))
                target.last_teller = speaker

    def refresh(self, present: dict[str, tuple[str, str]], node: str) -> None:
        """Everyone on every node, as the bus's presence says (a dead node's players gone):
        ``present`` name -> (node, room); this node's own are left out."""
        self.people, self.rooms = {}, {}
        for name, (where, room) in present.items():
            if where != node:
                self._place(name, where, room)

    def _place(self, name: str, node: str, room: str | None) -> None:
        """``name`` (on ``node``) is now in ``room``, or gone (None)."""
        was = self.people.pop(name.lower(), None)
        if was is not None:
            self.rooms.get(was[2], {}).pop(was[0], None)
        if room is not None:
            self.people[name.lower()] = (name, node, room)
            self.rooms.setdefault(room, {})[name] = None

    def in_room(self, room: str) -> list[str]:
        """The names of the players of other nodes in ``room``, in the order they came."""
        return list(self.rooms.get(room, ()))
