"""Quantum's board in the TUI: the map of planets and squares with every ship in its owner's colour
showing its die face, the cubes on each planet, the tracks and the six face-up cards -- all drawn
from the player's view alone (Quantum hides nothing but its decks' order, and the view holds none).
Found by name (mud/tui/boards/__init__.py); the map's geometry (the window of rows, the squares the
question offers, a ship's reach) and the words of its key are the game's, reached through
``GameSpec.board.chart`` (games/quantum/board_chart.py), so this module is about drawing.

It selects: a click on one of your ships (or typing ``move c4`` / ``c4``) selects it and marks where
it can go (``view["moves"]``, white) and what it can attack (``view["targets"]``, red); a click on one
of those squares runs ``move`` or ``attack``.

Layout of the main panel (42 x 11 at 80 x 24): a header of column letters, then one line per row of
squares, each square a cell of 3 characters (2 on maps wider than 12 squares) after the row number.
A taller map asks the app for more rows (``main_rows``: the four-player map's 12 rows and its header
take 13, which 80x24 gives); a map taller than the rows it got shows a window of rows around the
selected ship, or your own ships.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.text import Text

import games
from mud.shell import outcome
from mud.tui.boards import default
from mud.tui.words import _, tr

BOARD = games.get("quantum").board  # what the game offers its board
CHART = BOARD.chart  # the map's geometry read from a view, the map key's words
out_of_view = CHART.out_of_view  # the player's own ships on rows the window leaves out
CARD_TEXT, CARD_NAME = BOARD.card_text, BOARD.card_name  # what a card does, its name: messages, worded by tr
CARD_SECTIONS, CARD_LABEL = BOARD.card_sections, BOARD.card_label  # the one numbering of the face-up cards

WIDTH, HEIGHT = 42, 11  # the main panel's content at 80 x 24 (mud/tui/app.py: #map)
LEFT = 3  # the row number and a space before the first cell
SEAT_STYLES = ("bold black on yellow", "bold black on cyan", "bold black on magenta", "bold black on green")
SEAT_NAMES = ("yellow", "cyan", "magenta", "green")
PLANET_STYLE = "bold white on blue"
VOID_STYLE = "blue"
# Where a ship may move (and a square a question offers): white, a colour of no seat, planet or attack --
# it was bright green, the green of the fourth player's ships (issue 40).
MOVE_STYLE = "bold black on bright_white"
ATTACK_STYLE = "bold white on red"
SELECTED = " reverse"
ALIGNED = 60  # from this width on, the cards' effects are a column of their own (else under the names)


def window(view: dict, selection: str | None, rows: int = HEIGHT) -> tuple[int, int, bool]:
    """(first row, rows shown, whole map shown) in a panel of ``rows`` (the game's geometry: board_chart)."""
    return CHART.window(view, selection, rows)


def colour_of(view: dict, name: str) -> str:
    return SEAT_STYLES[view["order"].index(name) % len(SEAT_STYLES)]


def cell_width(view: dict) -> int:
    """4 characters a square where the map fits so, else 3, else 2."""
    return next((w for w in (4, 3) if LEFT + w * view["map"]["width"] <= WIDTH), 2)


def render_map(view: dict, selection: str | None = None, rows: int = HEIGHT) -> Text:
    m = view["map"]
    width = cell_width(view)
    first, shown, _whole = window(view, selection, rows)
    ships = {s["square"]: s for s in view["ships"] if s["where"] == "play"}
    moves = set(view.get("moves", {}).get(selection, ())) if selection else set()
    targets = set(view.get("targets", {}).get(selection, ())) if selection else set()
    holes, void = set(m["holes"]), set(m["void"])
    if not selection:  # nothing selected: the squares the question offers are lit instead
        moves, targets = CHART.offered(view)
    out = Text()
    # the column letters, always
    out.append(" " * LEFT + "".join(f"{chr(ord('a') + x):^{width}}" for x in range(m["width"])).rstrip() + "\n",
               style="dim")
    for y in range(first, first + shown):
        out.append(f"{y + 1:>2} ", style="dim")
        for x in range(m["width"]):
            sq = CHART.square(x, y)
            out.append_text(_cell(view, sq, width, ships, moves, targets, holes, void, selection))
        if y < first + shown - 1:
            out.append("\n")
    return out


def _cell(view, sq, width, ships, moves, targets, holes, void, selection) -> Text:
    m = view["map"]
    if sq in holes:
        return Text(" " * width)
    if sq in m["planets"]:
        return planet_cell(view, sq, width)
    ship = ships.get(sq)
    if ship is not None:
        style = colour_of(view, ship["owner"])
        if sq == selection:
            style += SELECTED
        elif sq in targets:
            style = ATTACK_STYLE
        return Text(f"{ship['value']:^{width}}", style=style)
    if sq in moves:
        return Text(f"{('+' if selection else '*'):^{width}}", style=MOVE_STYLE)
    return Text(f"{'~' if sq in void else '·':^{width}}", style=VOID_STYLE if sq in void else "dim")


def planet_cell(view: dict, sq: str, width: int) -> Text:
    """A planet: its number on its slots, left to right -- each slot a stretch of the cell in the
    colour of the cube on it, blue while free (so 'e2' with one cube of the first player reads as a
    yellow start and a blue rest)."""
    planet = view["map"]["planets"][sq]
    owners = view["cubes"].get(sq, [])
    text = Text(f"{planet['number']:^{width}}")
    slots = planet["slots"]
    for i in range(width):
        slot = i * slots // width
        style = PLANET_STYLE if slot >= len(owners) else cube_style(view, owners[slot])
        text.stylize(style, i, i + 1)
    return text


def cube_style(view: dict, owner: str) -> str:
    """A cube on a planet: bold white on its owner's colour."""
    return "bold white on " + SEAT_NAMES[view["order"].index(owner) % len(SEAT_NAMES)]


def planet_lines(view: dict, width: int) -> Text:
    """Each planet's cubes: its square, number, a coloured block per cube, '·' per free slot."""
    out = Text()
    line_len = 0
    for sq in sorted(view["map"]["planets"], key=lambda q: (int(q[1:]), q[0])):
        p = view["map"]["planets"][sq]
        owners = view["cubes"].get(sq, [])
        size = len(sq) + len(str(p["number"])) + 2 + p["slots"]
        if line_len and line_len + size + 1 > width:
            out.append("\n")
            line_len = 0
        elif line_len:
            out.append(" ")
            line_len += 1
        out.append(f"{sq}:", style="dim")
        out.append(str(p["number"]), style="bold")
        for o in owners:
            out.append("■", style=colour_of(view, o).replace("on ", "").replace("black ", ""))
        out.append("·" * (p["slots"] - len(owners)), style="dim")
        line_len += size
    return out


LEVEL_ROOM = 2  # a bot's level goes after its name (mud/tui/levels.py: "bot1·normal" is 2 past the column)

PANELS = ("map", "planets", "cards")  # F2 cycles; typing 'map' or 'cards' shows them in the log too
OVER_NOTE = ""


def main_rows(view: dict) -> int:
    """The rows the map needs: its own and the column letters (10 for two players, 13 for four)."""
    return view["map"]["height"] + 1


def main_panel(view: dict, panel: str, selection: str | None = None, rows: int = HEIGHT) -> tuple[str, str, Text]:
    """The map (or the planets, or the cards) in a panel of ``rows`` (what the app could give)."""
    if panel == "cards":
        return tr(_("Cards")), tr(_("F2: map")), _lines(_cards(view, rows))
    if panel == "planets":
        return tr(_("Planets and cubes")), tr(_("F2: cards")), planet_lines(view, WIDTH)
    first, shown, header = window(view, selection, rows)
    title = tr(_("Map")) if header else tr(_("Map, rows {first}-{last}", first=first + 1, last=first + shown))
    sub = tr(_("{square} selected", square=selection)) if selection else tr(_("F2: planets"))
    unseen = [] if header else out_of_view(view, first, shown)
    if unseen:  # found replaying the first hour: a ship of one's own sat in a hidden row, unsaid
        squares = " ".join(unseen[:3]) + (" …" if len(unseen) > 3 else "")
        sub = tr(_("yours off the map's rows: {squares}; {then}", squares=squares, then=sub))
    return title, sub, render_map(view, selection, rows)


def _lines(lines: list[str]) -> Text:
    return Text("\n".join(lines))


def card_lines(faceup: list, width: int, height: int) -> list[str]:
    """The face-up cards numbered as the question and 'take N' number them (the game's
    card_sections: a doubled card once, 'x2'; an empty place unnumbered), each with what it does
    wrapped under it in ``width`` columns. When that is more than ``height`` rows, the cards that
    wrap longest are cut to one line ("…") until it fits: a cut only where a wrap cannot fit."""
    entries = [e for _kind, es in CARD_SECTIONS(faceup) for e in es]
    names = max((len(tr(CARD_LABEL(card, copies))) for _n, card, copies in entries if card), default=0)
    column = 3 + names + 2 if width >= ALIGNED else 0  # the effects in a column of their own
    blocks = [_card_block(e, width, True, column) for e in entries]
    while sum(map(len, blocks)) > height:
        longest = max(range(len(blocks)), key=lambda i: (len(blocks[i]), i))
        if len(blocks[longest]) == 1:
            break
        blocks[longest] = _card_block(entries[longest], width, False, column)
    return [line for block in blocks for line in block]


def _card_block(entry, width: int, wrap: bool, column: int = 0) -> list[str]:
    """One card's rows: its number and name, then what it does (from ``column`` when given, each
    row after the first indented so; else just after the name, the next rows under the name)."""
    number, card, copies = entry
    if card is None:
        return ["   " + tr(_("(empty)"))]
    head = f"{number}. {tr(CARD_LABEL(card, copies))}  ".ljust(column)
    if wrap:
        return textwrap.wrap(tr(CARD_TEXT(card)), width, initial_indent=head,
                             subsequent_indent=" " * (column or 3))
    line = head + tr(CARD_TEXT(card))
    return [line if len(line) <= width else line[:width - 1] + "…"]


def _cards(view: dict, rows: int = HEIGHT) -> list[str]:
    me = (view.get("players") or {}).get(view.get("you") or "")
    yours = []
    if me is not None:
        held = ", ".join(tr(CARD_NAME(c)) for c in me["commands"]) or tr(_("no command"))
        yours = [tr(_("Yours: {cards}; next turn: {later}", cards=held, later=", ".join(tr(CARD_NAME(c)) for c in me["later"])))
                 if me["later"] else tr(_("Yours: {cards}", cards=held))]
    yours = [line for text in yours for line in textwrap.wrap(text, WIDTH, subsequent_indent="  ")]
    return card_lines(view["faceup"], WIDTH, rows - len(yours)) + yours


@dataclass
class PlanetsAndCards:
    """The extra panel's content, drawn at the width the terminal gives it (from 120 columns it
    is 30 wide, at 160 about 70): the planets' cubes, then the cards with what they do, wrapped
    to that width. Compared by its facts, so the panel is redrawn only when they change."""

    facts: dict

    def __rich_console__(self, console, options):
        width = max(10, options.max_width)
        text = planet_lines(self.facts, width)
        rows = len(text.plain.split("\n"))
        text.append("\n\n")
        text.append("\n".join(card_lines(self.facts["faceup"], width, HEIGHT - rows - 1)))
        yield text


def extra_panel(view: dict) -> tuple[str, PlanetsAndCards]:
    """The third panel on wide terminals: the planets' cubes and the cards."""
    facts = {"map": {"planets": view["map"]["planets"]}, "cubes": view["cubes"], "order": view["order"],
             "faceup": view["faceup"]}
    return tr(_("Planets and cards")), PlanetsAndCards(facts)


def room_title(view: dict) -> str:
    return tr(_("Fleets"))


def render_room(view: dict, width: int = 30, height: int | None = None) -> Text:
    """Beside the map: whose turn, each player (in their colour) with cubes, dominion, research and
    commands, your fleet's state, the face-up cards."""
    out = Text()
    t = view.get("turn")
    if view["over"]:
        out.append(f"{default.who_won(view, view.get('you'))}!\n", style="bold")
    elif view["phase"] in ("roll", "home"):
        said = _("Set-up: opening roll") if view["phase"] == "roll" else _("Set-up: starting planets")
        out.append(tr(said) + "\n", style="bold")
        for p in view["order"]:
            dice = [str(s["value"]) for s in view["ships"] if s["owner"] == p and s["where"] != "reserve"][:3]
            out.append("■ ", style=colour_of(view, p).replace("on ", "").replace("black ", ""))
            done = _("kept") if not view["players"][p]["rerolled"] else _("rerolled")
            state = done if view["players"][p]["decided"] else _("deciding")
            out.append(f"{p[:9]:<9} {' '.join(dice)} ({tr(state)})\n")
        return default.crop(out, width)
    elif t:
        left = t["actions"]
        if t["player"] == view.get("you"):
            said = _.plural("Round {round}: Your turn, {n} action left", "Round {round}: Your turn, {n} actions left",
                            left, round=view["round"])
        else:
            said = _.plural("Round {round}: {name}'s turn, {n} action left",
                            "Round {round}: {name}'s turn, {n} actions left", left, round=view["round"],
                            name=t["player"])
        line = tr(said)
        out.append("\n".join(textwrap.wrap(line, max(10, width), subsequent_indent="  ")) + "\n", style="bold")
    cubes = view["map"]["cubes"]
    for p in view["order"]:
        s = view["players"][p]
        out.append("■ ", style=colour_of(view, p).replace("on ", "").replace("black ", ""))
        name = tr(_("you")) if p == view.get("you") else p
        out.append(f"{name[:9]:<9}", style="bold" if p == view.get("you") else "")
        out.append(f" {s['placed']}/{cubes} D{s['dominion']} R{s['research']}")
        row = 2 + 9 + len(f" {s['placed']}/{cubes} D{s['dominion']} R{s['research']}")
        held = ", ".join(tr(CARD_NAME(c)) for c in s["commands"])  # whole names ("tac" and "rai" said nothing to a newcomer)
        if held and row + 1 + len(held) + LEVEL_ROOM <= width:
            out.append(" " + held, style="dim")
        elif held:
            out.append("\n" + "\n".join(textwrap.wrap(held, max(10, width - 4), initial_indent="    ",
                                                      subsequent_indent="    ")), style="dim")
        out.append("\n")
    for kind, entries in CARD_SECTIONS(view["faceup"]):  # a card face up twice once, as 'cards' lists it
        label = tr(CHART.SECTION_TITLES.get(kind, kind.capitalize()))
        names = ", ".join(tr(CARD_LABEL(c, n)) for _number, c, n in entries if c) or tr(_("none"))
        words = textwrap.wrap(f"{label}: {names}", max(10, width), subsequent_indent="  ")
        out.append("\n".join(words) + "\n", style="dim" if kind == "commands" else "")
    out.rstrip()
    if height:  # rows beyond the panel go from the end: the face-up cards, which F2's cards panel lists
        out = Text("\n").join(out.split("\n")[:height])
    return default.crop(out, width)


def render_status(view: dict, status_line: str, width: int = 78) -> Text:
    return default.crop(Text(status_line), width)


def status_kind(view: dict) -> str:
    return default.DEFAULT.status_kind(view)


def hint(view: dict) -> str:
    me = view.get("you")
    if view["over"]:
        return tr(_("Game over: {who}. 'quit' (or ctrl+q) leaves.", who=default.who_won(view, me)))
    if me is None:
        return tr(_("You are watching."))
    if me not in (view.get("awaiting") or []):
        return tr(_("Waiting for {names}. Click a ship to see its moves later.",
                    names=", ".join(view.get("awaiting") or [])))
    if view["phase"] == "play" and not view["pending"]:
        return tr(_("Click one of your ships: white squares it can move to, red ships it can attack."))
    return tr(_("Your move: type a command ('commands' lists them, 'help {topic}' explains).",
                topic=games.get("quantum").name))


def selected_hint(view: dict, selection) -> str | None:
    """With one of the player's ships selected on their turn: where it may go or strike."""
    reach = sorted(CHART.reach(view, selection)) if selection else []
    if not reach or view["over"] or view.get("you") not in (view.get("awaiting") or []):
        return None
    return tr(_("Ship on {square} selected: click or type a lit square ('{example}'); click it to let go.",
                square=selection, example=reach[0]))


def over_hint(view: dict, in_world: bool) -> str:
    if in_world:  # (who won: the log's last line and the status bar)
        return tr(outcome.next_steps(view))
    return tr(_("Game over: {who}. 'quit' (or ctrl+q) leaves.", who=default.who_won(view, view.get("you"))))


def help_page(view: dict) -> Text:
    out = Text()
    out.append(tr(_("Build all your cubes first: your ships on a planet's four orthogonal\n"
                    "squares must add up exactly to its number ('build e2', 2 actions).")) + "\n\n", style="bold")
    out.append(tr(CHART.MAP_KEY) + "\n  " + tr(_("Colours:")) + " ")
    for p in view.get("order", []):
        out.append(f" {p} ", style=colour_of(view, p))
        out.append(" ")
    return out


PALETTE = (
    (_("End the turn"), _("End your turn (3 actions a turn)"), "end"),
    (_("Research"), _("+1 research (at 6: a card at the end of the turn)"), "research"),
    (_("Map"), _("The map as text"), "map"),
    (_("Cards"), _("The six face-up cards and your commands"), "cards"),
    (_("Score"), _("Everyone's cubes and tracks"), "score"),
    (_("Inventory"), _("Your fleet"), "inventory"),
    (_("Look"), _("Describe where you are"), "look"),
    (_("Who"), _("Who is at this table"), "who"),
)


# --- selecting a ship: mouse and keyboard ------------------------------------------------------------

def square_at(view: dict, x: int, y: int, selection: str | None, rows: int = HEIGHT) -> str | None:
    """The square drawn at cell (x, y) of the main panel's content (of ``rows``), or None."""
    first, shown, _whole = window(view, selection, rows)
    row = y - 1  # below the column letters
    if x < LEFT or not 0 <= row < shown:
        return None
    col = (x - LEFT) // cell_width(view)
    if col >= view["map"]["width"]:
        return None
    return CHART.square(col, first + row)


def click(view: dict, panel: str, x: int, y: int, selection, rows: int = HEIGHT):
    """A click on one of your ships selects it (again: lets it go); with a ship selected, a click on
    a square it can reach moves it there, on an enemy it can reach attacks. A click on a square the
    question offers (a planet to build on, a square for a dominion cube, an Expansion's ship, a
    Sabotage) answers it. ``rows``: the panel's, as the map was drawn in them."""
    if panel != "map":
        return None, None
    sq = square_at(view, x, y, selection, rows)
    if sq is None:
        return None, None
    if selection and sq in view.get("moves", {}).get(selection, ()):
        return None, f"move {selection} {sq}"
    if selection and sq in view.get("targets", {}).get(selection, ()):
        return None, f"attack {selection} {sq}"
    if sq == selection:
        return None, None
    if not CHART.mine(view, sq):  # a planet to build on, a square to place on: an answer the game offers
        answers = [c for _, c in (view.get("prompt") or {}).get("choices", []) if c.split()[1:] == [sq]]
        return None, (answers[0] if answers else None)
    return sq, None


LISTED = 8  # a selected ship's squares are named up to this many, else counted (a 5 reaches ~40)
# The words of the verbs whose first word names a ship, read from the game's grammar (name and aliases).
SELECTING = games.get("quantum").words_of("move", "attack", "use", "reconfigure")
MOVING = games.get("quantum").words_of("move")


def typed(view: dict, text: str, selection):
    """The command line names a ship of yours ('move c4', 'attack 3', 'c4'): select it. With a ship
    selected, a square it can reach typed alone ('d', 'd6') keeps it selected: Enter moves there."""
    words = text.lower().split()
    if not words:  # an emptied line (Enter clears it) keeps the selection (the other boards that select do the same)
        return selection
    if selection and len(words) == 1 and any(sq.startswith(words[0]) for sq in CHART.reach(view, selection)):
        return selection
    if words[0] in SELECTING and len(words) >= 2:
        word = words[1]
    elif len(words) <= 2:  # 'c4', or 'c4 d5' (a move without its word)
        word = words[0]
    else:
        return selection
    return CHART.ship_named(view, word)


def select_line(view: dict, line: str) -> tuple[str, str] | None:
    """A line that only selects, run with Enter: ``c4`` or ``move c4`` (``move 3``) naming a ship of
    yours and nothing more. The ship is selected, the log says where it may go, and the game is
    asked nothing (it answered "Unknown command 'c4'" or its usage, found replaying the first hour)."""
    words = line.lower().split()
    if words and words[0] in MOVING:
        words = words[1:]
    if len(words) != 1 or view.get("phase") != "play":
        return None
    square = CHART.ship_named(view, words[0])
    if square is None:
        return None
    ship = next(s for s in view["ships"] if s["where"] == "play" and s["square"] == square)
    goes, hits = view.get("moves", {}).get(square, []), view.get("targets", {}).get(square, [])
    ship_is = dict(value=ship["value"], square=square)
    if not goes and not hits:
        return square, tr(_("Your {value} on {square} selected: it cannot move or attack now.", **ship_is))
    # (a long list of squares was four rows of log)
    where = ", ".join(goes) if len(goes) <= LISTED else tr(_("{n} squares (lit on the map)", n=len(goes)))
    first = (goes or hits)[0]
    if goes and hits:
        said = _("Your {value} on {square} selected: it may go to {where} or attack {hits}. "
                 "Click one, or type it ('{example}').", where=where, hits=", ".join(hits), example=first, **ship_is)
    elif goes:
        said = _("Your {value} on {square} selected: it may go to {where}. Click one, or type it ('{example}').",
                 where=where, example=first, **ship_is)
    else:
        said = _("Your {value} on {square} selected: attack {hits}. Click one, or type it ('{example}').",
                 hits=", ".join(hits), example=first, **ship_is)
    return square, tr(said)


def complete(view: dict, line: str, selection) -> str | None:
    """With a ship selected, a square it can reach typed alone moves there, an enemy it can reach
    is attacked -- as a click on that square does."""
    square = line.strip().lower()
    if not selection:
        return None
    if square in view.get("moves", {}).get(selection, ()):
        return f"move {selection} {square}"
    if square in view.get("targets", {}).get(selection, ()):
        return f"attack {selection} {square}"
    return None


side_title, side_panel = room_title, render_room  # the side panel (base.Board's hooks)
SHOWN = ("map",)  # typed, these show in the main panel rather than in the log
