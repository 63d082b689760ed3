"""What the node running a table does for a player of another node who asked (mud/world/shared.py):
their game command or table talk, a sit, a start, getting up, going away or coming back, done as
them through a stand-in session (:class:`Ghost`), whose lines go back to their node."""

from __future__ import annotations

import games
from games.engine import RuleError
from mud import parser
from mud.session import Line
from mud.world import seat, tablecmds
from mud.world.tables import GameTable
from mud.world.verbs import commands_at


class Ghost:
    """A player of another node as the table's owner sees them while it runs what they asked:
    their name, room and seat. What they are told is gathered and sent back to their node."""

    surface = "node"
    closed = quitting = False

    def __init__(self, world, name: str, room: str, gt: GameTable) -> None:
        self.world, self.name, self.room, self.table = world, name, room, gt
        self.inner = gt.seats.get(name) if gt.match is not None else None
        self.ignoring: set[str] | None = None
        self.said: list[Line] = []

    @property
    def seated(self) -> bool:
        return self.inner is not None and self.inner.player is not None

    def push(self, line) -> None:
        if isinstance(line, Line):
            self.said.append(line)

    def pull(self) -> None:
        pass


def run(shared, gt: GameTable, ghost: Ghost, act: str, line: str, message: dict) -> None:
    """Do ``act`` at ``gt`` (this node runs it) for ``ghost``, a player of another node: what they
    are told gathers in ``ghost.said``; a RuleError is their one-line answer."""
    world, name = shared.world, ghost.name
    if act == "line" and ghost.seated:
        match = gt.match
        try:  # (read as on their node, at their seat; their node's copy may have been a move behind)
            read = parser.parse(line, commands_at(match.game, not match.over),
                                parser.Context(players=match.players, items=getattr(match.game, "item_words", ())))
        except parser.ParseError as err:
            raise RuleError(str(err)) from None
        if commands_at(match.game, not match.over).runs_in_world(read.verb):
            ghost.said += read.verb.handler(ghost, read.slots)
        else:
            ghost.said += ghost.inner.run(read) + ghost.inner.take_early()
    elif act == "talk" and ghost.seated:
        talk = seat.say if message.get("why") == "say" else seat.emote
        ghost.said += talk(ghost, {"TEXT": line})
    elif act == "sit":
        ghost.said += _sit(shared, gt, ghost)
    elif act == "start":
        ghost.table = gt
        ghost.said += tablecmds.start(ghost, line)
    elif act == "unsit" and name in gt.sitters and gt.match is None:
        gt.sitters.remove(name)
        shared.sitters(gt)
        world._tidy(gt)
    elif act == "left" and gt.match is not None and name in gt.seats and not gt.match.over:
        world.hand_seat(gt, name, "left")
        gt.away.pop(name, None)
        gt.left.add(name)
        gt.match.settle()
    elif act == "away" and gt.match is not None and name in gt.seats:
        gt.away[name] = world.clock()
        shared.away(gt, name, True)
    elif act == "back" and gt.match is not None and name in gt.seats:
        gt.away.pop(name, None)
        gt.left.discard(name)
        shared.away(gt, name, False)
        if gt.match.seats[name].bot and not gt.match.over:
            world.hand_seat(gt, name, "back")
    elif act == "tell":
        world.tell_table(gt, Line(str(message.get("why") or "info"), line), but=name or None)


def _sit(shared, gt: GameTable, ghost: Ghost) -> list[Line]:
    """tablecmds.sit's rules, at this node's table for a player of another node: told to everyone
    at the table on every node (tell_table), since the sitter's room is on their own node."""
    game = games.get(gt.game)
    if gt.match is not None:
        raise RuleError(f"Table {gt.id} is already playing; 'watch {gt.id}' to look on.")
    if ghost.name in gt.sitters:
        raise RuleError(f"You are already at table {gt.id}. Type 'leave' to get up.")
    if len(gt.sitters) >= game.max_players:
        raise RuleError(f"Table {gt.id} is full.")
    gt.sitters.append(ghost.name)
    shared.sitters(gt)
    shared.world.tell_table(gt, Line("arrive", f"{ghost.name} sits at table {gt.id}."), but=ghost.name)
    hint = "Type 'start' when everyone is here (bots fill the empty seats), or wait for others."
    return [Line("info", f"You sit at table {gt.id} ({game.title}). {hint}")]
