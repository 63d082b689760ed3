"""The small read-only panels around the command line: room, players, status bar and the hint.

Each is a pure function from the player's view dict to rich Text, so the app only decides *when*
to redraw, and tests can check *what* is drawn without running a terminal. Like the map, they read
``session.view()`` and nothing else.
"""

from __future__ import annotations

from rich.text import Text

import games

_GRID = games.get("quest").board  # Quest's public geometry and names, through the catalogue
DIRECTION_NAMES, OBJECT_NAMES = _GRID.direction_names, _GRID.object_names
from mud.tui.mapview import DOOR_STYLE, door_glyph, marker_style, markers

FACE_WORD = {"open": "open", "closed": "closed", "unknown": "not seen", "locked": "locked"}


def room_title(view: dict) -> str:
    """The panel's title: where this player stands and what the room is, as far as they know."""
    me = view.get("you")
    if not me:
        return "Watching"
    pos = view["players"][me]["pos"]
    room = view["rooms"].get(pos)
    return f"{pos} {room['name']} ({room['difficulty']})" if room else f"{pos} unknown room"


def render_room(view: dict, width: int = 30, height: int | None = None) -> Text:
    """What `look` says, compact: the four doors, who and what is here, what you carry, then
    everyone's standing (which doubles as the legend of the map's player markers). Lines never wrap; when there are
    more than ``height`` (six players), the rule between the two parts goes first."""
    lines: list[Text] = []
    me = view.get("you")
    if me:
        pos = view["players"][me]["pos"]
        for d in _GRID.exits(pos):
            door = view["doors"][_GRID.door_name(pos, d)]
            ch, style = door_glyph(door, vertical=d in "ns")
            face = "open" if door["colour"] == "green" else FACE_WORD.get(door["face"], door["face"])
            if door["face"] == "unknown" and door.get("mark"):
                face += f" (your mark: {door['mark']})"
            lines.append(Text.assemble((f"{DIRECTION_NAMES[d]:<6}", "dim"), (f"{ch} ", style),
                                       (f"{door['colour']:<7}", DOOR_STYLE.get(door["colour"], "")),
                                       (face, "dim" if door["face"] == "unknown" else "")))
        note = ((view.get("me") or {}).get("notes") or {}).get(pos)
        if note:
            lines.append(Text.assemble(("Note: ", "dim"), (note, "italic")))
        others = [n for n in view["order"] if n != me and view["players"][n]["pos"] == pos]
        if others:
            lines.append(Text.assemble(("Here: ", "dim"), (", ".join(others), "bold")))
        keys = [k for k, where in view["floor_keys"].items() if where == pos]
        if keys:
            lines.append(Text(f"Key here: {' and '.join(keys)} (take key)", style="bold yellow"))
        rule = Text("─" * max(1, width), style="dim")
        lines.append(rule)
    players = render_players(view).split("\n")
    if me and view.get("me"):
        # What you carry, after the room: in up to three lines as room allows (two may take the rule's).
        spare = (height or 99) - len(lines) - len(players)
        most = 3 if spare >= 3 else 2 if spare >= 1 else 1
        stuff = render_inventory(view["me"], width, max_lines=most).split("\n")
        lines[-1:-1] = stuff
    lines += players
    if me and height and len(lines) > height:
        lines.remove(rule)
    return crop(Text("\n").join(lines), width)


def crop(text: Text, width: int) -> Text:
    """Cut every line to ``width`` cells with an ellipsis: a panel line never wraps."""
    lines = text.split("\n", allow_blank=True)
    for line in lines:
        line.truncate(max(1, width), overflow="ellipsis")
    return Text("\n").join(lines)


def render_players(view: dict) -> Text:
    """One line per player: marker, name, room, rank, gold, keys; the player to act is marked."""
    marks = markers(view)
    out = Text(no_wrap=True, overflow="ellipsis")
    turn = None if view["over"] else view["turn"]["player"]
    for i, n in enumerate(view["order"]):
        p = view["players"][n]
        if i:
            out.append("\n")
        out.append(f"{marks.get(n, ' ')} ", style=marker_style(view, n))
        line = f"{n[:9]:<9} {p['pos']} {p['rank']:<6} {p['gold']}g"
        if p["keys"]:
            line += " " + "".join(k[0].upper() for k in p["keys"])
        if n == turn:
            line += " ◂"
        if view["winner"] == n:
            line += " ★"
        out.append(line, style="bold yellow" if n in (turn, view["winner"]) else "")
        if p.get("alive") is False:  # (duels) short words: the line has 30 cells at 80 columns
            out.append(" dead", style="red")
        elif p.get("wounded"):
            out.append(" hurt", style="bold red")
    return out


def carrying(me: dict) -> list[list[str]]:
    """This player's belongings in words, in groups: money (always said first, so it is never
    cut off; a bag of money as unlimited gold), cards, treasures, keys."""
    groups = [["bag of money (unlimited gold)" if me.get("bag") else f"{me.get('gold', 0)} gold"],
              [OBJECT_NAMES.get(o, o) for o in me.get("objects", [])],
              [t for t in me.get("treasures", []) if t != "bag of money"],
              [f"{k} key" for k in me.get("keys", [])]]
    return [g for g in groups if g]


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
    head = Text("Carrying: ", style="dim")
    state = condition(me)
    if state:
        head = Text.assemble((state.upper(), "bold red"), (" · ", "dim"), head)
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


DEAD = "You are dead: you watch and may still talk."
WOUNDED = "WOUNDED: a health potion must reach you before your next turn."


def render_status(view: dict, status_line: str, width: int = 78) -> Text:
    """The top bar: the game's own one-line status (what you carry is in the room panel), after
    a warning when this player is wounded or dead."""
    state = None if view.get("over") else condition(view.get("me"))
    if state:
        warning = DEAD if state == "dead" else WOUNDED
        return crop(Text.assemble((warning, "bold"), ("  " + status_line)), width)
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
        return f"Game over: {view['winner']} wins. The map is revealed. quit (or ctrl+q) leaves."
    if me is None:
        return f"You are watching. It is {turn['player']}'s turn."
    if condition(view.get("me")) == "dead":
        return f"{DEAD} It is {turn['player']}'s turn. say ... talks; the map and ledger are yours."
    if turn["consent"] and me in turn["consent"]["waiting"]:
        return f"{turn['player']} asks to enter your room {turn['consent']['room']}: allow or deny."
    if turn["player"] != me:
        waiting = ", ".join(turn["consent"]["waiting"]) if turn["consent"] else turn["player"]
        return f"Waiting for {waiting}. You can talk (say ...), read your map, the ledger, or help."
    if turn["consent"]:
        return f"Waiting for {', '.join(turn['consent']['waiting'])} to let you in (or stop)."
    if turn["phase"] == "leave":
        return "You crossed a locked door: leave open, or leave closed."
    keys = [k for k, where in view["floor_keys"].items() if where == view["players"][me]["pos"]]
    take = "Key here: take key. " if keys else ""
    if turn["phase"] == "moving":
        steps = turn["steps_left"]
        return f"{take}{steps} step{'' if steps == 1 else 's'} left: move n/e/s/w, peek, or stop."
    room = view["rooms"].get(view["players"][me]["pos"])
    act = "buy <weapon>" if room and room["location"] == "field" else "act"
    if (view.get("me") or {}).get("rank") == "wizard":
        act += ", cast bolt/sight"
    if take:
        return f"{take}Your turn: {act}, move n/e/s/w, peek, or pass."
    return f"Your turn: {act} here, or move n/e/s/w / peek (rolls the die), or pass."
