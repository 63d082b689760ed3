"""The panels away from a match: the room you stand in, who is here, and what you can do.

Pure functions of the ``place()`` dict of a :class:`mud.world.session.WorldSession` (room id and
name, the game played here, exits, people, the table you are at), like the game's panels are of
its view. Shown in the world's rooms, and at a table until its match starts.
"""

from __future__ import annotations

from rich.text import Text

from mud.tui.boards.default import crop
from mud.tui.words import _, tr
from mud.world.rooms import ROOMS, title_of

HINT_WIDTH = 78  # the hint row's columns at 80x24
# the letters typed for the directions (the place names them in English: its data)
DIRECTION_KEYS = {"north": _("n"), "south": _("s"), "east": _("e"), "west": _("w"), "up": _("u"), "down": _("d")}
# a table's status as place() gives it (data), in words
TABLE_STATUS = {"open": _("open"), "playing": _("playing"), "over": _("over")}


def title(place: dict) -> str:
    name = place["name"]
    return name[:1].upper() + name[1:]


def render_place(place: dict, width: int = 42) -> Text:
    """The room: its description, then its exits (the way to each game), one line each."""
    out = Text()
    room = ROOMS.get(place["room"])
    if room is not None:
        out.append(tr(room.description) + "\n\n", style="italic")
    exits = Text()
    exits.append(tr(_("Exits")), style="dim")
    for direction, name in place["exits"].items():
        target = next((r for r in ROOMS.values() if tr(r.name) == name), None)  # (the place words names)
        exits.append("\n")
        exits.append(f"{_key(direction):<2} ", style="bold cyan")
        exits.append(name)
        if target is not None and title_of(target):
            exits.append(f" · {title_of(target)}", style="dim")
    return out + crop(exits, width)


def render_people(place: dict, me: str, width: int = 30, height: int | None = None) -> Text:
    """Who is here (you first), and the table you are at."""
    lines: list[Text] = []
    table = place.get("table")
    if table is not None:
        seated = table.get("seated") or table["status"] == "open"
        status = tr(TABLE_STATUS.get(table["status"], table["status"]))
        said = _("Table {id}: {status}, seated", id=table["id"], status=status) if seated else \
            _("Table {id}: {status}, watching", id=table["id"], status=status)
        lines.append(Text(tr(said), style="bold yellow"))
        lines.append(Text("─" * max(1, width), style="dim"))
    people = place.get("people") or []
    lines.append(Text(tr(_("Here ({n})", n=len(people))), style="dim"))
    if me in people:
        lines.append(Text("  " + tr(_("{name} (you)", name=me)), style="bold"))
    lines += [Text(f"  {name}") for name in sorted(people, key=str.lower) if name != me]
    if height and len(lines) > height:
        hidden = len(lines) - height + 1
        lines = lines[: height - 1] + [Text("  " + tr(_("... and {n} more", n=hidden)), style="dim")]
    return crop(Text("\n").join(lines), width)


def status_line(place: dict, me: str) -> str:
    here = len(place.get("people") or [])
    where = title(place)
    table = place.get("table")
    if table is not None:
        where = tr(_("{room}, table {id}", room=where, id=table["id"]))
    others = here - 1
    company = _("nobody else here") if others <= 0 else _.plural("{n} other here", "{n} others here", others)
    return f"{me} · {where} · {tr(company)}"




def hint(place: dict) -> str:
    """What to do next, in a line: a seat that waits for the player first."""
    table = place.get("table")
    if table is not None and table["status"] == "open":
        return tr(_("start begins (bots fill the empty seats, e.g. start bots=2); leave gets up."))
    if table is not None:
        return tr(_("leave gets up from the table; say talks to the room."))
    back = next(iter(place["exits"].items()), None)
    way = [tr(_("{key} goes back to {room}", key=_key(back[0]), room=back[1]))] if back else []
    roads = " ".join(_key(d) for d in place["exits"])  # this room's own, in its order
    waiting = place.get("waiting")
    if waiting:  # where to go next matters less than the seat: given up first when the row is short
        walk = way if place.get("game") else [tr(_("walk: {roads}", roads=roads))]
        seat = waiting_hint(waiting)
        return _fit([[seat, *walk], [seat]])
    if place.get("game"):
        sit = tr(_("sit opens or joins a {game} table", game=place["game"]))
        # The whole row at 80 columns, the least needed words given up first: it was cut with "…"
        # before the way back (found replaying the first hour, issue 26).
        lists, talks = tr(_("tables lists them")), tr(_("say talks"))
        return _fit([[sit, lists, talks, *way], [sit, lists, *way], [sit, *way]])
    return tr(_("Walk: {roads}, or go <room>. say talks, who lists everyone, help explains.", roads=roads))


def waiting_hint(waiting: dict) -> str:
    """The seat the player got up from (local play): it waits, and 'sit N' takes it back -- from
    another room too, walking there."""
    n = waiting["id"]
    if waiting["here"]:
        return tr(_("Your seat at table {n} waits: sit {n} takes it back", n=n))
    return tr(_("Your {game} seat at table {n} waits: sit {n} takes you back", game=waiting["game"], n=n))


def _key(direction: str) -> str:
    """The letter a player types for a direction ("north": n, "nord": n in Italian; "west": w, "ovest": o)."""
    return tr(DIRECTION_KEYS.get(direction, direction))


def _fit(choices: list[list[str]]) -> str:
    """The first of ``choices`` (each the parts of a row, fewest words last) that fits the row."""
    for parts in choices:
        said = "; ".join(parts) + "."
        if len(said) <= HINT_WIDTH:
            return said
    return said
