"""Quest for Legend's screens as plain text drawn from one player's view, each line within 80
columns (and mostly within the 38 of a TUI panel): ``table`` (look), ``hand``, ``score``,
``piles``, and the status line."""

from __future__ import annotations

from games.legend.data import MISSIONS, TYPE_ORDER
from games.legend.names import HERO_NAMES, MISSION_SHORT, card_shown
from games.legend.words import _, listed, row

# Each line's words are messages made from the view's data (keys, numbers), never from its display fields:
# a screen may be drawn from the view as the game made it or as the world worded it for the reader.
PHASES = {"play": _("phase 1"), "start": _("phase 2"), "discard": _("phase 4"), "last": _("last phase 1"),
          "over": _("over")}


def needs(missing: dict) -> str:
    return " ".join(t for t in TYPE_ORDER for _n in range(missing.get(t, 0))) or "-"


def mission_lines(hand: list[str]) -> list:
    """Each mission in a hand once, with its value and the cards it needs (`` Hydra(3) needs C E E``,
    ``x2`` for a pair of twins): so a player sees what a mission asks before starting it. Indented,
    the rows of a little table (the TUI keeps them whole)."""
    held = [c for c in dict.fromkeys(hand) if c in MISSIONS]
    out = []
    for key in held:
        m, count = MISSIONS[key], hand.count(key)
        words = dict(mission=MISSION_SHORT[key], points=m.points, needs=needs(m.need), count=count)
        line = (_("{mission}({points}) x{count} needs {needs}", **words) if count > 1
                else _("{mission}({points}) needs {needs}", **words))
        out.append(row(["", line]))  # (the indent: a space before the message)
    return out


def render_table(view: dict) -> list:
    games = dict(game=view["game_no"], games=view["games"])
    if view["over"]:
        lines = [_("Game {game}/{games}, the game is over.", **games) if view["games"] > 1
                 else _("the game is over.")]
    else:
        words = dict(round=view["round"], player=view["turn"], phase=PHASES.get(view["phase"], view["phase"]), **games)
        lines = [_("Game {game}/{games}, round {round}: {player}, {phase}", **words) if view["games"] > 1
                 else _("round {round}: {player}, {phase}", **words)]
    if not view["table"]:  # "yet" only before any was completed (it read as if none ever was)
        lines.append(_("No mission on the table.") if view.get("done") else _("No mission on the table yet."))
    for e in view["table"]:
        words = dict(number=e["number"], owner=e["owner"], mission=MISSION_SHORT[e["mission"]], points=e["points"],
                     under=e["under"], needs=needs(e["missing"]))
        # nothing under it yet: what it needs, alone
        lines.append(_("{number} {owner} {mission}({points}): needs {needs}", **words) if e["under"] == "-"
                     else _("{number} {owner} {mission}({points}): {under} > needs {needs}", **words))
    if view["last_round"]:
        lines.append(_("Last round: {players} still to play.", players=", ".join(view["last_round"])))
    return lines


def render_score(view: dict) -> list:
    lines = [_("Score = done - open - superseded")]
    wide = max(len(p) for p in view["order"])  # a column of names (the TUI adds a bot's level there)
    for p in view["order"]:
        s = view["players"][p]
        words = dict(player=f"{p:<{wide}}", hero=HERO_NAMES[s["hero"]], score=f"{s['score']:+d}",
                     done=s["done_points"], open=s["open_points"], lost=s["lost_points"])
        if view["games"] > 1:
            total = s["total"] + (0 if view["over"] else s["score"])
            lines.append(_("{player}  {hero} {score} = {done}-{open}-{lost}, total {total}", total=total, **words))
        else:
            lines.append(_("{player}  {hero} {score} = {done}-{open}-{lost}", **words))
    if view["teams"]:
        teams = ", ".join(f"{'+'.join(t)} {sum(view['players'][p]['score'] for p in t):+d}" for t in view["teams"])
        lines.append(_("Teams: {teams}", teams=teams))
    if view["over"]:
        lines.append(_.plural("{winners} won.", "{winners} won.", len(view["winners"]),
                              winners=listed(view["winners"])))  # (Italian agrees: ha vinto, hanno vinto)
    return lines


def render_hand(view: dict) -> list:
    me = view.get("me")
    if not me:
        return [_("You have no hand: you are watching.")]
    hero = view["players"][me["name"]]
    hand = row([card_shown(c) for c in me["hand"]]) if me["hand"] else _("no cards")
    lines = [_("Hand: {cards}", cards=hand), *mission_lines(me["hand"]),
             _("{hero}: {mission} -1 card, {pair}+{pair}={card}", hero=HERO_NAMES[hero["hero"]],
               mission=MISSION_SHORT[hero["favoured"]], pair=hero["pair"],
               card=hero["stands_for"])]  # as 'help heroes' has it
    if me["dead"]:
        lines.append(_("Dead: {cards}", cards=row([card_shown(c) for c in me["dead"]], ", ")))
    lines.append(piles_line(view))
    return lines


def piles_line(view: dict):
    words = dict(deck=view["deck"], discards=len(view["discard"]))
    return (_("Draw {deck} (2nd pile), discards {discards}", **words) if view["reshuffled"]
            else _("Draw {deck} (1st pile), discards {discards}", **words))


def render_piles(view: dict) -> list:
    piles = piles_line(view)
    lines = [_("{piles}; the 2nd is the last.", piles=piles) if view["reshuffled"] else _("{piles}.", piles=piles)]
    discards = row([card_shown(c) for c in view["discard"]]) if view["discard"] else _("empty")
    lines.append(_("Discard pile: {cards}", cards=discards))
    for p in view["order"]:
        aside = view["set_aside"][p]
        for kind in ("completed", "superseded"):
            for key, points, cards in aside[kind]:
                words = dict(player=p, mission=MISSION_SHORT[key], points=points, cards=cards)
                lines.append(_("{player} completed {mission}({points}): {cards}", **words) if kind == "completed"
                             else _("{player} superseded {mission}({points}): {cards}", **words))
    dead = [MISSION_SHORT[k] for k in view["done"]]
    if dead:
        lines.append(_("Completed, twins dead: {missions}", missions=row(dead, ", ")))
    return lines


def render_status(view: dict):
    if view["over"]:
        you = view.get("you")
        return _("Game over: you win!") if you in view["winners"] else \
            _.plural("Game over: {winners} won.", "Game over: {winners} won.", len(view["winners"]),
                     winners=listed(view["winners"]))
    parts = [_("Legend round {round}: {player}, {phase}", round=view["round"], player=view["turn"],
               phase=PHASES.get(view["phase"], view["phase"]))]
    me = view.get("me")
    if me:
        parts.append(_("you {score}", score=f"{view['players'][me['name']]['score']:+d}"))
    parts.append(_("draw pile {deck}", deck=view["deck"]))
    return row(parts, " | ")
