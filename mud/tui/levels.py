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

from mud.tui.words import level_name, tr

MARK = "·"  # between a bot's name and its level


def bot_levels(place: dict | None) -> dict[str, str]:
    """The bots at the player's table and their levels, in the screen's language (empty in a room,
    or at a table of people)."""
    table = (place or {}).get("table") or {}
    return {name: level_name(level) for name, level in (table.get("bots") or {}).items()}


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
    blocks = _blocks(lines, row)
    for block in blocks:
        for i, line in zip(block, _aligned([lines[i] for i in block], row, levels, width)):
            lines[i] = line
    done = {i for block in blocks for i in block}
    for i, line in enumerate(lines):
        found = row.match(line.plain)
        if found is not None and i not in done:
            lines[i] = _marked(line, found, levels[found.group(2)], width)
    out = Text("\n").join(lines)
    return out.plain if isinstance(content, str) else out


def screens_with_levels(screens: dict, levels: dict[str, str]) -> dict:
    """A game's screens (name -> a function of the view giving lines) with each bot's level after
    its name, as ``with_levels`` writes it: the panels drawn from screens (mud/tui/cardview.py) are
    fitted to their width with the levels already in. Added after the fitting, a level pushed a row
    of the table past the panel's edge, to be cut ("now 7 (ma…", issue 40)."""
    if not levels:
        return screens
    return {name: (lambda view, show=show: with_levels("\n".join(tr(line) for line in show(view)), levels).split("\n"))
            for name, show in screens.items()}


@lru_cache(maxsize=32)
def _row(names: tuple[str, ...]) -> re.Pattern:
    """A players row of one of ``names``: the name first (after a mark of one or two cells), then
    a gap of two spaces or more, or the line's end."""
    either = "|".join(re.escape(n) for n in names)
    return re.compile(rf"^(\s*(?:\S{{1,2}} )?)({either})( {{2,}}|$)")


FIRST = re.compile(r"^(\s*(?:\S{1,2} )?)(\S+)( {2,})")  # a table row: its first column, then a gap


def _blocks(lines: list[Text], row: re.Pattern) -> list[list[int]]:
    """Runs of two or more table rows whose second column starts at the same cell, one of them a
    bot's (a card table's revealed cards, a score table): such rows get their levels together."""
    out: list[list[int]] = []
    run: list[int] = []

    def close() -> None:
        if len(run) > 1 and any(row.match(lines[j].plain) for j in run):
            out.append(list(run))

    for i, line in enumerate(lines):
        found = FIRST.match(line.plain)
        if found and run and found.end(3) == FIRST.match(lines[run[0]].plain).end(3):
            run.append(i)
            continue
        close()
        run = [i] if found else []
    close()
    return out


def _aligned(rows: list[Text], row: re.Pattern, levels: dict[str, str], width: int | None) -> list[Text]:
    """Rows of one table with each bot's level after its name, the next columns moved right by the
    same cells in every row so they stay aligned; blanks every row has in a gap of two or more
    (trailing ones first) give that room back when the rows would pass ``width`` (without one:
    the longest row's length)."""
    first = [FIRST.match(r.plain) for r in rows]
    col = first[0].end(3)
    labels = []
    for r in rows:
        found = row.match(r.plain)
        labels.append(MARK + levels[found.group(2)] if found else "")
    new = max([col] + [f.end(2) + len(label) + 1 for f, label in zip(first, labels)])
    out = [Text.assemble(r[:f.end(2)], Text(label, style="dim"), " " * (new - f.end(2) - len(label)), r[col:])
           for r, f, label in zip(rows, first, labels)]
    over = max(t.cell_len for t in out) - (width or max(r.cell_len for r in rows))
    for keep in (2, 1):  # gaps kept two wide while that is enough, then one
        i = max(len(t.plain) for t in out) - 1
        while over > 0 and i > new:
            if _run(out, i) > keep:
                out = [Text.assemble(t[:i], t[i + 1:]) if i < len(t.plain) else t for t in out]
                over -= 1
            i -= 1
    if width:
        for t in out:
            if t.cell_len > width:
                t.truncate(width, overflow="ellipsis")
    return out


def _run(rows: list[Text], i: int) -> int:
    """How many cells of blank every row has in the run through cell ``i`` (0: a row has a mark
    there); past a row's end is blank, and the blanks that end every row may all go."""
    size = max(len(t.plain) for t in rows)

    def blank(j: int) -> bool:
        return all(j >= len(t.plain) or t.plain[j] == " " for t in rows)
    if not blank(i):
        return 0
    left, right = i, i
    while left > 0 and blank(left - 1):
        left -= 1
    while right + 1 < size and blank(right + 1):
        right += 1
    return right - left + 1 if right + 1 < size else size


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
