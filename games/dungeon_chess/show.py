"""The screens of Dungeon Chess, drawn from a view only: the monospace board with coordinates (fits
in 80 columns), captured pieces and chests, the secret target, the score and the status line."""

from __future__ import annotations

from games.dungeon_chess.data import FILES, SIDE_NAMES, SIZE, dark, name, piece_name

CELL = 5


def _marks(view) -> dict[str, str]:
    """square -> the brackets it is drawn in: [ ] entry, ( ) teleport of a side in play."""
    out = {sq: "[]" for squares in view["entries"].values() for sq in squares}
    out.update({sq: "()" for squares in view["teleports"].values() for sq in squares})
    return out


def cell_text(view, sq: int) -> str:
    """Three characters for a square: side letter and piece (``SGk``), or the square's tone."""
    here = view["board"].get(name(sq))
    if here is None:
        return " : " if dark(sq) else " . "
    owner, kind = here
    return f"{view['sides'][owner]}{kind}".ljust(3)


def render_board(view) -> list[str]:
    marks = _marks(view)
    files = "".join(f.center(CELL) for f in FILES)
    lines = ["    " + files]
    for rank in range(SIZE, 0, -1):
        row = []
        for f in range(SIZE):
            sq = f + SIZE * (rank - 1)
            left, right = marks.get(name(sq), "  ")
            row.append(f"{left}{cell_text(view, sq)}{right}")
        lines.append(f"{rank:>3} " + "".join(row) + f" {rank}")
    lines.append("    " + files)
    return lines


def _who(view, p) -> str:
    return f"{view['sides'][p]} {p}"


def _wrapped(parts: list[str], indent: str = "    ", width: int = 80) -> list[str]:
    lines, line = [], indent
    for part in parts:
        if line.strip() and len(line) + 2 + len(part) > width:
            lines.append(line)
            line = indent
        line += ("  " if line.strip() else "") + part
    return lines + [line]


def legend(view) -> list[str]:
    tps = "  ".join(f"{view['sides'][p]}:{'/'.join(view['teleports'][view['sides'][p]])}" for p in view["order"])
    players = [f"{_who(view, p)} ({view['counts'][p]} on board)" for p in view["order"]]
    return _wrapped(players) + [
        "    L Fighter  Gk Kor Warrior  G Warrior  M Mage   [ ] entry  ( ) teleport",
        f"    teleports {tps}",
    ]


def turn_line(view) -> str:
    if view["over"]:
        return "The game is over: " + " and ".join(view["winners"]) + " won ('score')."
    if view["phase"] == "choose":
        waiting = [p for p in view["order"] if p not in view["chosen"]]
        return "Choosing secret targets: waiting for " + ", ".join(waiting) + "."
    me = view.get("me")
    if me and view["turn"] == me["name"]:
        ways = []
        if view["moves"]:
            frm, tos = sorted(view["moves"].items())[0]
            ways.append(f"'move {frm} {tos[0]}'")
        if view["teleports_from"]:
            ways.append(f"'teleport {view['teleports_from'][0]}'")
        if view["ransoms"]:
            ways.append(f"'ransom {view['ransoms'][0][0]}'")
        return f"Your move ({SIDE_NAMES[me['side']]}): " + ", ".join(ways) + "."
    return f"{view['turn']} to move."


def render_look(view) -> list[str]:
    return ["Dungeon Chess, in the Castle dungeon."] + render_board(view) + legend(view) + ["    " + turn_line(view)]


def render_board_screen(view) -> list[str]:
    return render_board(view) + legend(view) + ["    " + turn_line(view)]


def _pieces(pairs) -> str:
    return ", ".join(f"{owner}'s {piece_name(kind)}" for owner, kind in pairs) or "nothing"


def _chests(n: int) -> str:
    return f"{n} chest" if n == 1 else f"{n} chests"


def render_captured(view) -> list[str]:
    lines = ["Captured characters and chests (beside each player's side):"]
    for p in view["order"]:
        lines.append(f"  {_who(view, p)}: {_chests(view['chests'][p])}; holds {_pieces(view['held'][p])}")
    return lines


def _target(t) -> str:
    return f"#{t['number']} {t['text']} (+{t['bonus']})"


def render_target(view) -> list[str]:
    me = view.get("me")
    lines = []
    if me is None:
        lines.append("You have no seat: the secret targets are the players' own.")
    elif me["target"] is None:
        lines.append("Your two targets; keep one ('keep N'):")
        lines += [f"  {_target(t)}" for t in me["dealt"]]
    else:
        lines.append(f"Your secret target: {_target(me['target'])}.")
        lines.append("  It scores only if it still holds when the game ends.")
    if view.get("targets"):
        lines.append("Revealed at the end:")
        for p, t in view["targets"].items():
            met = view["scores"].get(p, {}).get("met")
            lines.append(f"  {p}: {_target(t)} - {'achieved' if met else 'not achieved'}")
    return lines


def render_score(view) -> list[str]:
    if view.get("scores"):
        lines = ["Final scores (characters owned + held + chests + target):"]
        for p in view["order"]:
            s = view["scores"][p]
            lines.append(f"  {p:<12} {s['owned']:>3} + {s['held']:>3} + {s['chests']:>3} + {s['bonus']:>2}"
                         f" = {s['total']:>3}")
        lines.append("  Winner: " + " and ".join(view["winners"]))
        return lines
    lines = ["Points so far (characters owned and held, chests; targets count at the end):"]
    lines += [f"  {_who(view, p):<16} {view['points'][p]:>3}" for p in view["order"]]
    return lines


def render_inventory(view) -> list[str]:
    me = view.get("me")
    if me is None:
        return ["You have no seat at this game."]
    p = me["name"]
    target = _target(me["target"]) if me["target"] else "not chosen yet"
    return [f"You play {SIDE_NAMES[me['side']]}: {view['counts'][p]} characters on the board.",
            f"  {_chests(view['chests'][p])}; you hold {_pieces(view['held'][p])}",
            f"  secret target {target}"]


def render_status(view) -> str:
    parts = ["Dungeon Chess"]
    if view["over"]:
        parts.append("over: " + " and ".join(view["winners"]) + " won")
    elif view["phase"] == "choose":
        parts.append("choosing targets")
    else:
        me = view.get("me")
        parts.append("your move" if me and view["turn"] == me["name"] else f"{view['turn']} to move")
    me = view.get("me")
    if me:
        p = me["name"]
        parts.append(f"{view['counts'][p]} on board, {_chests(view['chests'][p])}, {view['points'][p]} pts")
    return " · ".join(parts)
