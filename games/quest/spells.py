"""Spells (full rules; rules/quest.md, Winning, Decision): a wizard's whole turn.

``cast bolt at bob``: bob must be in the wizard's room or next to it through a door the bolt can
pass (green, open, or locked with the wizard holding its key). It is a duel of one hand, fought in
duels.py: a mace or shield stops it, else a bible absorbs it (and is spent), else it strikes.
A closed door takes the bolt instead: the wizard learns the door's face as if peeking.
``cast sight C4``: the wizard alone learns that room's type and its red doors; its white doors are
turned face up for everyone (a white door once seen is public, however it was seen).
"""

from __future__ import annotations

from games.engine import Event, tell
from games.quest import board, duels
from games.quest import text as t
from games.quest.doors import learn_room, look_at
from games.quest.state import QuestState
from games.quest.turns import spend_turn
from games.quest.words import _

SPELLS = ("bolt", "sight")


def do_cast(state: QuestState, player: str, spell: str, target: str) -> list[Event]:
    """A wizard's spell, cast as their whole turn."""
    return _bolt(state, player, target) if spell == "bolt" else _sight(state, player, target)


def _bolt(state: QuestState, player: str, target: str) -> list[Event]:
    """A bolt at a player the wizard's bolt reaches (legal.py): a duel of one hand, unless a closed
    door next door takes it."""
    me = state.players[player]
    there = state.players[target].pos
    if there == me.pos:
        return duels.begin(state, player, [target], "bolt")
    d = board.direction_to(me.pos, there)
    door = state.doors[board.edge(me.pos, there)]
    if door.colour in ("white", "red") and not door.open:
        ev = look_at(state, player, d)
        ev.append(tell(player, _("Your bolt strikes {door}: it is closed.", door=t.door_here(door, d)), "bolt_stopped",
                       player=player, dir=d))
        ev.append(Event("bolt_stopped", _("{player} casts a spell.", player=player), dict(player=player),
                        not_to=(player,)))
        spend_turn(state)
        return ev
    return duels.begin(state, player, [target], "bolt")


def _sight(state: QuestState, player: str, room: str) -> list[Event]:
    doors, turned = learn_room(state, player, room, "sight")
    r = state.rooms[room]
    ev = [tell(player, _("Your sight shows {room}: {name}. Doors: {doors}.", room=room, name=t.room_name(r),
                         doors=doors), "sight",
               player=player, room=room, location=r.location, difficulty=r.difficulty),
          Event("sight", _("{player} casts a spell.", player=player), dict(player=player), not_to=(player,))]
    spend_turn(state)
    return ev + turned
