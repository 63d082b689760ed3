"""The screens of Dungeon Chess, drawn from a view only: the monospace board with coordinates (fits
in 80 columns), captured pieces and chests, the secret target, the score and the status line. Each line
with words is a message (games/dungeon_chess/words.py) the world words for its reader; the board's
rows are glyphs, letters and numbers, the same in every language."""

from __future__ import annotations

from games.dungeon_chess.data import FILES, SIZE, dark, name
from games.dungeon_chess.words import SIDES, _, listing, owned
from games.words import Msg

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


def _wrapped(parts: list[Msg], indent: str = "    ", width: int = 80) -> list[Msg]:
    """``parts`` in rows of at most ``width`` (measured in English), two spaces apart, indented."""
    rows: list[list[Msg]] = [[]]
    used = len(indent)
    for part in parts:
        if rows[-1] and used + 2 + len(str(part)) > width:
            rows.append([])
            used = len(indent)
        used += (2 if rows[-1] else 0) + len(str(part))
        rows[-1].append(part)
    out = []
    for row in rows:
        line = row[-1]
        for part in reversed(row[:-1]):
            line = _("{first}  {rest}", first=part, rest=line)
        out.append(_("    {line}", line=line))
    return out


def legend(view) -> list[Msg]:
    tps = "  ".join(f"{view['sides'][p]}:{'/'.join(view['teleports'][view['sides'][p]])}" for p in view["order"])
    players = [_("{side} {player} ({n} on board)", side=view["sides"][p], player=p, n=view["counts"][p])
               for p in view["order"]]
    return _wrapped(players) + [
        _("    L Fighter  Gk Kor Warrior  G Warrior  M Mage   [ ] entry  ( ) teleport"),
        _("    teleports {squares}", squares=tps),
    ]


# A piece as 'ransom' is typed, in each reader's words ('riscatta guerriero'): the verbs' vocabulary reads them.
RANSOM_WORDS = {"fighter": _("fighter"), "warrior": _("warrior"), "mage": _("mage"), "kor": _("kor")}


def turn_line(view) -> Msg:
    if view["over"]:
        return _("The game is over: {players} won ('score').", players=listing(view["winners"], last_word=True))
    if view["phase"] == "choose":
        waiting = [p for p in view["order"] if p not in view["chosen"]]
        return _("Choosing secret targets: waiting for {players}.", players=", ".join(waiting))
    me = view.get("me")
    if me and view["turn"] == me["name"]:
        ways = []
        if view["moves"]:
            frm, tos = sorted(view["moves"].items())[0]
            ways.append(_("'move {frm} {to}'", frm=frm, to=tos[0]))
        if view["teleports_from"]:
            ways.append(_("'teleport {square}'", square=view["teleports_from"][0]))
        if view["ransoms"]:
            ways.append(_("'ransom {kind}'", kind=RANSOM_WORDS.get(view["ransoms"][0][0], view["ransoms"][0][0])))
        return _("Your move ({side}): {ways}.", side=SIDES[me["side"]], ways=listing(ways) if ways else "")
    return _("{player} to move.", player=view["turn"])


def _indented(line: Msg) -> Msg:
    return _("    {line}", line=line)


def render_look(view) -> list[Msg | str]:
    return [_("Dungeon Chess, in the Castle dungeon.")] + render_board(view) + legend(view) + [_indented(turn_line(view))]


def render_board_screen(view) -> list[Msg | str]:
    return render_board(view) + legend(view) + [_indented(turn_line(view))]


def _pieces(pairs) -> Msg | str:
    return listing([owned(owner, kind) for owner, kind in pairs]) if pairs else _("nothing")


def _chests(n: int) -> Msg:
    return _.plural("{n} chest", "{n} chests", n)


def render_captured(view) -> list[Msg]:
    lines = [_("Captured characters and chests (beside each player's side):")]
    for p in view["order"]:
        lines.append(_("  {player}: {chests}; holds {pieces}", player=_who(view, p), chests=_chests(view["chests"][p]),
                       pieces=_pieces(view["held"][p])))
    return lines


def _target(t) -> Msg:
    return _("#{number} {text} (+{bonus})", number=t["number"], text=t["text"], bonus=t["bonus"])


def render_target(view) -> list[Msg]:
    me = view.get("me")
    lines = []
    if me is None:
        lines.append(_("You have no seat: the secret targets are the players' own."))
    elif me["target"] is None:
        lines.append(_("Your two targets; keep one ('keep N'):"))
        lines += [_("  {target}", target=_target(t)) for t in me["dealt"]]
    else:
        lines.append(_("Your secret target: {target}.", target=_target(me["target"])))
        lines.append(_("  It scores only if it still holds when the game ends."))
    if view.get("targets"):
        lines.append(_("Revealed at the end:"))
        for p, t in view["targets"].items():
            met = view["scores"].get(p, {}).get("met")
            lines.append(_("  {player}: {target} - achieved", player=p, target=_target(t)) if met else
                         _("  {player}: {target} - not achieved", player=p, target=_target(t)))
    return lines


def render_score(view) -> list[Msg | str]:
    if view.get("scores"):
        lines: list[Msg | str] = [_("Final scores (characters owned + held + chests + target):")]
        for p in view["order"]:
            s = view["scores"][p]
            lines.append(f"  {p:<12} {s['owned']:>3} + {s['held']:>3} + {s['chests']:>3} + {s['bonus']:>2}"
                         f" = {s['total']:>3}")
        lines.append(_("  Winner: {players}", players=listing(view["winners"], last_word=True)))
        return lines
    lines = [_("Points so far (characters owned and held, chests; targets count at the end):")]
    lines += [f"  {_who(view, p):<16} {view['points'][p]:>3}" for p in view["order"]]
    return lines


def render_inventory(view) -> list[Msg]:
    me = view.get("me")
    if me is None:
        return [_("You have no seat at this game.")]
    p = me["name"]
    return [_("You play {side}: {n} characters on the board.", side=SIDES[me["side"]], n=view["counts"][p]),
            _("  {chests}; you hold {pieces}", chests=_chests(view["chests"][p]), pieces=_pieces(view["held"][p])),
            _("  secret target {target}", target=_target(me["target"])) if me["target"] else
            _("  secret target not chosen yet")]


def render_status(view) -> Msg:
    if view["over"]:
        state = _("over: {players} won", players=listing(view["winners"], last_word=True))
    elif view["phase"] == "choose":
        state = _("choosing targets")
    else:
        me = view.get("me")
        state = _("your move") if me and view["turn"] == me["name"] else _("{player} to move", player=view["turn"])
    me = view.get("me")
    if not me:
        return _("Dungeon Chess · {state}", state=state)
    p = me["name"]
    return _("Dungeon Chess · {state} · {n} on board, {chests}, {points} pts", state=state, n=view["counts"][p],
             chests=_chests(view["chests"][p]), points=view["points"][p])
