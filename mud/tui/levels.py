"""A bot's level next to its name in the players panel of every game ("bot2·strong").

Panels are drawn from views, and views know nothing of levels (a game's rules have no bots); the
table knows them (``place()["table"]["bots"]``: a bot's name -> its level). So the level is added to
the drawn panel, for every game alike: on a line that lists a player -- the name first (after the
indent and at most a two-cell mark such as a seat number or a colour), then a column gap of two
spaces or more, or nothing -- the level goes right after the name, taking its room from that gap,
then from the line's trailing blanks, then a blank from each later gap, so the columns stay put
where they can and the line keeps within the panel. A name met inside a sentence or a row of the table is left alone.
"""

from __future__ import annotations

import re

from rich.text import Text

MARK = "·"  # between a bot's name and its level


def bot_levels(place: dict | None) -> dict[str, str]:
    """The bots at the player's table and their levels (empty in a room, or at a table of people)."""
    table = (place or {}).get("table") or {}
    return dict(table.get("bots") or {})


def with_levels(content, levels: dict[str, str], width: int | None = None):
    """``content`` (a panel's Text or str) with each bot's level after its name on player lines;
    lines that grow are cut to ``width`` cells. Anything else, or no bots, comes back unchanged."""
    if not levels or not isinstance(content, (Text, str)):
        return content
    text = Text(content) if isinstance(content, str) else content
    names = "|".join(re.escape(n) for n in sorted(levels, key=len, reverse=True))
    row = re.compile(rf"^(\s*(?:\S{{1,2}} )?)({names})( {{2,}}|$)")
    lines = text.split("\n", allow_blank=True)
    changed = False
    for i, line in enumerate(lines):
        found = row.match(line.plain)
        if found is None:
            continue
        lines[i] = _marked(line, found, levels[found.group(2)], width)
        changed = True
    if not changed:
        return content
    out = Text("\n").join(lines)
    return out.plain if isinstance(content, str) else out


def _marked(line: Text, found: re.Match, level: str, width: int | None) -> Text:
    label = MARK + level
    at = found.end(2)
    gap = len(found.group(3))
    take = min(len(label), max(0, gap - 1))  # keep one blank before the next column
    rest = _narrower(line[at + take:], len(label) - take)
    out = Text.assemble(line[:at], Text(label, style="dim"), rest)
    if width is not None and out.cell_len > width >= line.cell_len:
        out.truncate(width, overflow="ellipsis")
    return out


def _narrower(rest: Text, cells: int) -> Text:
    """``rest`` up to ``cells`` blanks shorter: its trailing blanks first, then one blank from each
    gap of two or more between its columns, the last first."""
    plain = rest.plain
    trailing = len(plain) - len(plain.rstrip(" "))
    cut = min(cells, trailing)
    if cut:
        rest, plain, cells = rest[:len(plain) - cut], plain[:len(plain) - cut], cells - cut
    for gap in reversed(list(re.finditer(r" {2,}", plain))):
        if cells <= 0:
            break
        rest = Text.assemble(rest[:gap.start()], rest[gap.start() + 1:])
        cells -= 1
    return rest
