"""Dungeon Chess's board in the TUI: the 10x10 dungeon in two tones with coordinates, each squad in
its owner's colour, entry and teleport squares marked; click a piece of yours (or type ``move e2``)
and its legal destinations light up, click one to play the move. Beside it: the players, what each
holds, the chests and your secret target.

Drawn from the player's view only (``view["board"]``, ``view["moves"]`` ...): never a state, so a
secret target of someone else cannot reach the screen. Squares are ``a1`` (bottom left) to ``j10``.
"""

from __future__ import annotations

import re
import textwrap

from rich.text import Text

import games
from mud.shell import outcome
from mud.tui.boards.default import crop, who_won
from mud.tui.words import _, tr

# Dungeon Chess's public geometry, reached through the catalogue (the shell imports no game's modules).
_GEOMETRY = games.get("chess").board
# The words of the verbs whose first word names a piece, read from the game's grammar (name and aliases).
MOVING = games.get("chess").words_of("move")
STEPPING = games.get("chess").words_of("move", "teleport")
FILES, SIZE, SIDE_NAMES, NAMES = _GEOMETRY.files, _GEOMETRY.size, _GEOMETRY.side_names, _GEOMETRY.piece_names
CELL = 4  # columns of one square
LEFT = 3  # the rank number (and a space) before the first square
COLUMNS = LEFT + CELL * SIZE  # 43: one more than the panel's usual 42, which its right padding gives (base.Board)

OWNER = {"S": "bold bright_yellow", "W": "bold bright_cyan", "N": "bold bright_magenta", "E": "bold bright_green"}
LIGHT, DARK = "on #7d6b4f", "on #3b3024"
ENTRY, TELEPORT = "on #6e2b2b", "on #27386b"
SELECTED, TARGET, CAPTURE = "reverse", "on #2f6b2f", "on #a33a1e"
_SQUARE = re.compile(rf"\b([{FILES[0]}-{FILES[-1]}](?:{SIZE}|[1-9]))\b")


def square_at(x: int, y: int) -> str | None:
    """The square under cell (x, y) of the board panel's content, or None (labels, outside)."""
    if not 0 <= y < SIZE or x < LEFT:
        return None
    f = (x - LEFT) // CELL
    return f"{FILES[f]}{SIZE - y}" if f < SIZE else None


def _dark(sq: str) -> bool:
    return (FILES.index(sq[0]) + int(sq[1:]) - 1) % 2 == 0


def _owners_of(view, where: dict) -> dict[str, str]:
    """square -> the side whose entry or teleport square it is."""
    return {sq: side for side, squares in where.items() for sq in squares}


def render_board(view: dict, selection: str | None = None) -> Text:
    entries, teleports = _owners_of(view, view["entries"]), _owners_of(view, view["teleports"])
    goes = set(view["moves"].get(selection, [])) if selection else set()
    out = Text()
    for rank in range(SIZE, 0, -1):
        out.append(f"{rank:>2} ", style="dim")
        for f in FILES:
            sq = f"{f}{rank}"
            here = view["board"].get(sq)
            tone = LIGHT if not _dark(sq) else DARK
            if sq in entries:
                tone = ENTRY
            elif sq in teleports:
                tone = TELEPORT
            if here is not None:
                owner, kind = here
                style = f"{OWNER[view['sides'][owner]]} {tone}"
                if sq == selection:
                    style += f" {SELECTED}"
                elif sq in goes:
                    style = f"{OWNER[view['sides'][owner]]} {CAPTURE}"
                side = view["sides"][owner]  # its side's letter too: colour is not the only cue
                out.append(side.lower(), style=f"{style} not bold")
                out.append(f"{kind:<2}", style=style)
                # the square's mark stays in sight under a piece, as line mode's [SG ] (issue 26)
                out.append("]" if sq in entries else ")" if sq in teleports else " ", style=style)
            elif sq in goes:  # a lit teleport or entry square keeps its mark round the dot
                lit = " (·)" if sq in teleports else " [·]" if sq in entries else "  · "
                out.append(lit, style=f"bold white {TARGET}")
            elif sq in entries:
                out.append(" [] ", style=f"dim {OWNER[entries[sq]].replace('bold ', '')} {tone}")
            elif sq in teleports:
                out.append(" () ", style=f"{OWNER[teleports[sq]].replace('bold ', '')} {tone}")
            else:
                out.append("    ", style=tone)
        out.append("\n")
    out.append(" " * LEFT + "".join(f" {f}  " for f in FILES), style="dim")
    return out


def _chests(n: int) -> str:
    return tr(_.plural("{n} chest", "{n} chests", n))


def render_players(view: dict, width: int = 30) -> Text:
    """Each player in their colour (the one to move marked), their points; then characters on the
    board, chests, and the characters they hold, each in its owner's colour."""
    me = view.get("you")
    out = Text()
    for p in view["order"]:
        side = view["sides"][p]
        mark = "▶" if view.get("turn") == p and not view["over"] else " "
        name = f"{mark}{side} " + (tr(_("{name} (you)", name=p)) if p == me else p)
        points = tr(_("{n} pts", n=view["points"][p]))
        line = Text(name[: max(1, width - len(points) - 1)], style=OWNER[side])
        line.append(" " * max(1, width - len(line.plain) - len(points)) + points)
        out.append_text(line)
        out.append("\n")
        line = Text("   " + tr(_("{on} on board, {chests} ch; holds", on=view["counts"][p], chests=view["chests"][p])),
                    style="dim")
        for owner, kind in view["held"][p]:  # each piece whole: on under the line rather than cut
            if len(line.plain) + 1 + len(kind) > width:
                out.append_text(line)
                out.append("\n")
                line = Text(HELD_MORE, style="dim")
            line.append(" ")
            line.append(tr(kind), style=OWNER[view["sides"][owner]])
        if not view["held"][p]:
            line.append(" -", style="dim")
        out.append_text(crop(line, width))
        out.append("\n")
    return out


HELD_MORE = "    "  # the pieces held that did not fit the line go on under it, after this


def _lines(text: str, width: int, rows: int) -> list[str]:
    """``text`` wrapped to ``width`` (continued under its first word), in ``rows`` rows at most:
    a target's words are what it asks of the player, and were cut with "…" (issue 26). Only when
    the panel has no room left is the last row cut."""
    out = textwrap.wrap(text, max(8, width), subsequent_indent="   ") or [""]
    last = max(1, rows) - 1
    if len(out) > last + 1:  # (the rows joined again without their indent: "enemy    F…" read as a gap)
        out = out[:last] + [crop(Text(" ".join([out[last]] + [line.strip() for line in out[last + 1:]])), width).plain]
    return out


def render_target(view: dict, width: int = 30, rows: int = 99) -> Text:
    """The targets: each wrapped to the panel's width in the ``rows`` the panel has left (shared
    fairly among them)."""
    me = view.get("me")
    out = Text()
    if view.get("targets"):
        each = max(1, rows // max(1, len(view["targets"])))
        for p, t in view["targets"].items():
            met = view["scores"].get(p, {}).get("met")
            for line in _lines(f"{p}: #{t['number']} {tr(t['text'])} {'✓' if met else '✗'}", width, each):
                out.append(line + "\n")
        return out
    if me is None:
        return out
    if me["target"] is None:
        out.append(tr(_("Keep a target:")) + "\n", style="bold")
        each = max(1, (rows - 1) // max(1, len(me["dealt"])))
        for t in me["dealt"]:
            for line in _lines(f" #{t['number']} {tr(t['text'])} (+{t['bonus']})", width, each):
                out.append(line + "\n")
    else:
        t = me["target"]
        said = _("Your target #{number} (+{bonus}):", number=t["number"], bonus=t["bonus"])
        out.append(tr(said) + "\n", style="bold")
        out.append("\n".join(_lines(f" {tr(t['text'])}", width, max(1, rows - 1))))
    return out


HOLDS = "  holds: "  # (in English: the rows below it start under its end)
HOLDS_WORD = _("holds:")


def render_captured(view: dict, width: int = 42) -> Text:
    """The main panel's second face: captured characters by holder, chests, and the scores. The
    names held are laid out to ``width`` a whole name at a time, continued under the first (a name
    cut by the panel's wrap, "Kor⏎Warrior" at the left edge, read as two pieces)."""
    out = Text()
    for p in view["order"]:
        side = view["sides"][p]
        out.append(f"{side} {p}", style=OWNER[side])
        out.append(f": {_chests(view['chests'][p])}\n")
        held = view["held"][p]
        holds = f"  {tr(HOLDS_WORD)} "
        out.append(holds if held else "  " + tr(_("holds nothing")) + "\n", style="dim")
        used = len(holds)
        for owner, kind in held:
            name = tr(NAMES[kind])
            if used > len(holds) and used + len(name) > width:
                out.append("\n" + " " * len(holds))
                used = len(holds)
            out.append(f"{name} ", style=OWNER[view["sides"][owner]])
            used += len(name) + 1
        if held:
            out.append("\n")
    if view.get("scores"):
        lead = tr(_("Final:"))
        final = f"{lead} " + ", ".join(f"{p} {s['total']}" for p, s in view["scores"].items())
        out.append("\n".join(textwrap.wrap(final, width, subsequent_indent=" " * (len(lead) + 1))), style="bold")
    return out


# --- what the app asks of a board ----------------------------------------------------------------

PANELS = ("board", "captured")  # F2 switches; typing 'board' or 'captured' shows them there
OVER_NOTE = _("Every secret target is revealed.")  # (the app puts it after "Game over: ...")


def main_panel(view: dict, panel: str, selection: str | None = None) -> tuple[str, str, Text]:
    if panel == "captured":
        return tr(CAPTURED_TITLE), tr(_("F2: board")), render_captured(view)
    name = games.get("chess").title
    title = tr(_("{game}: {square} selected", game=name, square=selection)) if selection else name
    return title, tr(_("F2: captured")), render_board(view, selection)


def extra_panel(view: dict) -> tuple[str, Text]:
    return tr(CAPTURED_TITLE), render_captured(view, 30)  # (the third panel: 30 columns at 120)


CAPTURED_TITLE = _("Captured and chests")


def room_title(view: dict) -> str:
    if view["over"]:
        return tr(_("Game over"))
    if view["phase"] == "choose":
        return tr(_("Secret targets"))
    return tr(_("Your move")) if view.get("turn") == view.get("you") else tr(_("{name} to move", name=view["turn"]))


def render_room(view: dict, width: int = 30, height: int | None = None) -> Text:
    out = render_players(view, width)
    left = (height or 99) - len(out.plain.split("\n")) + 1  # the rows the players leave the targets
    out.append_text(render_target(view, width, max(2, left)))
    return out


def render_status(view: dict, status_line: str, width: int = 78) -> Text:
    return crop(Text(status_line), width)


def status_kind(view: dict) -> str:
    if view["over"]:
        return "over"
    return "mine" if view.get("you") in view["awaiting"] else "wait"


def hint(view: dict) -> str:
    me = view.get("you")
    if view["over"]:
        return tr(_("Game over: {who}. 'score' shows how.", who=who_won(view, me)))
    if me is None:
        if view.get("turn"):
            return tr(_("You are watching. {name} to move.", name=view["turn"]))
        return tr(_("You are watching. Everyone to move."))
    if view["phase"] == "choose":
        if me in view["awaiting"]:
            return tr(_("Keep one of your two secret targets: press its number, or 'keep N'."))
        return tr(_("Waiting for the others to keep a secret target."))
    if view["turn"] != me:
        return tr(_("Waiting for {name}. 'captured', 'target', 'score', or say something.", name=view["turn"]))
    if view["ransoms"]:  # a row is 78 columns: the typed move gives way to the ransom
        return tr(_("Your move: click a piece, then a square; or 'ransom <piece>' to buy one back."))
    example = next(((frm, goes[0]) for frm, goes in view["moves"].items() if goes), None)  # one it can make
    if example:
        return tr(_("Your move: click a piece, then a square (or type 'move {start} {end}').",
                    start=example[0], end=example[1]))
    return tr(_("Your move: click a piece, then a square."))


def selected_hint(view: dict, selection: str | None) -> str | None:
    """With a piece of the player's selected on their move: where it may go, not "click a piece"
    (found replaying the first hour)."""
    goes = view["moves"].get(selection or "", [])
    if not goes or view["over"] or view.get("turn") != view.get("you"):
        return None
    return tr(_("{square} selected: click or type a lit square ('{example}'); click elsewhere to let go.",
                square=selection, example=goes[0]))


def over_hint(view: dict, in_world: bool) -> str:
    if in_world:  # (who won: the log's last line and the status bar)
        return tr(outcome.next_steps(view))
    return hint(view)


MAP_KEY = _("""\
The board: files a-j left to right, ranks 1-10 bottom to top; South
  (yellow) starts at the bottom, North (magenta) at the top, West (cyan)
  on the left, East (green) on the right. L Fighter, Gk Kor Warrior,
  G Warrior, M Mage, each after its side's letter (nGk: North's Kor
  Warrior). [] entry squares (red): safe, nobody in play stops
  there. () teleport squares (blue): yours jump between your two.
  A piece on either keeps its mark after it: sG ] on an entry square.
Click one of your pieces (or type 'move e2'): where it may go lights up
  (green; red: a capture). Click a lit square to move there.""")


def help_page(view: dict) -> Text:
    out = Text(tr(MAP_KEY) + "\n  " + tr(_("Colours:")) + " ")
    for side, style in OWNER.items():
        out.append(tr(SIDE_NAMES[side]) + " ", style=style)
    return out


PALETTE = (
    (_("Board"), _("The dungeon with every character"), "board"),
    (_("Captured"), _("Who holds which characters, and the chests"), "captured"),
    (_("Target"), _("Your secret target"), "target"),
    (_("Score"), _("Points so far, final scores at the end"), "score"),
    (_("Look"), _("The board as text, and whose move it is"), "look"),
    (_("Who"), _("Who is at this table"), "who"),
)


# --- selecting: mouse and keyboard ---------------------------------------------------------------

def click(view: dict, panel: str, x: int, y: int, selection: str | None) -> tuple[str | None, str | None]:
    """A click on a piece of yours that can move selects it; then a click on one of its lit
    destinations plays the move; anywhere else forgets the selection."""
    if panel != "board":
        return selection, None
    sq = square_at(x, y)
    if sq is None:
        return None, None
    if selection and sq in view["moves"].get(selection, []):
        return None, f"move {selection} {sq}"
    return (sq, None) if sq in view["moves"] else (None, None)


def typed(view: dict, text: str, selection: str | None) -> str | None:
    """``move e2`` (or ``e2``, ``move e2-``) selects the piece on e2 when it can move; with a piece
    selected, typing one of its lit squares alone (``g``, ``g3``) keeps it selected: Enter plays
    the move there (``complete``)."""
    words = text.lower().split()
    if not words:
        return selection
    if selection and len(words) == 1 and any(to.startswith(words[0]) for to in view["moves"].get(selection, [])):
        return selection
    if words[0] not in STEPPING and not _SQUARE.fullmatch(words[0].split("-")[0]):
        return None
    found = _SQUARE.search(" ".join(words[1:] if words[0] in STEPPING else words))
    if found and found.group(1) in view["moves"]:
        return found.group(1)
    return None


def complete(view: dict, line: str, selection: str | None) -> str | None:
    """With a piece selected, one of its lit squares typed alone is the move there (found
    replaying the first hour: ``g3`` answered "Unknown command" and let the piece go)."""
    square = line.strip().lower()
    if selection and square in view["moves"].get(selection, []):
        return f"move {selection} {square}"
    return None


def select_line(view: dict, line: str) -> tuple[str, str] | None:
    """A line that only selects: ``move e2`` (or ``e2``) run with Enter, naming one piece of yours
    that can move and no destination. (The selection, what the log says); the line reaches no game,
    which would answer it with its usage. None: any other line, sent to the game."""
    words = line.lower().split()
    if words and words[0] in MOVING:
        words = words[1:]
    if len(words) != 1 or not _SQUARE.fullmatch(words[0].rstrip("-")):
        return None
    square = words[0].rstrip("-")
    goes = view["moves"].get(square)
    if not goes:
        return None
    kind = tr(NAMES[view["board"][square][1]])
    where = ", ".join(goes) if len(goes) <= 8 else tr(_("{n} squares", n=len(goes)))  # a Mage's 20: rows of log
    return square, tr(_("{piece} on {square} selected: it may go to {where} (lit on the board). "
                        "Click one, or type it ('{example}').", piece=kind, square=square, where=where,
                        example=goes[0]))


side_title, side_panel = room_title, render_room  # the side panel (base.Board's hooks)
