"""A crowded world said briefly: who is here in one line, names read only when a command needs them.

A room may hold a thousand people; nothing a player types may cost time in proportion to everyone
online, and no answer may list them all (docs/decisions.md, "Performance at scale").
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from games.engine import render
from mud.shell.session import Line
from mud.shell.words import _

HERE_NAMES = 8  # names a look lists in a crowded room before "and N others"
WHO_ALL = 50  # people `who` lists one a line; past that, each room's count and latest arrivals
CROWD = 50  # others in a room past which its comings and goings are told once a tick, gathered


class OnlineNames:
    """The names a PLAYER slot may take: the match's players first, then everyone online. Read only
    when a command names a player, so other commands cost nothing per person online."""

    def __init__(self, world, first=()):
        self.world, self.first = world, tuple(first)

    def __iter__(self):
        online = (ws.name for ws in self.world.online.values())
        far = self.world.others.people
        if far:  # and on the world's other nodes
            online = itertools.chain(online, (name for name, _, _ in self.world.others.elsewhere()))
        return iter(dict.fromkeys([*self.first, *online]) if self.first else online)


def here_line(me):
    """Who else is in ``me``'s room: everyone in a small crowd; in a big one the people ``me`` knows
    (their table, who last told them something) and the latest to arrive, HERE_NAMES in all, and
    how many others -- a look costs the same with ten or a thousand people in the room."""
    people = me.world.people.get(me.room, {})
    far = me.world.others.in_room(me.room)  # on other nodes
    count = len(people) - (me in people) + len(far)
    if count <= HERE_NAMES + 1:
        names = ", ".join(sorted([ws.name for ws in people if ws is not me] + far))
        return _("Here: {names}.", names=names) if count else ""
    known = [me.last_teller] if me.last_teller else []
    if me.table is not None:
        known += [*me.table.sitters, *me.table.seats, *sorted(me.table.watchers)]
    shown: dict[str, None] = {}
    for name in known:
        ws = me.world.session(name)
        if ws is not None and ws is not me and ws in people and len(shown) < HERE_NAMES:
            shown[ws.name] = None
    for ws in reversed(people):  # the latest arrivals
        if len(shown) >= HERE_NAMES:
            break
        if ws is not me:
            shown[ws.name] = None
    return _crowd_line(", ".join(sorted(shown)), count - len(shown))


@lru_cache(maxsize=1024)
def _crowd_line(names: str, others: int):
    """A crowded room's line, one message per names and count: a message keeps its words once made,
    so the looks of a room where nobody came or went word it once per language, not once each."""
    return _.plural("Here: {names} and {n} other.", "Here: {names} and {n} others.", others, names=names)


def who_by_room(me, rooms, lang: str = "en") -> list:
    """`who` in a crowded world: each room with people, how many, and its latest arrivals (you
    first if you are there) -- a few lines whoever is online. ``rooms``: room id -> name."""
    lines = []
    for rid, name in rooms.items():
        people = me.world.people.get(rid, {})
        if not people:
            continue
        shown = [_("{player} (you)", player=me.name)] if me in people else []
        for ws in reversed(people):
            if len(shown) >= HERE_NAMES:
                break
            if ws is not me:
                shown.append(ws.name)
        names = ", ".join(render(n, lang) for n in shown)
        if len(people) > len(shown):
            lines.append(_.plural("  {room}: {count} -- {names} and {n} other", "  {room}: {count} -- {names} and {n} others",
                                  len(people) - len(shown), room=name, count=len(people), names=names))
        else:
            lines.append(_("  {room}: {count} -- {names}", room=name, count=len(people), names=names))
    return lines + [_("  ('tell <name>' reaches anyone, wherever they are.)")]


class Comings:
    """Who came into and went out of each crowded room since the last tick of the world's clock.

    In a room of a thousand, a login storm would tell each of them every one of its arrivals: a
    line to everyone present per arrival, the cost of the room squared, and news nobody can read.
    There, comings and goings wait for the tick (a second) and are told in a line each: "a, b
    and 58 others arrive." -- the room pays once a second, whatever the rate of arrivals."""

    def __init__(self) -> None:
        self.rooms: dict[str, tuple[list[str], list[str]]] = {}  # room -> (came, went), in order

    def note(self, room: str, name: str, came: bool) -> None:
        self.rooms.setdefault(room, ([], []))[0 if came else 1].append(name)

    def tell(self, people: dict) -> None:
        """Tell each room's people (``people``: room -> its sessions) who came and went since the
        last time, a line each; those who came are not told."""
        rooms, self.rooms = self.rooms, {}
        for room, (came, went) in rooms.items():
            lines = [Line("arrive", said) for said in (comings(came), goings(went)) if said is not None]
            newcomers = set(came)
            for ws in list(people.get(room, ())):
                if ws.name not in newcomers:
                    for line in lines:
                        ws.push(line)


def comings(names: list[str]):
    """'a arrives.', 'a and b arrive.' (None: nobody came)."""
    if not names:
        return None
    if len(dict.fromkeys(names)) == 1:
        return _("{player} arrives.", player=names[0])
    return _("{players} arrive.", players=names_said(names))


def goings(names: list[str]):
    """'a leaves.', 'a and b leave.' (None: nobody went)."""
    if not names:
        return None
    if len(dict.fromkeys(names)) == 1:
        return _("{player} leaves.", player=names[0])
    return _("{players} leave.", players=names_said(names))


def names_said(names: list[str]):
    """'a', 'a and b', 'a, b and c'; past HERE_NAMES + 1 names, the latest HERE_NAMES and 'N others'."""
    names = list(dict.fromkeys(names))
    if len(names) > HERE_NAMES + 1:
        shown = names[-HERE_NAMES:]
        return _.plural("{names} and {n} other", "{names} and {n} others", len(names) - len(shown), names=", ".join(shown))
    return names[0] if len(names) == 1 else _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])
