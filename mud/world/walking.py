"""Where a player stands and how they walk: look, exits, move (and up, down).

Each handler takes the player's :class:`~mud.world.session.WorldSession` and the parsed slots and
returns the player's direct answer; the rooms they leave and enter are told through the world.
"""

from __future__ import annotations

from functools import lru_cache

import games
from games.engine import Msg, RuleError, render
from mud.shell import parser
from mud.shell.session import Line
from mud.world import tablecmds
from mud.world.crowd import here_line
from mud.shell.words import _, listed
from mud.world.rooms import DIRECTION_NAMES, DIRECTION_SHOWN, HUB, ROOMS, described, find, has_tables, heading, shown, title_of

STAIRS = {"up": "u", "u": "u", "down": "d", "d": "d"}


def look(ws, slots: dict) -> list[Line]:
    """The room: its name, description, exits, who is here and its tables."""
    room = ROOMS[ws.room]
    lines = list(fixed_lines(room, ws.lang))
    here = here_line(ws)
    if here:
        lines.append(Line("screen", here))
    if has_tables(room):
        tables = ws.world.tables_in(ws.room)
        title = title_of(room)
        if tables:
            lines += [Line("screen", gt.describe(title, ws.name)) for gt in tables]
        else:
            lines.append(Line("screen", _("No table is in use. Type 'sit' to open one for {game}.", game=title)))
    waiting = tablecmds.waiting_line(ws)
    return lines + [waiting] if waiting is not None else lines


_FIXED: dict[tuple[int, str], tuple] = {}  # (id(room), language) -> (room, its fixed lines worded)


def fixed_lines(room, lang: str) -> tuple[Line, ...]:
    """A room's heading, description and exits, worded in ``lang`` once per room and language: what
    every look shows the same (a room is rebuilt, and so looked up again, when the catalogue changes)."""
    known = _FIXED.get((id(room), lang))
    if known is None or known[0] is not room:
        exits = exits_line(room.id, tuple(room.exits.items()))
        lines = (Line("room", render(heading(room), lang)), Line("screen", render(described(room), lang)),
                 Line("screen", render(exits, lang)))
        if len(_FIXED) > 256:  # rooms made again and again (a test registering games): forget the old
            _FIXED.clear()
        known = _FIXED[id(room), lang] = (room, lines)
    return known[1]


@lru_cache(maxsize=256)
def exits_line(room_id: str, exits: tuple) -> Msg:
    """A room's exits (``exits``: direction, room id), one message made once per room and exits: a
    message keeps its words once made in a language, so a thousand looks word it once each."""
    exits = [_("{direction} ({room})", direction=DIRECTION_SHOWN[d], room=shown(ROOMS[r])) for d, r in exits]
    return _("Exits: {exits}.", exits=listed(exits))


def exits(ws, slots: dict) -> list[Line]:
    room = ROOMS[ws.room]
    return [Line("info", _("{direction}: {room}", direction=DIRECTION_SHOWN[d], room=shown(ROOMS[r])))
            for d, r in room.exits.items()]



def move(ws, slots: dict) -> list[Line]:
    """Walk a direction, or to a room by its name (through the Crossroads when it is not next door)."""
    word = slots["WORD"]
    room = ROOMS[ws.room]
    d = parser.direction(word) or STAIRS.get(word)
    if d is not None:
        if d not in room.exits:
            raise RuleError(_("You cannot go {direction} from here. Type 'exits'.", direction=DIRECTION_SHOWN[d]))
        return go(ws, room.exits[d])
    target = find(word, ws.lang)  # the words of the rooms' names as this player reads them, or English
    if target is None:
        raise RuleError(_("There is no '{word}' to go to. Type 'exits'.", word=parser.shown(word)))
    if target.id == ws.room:
        raise RuleError(_("You are already in {room}.", room=shown(target)))
    return route(ws, target.id)


def route(ws, room_id: str) -> list[Line]:
    """Into ``room_id``, next door or through the Crossroads (every game room is on a road from it),
    the new room described; RuleError when neither reaches it."""
    room = ROOMS[ws.room]
    if room_id in room.exits.values():
        return go(ws, room_id)
    if room.id != HUB and room_id in ROOMS[HUB].exits.values():
        go(ws, HUB, quiet=True)
        return go(ws, room_id)
    raise RuleError(_("You cannot reach {room} from here.", room=shown(ROOMS[room_id])))


def to_game(ws, slots: dict) -> list[Line]:
    """'play GAME' standing in the world: walked to the room whose tables play it (as 'go' walks, through
    the Crossroads), told how to sit there; 'play' alone: the games and their rooms. (At a seat, the
    game's own 'play' answers: this set is not there.)"""
    wanted = slots.get("TEXT", "").strip()
    where = [(spec, spec.room) for spec in map(games.get, games.CATALOGUE) if spec.room in ROOMS]
    if not wanted:
        listing = [_("{game} ({room})", game=spec.title, room=shown(ROOMS[room])) for spec, room in where]
        return [Line("info", _("Games, and the rooms where they are played: {games}. 'play NAME' takes you there.",
                               games=listed(listing)))]
    name = games.resolve(wanted)
    spec = next((spec for spec, _room in where if spec.name == name), None)
    if spec is None:
        raise RuleError(_("There is no game called '{name}'. Type 'play' for the list.", name=parser.shown(wanted)))
    lines = route(ws, spec.room) if spec.room != ws.room else []
    return lines + [Line("info", _("{game} is played here: 'sit' takes a seat at a table, 'start' begins its match.",
                                   game=spec.title))]


def up(ws, slots: dict) -> list[Line]:
    return move(ws, {"WORD": "u"})


def down(ws, slots: dict) -> list[Line]:
    return move(ws, {"WORD": "d"})


def go(ws, room_id: str, quiet: bool = False) -> list[Line]:
    """Into ``room_id``: up from any table first; both rooms are told; the new room is described."""
    if ws.table is not None:
        for line in tablecmds.leave(ws):  # "You stop watching table 1." before the new room
            ws.push(line)
    old = ws.room
    ws.room = room_id
    ws.world.tell_coming(old, ws, Line("arrive", _("{player} goes to {room}.", player=ws.name, room=shown(ROOMS[room_id]))), came=False)
    ws.world.tell_coming(room_id, ws, Line("arrive", _("{player} arrives.", player=ws.name)), came=True)
    if ws.world.store is not None:
        ws.world.store.set_room(ws.name, room_id)
    return [] if quiet else look(ws, {})


def walk_to(ws, room_id: str) -> None:
    """Into ``room_id`` quietly, through the Crossroads when it is not next door (every game room is
    on a road from it): 'sit N' naming the player's own seat elsewhere takes them there."""
    if room_id == ws.room:
        return
    if room_id not in ROOMS[ws.room].exits.values() and ws.room != HUB:
        go(ws, HUB, quiet=True)
    go(ws, room_id, quiet=True)
    ws.push(Line("info", _("You go back to {room}.", room=shown(ROOMS[room_id]))))


def complete_move(ws, stem: str) -> list[str]:
    """What may follow 'move ': this room's directions, then every other room's name."""
    room = ROOMS[ws.room]
    options = [DIRECTION_NAMES[d] for d in room.exits] + [r.id for r in ROOMS.values() if r.id != ws.room]
    return [o for o in options if o.startswith(stem.lower())]
