"""Looking at a door: what it shows, and to whom (rules/quest.md, The board)."""

from __future__ import annotations

from games.engine import Event, announce, tell
from games.quest import board
from games.quest import text as t
from games.quest.state import QuestState


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
            return t.voiced("door_turned", {player: f"You turn up {t.door_here(door, d)}: it is {t.face(door)}."},
                            f"{player} turns {t.door_between(door, me.pos, doors_to)}: it is {t.face(door)}.",
                            face=t.face(door), **data)
        return [tell(player, f"{t.door_here(door, d).capitalize()} is {t.face(door)} (turned up for all).",
                     "door_seen", face=t.face(door), **data)]
    if door.colour == "red":
        me.peeked.add(e)
        return [tell(player, f"You peek at {t.door_here(door, d)}: it is {t.face(door)}.",
                     "door_peeked", face=t.face(door), **data),
                Event("door_peeked", f"{player} peeks at {t.door_between(door, me.pos, doors_to)}.",
                      dict(player=player, room=me.pos, dir=d,
                      door=board.edge_name(e), colour="red"), not_to=(player,))]
    return [tell(player, f"{t.door_here(door, d).capitalize()} is {t.face(door)}.", "door_seen",
                 face=t.face(door), **data)]


def learn_room(state: QuestState, player: str, room: str, how: str) -> tuple[str, list[Event]]:
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
            ev.append(announce(f"{player}'s {how} turns {t.door_between(door, room, nb)}: it is {t.face(door)}.",
                               "door_turned", player=player, room=room, dir=d, door=board.edge_name(e),
                               colour="white", face=t.face(door), by=how))
        elif door.colour == "red":
            me.peeked.add(e)
        words.append(f"{t.direction(d)} {door.colour} {t.face(door)}")
    return ", ".join(words), ev
