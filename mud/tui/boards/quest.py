"""Quest's board in the TUI: the player's own map of the labyrinth, their room, the players, the
status bar and the hint -- drawn as coloured text from the player's view dict alone, by pure
functions of ``session.view()`` that tests call directly (the map is where hidden information could
most easily leak onto the screen; nothing here sees the game state). Found by name through
mud/tui/boards/__init__.py; Quest's grid and its words for doors, keys and conditions reach it only
through ``GameSpec.board`` (games/quest/board_words.py), so this module is about drawing.

Map (42 columns, 10 lines): column numbers, then rows A-E, a 4-character cell per room (label and
marker) with a door glyph between cells, and a line of doors between two rows; an unseen room is
``?``. On a big terminal (``fit``) it grows to 80x15: each room two lines of 7 cells (name, then
difficulty and every mark).
"""

from __future__ import annotations

from rich.text import Text

import games
from mud.shell import outcome
from mud.tui.boards.base import crop, who_won, winners
from mud.tui.words import _, current, tr

# Quest's public geometry, reached through the catalogue (the shell imports no game's modules).
_GRID = games.get("quest").board
COLS, MAP_CODE, ROWS = _GRID.cols, _GRID.map_code, _GRID.rows
DIRECTION_NAMES, OBJECT_NAMES = _GRID.direction_names, _GRID.object_names
FACE_WORD, CONDITION_WORD, KEY_WORD = _GRID.face_words, _GRID.condition_words, _GRID.key_words  # the game's messages

CELL = 4  # label (3) + marker (1)
STEP = CELL + 1  # a cell and the door glyph after it
LEFT = 3  # "A  " before the first cell

# Door colours as terminal styles. A black door on a dark screen needs a light ground to be seen.
DOOR_STYLE = {
    "green": "bold green",
    "white": "bold bright_white",
    "red": "bold red",
    "gold": "bold yellow",
    "silver": "bold grey70",
    "black": "bold black on grey62",
}
KEY_STYLE = {"gold": "bold yellow", "silver": "bold grey70", "black": "bold black on grey62"}
OTHER_STYLES = ("bold cyan", "bold magenta", "bold bright_blue", "bold bright_green", "bold orange1")
ME_STYLE = "bold bright_yellow"

# the doors' colours, as the room panel names them (the view's are data: DOOR_STYLE's keys)
COLOUR_WORD = {"green": _("green"), "white": _("white"), "red": _("red"), "gold": _("gold"), "silver": _("silver"),
               "black": _("black")}


def direction_word(name) -> str:
    """A door's direction (the game's name for it) in words."""
    return tr(_GRID.direction_words.get(str(name), name))


def colour_word(colour: str) -> str:
    """A door's or a key's colour in words."""
    return tr(COLOUR_WORD.get(colour, colour))


def joined(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the screen's language."""
    if len(words) < 2:
        return "".join(words)
    return tr(_("{some} and {last}", some=", ".join(words[:-1]), last=words[-1]))


def counted(names: list) -> list[str]:
    """Each card once, a card held twice or more with its count: ``2 swords`` (not ``sword, sword``)."""
    counts = {n: names.count(n) for n in names}
    if current() == "en":
        return [str(n) if k == 1 else f"{k} {n}s" for n, k in counts.items()]
    return [tr(n) if k == 1 else tr(_("{n} × {card}", n=k, card=tr(n))) for n, k in counts.items()]


def carrying(me: dict) -> list[list[str]]:
    """This player's belongings in words, in groups: money (always said first, so it is never
    cut off; a bag of money as unlimited gold), cards (by the game's names), treasures, keys."""
    money = _("bag of money (unlimited gold)") if me.get("bag") else _("{n} gold", n=me.get("gold", 0))
    groups = [[tr(money)],
              counted([OBJECT_NAMES.get(o, o) for o in me.get("objects", [])]),
              [tr(t) for t in me.get("treasures", []) if t != "bag of money"],
              [tr(KEY_WORD.get(k, k)) for k in me.get("keys", [])]]
    return [g for g in groups if g]


def door_glyph(door: dict, vertical: bool) -> tuple[str, str]:
    """(character, style) for one door as this player knows it; ``vertical`` joins two rows."""
    colour, face = door["colour"], door["face"]
    style = DOOR_STYLE.get(colour, "bold")
    if face == "locked":
        return colour[0].upper(), style
    if face == "open":
        return ("│" if vertical else "─"), style
    if face == "closed":
        return "x", style
    if door.get("mark"):  # the player's own mark on a door they have not seen: their guess, dimmed
        return ("o" if door["mark"] == "open" else "X"), style + " dim"
    return ("┆" if vertical else "┄"), style


def markers(view: dict) -> dict[str, str]:
    """One character per player ('@' you, bot1 -> 1 ...), the same as on the line-mode map."""
    return _GRID.player_marks(view)


def marker_style(view: dict, name: str) -> str:
    if name == view.get("you"):
        return ME_STYLE
    others = [n for n in view["order"] if n != view.get("you")]
    return OTHER_STYLES[others.index(name) % len(OTHER_STYLES)]


def _door(view: dict, a: str, b: str) -> dict:
    return view["doors"][_GRID.door_between(a, b)]


def _cell(view: dict, room: str, marks: dict[str, str]) -> Text:
    """The 4 characters of one room: its label and one mark, or a crowded room's marks (you, the
    others, a key) in place of its label, so none hides another."""
    me = view.get("you")
    known = view["rooms"].get(room)
    here = [n for n in view["order"] if view["players"][n]["pos"] == room
            and (view["players"][n].get("alive", True) or n == me)]  # the dead leave the board
    mine = me in here  # your own room: its label reversed
    if known:
        label = Text(f"{MAP_CODE[known['location']]}{known['difficulty']}",
                     style="bold reverse" if mine else "bold")
    else:
        label = Text(" ? ", style="reverse" if mine else "dim")
    marked = _GRID.room_marks(view, room, marks)
    if len(marked) > 1:  # a crowded room: its marks take the whole cell, so none hides another
        label = Text("")
    out = label
    for ch, what in marked:
        out.append(ch, style=_mark_style(view, what))
    return out + Text(" " * (CELL - len(out.plain)))


def _mark_style(view: dict, what: str) -> str:
    if what.startswith("key:"):
        return KEY_STYLE.get(what[4:], "bold")
    if what == "several":
        return "bold white"
    if what == "note":
        return "italic bright_white"
    return marker_style(view, what)


def render_map(view: dict, scale: int = 1) -> Text:
    """The whole map as one rich Text of 10 lines (scale 2: the big map, 15 lines)."""
    if scale > 1:
        return render_big_map(view)
    marks = markers(view)
    out = Text()
    header = [" "] * (LEFT + STEP * len(COLS))
    for i, c in enumerate(COLS):
        header[LEFT + STEP * i + 1] = str(c)
    out.append("".join(header).rstrip() + "\n", style="dim")
    for ri, r in enumerate(ROWS):
        out.append(f"{r}".ljust(LEFT), style="dim")
        for c in COLS:
            out.append_text(_cell(view, f"{r}{c}", marks))
            if c < max(COLS):
                ch, style = door_glyph(_door(view, f"{r}{c}", f"{r}{c + 1}"), vertical=False)
                out.append(ch, style=style)
        if ri < len(ROWS) - 1:
            out.append("\n" + " " * LEFT)
            below = ROWS[ri + 1]
            for c in COLS:
                ch, style = door_glyph(_door(view, f"{r}{c}", f"{below}{c}"), vertical=True)
                out.append(" ")
                out.append(ch, style=style)
                out.append(" " * (STEP - 2) if c < max(COLS) else "")
        out.append("\n")
    out.rstrip()
    return out


# --- the big map (terminals of at least BIG) ------------------------------------------------------
BIG = (120, 36)  # columns, rows: from this size the map grows
BIG_CELL = 7  # a room's width on the big map
BIG_DOOR = 3  # " ─ " between two rooms
BIG_WIDTH = LEFT + BIG_CELL * len(COLS) + BIG_DOOR * (len(COLS) - 1)  # 80
BIG_LINES = 1 + 3 * len(ROWS) - 1 + 1  # header, two lines a row and the doors between, the key


def fit(width: int, height: int) -> tuple[int, int, int] | None:
    """(scale, columns, rows) of the map's panel on a terminal this big, borders included; None
    keeps the 80x24 layout."""
    if width >= BIG[0] and height >= BIG[1]:
        return 2, BIG_WIDTH + 4, BIG_LINES + 2
    return None


def _big_cell(view: dict, room: str, marks: dict[str, str]) -> tuple[Text, Text]:
    """A room's two lines on the big map: its name, then its difficulty and every mark."""
    known = view["rooms"].get(room)
    mine = view.get("you") is not None and view["players"][view["you"]]["pos"] == room
    ground = " reverse" if mine else ""
    name = known["location"][:BIG_CELL].capitalize() if known else "?"
    top = Text(name.center(BIG_CELL) if not known else name.ljust(BIG_CELL), style=("bold" if known else "dim") + ground)
    bottom = Text(f"{known['difficulty']} " if known else "  ", style="bold" + ground)
    for ch, what in _GRID.room_marks(view, room, marks):
        bottom.append(ch, style=_mark_style(view, what))
    bottom.append(" " * (BIG_CELL - len(bottom.plain)), style=ground.strip())
    return top, bottom


def render_big_map(view: dict) -> Text:
    """The map for a big terminal: the same rooms, doors and marks with room to read them."""
    marks = markers(view)
    out = Text()
    header = [" "] * BIG_WIDTH
    for i, c in enumerate(COLS):
        header[LEFT + (BIG_CELL + BIG_DOOR) * i + BIG_CELL // 2] = str(c)
    out.append("".join(header).rstrip() + "\n", style="dim")
    for ri, r in enumerate(ROWS):
        cells = [_big_cell(view, f"{r}{c}", marks) for c in COLS]
        for line in (0, 1):
            out.append(f"{r}".ljust(LEFT) if line == 0 else " " * LEFT, style="dim")
            for ci, c in enumerate(COLS):
                out.append_text(cells[ci][line])
                if c < max(COLS):
                    ch, style = door_glyph(_door(view, f"{r}{c}", f"{r}{c + 1}"), vertical=False)
                    out.append(f" {ch} " if line == 0 else " " * BIG_DOOR, style=style)
            out.append("\n")
        if ri < len(ROWS) - 1:
            out.append(" " * LEFT)
            for ci, c in enumerate(COLS):
                ch, style = door_glyph(_door(view, f"{r}{c}", f"{ROWS[ri + 1]}{c}"), vertical=True)
                out.append(" " * (BIG_CELL // 2))
                out.append(ch, style=style)
                out.append(" " * (BIG_CELL - BIG_CELL // 2 - 1 + (BIG_DOOR if c < max(COLS) else 0)))
            out.append("\n")
    out.rstrip()
    return out


def render_ledger(view: dict, height: int) -> Text:
    """The ledger in the map's place: the newest entries that fit, newest last."""
    entries = view["ledger"]
    out = Text()
    if not entries:
        out.append(tr(_("The ledger is empty: nobody has succeeded at an action yet.")), style="dim")
        return out
    shown = entries[-max(1, height):]
    for i, e in enumerate(shown):
        room = e["room"]
        known = view["rooms"].get(room)
        what = f" ({MAP_CODE[known['location']]}{known['difficulty']})" if known else ""
        turn = str(e["turn"]).rjust(3)
        out.append(tr(_("turn {n}", n=turn)) + "  ", style="dim")
        out.append(f"{e['player']:<10}", style=marker_style(view, e["player"]))
        out.append(f" {room}{what} = {e['roll']}")
        if i < len(shown) - 1:
            out.append("\n")
    return out


# --- the room, the players, the status bar and the hint (drawn beside the map) ----------------

def room_title(view: dict) -> str:
    """The panel's title: where this player stands and what the room is, as far as they know."""
    me = view.get("you")
    if not me:
        return tr(_("Watching"))
    pos = view["players"][me]["pos"]
    room = view["rooms"].get(pos)
    return f"{pos} {tr(room['name'])} ({room['difficulty']})" if room else tr(_("{room} unknown room", room=pos))


def render_room(view: dict, width: int = 30, height: int | None = None) -> Text:
    """What `look` says, compact: the four doors, who and what is here, what you carry, then
    everyone's standing (which doubles as the key to the map's player markers). Lines never wrap; when there are
    more than ``height`` (six players), the rule between the two parts goes first."""
    lines: list[Text] = []
    me = view.get("you")
    if me:
        pos = view["players"][me]["pos"]
        for d in _GRID.exits(pos):
            door = view["doors"][_GRID.door_name(pos, d)]
            ch, style = door_glyph(door, vertical=d in "ns")
            face = tr(FACE_WORD["open"] if door["colour"] == "green" else FACE_WORD.get(door["face"], door["face"]))
            if door["face"] == "unknown" and door.get("mark"):
                face += " " + tr(_("(your mark: {mark})", mark=tr(FACE_WORD.get(door["mark"], door["mark"]))))
            lines.append(Text.assemble((f"{direction_word(DIRECTION_NAMES[d]):<6}", "dim"), (f"{ch} ", style),
                                       (f"{colour_word(door['colour']):<7}", DOOR_STYLE.get(door["colour"], "")),
                                       (face, "dim" if door["face"] == "unknown" else "")))
        note = ((view.get("me") or {}).get("notes") or {}).get(pos)
        if note:
            lines.append(Text.assemble((tr(_("Note:")) + " ", "dim"), (note, "italic")))
        others = [n for n in view["order"] if n != me and view["players"][n]["pos"] == pos]
        if others:
            lines.append(Text.assemble((tr(_("Here:")) + " ", "dim"), (", ".join(others), "bold")))
        keys = [k for k, where in view["floor_keys"].items() if where == pos]
        if keys:
            lines.append(Text(tr(_("Key here: {keys} (take key)", keys=joined([colour_word(k) for k in keys]))),
                              style="bold yellow"))
        rule = Text("─" * max(1, width), style="dim")
        lines.append(rule)
    players = render_players(view).split("\n")
    if me and view.get("me"):
        # What you carry, after the room: in up to three lines as room allows, the last one taking the
        # rule's row when it must (at 80x24 a room of four doors left two, and a knight's cards were cut).
        spare = (height or 99) - len(lines) - len(players)
        most = max(1, min(3, spare + 1))
        stuff = render_inventory(view["me"], width, max_lines=most).split("\n")
        lines[-1:-1] = stuff
    lines += players
    if me and height and len(lines) > height:
        lines.remove(rule)
    return crop(Text("\n").join(lines), width)


def render_players(view: dict) -> Text:
    """One line per player: marker, name, room, rank, gold, keys; the player to act is marked."""
    marks = markers(view)
    out = Text(no_wrap=True, overflow="ellipsis")
    turn = None if view["over"] else view["turn"]["player"]
    won = winners(view)  # (the header's: every game's view has them)
    for i, n in enumerate(view["order"]):
        p = view["players"][n]
        if i:
            out.append("\n")
        out.append(f"{marks.get(n, ' ')} ", style=marker_style(view, n))
        line = f"{n[:9]:<9} {p['pos']} {tr(p['rank']):<6} {p['gold']}g"
        if p["keys"]:
            line += " " + "".join(colour_word(k)[0].upper() for k in p["keys"])
        if n == turn:
            line += " ◂"
        if n in won:
            line += " ★"
        out.append(line, style="bold yellow" if n == turn or n in won else "")
        if p.get("alive") is False:  # (duels) short words: the line has 30 cells at 80 columns
            out.append(" " + tr(_("dead")), style="red")
        elif p.get("wounded"):
            out.append(" " + tr(_("hurt")), style="bold red")
    return out


def condition(me: dict | None) -> str | None:
    """'dead', 'wounded' or None: the player's own health, when the game says (duels)."""
    if not me:
        return None
    if me.get("alive") is False:
        return "dead"
    return "wounded" if me.get("wounded") else None


def render_inventory(me: dict, width: int = 30, max_lines: int = 2) -> Text:
    """``Carrying: 2 gold · sword, rope · crystal ball · gold key``, wrapped between items to ``width`` in
    at most ``max_lines`` lines (the last cut with an ellipsis); a wounded or dead player's state
    comes first, in red."""
    head = Text(tr(_("Carrying:")) + " ", style="dim")
    state = condition(me)
    if state:
        head = Text.assemble((tr(CONDITION_WORD[state]).upper(), "bold red"), (" · ", "dim"), head)
    tokens = []  # (what comes before, the item, its style): money in yellow, the rest in green
    for g, group in enumerate(carrying(me)):
        style = "green" if g else "yellow"
        tokens += [(", " if i else " · " if g else "", item, style) for i, item in enumerate(group)]
    lines = [head]
    for i, (sep, item, style) in enumerate(tokens):
        line = lines[-1]
        room = width - (i < len(tokens) - 1)  # a cell kept for the comma (or dot) should the next break
        if line.cell_len + len(sep) + len(item) > room and len(lines) < max_lines and line.cell_len > 2:
            line.append(sep.rstrip(), style="dim")  # the comma (or dot) ends the line
            line = Text("  ")
            lines.append(line)
        else:
            line.append(sep, style="dim")
        line.append(item, style=style)
    return crop(Text("\n").join(lines), width)


DEAD_SAID = _("You are dead: you watch and may still talk.")
WOUNDED_SAID = _("WOUNDED: a health potion must reach you before your next turn.")
DEAD, WOUNDED = str(DEAD_SAID), str(WOUNDED_SAID)  # (their English, as tests and docs quote them)


def render_status(view: dict, status_line: str, width: int = 78) -> Text:
    """The top bar: the game's own one-line status (what you carry is in the room panel), after
    a warning when this player is wounded or dead."""
    state = None if view.get("over") else condition(view.get("me"))
    if state:
        warning = DEAD_SAID if state == "dead" else WOUNDED_SAID
        return crop(Text.assemble((tr(warning), "bold"), ("  " + status_line)), width)
    return crop(Text(status_line), width)


def status_kind(view: dict) -> str:
    """'over', 'dead', 'hurt' (wounded), 'mine' (this player's input is awaited) or 'wait': the
    bar's colour."""
    if view["over"]:
        return "over"
    state = condition(view.get("me"))
    if state:
        return "dead" if state == "dead" else "hurt"
    me = view.get("you")
    turn = view["turn"]
    if turn["consent"] and me in turn["consent"]["waiting"]:
        return "mine"
    return "mine" if turn["player"] == me and not turn["consent"] else "wait"


def hint(view: dict) -> str:
    """What this player can do right now, in a line: the command line's guide for newcomers."""
    me = view.get("you")
    turn = view["turn"]
    if view["over"]:
        # (the log and the map say it is revealed)
        return tr(_("Game over: {who}. 'quit' (or ctrl+q) leaves.", who=who_won(view, me)))
    if me is None:
        return tr(_("You are watching. It is {name}'s turn.", name=turn["player"]))
    if condition(view.get("me")) == "dead":
        return tr(_("{dead} It is {name}'s turn. say ... talks; the map and ledger are yours.", dead=DEAD_SAID,
                    name=turn["player"]))
    if turn["consent"] and me in turn["consent"]["waiting"]:
        return tr(_("{name} asks to enter your room {room}: allow or deny.", name=turn["player"],
                    room=turn["consent"]["room"]))
    if turn["player"] != me:
        waiting = ", ".join(turn["consent"]["waiting"]) if turn["consent"] else turn["player"]
        return tr(_("Waiting for {names}. You can talk (say ...), read your map, the ledger, or help.", names=waiting))
    if turn["consent"]:
        return tr(_("Waiting for {names} to let you in (or stop).", names=", ".join(turn["consent"]["waiting"])))
    if turn["phase"] == "leave":
        return tr(_("You crossed a locked door: leave open, or leave closed."))
    keys = [k for k, where in view["floor_keys"].items() if where == view["players"][me]["pos"]]
    take = tr(_("Key here: take key.")) + " " if keys else ""
    if turn["phase"] == "moving":
        steps = turn["steps_left"]
        return take + tr(_.plural("{n} step left: move n/e/s/w, peek, or stop.",
                                  "{n} steps left: move n/e/s/w, peek, or stop.", steps))
    return take + _turn_hint(view, me, short=bool(take))


def _turn_hint(view: dict, me: str, short: bool) -> str:
    """The start of this player's turn: the room's deed only when the game would accept it (the
    view's ``may_act``: offered at a tower without a rope, a castle for a knight or a smith with no
    gold, 'act' was refused), a wizard's spells, then moving. It fits the 78 cells of the row at 80
    columns, ``short`` when a key's words come first."""
    mine = view.get("me") or {}
    room = view["rooms"].get(view["players"][me]["pos"])
    deeds = [_("buy <weapon>") if room and room["location"] == "field" else _("act")] if mine.get("may_act") else []
    if mine.get("rank") == "wizard":
        deeds.append(_("cast") if short else _("cast bolt/sight"))
    if short:
        return tr(_("Your turn: {deeds}, or pass.", deeds=", ".join(map(tr, deeds + [_("move"), _("peek")]))))
    if mine.get("rank") == "wizard":
        return tr(_("Your turn: {deeds}, or pass.", deeds=", ".join(map(tr, deeds + [_("move n/e/s/w"), _("peek")]))))
    if deeds:
        return tr(_("Your turn: {deed} here, or move n/e/s/w / peek (rolls the die), or pass.", deed=tr(deeds[0])))
    return tr(_("Your turn: move n/e/s/w, or peek (rolls the die), or pass."))


# --- what the app asks of a board ----------------------------------------------------------------

def help_page(view: dict) -> Text:
    """F1's page at a Quest match: how to win with these rules, and the key to the map, in colour."""
    out = Text()
    out.append(tr(_GRID.win.get(view.get("rules", "basic"), "")) + "\n", style="bold")  # (the game's own words)
    out.append(tr(_GRID.goal) + "\n\n", style="")
    out.append(tr(_GRID.map_key) + "\n  " + tr(_("Colours:")) + " ")
    for colour, style in DOOR_STYLE.items():
        out.append(colour_word(colour), style=style)
        out.append(" ")
    return out


PALETTE = _GRID.palette  # the game's commands, as the palette (ctrl+p) lists them

PANELS = ("map", "ledger")  # what the main panel can show (F2 switches); typed 'map' or 'ledger' shows them there
OVER_NOTE = ""  # (the game's own last lines say the map is revealed: said once is enough)


def main_panel(view: dict, panel: str, scale: int = 1) -> tuple[str, str, Text]:
    """The big panel: (title, subtitle, text) of the map or the ledger (``scale`` 2: the big map)."""
    if panel == "ledger":
        return tr(_("Ledger")), tr(_("F2: map")), render_ledger(view, height=11 if scale == 1 else BIG_LINES)
    text = render_map(view, scale)
    text.append("\n" + tr(_GRID.door_marks), style="dim")
    # (a watcher has no map of their own)
    title = _("Map (revealed)") if view["over"] else _("Your map") if view.get("you") else _("Map")
    return tr(title), tr(_("F2: ledger")), text


def extra_panel(view: dict) -> tuple[str, Text]:
    """The third panel on wide terminals."""
    return tr(_("Ledger")), render_ledger(view, height=11)


def over_hint(view: dict, in_world: bool) -> str:
    """The row once the game is over: in the world, what comes next (who won is the log's last line
    and the status bar's; that the map is revealed, the log's and the map title's)."""
    if in_world:  # (who won: the log's last line and the status bar)
        return tr(outcome.next_steps(view))
    return hint(view)


side_title, side_panel = room_title, render_room  # the side panel (base.Board's hooks)
SHOWN = ("map", "ledger")  # typed, these show in the main panel rather than in the log
