"""Quantum's read-only screens as plain text (at most 80 columns), drawn from a player's view:
``map`` (and ``look``), ``cards``, ``score``, ``inventory``, and the status line."""

from __future__ import annotations

import textwrap

from games.quantum.data import ABILITIES, CARDS
from games.quantum.faceup import label, sections

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


def planet_lines(view: dict) -> list[str]:
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
    return lines + [line]


def player_lines(view: dict) -> list[str]:
    marks = view["markers"]
    out = []
    for p in view["order"]:
        s = view["players"][p]
        you = " (you)" if p == view.get("you") else ""
        turn = "*" if view["turn"] and view["turn"]["player"] == p and not view["over"] else " "
        cmds = f"  [{', '.join(s['commands'])}]" if s["commands"] else ""
        out.append(f"{turn}{marks[p]} {p}{you}: cubes {s['placed']}/{view['map']['cubes']}, dominion "
                   f"{s['dominion']}, research {s['research']}{cmds}"[:80])
    return out


def render_map(view: dict) -> list[str]:
    return map_grid(view) + planet_lines(view) + player_lines(view)


def render_look(view: dict) -> list[str]:
    return render_map(view) + [_now(view)]


def _now(view: dict) -> str:
    if view["over"]:
        return f"The game is over: {' and '.join(view['winners'])} won."
    if view["phase"] == "roll":
        return "Opening roll: each keeps it or rerolls all three once ('keep', 'reroll')."
    if view["phase"] == "home":
        return f"{view['awaiting'][0]} chooses a starting planet ('home <planet>')."
    t = view["turn"]
    owed = f"; owed: {view['pending'][0]['kind']}" if view["pending"] else ""
    return f"Round {view['round']}: {t['player']}'s turn, {t['actions']} action{'s' * (t['actions'] != 1)} left{owed}."


NAME = 14  # the card-name column of 'cards' ('relocation x2' and a space)
TITLES = {"gambits": "Gambits (played at once):", "commands": "Commands (kept, 3 at most):"}


def render_cards(view: dict) -> list[str]:
    """The face-up cards, numbered as the question and 'take N' number them (faceup.py: a doubled
    card once, 'x2'; an empty place unnumbered), each with what it does, wrapped under itself."""
    lines = []
    for kind, entries in sections(view["faceup"]):
        lines.append(TITLES[kind])
        for number, card, copies in entries:
            if card is None:
                lines.append("     (empty)")
                continue
            head = f"  {number}. {label(card, copies):<{NAME}}"
            lines += textwrap.wrap(CARDS[card].text, 79, initial_indent=head, subsequent_indent=" " * len(head))
    lines.append(f"Decks: {view['decks']['gambits']} gambits, {view['decks']['commands']} commands. "
                 "Take one by name or number.")
    me = view["players"].get(view.get("you") or "")
    if me is not None:
        lines.append(f"Your commands: {', '.join(me['commands']) or 'none'}.")
        if me["later"]:
            lines.append(f"Gambits you play at the start of your next turn: {', '.join(me['later'])}.")
    return lines


def render_score(view: dict) -> list[str]:
    return player_lines(view) + ([f"{' and '.join(view['winners'])} won."] if view["over"] else [])


def render_inventory(view: dict) -> list[str]:
    me = view.get("you")
    if not me:
        return ["You are watching: you have no fleet."]
    ships = [s for s in view["ships"] if s["owner"] == me]
    used = set(view["turn"]["used"]) if view["turn"] else set()
    moved = view["turn"]["moved"] if view["turn"] else {}
    lines = ["Your fleet:"]
    for s in ships:
        if s["where"] == "play":
            notes = [n for n, on in (("moved", str(s["id"]) in moved), ("ability used", s["id"] in used)) if on]
            lines.append(f"  {s['value']} at {s['square']:<4} {ABILITIES[s['value']]}"
                         + (f" ({', '.join(notes)})" if notes else ""))
    scrap = sum(s["where"] == "scrap" for s in ships)
    reserve = sum(s["where"] == "reserve" for s in ships)
    lines.append(f"  scrapyard {scrap}, expansion ships not yet in play {reserve}")
    p = view["players"][me]
    lines.append(f"Cubes {p['placed']}/{view['map']['cubes']}, dominion {p['dominion']}, research {p['research']}; "
                 f"commands: {', '.join(p['commands']) or 'none'}.")
    return lines


def render_status(view: dict) -> str:
    if view["over"]:
        you = view.get("you")
        return "Game over: you win!" if you in view["winners"] else f"Game over: {' and '.join(view['winners'])} won."
    parts = [f"Quantum round {view['round']}"]
    if view["phase"] in ("roll", "home"):
        parts.append("set-up")
    elif view["turn"]:
        t = view["turn"]
        whose = "your turn" if t["player"] == view.get("you") else f"{t['player']}'s turn"
        parts.append(f"{whose}, {t['actions']} action{'s' * (t['actions'] != 1)}")
    me = view["players"].get(view.get("you") or "")
    if me:
        parts.append(f"you: cubes {me['placed']}/{view['map']['cubes']}, dominion {me['dominion']}, "
                     f"research {me['research']}")
    # the short form, to fit a status bar -- chosen for the longest turn part this match can show, so
    # the bar keeps one form rather than flip with whose turn it is or "1 action" (the first hour's replay)
    longest = max([len(f"{p}'s turn") for p in view["order"]] + [len("your turn")]) + len(", 10 actions")
    widest = len(parts[0]) + 3 + longest + 3 + (len(parts[-1]) if me else 0)
    if me and widest > 78:
        parts[-1] = f"you: {me['placed']}/{view['map']['cubes']} cubes, D{me['dominion']} R{me['research']}"
    return " | ".join(parts)
