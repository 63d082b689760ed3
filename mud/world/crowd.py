"""A crowded world said briefly: who is here in one line, names read only when a command needs them.

A room may hold a thousand people; nothing a player types may cost time in proportion to everyone
online, and no answer may list them all (docs/decisions.md, "Performance at scale").
"""

from __future__ import annotations

HERE_NAMES = 8  # names a look lists in a crowded room before "and N others"
WHO_ALL = 50  # people `who` lists one a line; past that, each room's count and latest arrivals


class OnlineNames:
    """The names a PLAYER slot may take: the match's players first, then everyone online. Read only
    when a command names a player, so other commands cost nothing per person online."""

    def __init__(self, world, first=()):
        self.world, self.first = world, tuple(first)

    def __iter__(self):
        online = (ws.name for ws in self.world.online.values())
        return iter(dict.fromkeys([*self.first, *online]) if self.first else online)


def here_line(me) -> str:
    """Who else is in ``me``'s room: everyone in a small crowd; in a big one the people ``me`` knows
    (their table, who last told them something) and the latest to arrive, HERE_NAMES in all, and
    how many others -- a look costs the same with ten or a thousand people in the room."""
    people = me.world.people.get(me.room, {})
    count = len(people) - (me in people)
    if count <= HERE_NAMES + 1:
        return f"Here: {', '.join(sorted(ws.name for ws in people if ws is not me))}." if count else ""
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
    return f"Here: {', '.join(sorted(shown))} and {count - len(shown)} others."


def who_by_room(me, rooms) -> list[str]:
    """`who` in a crowded world: each room with people, how many, and its latest arrivals (you
    first if you are there) -- a few lines whoever is online. ``rooms``: room id -> name."""
    lines = []
    for rid, name in rooms.items():
        people = me.world.people.get(rid, {})
        if not people:
            continue
        shown = [f"{me.name} (you)"] if me in people else []
        for ws in reversed(people):
            if len(shown) >= HERE_NAMES:
                break
            if ws is not me:
                shown.append(ws.name)
        more = f" and {len(people) - len(shown)} others" if len(people) > len(shown) else ""
        lines.append(f"  {name}: {len(people)} -- {', '.join(shown)}{more}")
    return lines + ["  ('tell <name>' reaches anyone, wherever they are.)"]
