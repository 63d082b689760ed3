"""A player of another node, as the node running their table serves them (issue 41): the same
session code as this node's own players, from the command parsed once where it was typed.

A :class:`FarSession` is a :class:`~mud.world.session.WorldSession` that is in no room here and
reads no match here (their own node reads its copy of the match for them): what it is told gathers
until the answer goes back to their node. :func:`serve` runs one thing they asked (mud/world/
messages.py's ``Ask`` records) through the very handlers a player of this node runs: the parsed game
command at their seat, table talk, sit, start; getting up, going away or coming back at the table.
"""

from __future__ import annotations

from games.engine import unwire
from mud.shell import parser
from mud.shell.session import Line
from mud.shell.words import _
from mud.world import messages, seat, tablecmds
from mud.world.session import WorldSession
from mud.world.tables import GameTable


class FarSession(WorldSession):
    """A player of another node at ``gt``, which this node runs: their name, room and seat."""

    def __init__(self, world, name: str, room: str, gt: GameTable | None) -> None:
        super().__init__(world, name, room, surface="node")
        self.table = gt
        self.inner = gt.seats.get(name) if gt is not None and gt.match is not None else None

    def push(self, line) -> None:
        if isinstance(line, Line):  # (a match's events: their own node reads them from its copy)
            super().push(line)

    def pull(self) -> None:
        pass  # (their node pulls the match's news from its own copy)


def parsed(gt: GameTable, message: messages.Play) -> parser.Parsed | None:
    """The game command a player of another node typed, as parsed there: its verb found by name
    among the game's, each step's slots as the parser made them (a pair is a tuple again)."""
    verb = next((v for v in gt.match.game.verbs if v.name == message.verb), None) if gt.match else None
    if verb is None or not message.steps or not all(isinstance(step, dict) for step in message.steps):
        return None
    steps = [{str(k): _thawed(v) for k, v in step.items()} for step in message.steps]
    return parser.Parsed(verb, steps[0], message.line, steps[1:])


def _thawed(value):
    return tuple(_thawed(v) for v in value) if isinstance(value, list) else value


def serve(world, gt: GameTable, message: messages.Ask) -> list[Line]:
    """Do what ``message`` asks at ``gt`` (this node runs it) for its speaker, a player of another
    node; what they are told, in order. A RuleError is their one-line answer."""
    name = message.speaker
    far = FarSession(world, name, message.room or gt.room, None if isinstance(message, messages.Sit) else gt)
    far.lang = message.lang  # (their answer is worded here, in the language they read)
    if isinstance(message, messages.Play):
        p = parsed(gt, message)
        if p is None:
            return [Line("error", _("That table's game does not know that command."))]
        answer = far.answer(p) if far.seated else []
        return far.flush() + answer
    if isinstance(message, messages.Talk) and far.seated:
        said = (seat.say if message.tone == "say" else seat.emote)(far, {"TEXT": message.line})
        return far.flush() + said
    if isinstance(message, messages.Sit):
        said = tablecmds.sit(far, gt.id)
        return far.flush() + said
    if isinstance(message, messages.Start):
        said = tablecmds.start(far, message.options)
        return far.flush() + said
    if isinstance(message, messages.SeatChange):
        if message.act != "away" or not _moved_on(world, name, message.node):
            _seat_change(world, gt, name, message.act)
    elif isinstance(message, messages.TellTable):
        world.tell_table(gt, Line(message.tone or "info", unwire(message.line)), but=name or None)
    return far.flush()


def _moved_on(world, name: str, node: str) -> bool:
    """``name``'s session on ``node`` ended because they logged in again elsewhere -- here, or on a
    node whose presence says so -- and that node's "back" may have come first: their going away
    from ``node`` is not news."""
    elsewhere = world.others.people.get(name.lower())
    return world.session(name) is not None or elsewhere is not None and elsewhere[1] != node


def _seat_change(world, gt: GameTable, name: str, act: str) -> None:
    """``name`` got up before the start, left the match, went away or came back, on their node."""
    if act == "unsit" and name in gt.sitters and gt.match is None:
        gt.sitters.remove(name)
        world.host.sitters(gt)
        world._tidy(gt)
    elif act == "left" and gt.match is not None and name in gt.seats and not gt.match.over:
        world.hand_seat(gt, name, "left")
        gt.away.pop(name, None)
        gt.left.add(name)
        gt.match.settle()
    elif act == "away" and gt.match is not None and name in gt.seats:
        gt.away[name] = world.clock()
        world.host.away(gt, name, True)
    elif act == "back" and gt.match is not None and name in gt.seats:
        gt.away.pop(name, None)
        gt.left.discard(name)
        world.host.away(gt, name, False)
        if gt.match.seats[name].bot and not gt.match.over:
            world.hand_seat(gt, name, "back")
