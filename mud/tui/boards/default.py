"""The default board: the top panels for a game without a board module of its own, drawn from its own
read-only *screens* (``GAME.screens``: ``look``, ``hand``, ``score`` and any others), the same text the
player gets by typing those words, laid out to fit a panel.

Nothing here knows a game's rules: a panel is a list of screen names, shown one after the other;
the screens are functions of the player's own view (``link.game_view()``), so what is hidden from
the player -- other hands, face-down cards -- cannot reach these panels. The board is
:class:`DefaultBoard` (a :class:`~mud.tui.boards.base.Board` whose ``screens`` flag tells the app to lay
the panels out here, mud/tui/cardview.py placing them); a game may derive its own from it (an extra
panel of piles), or draw everything itself with a board of its own (see :mod:`mud.tui.boards`).

How a screen's lines are fitted -- nothing that explains the game is ever cut: a line that starts at
the margin is prose and wraps (its next lines indented by two); indented lines are the rows of a
table, squeezed together so the columns stay straight, and a row still too wide goes on under itself
(indented deeper), broken between its columns; a line in brackets is a note, dim, wrapped too. A line already shown in the panel is
not repeated (two screens may both list the same thing of yours). What does not fit ends with
``... more: <screen>``, the word that shows it whole in the log.
"""

from __future__ import annotations

import re
import textwrap

from rich.text import Text

import games
from mud.tui.boards.base import Board, crop, who_won, winners  # (crop, winners: the app's and the boards')
from mud.tui.words import _, current, tr

# Panels, left to right: the screens each shows. The third panel exists on wide terminals only
# (beside the other two, where a board shows its extra panel); narrower, its screens join the first two.
# A game's other screens join the last panel, in the game's order (DefaultBoard.layout).
NARROW = (("look", "score"), ("hand",))
WIDE = (("look",), ("hand",), ("score",))
USUAL = frozenset({"look", "hand", "inventory", "score"})
USUAL_TITLES = {"look": _("Look"), "score": _("Score"), "who": _("Who")}  # the palette's usual entries
# the screens' names as a player types them to read one (the hint row says them)
# (a game's screen is read with the game's verb for it, ``Verb.screen``: these are the house's verbs)
SCREEN_WORDS = {"score": _("score"), "inventory": _("inventory")}
# the screens' names as the panels' titles say them (a screen only one game has: ``GameSpec.screen_titles``;
# a screen named nowhere: its name, capitalized)
SCREEN_TITLES = {"hand": _("Your hand"), "score": _("Score"), "inventory": _("Inventory"),
                 "map": _("Map")}
ME_STYLE = "bold bright_yellow"


def top_height(rows: int) -> int:
    """Rows of the top panels for a terminal of ``rows``: 13 at 24 rows (as a board's main panel), taller on a
    taller terminal, always leaving the log at least seven rows."""
    return max(7, min(20, rows - 11))


def screen_word(name: str, game=None) -> str:
    """The word a player types to read the screen ``name``, in the reader's language: the game's verb
    that shows it, else the house's."""
    for verb in getattr(game, "verbs", None) or ():
        if verb.screen == name:
            return verb.name_in(current())
    return tr(SCREEN_WORDS.get(name, name))


def screen_title(name: str, game=None) -> str:
    """The screen ``name`` as a panel's title says it."""
    own = getattr(game, "screen_titles", None) or {}
    return tr(own[name] if name in own else SCREEN_TITLES.get(name, name.capitalize()))


def title(names: tuple[str, ...], game_title: str, game=None) -> str:
    """A panel's title: its first screen's name, in the screen's language."""
    if names[0] == "look":
        return tr(_("{game}: the table", game=game_title))
    return screen_title(names[0], game)


def _wrap(line: str, width: int) -> list[str]:
    """Prose wrapped to ``width``, breaking between the items of a list where it can (after a
    semicolon if the line has one, else after a comma: one item stays on one line), else
    between words; next lines indented by two."""
    out: list[str] = []
    for part in re.split(r"(?<=;) " if "; " in line else r"(?<=,) ", line):
        if out and len(out[-1]) + 1 + len(part) <= width:
            out[-1] += " " + part
            continue
        lead = "  " if out else ""
        out += textwrap.wrap(part, max(8, width), initial_indent=lead, subsequent_indent="  ",
                             break_on_hyphens=False) or [lead]
    return out


def columns(rows: list[str]) -> list[int]:
    """Where the columns of a table start: after a run of two blanks or more that every row has
    (past a row's end is blank). A right-aligned number's padding ("now  7" over "now 10") is no
    column: the row above it has a digit there."""
    size = max((len(r) for r in rows), default=0)
    starts, run = [], 0
    for i in range(size):
        if all(i >= len(r) or r[i] == " " for r in rows):
            run += 1
            continue
        if run >= 2 and run < i:  # (not the indent)
            starts.append(i)
        run = 0
    return starts


def _wrap_row(row: str, width: int, starts: list[int] | None = None) -> list[str]:
    """A table row that fits as it is, else broken between its columns (``starts``): the first
    columns stay where they are, the rest go on under them, indented deeper, two blanks apart --
    a column is never cut in two ("(+2, mask" over "used)", issue 40). Only a column too wide for a
    line by itself wraps between its words."""
    if len(row) <= width:
        return [row]
    deeper = " " * (len(row) - len(row.lstrip()) + 4)
    bounds = [0, *(s for s in starts or columns([row]) if 0 < s < len(row)), len(row)]
    fits = [b for b in bounds[1:] if len(row[:b].rstrip()) <= width]
    head = fits[-1] if fits else bounds[1]
    out: list[str] = []
    line = row[:head].rstrip()  # the row's first columns, as the other rows have them
    if len(line) > width:
        *out, line = textwrap.wrap(line, max(8, width), subsequent_indent=deeper, break_on_hyphens=False)
    for a, b in zip(bounds, bounds[1:]):
        cell = row[a:b].strip()
        if a < head or not cell:
            continue
        if line.startswith(deeper) and len(line) + 2 + len(cell) <= width:  # (a line of its own: the first is the row's)
            line += "  " + cell
            continue
        out.append(line)
        *more, line = textwrap.wrap(cell, max(8, width), initial_indent=deeper, subsequent_indent=deeper,
                                    break_on_hyphens=False)
        out += more
    return out + [line]


def squeeze(rows: list[str], width: int) -> list[str]:
    """Rows of a table (indented lines one after the other) made narrower when one is wider than
    ``width``: every run of more than two columns that is blank in *all* rows shrinks to two, so the
    columns stay aligned. Rows that fit are left as the game drew them."""
    if all(len(r) <= width for r in rows):
        return rows
    size = max(len(r) for r in rows)
    padded = [r.ljust(size) for r in rows]
    blank = [all(r[i] == " " for r in padded) for i in range(size)]
    indent = len(rows[0]) - len(rows[0].lstrip())
    keep, run = [], 0
    for i in range(size):
        run = run + 1 if blank[i] else 0
        keep.append(i < indent or run <= 2)
    return ["".join(ch for ch, k in zip(r, keep) if k).rstrip() for r in padded]


def _fit(lines: list[str], width: int) -> list[tuple[int, str, str]]:
    """A screen's lines as panel lines of at most ``width`` cells: (index of the screen line, text, style)."""
    out: list[tuple[int, str, str]] = []
    i = 0
    while i < len(lines):
        line, stripped = lines[i], lines[i].strip()
        if stripped.startswith("(") and stripped.endswith(")"):
            out += [(i, text, "dim") for text in _wrap(line, width)]  # a note: dim, whole
        elif line[:1] == " ":  # rows of a table: squeezed together so the columns stay put
            j = i
            while j < len(lines) and lines[j][:1] == " ":
                j += 1
            rows = squeeze(lines[i:j], width)
            starts = columns(rows)
            for k, row in enumerate(rows):
                out += [(i + k, text, "") for text in _wrap_row(row, width, starts)]
            i = j
            continue
        else:
            out += [(i, text, "") for text in _wrap(line, width)]
        i += 1
    return out


def screen_lines(screens: dict, view: dict, names) -> dict[str, list[str]]:
    """Each screen's lines, in the order of ``names``; a line an earlier screen has is left out
    (two screens may both list the same thing of yours)."""
    seen: set[str] = set()
    out: dict[str, list[str]] = {}
    for name in names:
        show = screens.get(name)
        if show is None:
            continue
        lines = [tr(line) for line in show(view)]  # (a screen's line may be a message: worded here)
        out[name] = [line for line in lines if line.strip() and line not in seen]
        seen.update(out[name])
    return out


def panel_rows(lines_of: dict[str, list[str]], names, width: int, me: str | None) -> list[tuple[str, str, str]]:
    """The rows of a panel showing the screens ``names``: (text, style, screen). The first line of
    each screen is bold; a line about this player (starting with their name) stands out."""
    rows: list[tuple[str, str, str]] = []
    for name in names:
        lines = lines_of.get(name, [])
        for i, text, extra in _fit(lines, width):
            words = lines[i].split()
            style = ME_STYLE if me and words and words[0] == me else "bold" if i == 0 else ""
            rows.append((text, extra or style, name))
    return rows


def _draw(rows: list[tuple[str, str, str]], width: int, height: int | None, game=None) -> Text:
    if height and len(rows) > height:
        hidden = rows[height - 1][2]
        more = tr(_("... more: {screen}", screen=screen_word(hidden, game)))  # (the word typed to read it)
        rows = rows[: height - 1] + [(more, "dim italic", hidden)]
    return crop(Text("\n").join(Text(text, style=style) for text, style, _screen in rows), width)


def render_panel(screens: dict, view: dict, names: tuple[str, ...], width: int = 40,
                 height: int | None = None) -> Text:
    """The screens ``names`` of ``screens`` (a game's ``GAME.screens``) drawn from ``view``, one after
    the other, fitted to ``width`` x ``height``."""
    rows = panel_rows(screen_lines(screens, view, names), names, width, view.get("you"))
    return _draw(rows, width, height, game_of(view))


def arrange(screens: dict, view: dict, layout, widths: list[int], height: int | None):
    """The panels of ``layout`` fitted to ``widths`` and ``height``: a list of (the screens each
    shows, its Text), and the rows the tallest would need to show everything. When a panel
    overflows, its last screen moves to another panel where more of it can be seen (under the
    score, when your hand is long)."""
    me = view.get("you")
    lines_of = screen_lines(screens, view, [n for names in layout for n in names])
    panels = [list(names) for names in layout]
    rows = [panel_rows(lines_of, names, w, me) for names, w in zip(panels, widths)]

    def visible(before: int, size: int) -> int:  # rows of a screen in sight below ``before`` rows
        free = height - before
        return size if size <= free else max(0, free - 1)  # (one row says "... more")

    for i, names in enumerate(panels):
        if not height or len(rows[i]) <= height or len(names) < 2:
            continue
        last, rest = names[-1], panel_rows(lines_of, names[:-1], widths[i], me)
        here = visible(len(rest), len(rows[i]) - len(rest))
        for j, other in enumerate(panels):
            if j == i:
                continue
            moved = panel_rows(lines_of, other + [last], widths[j], me)
            if visible(len(rows[j]), len(moved) - len(rows[j])) > here:
                panels[j], rows[j] = other + [last], moved
                names.pop()
                rows[i] = rest
                break
    needed = max((len(r) for r in rows), default=0)
    game = game_of(view)
    return [(tuple(names), _draw(r, w, height, game)) for names, r, w in zip(panels, rows, widths)], needed


def palette(view: dict, game, prompt: dict | None) -> list[tuple[str, str, str]]:
    """The command palette at such a game: the answers of the question asked now, then every verb
    of the game that needs no words after it, then the usual look, score and who -- each verb named,
    summarised and run in the words of the screen's reader."""
    out: list[tuple[str, str, str]] = []
    for label, command in (prompt or {}).get("choices", []):
        out.append((tr(label), tr(_("Answer: {question}", question=tr(prompt.get("text", "")))), command))
    taken = {c for _title, _help, c in out}
    for verb in game.verbs:
        if any(all(part.endswith("?") for part in p.split()) for p in verb.patterns) and verb.name not in taken:
            said = verb.name_in(current())  # the verb as its reader types it: 'Pesca', run as 'pesca'
            out.append((said.capitalize(), tr(verb.summary), said))
            taken.add(verb.name)
    for name, summary in (("look", _("The table, and whose move it is")), ("score", _("Everyone's public standing")),
                          ("who", _("Who is at this table"))):
        if name not in taken:
            out.append((tr(USUAL_TITLES[name]), tr(summary), name))
    return out


def game_of(view: dict | None):
    """The Game a view belongs to (its ``game`` key), or None."""
    name = (view or {}).get("game")
    return games.get(name) if name in games.CATALOGUE else None


class DefaultBoard(Board):
    """The board of a game without one of its own: its panels are its screens (``screens``), laid out
    by ``layout`` and ``arrange`` (placed on screen by mud/tui/cardview.py); its hint names the screens
    to read, its palette comes from its verbs. A game may subclass it to show other screens."""

    screens = True
    NARROW, WIDE = NARROW, WIDE  # the panels' screens, below and from 120 columns

    def layout(self, wide: bool, screens: dict | None = None) -> tuple[tuple[str, ...], ...]:
        """The panels for a game's screens: the usual names where the game has them; a game with no
        ``hand`` shows its ``inventory`` there instead."""
        chosen = self.WIDE if wide else self.NARROW
        extras = self.others(screens)
        if extras:
            chosen = chosen[:-1] + (chosen[-1] + extras,)
        if screens is None or "hand" in screens or "inventory" not in screens:
            return chosen
        return tuple(tuple("inventory" if n == "hand" else n for n in names) for names in chosen)

    def others(self, screens: dict | None) -> tuple[str, ...]:
        """The game's screens beyond the usual ones that the board's own panels do not place."""
        placed = {name for names in self.NARROW for name in names}
        return tuple(n for n in screens or () if n not in USUAL and n not in placed)

    def screens_of(self, view: dict) -> dict:
        """The screens the panels show: the game's own (``GameSpec.screens``), by name."""
        return getattr(game_of(view), "screens", None) or {}

    def hint(self, view: dict) -> str:
        screens = self.screens_of(view)
        game = game_of(view)
        words = ", ".join(screen_word(n, game) for n in ("hand", *self.others(screens), "score") if n in screens)
        me = view.get("you")
        waiting = [n for n in view.get("awaiting") or [] if n != me]
        if me is None:
            if waiting:
                return tr(_("You are watching: waiting for {names}.", names=", ".join(waiting)))
            return tr(_("You are watching."))
        if me in (view.get("awaiting") or []):
            return tr(_("Your move: type a command ('commands' lists them, 'help' explains)."))
        if waiting:
            return tr(_("Waiting for {names}. You can talk (say ...), read {words}, or help.",
                        names=", ".join(waiting), words=words))
        return tr(_("You can talk (say ...), read {words}, or help.", words=words))

    def palette(self, view: dict) -> list[tuple[str, str, str]]:
        game = game_of(view)
        return [] if game is None else palette(view, game, view.get("prompt"))


DEFAULT = DefaultBoard()
