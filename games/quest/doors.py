"""Looking at a door: what it shows, and to whom (rules/quest.md, The board)."""

from __future__ import annotations

from games.engine import Event, announce, tell
from games.words import Msg
from games.quest import board
from games.quest import text as t
from games.quest.state import QuestState
from games.quest.words import _


def look_at(state: QuestState, player: str, d: str) -> list[Event]:
    """Look at the door to ``d``: a white one turns face up for all, a red one shows its face to
    ``player`` alone, green and locked ones are what everyone sees."""
    me = state.players[player]
    e = board.edge(me.pos, doors_to := board.neighbour(me.pos, d))
    door = state.doors[e]
    data = dict(player=player, room=me.pos, dir=d, door=board.edge_name(e), colour=door.colour)
    if door.colour == "white":
        newly = e not in state.turned
        state.turned.add(e)
        if newly:
            face = t.face_word(t.face(door))
            return t.voiced("door_turned", {player: _("You turn up {door}: it is {face}.", door=t.door_here(door, d),
                                                      face=face)},
                            _("{player} turns {door}: it is {face}.", player=player,
                              door=t.door_between(door, me.pos, doors_to), face=face),
                            face=t.face(door), **data)
        return [tell(player, _("The {colour} door to the {direction} is {face} (turned up for all).",
                               colour=t.colour(door.colour), direction=t.direction(d), face=t.face_word(t.face(door))),
                     "door_seen", face=t.face(door), **data)]
    if door.colour == "red":
        me.peeked.add(e)
        return [tell(player, _("You peek at {door}: it is {face}.", door=t.door_here(door, d),
                               face=t.face_word(t.face(door))),
                     "door_peeked", face=t.face(door), **data),
                Event("door_peeked", _("{player} peeks at {door}.", player=player,
                                       door=t.door_between(door, me.pos, doors_to)),
                      dict(player=player, room=me.pos, dir=d,
                      door=board.edge_name(e), colour="red"), not_to=(player,))]
    return [tell(player, _("The {colour} door to the {direction} is {face}.", colour=t.colour(door.colour),
                           direction=t.direction(d), face=t.face_word(t.face(door))), "door_seen",
                 face=t.face(door), **data)]


def learn_room(state: QuestState, player: str, room: str, how: str) -> tuple[Msg, list[Event]]:
    """``player`` learns ``room`` and the faces of all its doors without standing there (the crystal
    ball, sight): added to their map. Returns the doors in words, and the events of the white doors
    this turned face up: a white door once seen is turned for everyone, however it was seen
    (decision: the white-door rule wins over "the wizard alone learns"); red doors stay the
    player's own knowledge."""
    me = state.players[player]
    me.seen.add(room)
    words, ev = [], []
    for d, nb in board.exits(room).items():
        e = board.edge(room, nb)
        door = state.doors[e]
        if door.colour == "white" and e not in state.turned:
            state.turned.add(e)
            seen = dict(player=player, door=t.door_between(door, room, nb), face=t.face_word(t.face(door)))
            turns = _("{player}'s sight turns {door}: it is {face}.", **seen) if how == "sight" else \
                _("{player}'s crystal ball turns {door}: it is {face}.", **seen)
            ev.append(announce(turns,
                               "door_turned", player=player, room=room, dir=d, door=board.edge_name(e),
                               colour="white", face=t.face(door), by=how))
        elif door.colour == "red":
            me.peeked.add(e)
        words.append(_("{direction} {colour} {face}", direction=t.direction(d), colour=t.colour(door.colour),
                       face=t.face_word(t.face(door))))
    return t.commas(words), ev
