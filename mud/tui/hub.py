"""The panels away from a match: the room you stand in, who is here, and what you can do.

Pure functions of the ``place()`` dict of a :class:`mud.world.session.WorldSession` (room id and
name, the game played here, exits, people, the table you are at), like the game's panels are of
its view. Shown in the world's rooms, and at a table until its match starts.
"""

from __future__ import annotations

from rich.text import Text

from mud.tui.boards.default import crop
from mud.world.rooms import ROOMS, title_of

HINT_WIDTH = 78  # the hint row's columns at 80x24
DIRECTION_KEYS = {"north": "n", "south": "s", "east": "e", "west": "w", "up": "u", "down": "d"}


def title(place: dict) -> str:
    name = place["name"]
    return name[:1].upper() + name[1:]


def render_place(place: dict, width: int = 42) -> Text:
    """The room: its description, then its exits (the way to each game), one line each."""
    out = Text()
    room = ROOMS.get(place["room"])
    if room is not None:
        out.append(room.description + "\n\n", style="italic")
    exits = Text()
    exits.append("Exits", style="dim")
    for direction, name in place["exits"].items():
        target = next((r for r in ROOMS.values() if r.name == name), None)
        exits.append("\n")
        exits.append(f"{DIRECTION_KEYS.get(direction, direction):<2} ", style="bold cyan")
        exits.append(name)
        if target is not None and title_of(target):
            exits.append(f" · {title_of(target)}", style="dim")
    return out + crop(exits, width)


def render_people(place: dict, me: str, width: int = 30, height: int | None = None) -> Text:
    """Who is here (you first), and the table you are at."""
    lines: list[Text] = []
    table = place.get("table")
    if table is not None:
        seat = "seated" if table.get("seated") or table["status"] == "open" else "watching"
        lines.append(Text(f"Table {table['id']}: {table['status']}, {seat}", style="bold yellow"))
        lines.append(Text("─" * max(1, width), style="dim"))
    people = place.get("people") or []
    lines.append(Text(f"Here ({len(people)})", style="dim"))
    if me in people:
        lines.append(Text(f"  {me} (you)", style="bold"))
    lines += [Text(f"  {name}") for name in sorted(people, key=str.lower) if name != me]
    if height and len(lines) > height:
        hidden = len(lines) - height + 1
        lines = lines[: height - 1] + [Text(f"  ... and {hidden} more", style="dim")]
    return crop(Text("\n").join(lines), width)


def status_line(place: dict, me: str) -> str:
    here = len(place.get("people") or [])
    where = title(place)
    table = place.get("table")
    if table is not None:
        where += f", table {table['id']}"
    others = here - 1
    company = "nobody else here" if others <= 0 else f"{others} other{'' if others == 1 else 's'} here"
    return f"{me} · {where} · {company}"




def hint(place: dict) -> str:
    """What to do next, in a line: a seat that waits for the player first."""
    table = place.get("table")
    if table is not None and table["status"] == "open":
        return "start begins (bots fill the empty seats, e.g. start bots=2); leave gets up."
    if table is not None:
        return "leave gets up from the table; say talks to the room."
    back = next(iter(place["exits"].items()), None)
    way = [f"{DIRECTION_KEYS.get(back[0], back[0])} goes back to {back[1]}"] if back else []
    roads = " ".join(DIRECTION_KEYS.get(d, d) for d in place["exits"])  # this room's own, in its order
    waiting = place.get("waiting")
    if waiting:  # where to go next matters less than the seat: given up first when the row is short
        walk = way if place.get("game") else [f"walk: {roads}"]
        seat = waiting_hint(waiting)
        return _fit([[seat, *walk], [seat]])
    if place.get("game"):
        sit = f"sit opens or joins a {place['game']} table"
        # The whole row at 80 columns, the least needed words given up first: it was cut with "…"
        # before the way back (found replaying the first hour, issue 26).
        return _fit([[sit, "tables lists them", "say talks", *way], [sit, "tables lists them", *way], [sit, *way]])
    return f"Walk: {roads}, or go <room>. say talks, who lists everyone, help explains."


def waiting_hint(waiting: dict) -> str:
    """The seat the player got up from (local play): it waits, and 'sit N' takes it back -- from
    another room too, walking there."""
    n = waiting["id"]
    if waiting["here"]:
        return f"Your seat at table {n} waits: sit {n} takes it back"
    return f"Your {waiting['game']} seat at table {n} waits: sit {n} takes you back"


def _fit(choices: list[list[str]]) -> str:
    """The first of ``choices`` (each the parts of a row, fewest words last) that fits the row."""
    for parts in choices:
        said = "; ".join(parts) + "."
        if len(said) <= HINT_WIDTH:
            return said
    return said
