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
from functools import lru_cache

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
    row = _row(tuple(sorted(levels, key=len, reverse=True)))
    text = Text(content) if isinstance(content, str) else content
    if not any(row.match(line) for line in text.plain.split("\n")):
        return content  # (most redraws: nothing to add, nothing built)
    lines = text.split("\n", allow_blank=True)
    for i, line in enumerate(lines):
        found = row.match(line.plain)
        if found is not None:
            lines[i] = _marked(line, found, levels[found.group(2)], width)
    out = Text("\n").join(lines)
    return out.plain if isinstance(content, str) else out


@lru_cache(maxsize=32)
def _row(names: tuple[str, ...]) -> re.Pattern:
    """A players row of one of ``names``: the name first (after a mark of one or two cells), then
    a gap of two spaces or more, or the line's end."""
    either = "|".join(re.escape(n) for n in names)
    return re.compile(rf"^(\s*(?:\S{{1,2}} )?)({either})( {{2,}}|$)")


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
