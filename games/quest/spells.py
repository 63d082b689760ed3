"""Spells (full rules; rules/quest.md, Winning, Decision): a wizard's whole turn.

``cast bolt at bob``: bob must be in the wizard's room or next to it through a door the bolt can
pass (green, open, or locked with the wizard holding its key). It is a duel of one hand, fought in
duels.py: a mace or shield stops it, else a bible absorbs it (and is spent), else it strikes.
A closed door takes the bolt instead: the wizard learns the door's face as if peeking.
``cast sight C4``: the wizard alone learns that room's type and its red doors; its white doors are
turned face up for everyone (a white door once seen is public, however it was seen).
"""

from __future__ import annotations

from games.engine import Event, RuleError, tell
from games.quest import board, duels, fights
from games.quest import text as t
from games.quest.doors import learn_room, look_at
from games.quest.state import QuestState
from games.quest.turns import spend_turn

SPELLS = ("bolt", "sight")


def do_cast(state: QuestState, player: str, spell: str, target: str) -> list[Event]:
    me = state.players[player]
    if spell not in SPELLS:
        raise RuleError("The spells are 'cast bolt at <player>' and 'cast sight <room>'.")
    if me.rank != "wizard":
        raise RuleError("Only a wizard casts spells.")
    fights.check_may_stay(state, player)
    return _bolt(state, player, target) if spell == "bolt" else _sight(state, player, target)


def _bolt(state: QuestState, player: str, target: str) -> list[Event]:
    me = state.players[player]
    if target not in state.players or not state.players[target].alive:
        raise RuleError(f"There is no living player called '{target}' in this game.")
    if target == player:
        raise RuleError("You cannot cast a bolt at yourself.")
    there = state.players[target].pos
    if there == me.pos:
        return duels.begin(state, player, [target], "bolt")
    d = board.direction_to(me.pos, there)
    if d is None:
        raise RuleError(f"{target} is on {there}: a bolt reaches your room and the rooms next to it.")
    door = state.doors[board.edge(me.pos, there)]
    if door.locked_kind and not door.open and not me.holds_key(door.colour):
        raise RuleError(f"{t.door_here(door, d).capitalize()} is locked; a bolt does not pass it.")
    if door.colour in ("white", "red") and not door.open:
        ev = look_at(state, player, d)
        ev.append(tell(player, f"Your bolt strikes {t.door_here(door, d)}: it is closed.", "bolt_stopped",
                       player=player, dir=d))
        ev.append(Event("bolt_stopped", f"{player} casts a spell.", dict(player=player), not_to=(player,)))
        spend_turn(state)
        return ev
    return duels.begin(state, player, [target], "bolt")


def _sight(state: QuestState, player: str, room: str) -> list[Event]:
    if room not in board.COORDS:
        raise RuleError(f"There is no room {room}: rooms are A1 to E8.")
    doors, turned = learn_room(state, player, room, "sight")
    r = state.rooms[room]
    ev = [tell(player, f"Your sight shows {room}: {t.room_name(r)}. Doors: {doors}.", "sight",
               player=player, room=room, location=r.location, difficulty=r.difficulty),
          Event("sight", f"{player} casts a spell.", dict(player=player), not_to=(player,))]
    spend_turn(state)
    return ev + turned
