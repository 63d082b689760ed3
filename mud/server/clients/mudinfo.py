"""What a MUD client is told besides the text: MSSP figures and GMCP room info; whether it gets
colour; and word wrap to the width a client sent (NAWS). Plain functions over the server and a
WorldSession."""

from __future__ import annotations

import re
import textwrap
from functools import lru_cache

from mud.world.rooms import ROOMS

PAINTED = re.compile(r"(\x1b\[[0-9;]*m)?(.*?)(\x1b\[0m)?")  # one line as lines.render paints it


def room_numbers() -> dict[str, int]:
    """Numbers for clients' mappers, in the world's order: worked out when asked, since a game
    registered after this module was imported brings its room too."""
    return {rid: i for i, rid in enumerate(ROOMS, 1)}


def mssp_figures(server, port: int) -> dict:
    world = getattr(server, "world", None)
    return {
        "NAME": "questmud", "PLAYERS": str(len(world.online) if world is not None else 0),
        "UPTIME": str(int(server.started)), "CODEBASE": "questmud", "CONTACT": "", "WEBSITE": "",
        "HOSTNAME": "", "PORT": str(port), "CRAWL DELAY": "-1", "LANGUAGE": "English",
        "FAMILY": "Custom", "GENRE": "Fantasy", "GAMEPLAY": ["Adventure", "Strategy", "Social"],
        "GAMESYSTEM": "None", "STATUS": "Alpha", "AREAS": str(len(ROOMS)), "ROOMS": str(len(ROOMS)),
        "ANSI": "1", "UTF-8": "1", "GMCP": "1", "MSSP": "1", "MCCP": "0", "MSDP": "0", "MXP": "0",
        "PUEBLO": "0", "VT100": "0", "XTERM 256 COLORS": "0", "PAY TO PLAY": "0", "PAY FOR PERKS": "0",
        "HIRING BUILDERS": "0", "HIRING CODERS": "0", "MINIMUM AGE": "0",
    }


def wants_colour(proto) -> bool:
    """Colour unless the client is dumb: no negotiation at all, TERM=dumb, MTTS without ANSI."""
    for i in range(1, 9):
        kind = str(proto.get_extra_info(f"ttype{i}") or "")
        if kind.upper().startswith("MTTS ") and kind[5:].strip().isdigit():
            return bool(int(kind[5:]) & 1)
    term = str(proto.get_extra_info("TERM") or "").lower()
    return proto.is_telnet() and term not in ("dumb", "none")


def wrap(line: str, width: int) -> list[str]:
    """Word-wrap a line (coloured whole, or plain) to the client's width, keeping its indent."""
    if width < 20 or len(line) <= width:  # most lines: no pattern run at all
        return [line]
    m = PAINTED.fullmatch(line)
    if not m or "\x1b" in m.group(2):
        return [line]
    text, (pre, post) = m.group(2), (m.group(1) or "", m.group(3) or "")
    indent = text[:len(text) - len(text.lstrip(" "))]
    rows = textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False)
    return [pre + row + post for row in rows] or [line]


@lru_cache(maxsize=4096)
def wrapped(text: str, width: int) -> str:
    """A line (it may hold newlines) as the rows a client of ``width`` columns is sent, each ended
    by CR LF. Remembered: the same line goes to everyone in a room, and a room's description
    to everyone who looks."""
    return "".join(row + "\r\n" for part in text.replace("\r", "").split("\n") for row in wrap(part, width))


GMCP_PEOPLE = 50  # names Room.Info lists at most (with "count": how many are here)


def room_info(ws) -> dict:
    place = ws.place(GMCP_PEOPLE)
    room = ROOMS.get(place.get("room"))
    numbers = room_numbers()
    return {"num": numbers.get(place.get("room"), 0), "id": place.get("room"), "name": place.get("name"),
            "area": place.get("game") or "Crossroads",
            "exits": {d: numbers[r] for d, r in room.exits.items()} if room else {},
            "people": place.get("people", []), "count": place.get("count", 0), "table": place.get("table")}
