"""Quantum's read-only screens as plain text (at most 80 columns), drawn from a player's view:
``map`` (and ``look``), ``cards``, ``score``, ``inventory``, and the status line. Each line with words
is a message (the world words it for each reader); the map's grid is squares and digits only."""

from __future__ import annotations

from games.quantum.cardnames import card_name, card_names, card_text, label
from games.quantum.faceup import sections
from games.quantum.words import _, anded, listed

CELL = 4


def _square_xy(sq: str) -> tuple[int, int]:
    return ord(sq[0]) - ord("a"), int(sq[1:]) - 1


def map_grid(view: dict) -> list[str]:
    """The map itself: a header of column letters, then one line per row of squares. A planet
    shows its number in brackets, a ship its owner's letter and its die face, the void '~',
    an empty square '.', a hole in the map nothing."""
    m = view["map"]
    marks = view["markers"]
    cells: dict[tuple[int, int], str] = {}
    holes = set(m["holes"])
    for y in range(m["height"]):
        for x in range(m["width"]):
            sq = f"{chr(ord('a') + x)}{y + 1}"
            if sq not in holes:
                cells[(x, y)] = "~" if sq in m["void"] else "."
    for sq, p in m["planets"].items():
        cells[_square_xy(sq)] = f"({p['number']})"
    for s in view["ships"]:
        if s["where"] == "play":
            cells[_square_xy(s["square"])] = f"{marks[s['owner']]}{s['value']}"
    width, height = m["width"], m["height"]
    lines = [("   " + "".join(f"{chr(ord('a') + x):^{CELL}}" for x in range(width))).rstrip()]
    for y in range(height):
        row = "".join(f"{cells.get((x, y), ''):^{CELL}}" for x in range(width))
        lines.append(f"{y + 1:>2} {row}".rstrip())
    return lines


def planet_lines(view: dict) -> list:
    """Each planet, its number and slots, the cubes on it (owners' letters, '-' a free slot)."""
    marks = view["markers"]
    items = []
    for sq in sorted(view["map"]["planets"], key=lambda q: (int(q[1:]), q[0])):
        p = view["map"]["planets"][sq]
        owners = [marks[o] for o in view["cubes"].get(sq, [])]
        owners += ["-"] * (p["slots"] - len(owners))
        items.append(f"{sq} {p['number']}:{''.join(owners)}")
    lines, line = [], "Planets"
    for item in items:
        if len(line) + len(item) + 2 > 78:
            lines.append(line)
            line = "       "
        line += "  " + item
    lines.append(line)
    return [_("Planets{items}", items=lines[0][len("Planets"):])] + lines[1:]  # the rest: squares and numbers


def player_lines(view: dict) -> list:
    marks = view["markers"]
    out = []
    for p in view["order"]:
        s = view["players"][p]
        words = dict(turn="*" if view["turn"] and view["turn"]["player"] == p and not view["over"] else " ",
                     mark=marks[p], player=p, placed=s["placed"], cubes=view["map"]["cubes"],
                     dominion=s["dominion"], research=s["research"],
                     commands="")
        held = list(s["commands"])
        while True:  # at most 80 columns (measured in English): the last commands left out, whole, until it fits
            words["commands"] = _("  [{cards}]", cards=card_names(held)) if held else ""
            line = _player_line(p == view.get("you"), words)
            if len(str(line)) <= 80 or not held:
                break
            held.pop()
        out.append(line)
    return out


def _player_line(you: bool, words: dict):
    if you:
        return _("{turn}{mark} {player} (you): cubes {placed}/{cubes}, dominion {dominion}, research "
                 "{research}{commands}", **words)
    return _("{turn}{mark} {player}: cubes {placed}/{cubes}, dominion {dominion}, research {research}{commands}",
             **words)


def render_map(view: dict) -> list:
    return map_grid(view) + planet_lines(view) + player_lines(view)


def render_look(view: dict) -> list:
    return render_map(view) + [_now(view)]


OWED = {"advance": _("advance"), "dominion": _("dominion"), "card": _("card"), "drop": _("drop")}  # else a card


def _now(view: dict):
    if view["over"]:
        return _("The game is over: {winners} won.", winners=anded(view["winners"]))
    if view["phase"] == "roll":
        return _("Opening roll: each keeps it or rerolls all three once ('keep', 'reroll').")
    if view["phase"] == "home":
        return _("{player} chooses a starting planet ('home <planet>').", player=view["awaiting"][0])
    t = view["turn"]
    words = dict(round=view["round"], player=t["player"])
    if view["pending"]:
        kind = view["pending"][0]["kind"]
        return _.plural("Round {round}: {player}'s turn, {n} action left; owed: {owed}.",
                        "Round {round}: {player}'s turn, {n} actions left; owed: {owed}.", t["actions"],
                        owed=OWED.get(kind, card_name(kind)), **words)
    return _.plural("Round {round}: {player}'s turn, {n} action left.", "Round {round}: {player}'s turn, {n} actions "
                    "left.", t["actions"], **words)


TITLES = {"gambits": _("Gambits (played at once):"), "commands": _("Commands (kept, 3 at most):")}


def render_cards(view: dict) -> list:
    """The face-up cards, numbered as the question and 'take N' number them (faceup.py: a doubled
    card once, 'x2'; an empty place unnumbered), each with what it does on the same line: a card's
    name and text are messages, and each language's line pads the name to its own column (its longest
    name), so no line needs wrapping in any language (cardnames.py keeps the texts short)."""
    lines = []
    for kind, entries in sections(view["faceup"]):
        lines.append(TITLES[kind])
        for number, card, copies in entries:
            if card is None:
                lines.append(_("{indent}(empty)", indent="     "))
                continue
            lines.append(_card_line(number, card, copies))
    lines.append(_("Decks: {gambits} gambits, {commands} commands. Take one by name or number.",
                   gambits=view["decks"]["gambits"], commands=view["decks"]["commands"]))
    me = view["players"].get(view.get("you") or "")
    if me is not None:
        lines.append(_("Your commands: {commands}.", commands=card_names(me["commands"])) if me["commands"]
                     else _("Your commands: none."))
        if me["later"]:
            lines.append(_("Gambits you play at the start of your next turn: {cards}.", cards=card_names(me["later"])))
    return lines


def _card_line(number: int, card: str, copies: int):
    """'  1. expansion x2    An expansion ship ...': the name padded to the column of the language's
    longest name, then what the card does."""
    return _("  {number}. {name:<13} {text}", number=number, name=label(card, copies), text=card_text(card))


def render_score(view: dict) -> list:
    return player_lines(view) + ([_("{winners} won.", winners=anded(view["winners"]))] if view["over"] else [])


# What each die face does, as the inventory says it (data.ABILITIES' words, which the board shares).
ABILITY_WORDS = {
    1: _("attack an orthogonally adjacent ship (free)"),
    2: _("carry an adjacent ship (its move)"),
    3: _("swap places with any other ship (free)"),
    4: _("turn into a 3 or a 5 (free)"),
    5: _("moves diagonally too (passive)"),
    6: _("reroll itself (free)"),
}
NOTES = (("moved", _("moved")), ("ability used", _("ability used")))


def render_inventory(view: dict) -> list:
    me = view.get("you")
    if not me:
        return [_("You are watching: you have no fleet.")]
    ships = [s for s in view["ships"] if s["owner"] == me]
    used = set(view["turn"]["used"]) if view["turn"] else set()
    moved = view["turn"]["moved"] if view["turn"] else {}
    lines = [_("Your fleet:")]
    for s in ships:
        if s["where"] == "play":
            notes = [w for n, w in NOTES if (str(s["id"]) in moved if n == "moved" else s["id"] in used)]
            words = dict(value=s["value"], square=f"{s['square']:<4}", ability=ABILITY_WORDS[s["value"]])
            if notes:
                lines.append(_("  {value} at {square} {ability} ({notes})", notes=listed(notes), **words))
            else:
                lines.append(_("  {value} at {square} {ability}", **words))
    scrap = sum(s["where"] == "scrap" for s in ships)
    reserve = sum(s["where"] == "reserve" for s in ships)
    lines.append(_("  scrapyard {scrap}, expansion ships not yet in play {reserve}", scrap=scrap, reserve=reserve))
    p = view["players"][me]
    words = dict(placed=p["placed"], cubes=view["map"]["cubes"], dominion=p["dominion"], research=p["research"])
    if p["commands"]:
        lines.append(_("Cubes {placed}/{cubes}, dominion {dominion}, research {research}; commands: {commands}.",
                       commands=card_names(p["commands"]), **words))
    else:
        lines.append(_("Cubes {placed}/{cubes}, dominion {dominion}, research {research}; commands: none.", **words))
    return lines


def render_status(view: dict):
    if view["over"]:
        you = view.get("you")
        return _("Game over: you win!") if you in view["winners"] else \
            _("Game over: {winners} won.", winners=anded(view["winners"]))
    parts = [_("Quantum round {round}", round=view["round"])]
    if view["phase"] in ("roll", "home"):
        parts.append(_("set-up"))
    elif view["turn"]:
        t = view["turn"]
        if t["player"] == view.get("you"):
            parts.append(_.plural("your turn, {n} action", "your turn, {n} actions", t["actions"]))
        else:
            parts.append(_.plural("{player}'s turn, {n} action", "{player}'s turn, {n} actions", t["actions"],
                                  player=t["player"]))
    me = view["players"].get(view.get("you") or "")
    if me:
        parts.append(_("you: cubes {placed}/{cubes}, dominion {dominion}, research {research}", placed=me["placed"],
                       cubes=view["map"]["cubes"], dominion=me["dominion"], research=me["research"]))
    # the short form, to fit a status bar -- chosen for the longest turn part this match can show, so
    # the bar keeps one form rather than flip with whose turn it is or "1 action" (the first hour's replay)
    longest = max([len(f"{p}'s turn") for p in view["order"]] + [len("your turn")]) + len(", 10 actions")
    widest = len(str(parts[0])) + 3 + longest + 3 + (len(str(parts[-1])) if me else 0)
    if me and widest > 78:
        parts[-1] = _("you: {placed}/{cubes} cubes, D{dominion} R{research}", placed=me["placed"],
                      cubes=view["map"]["cubes"], dominion=me["dominion"], research=me["research"])
    return _barred(parts)


def _barred(parts: list):
    """The status line's parts, ' | ' between them."""
    if len(parts) == 1:
        return parts[0]
    return _("{head} | {tail}", head=parts[0], tail=_barred(parts[1:]))
