"""Quest's read-only screens as plain text, drawn from a player's view (never from the state):
``look``, ``map``, ``inventory``, ``score``, ``ledger``. Surfaces may draw richer versions; these
are what the line interfaces and command files print."""

from __future__ import annotations

from games.quest import board
from games.quest import text as t
from games.quest import seal as seal_check
from games.quest.data import COLS, MAP_CODE, ROWS
from games.quest.words import _
from games.words import Msg

# One character per door on the plain map (the TUI draws colours instead). The glyphs are data (the
# same in every language: the letters of the English colours); their legend is a message.
DOOR_GLYPH_HELP = [_("Doors: = green, o open, x closed, w/r white/red not yet seen,"),
                   _("G S B locked gold/silver/black (g s b: left open), O X your own marks.")]


def door_glyph(door: dict) -> str:
    colour, face = door["colour"], door["face"]
    if colour == "green":
        return "="
    if colour in ("gold", "silver", "black"):
        return colour[0].upper() if face == "locked" else colour[0]
    if face == "unknown" and door.get("mark"):
        return {"open": "O", "closed": "X"}[door["mark"]]
    return {"open": "o", "closed": "x"}.get(face, colour[0])


def _door(view: dict, a: str, b: str) -> dict:
    return view["doors"][board.edge_name(board.edge(a, b))]


def player_marks(view: dict) -> dict[str, str]:
    """One character per player for the maps and their legends: '@' for you, and for each other
    player the first letter of their name, else its last character (bot1 -> 1), else a spare --
    so every player, every bot too, is told apart."""
    me = view.get("you")
    others = [n for n in view["order"] if n != me]
    out = {me: "@"} if me else {}
    used = set("@k+?*=GSBgsbXxOoWwRr")  # never like a door glyph or another mark
    firsts = [n[0].upper() for n in others]
    lasts = [n[-1] for n in others]
    spares = iter("123456789ACDEFHIJLMNPQTUVYZ")
    for n in others:
        choice = None
        if firsts.count(n[0].upper()) == 1 and n[0].upper() not in used:
            choice = n[0].upper()
        elif lasts.count(n[-1]) == 1 and n[-1] not in used and n[-1].isalnum():
            choice = n[-1]
        while choice is None or choice in used:
            choice = next(spares)
        used.add(choice)
        out[n] = choice
    return out


def room_marks(view: dict, room: str, marks: dict[str, str]) -> list[tuple[str, str]]:
    """What a map cell shows besides the room's label, as (character, what) pairs: '@' you (always),
    each other player's mark ('+' when too many), 'k' a key on the floor, '*' your note when the room
    has nothing else. One pair fits after the label; more take the whole cell (up to four)."""
    me = view.get("you")
    here = [n for n in view["order"] if view["players"][n]["pos"] == room
            and (view["players"][n].get("alive", True) or n == me)]  # the dead leave the board
    others = [n for n in here if n != me]
    keys = [k for k, where in view["floor_keys"].items() if where == room]
    mine = [("@", me)] if me in here else []
    key = [("k", f"key:{keys[0]}")] if keys else []
    people = [(marks[n], n) for n in others]
    if len(mine) + len(people) + len(key) > 4:
        people = [("+", "several")]
    out = mine + people + key
    notes = (view.get("me") or {}).get("notes") or {}
    if not out and room in notes:
        out = [("*", "note")]
    return out


def map_cell(label: str, marked: list[tuple[str, str]]) -> str:
    """The 4 characters of a room: its 3-character label and one mark, or, in a crowded room, the
    marks alone (you, the others, a key), so none hides another."""
    if len(marked) <= 1:
        return label + (marked[0][0] if marked else " ")
    return "".join(ch for ch, _ in marked).ljust(4)


def marks_legend(view: dict, marks: dict[str, str]) -> Msg:
    others = ", ".join(f"{marks[n]} {n}" for n in view["order"] if n != view.get("you"))
    if others:
        return _("@ you, {others}; k a key on the floor, * your note.", others=others)
    return _("@ you; k a key on the floor, * your note.")


def render_map(view: dict) -> list[str]:
    """The player's own map: rooms they know by type and difficulty, doors as they know them."""
    marks = player_marks(view)
    lines = ["   " + "".join(f"{c:<5}" for c in COLS).rstrip()]
    for ri, r in enumerate(ROWS):
        cells = []
        for c in COLS:
            room = f"{r}{c}"
            known = view["rooms"].get(room)
            label = f"{MAP_CODE[known['location']]}{known['difficulty']}" if known else " ? "
            cells.append(map_cell(label, room_marks(view, room, marks)))
            if c < max(COLS):
                cells.append(door_glyph(_door(view, room, f"{r}{c + 1}")))
        lines.append(f"{r}  " + "".join(cells))
        if ri < len(ROWS) - 1:
            below = "".join(f" {door_glyph(_door(view, f'{r}{c}', f'{ROWS[ri + 1]}{c}'))}   " for c in COLS)
            lines.append("   " + below.rstrip())
    lines.append(_("Rooms: Ca castle, De desert, Fo forest, Ci city, To tower, Fi field of Mars, Ch church,"))
    lines.append(_("Co countryside, Po port, Dr dragon's cave; digit = difficulty."))
    lines.append(_("Marks: {legend}", legend=marks_legend(view, marks)))
    lines.append(_("A crowded room shows its marks in place of its name (@1k: you, bot1, a key)."))
    lines += DOOR_GLYPH_HELP
    notes = (view.get("me") or {}).get("notes") or {}
    if notes:  # what a player wrote stays as they wrote it
        lines.append(_("Your notes: {notes}", notes="; ".join(f"{room} {text}" for room, text in sorted(notes.items()))))
    return lines


def render_notes(view: dict) -> list[Msg]:
    notes = (view.get("me") or {}).get("notes") or {}
    if not notes:
        return [_("No notes on your map. 'note B4 dragon?' writes one.")]
    return [_("{room}: {note}", room=room, note=text) for room, text in sorted(notes.items())]


def describe_door(door: dict) -> Msg:
    face = door["face"]
    if door["colour"] == "green":
        return _("green (always open)")
    if face == "unknown":
        return _("{colour} (not seen)", colour=t.colour(door["colour"]))
    return _("{colour} ({face})", colour=t.colour(door["colour"]), face=t.face_word(face))


def render_look(view: dict, who: str | None = None) -> list[Msg]:
    who = who or view.get("you")
    if who is None or who not in view["players"]:
        return [_("You watch a game of Quest. It is {player}'s turn.", player=view["turn"]["player"])]
    pos = view["players"][who]["pos"]
    room = view["rooms"].get(pos)
    what = _("{place} (difficulty {difficulty})", place=t.place(room["location"]), difficulty=room["difficulty"]) \
        if room else _("a room you do not know")
    lines = [_("You are on {room}: {what}.", room=pos, what=what)]
    doors = [_("{direction} {door}", direction=t.direction(d), door=describe_door(_door(view, pos, nb)))
             for d, nb in board.exits(pos).items()]
    lines.append(_("Doors: {doors}.", doors=t.commas(doors)))
    others = [n for n, p in view["players"].items() if p["pos"] == pos and n != who]
    if others:
        lines.append(_("Here: {players}.", players=", ".join(others)))
    keys = [k for k, c in view["floor_keys"].items() if c == pos]
    if len(keys) == 1:
        lines.append(_("On the floor: the {colour} key.", colour=t.colour(keys[0])))
    elif keys:
        lines.append(_("On the floor: the {first} and the {second} keys.", first=t.colour(keys[0]),
                       second=t.colour(keys[1])))
    return lines


def render_inventory(view: dict) -> list[Msg]:
    me = view.get("me")
    if not me:
        return [_("You carry nothing: you are not playing.")]
    gold, rank = me["gold"], t.RANK.get(me["rank"], me["rank"])
    if me["bag"]:
        line = _.plural("You are a {rank} with {n} (and a bag of money) gold.",
                        "You are a {rank} with {n} (and a bag of money) gold.", gold, rank=rank)
    else:
        line = _.plural("You are a {rank} with {n} gold.", "You are a {rank} with {n} gold.", gold, rank=rank)
    if me.get("wounded"):
        line = _("{state} {line}", line=line,
                 state=_("You are mortally wounded: only a health potion before your next turn saves you."))
    elif not me.get("alive", True):
        line = _("{state} {line}", line=line, state=_("You are dead: you watch and may still talk."))
    objects = [t.obj(o) for o in me["objects"]]
    treasures = [t.obj(o) for o in me["treasures"]]
    keys = [_("{colour} key", colour=t.colour(k)) for k in me["keys"]]
    return [line, _("Cards: {cards}.", cards=t.commas(objects)) if objects else _("Cards: none."),
            _("Treasures: {treasures}.", treasures=t.commas(treasures)) if treasures else _("Treasures: none."),
            _("Keys: {keys}.", keys=t.commas(keys)) if keys else _("Keys: none.")]


def _score_mark(view: dict, n: str, p: dict):
    """What follows a player's row: whose turn it is, or that they are dead or wounded ('' for nothing)."""
    on_turn = view["turn"]["player"] == n and not view["over"]
    if not p.get("alive", True):
        return _(" (dead)")
    if p.get("wounded"):
        return _(" <- turn (wounded)") if on_turn else _(" (wounded)")
    return _(" <- turn") if on_turn else ""


# A player's row of the score, by rank: the row is one message, its cells the parameters, and each
# language pads its own words (the rank's column in the text, the name's as ``{player:<10}``), so the
# columns stay in line in every language. (The rank in a word of its own: Italian's ``RANK`` has its article.)
SCORE_ROW = {
    "vassal": lambda **w: _("{player:<10} vassal  on {pos}  gold {gold}  cards {cards}  treasures {treasures}{keys}{mark}",
                            **w),
    "knight": lambda **w: _("{player:<10} knight  on {pos}  gold {gold}  cards {cards}  treasures {treasures}{keys}{mark}",
                            **w),
    "wizard": lambda **w: _("{player:<10} wizard  on {pos}  gold {gold}  cards {cards}  treasures {treasures}{keys}{mark}",
                            **w),
    "king": lambda **w: _("{player:<10} king    on {pos}  gold {gold}  cards {cards}  treasures {treasures}{keys}{mark}",
                          **w)}


def render_score(view: dict) -> list[Msg]:
    lines = []
    for n in view["order"]:
        p = view["players"][n]
        keys = _(", keys: {keys}", keys=t.commas([t.colour(k) for k in p["keys"]])) if p["keys"] else ""
        lines.append(SCORE_ROW[p["rank"]](player=n, pos=p["pos"], gold=p["gold"], cards=p["cards"],
                                          treasures=p["treasures"], keys=keys, mark=_score_mark(view, n, p)))
    if view["winner"]:
        lines.append(_("{player} has won.", player=view["winner"]))
    return lines


def render_ledger(view: dict) -> list[Msg]:
    lines = [_("turn {turn:>3}: {player}, {room} = {roll}", turn=e["turn"], player=e["player"], room=e["room"],
               roll=e["roll"]) for e in view["ledger"]]
    lines = lines or [_("The ledger is empty.")]
    seal = view.get("seal") or {}
    if seal.get("commitment"):
        lines.append(_("Map commitment {commitment} (opened: 'ledger verify' checks it).", commitment=seal["commitment"])
                     if seal.get("map") else _("Map commitment {commitment} (sealed until the end).",
                                               commitment=seal["commitment"]))
    return lines


def render_verify(view: dict) -> list[Msg]:
    """``ledger verify``: the commitment and every entry, checked from the published map alone."""
    return seal_check.verify(view.get("seal") or {}, view["ledger"])[1]


# This player in the status line, by rank (one sentence each: Italian has no bare rank that fits all).
YOU_ARE = {"vassal": lambda **w: _("you: vassal on {pos}, {gold}", **w),
           "knight": lambda **w: _("you: knight on {pos}, {gold}", **w),
           "wizard": lambda **w: _("you: wizard on {pos}, {gold}", **w),
           "king": lambda **w: _("you: king on {pos}, {gold}", **w)}


def render_status(view: dict) -> Msg:
    """One line: whose turn, the die, steps, and this player's rank and gold (a message, worded for
    each reader by the world)."""
    turn = view["turn"]
    if view["over"]:
        return _("Game over: you win!") if view["winner"] == view.get("you") else \
            _("Game over: {winner} wins.", winner=view["winner"])
    parts = [_("Round {round}: {player}", round=turn["round"], player=turn["player"])]
    if turn["roll"] and not view.get("duel"):
        parts.append(_.plural("rolled {roll}, {n} step left", "rolled {roll}, {n} steps left", turn["steps_left"],
                              roll=turn["roll"]))
    if turn["consent"]:
        parts.append(_("waiting for {players}", players=", ".join(turn["consent"]["waiting"])))
    duel = view.get("duel")
    if duel:
        sides = dict(attacker=duel["attacker"], defender=duel["defender"])
        parts.append(_("duel {attacker} v {defender}: your move", **sides) if view.get("you") in duel["waiting"]
                     else _("duel {attacker} v {defender}: waiting for {players}", players=", ".join(duel["waiting"]),
                            **sides))
    me = view.get("me")
    if me and not me.get("alive", True):
        parts.append(_("you are dead: watching"))
    elif me:
        you = YOU_ARE.get(me["rank"])
        parts.append(you(pos=me["pos"], gold=t.gold(me["gold"])) if you else me["rank"])
    line = parts[0]
    for part in parts[1:]:
        line = _("{first} | {then}", first=line, then=part)
    return line
