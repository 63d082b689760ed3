"""Quest for Legend's screens as plain text drawn from one player's view, each line within 80
columns (and mostly within the 38 of a TUI panel): ``table`` (look), ``hand``, ``score``,
``piles``, and the status line."""

from __future__ import annotations

from games.legend.data import MISSIONS, TYPE_ORDER, card_name

PHASES = {"play": "phase 1", "start": "phase 2", "discard": "phase 4", "last": "last phase 1", "over": "over"}


def needs(missing: dict) -> str:
    return " ".join(t for t in TYPE_ORDER for _ in range(missing.get(t, 0))) or "-"


def mission_lines(hand: list[str]) -> list[str]:
    """Each mission in a hand once, with its value and the cards it needs (`` Hydra(3) needs C E E``,
    ``x2`` for a pair of twins): so a player sees what a mission asks before starting it. Indented,
    the rows of a little table (the TUI keeps them whole)."""
    held = [c for c in dict.fromkeys(hand) if c in MISSIONS]
    out = []
    for key in held:
        m, count = MISSIONS[key], hand.count(key)
        twice = f" x{count}" if count > 1 else ""
        out.append(f" {m.short}({m.points}){twice} needs {needs(m.need)}")
    return out


def render_table(view: dict) -> list[str]:
    head = f"Game {view['game_no']}/{view['games']}, " if view["games"] > 1 else ""
    if view["over"]:
        lines = [f"{head}the game is over."]
    else:
        lines = [f"{head}round {view['round']}: {view['turn']}, {PHASES.get(view['phase'], view['phase'])}"]
    if not view["table"]:  # "yet" only before any was completed (it read as if none ever was)
        lines.append("No mission on the table." if view.get("done") else "No mission on the table yet.")
    for e in view["table"]:
        under = "" if e["under"] == "-" else f"{e['under']} > "  # nothing under it yet: what it needs, alone
        lines.append(f"{e['number']} {e['owner']} {e['name']}({e['points']}): {under}needs {needs(e['missing'])}")
    if view["last_round"]:
        lines.append(f"Last round: {', '.join(view['last_round'])} still to play.")
    return lines


def render_score(view: dict) -> list[str]:
    lines = ["Score = done - open - superseded"]
    wide = max(len(p) for p in view["order"])  # a column of names (the TUI adds a bot's level there)
    for p in view["order"]:
        s = view["players"][p]
        total = f", total {s['total'] + (0 if view['over'] else s['score'])}" if view["games"] > 1 else ""
        lines.append(f"{p:<{wide}}  {s['hero_name']} {s['score']:+d} = {s['done_points']}-{s['open_points']}-"
                     f"{s['lost_points']}{total}")
    if view["teams"]:
        lines.append("Teams: " + ", ".join(f"{'+'.join(t)} {sum(view['players'][p]['score'] for p in t):+d}"
                                           for t in view["teams"]))
    if view["over"]:
        lines.append(f"{' and '.join(view['winners'])} won.")
    return lines


def render_hand(view: dict) -> list[str]:
    me = view.get("me")
    if not me:
        return ["You have no hand: you are watching."]
    hero = view["players"][me["name"]]
    hand = " ".join(card_name(c) for c in me["hand"]) or "no cards"
    lines = [f"Hand: {hand}", *mission_lines(me["hand"]),
             f"{hero['hero_name']}: {MISSIONS[hero['favoured']].short} -1 card, "
             f"{hero['pair']}+{hero['pair']}={hero['stands_for']}"]  # as 'help heroes' has it
    if me["dead"]:
        lines.append("Dead: " + ", ".join(card_name(c) for c in me["dead"]))
    lines.append(piles_line(view))
    return lines


def piles_line(view: dict) -> str:
    which = "2nd pile" if view["reshuffled"] else "1st pile"
    return f"Draw {view['deck']} ({which}), discards {len(view['discard'])}"


def render_piles(view: dict) -> list[str]:
    lines = [piles_line(view) + ("; the 2nd is the last." if view["reshuffled"] else ".")]
    discards = " ".join(card_name(c) for c in view["discard"])
    lines.append(f"Discard pile: {discards or 'empty'}")
    for p in view["order"]:
        aside = view["set_aside"][p]
        for kind, word in (("completed", "completed"), ("superseded", "superseded")):
            for key, points, cards in aside[kind]:
                lines.append(f"{p} {word} {MISSIONS[key].short}({points}): {cards}")
    dead = [MISSIONS[k].short for k in view["done"]]
    if dead:
        lines.append("Completed, twins dead: " + ", ".join(dead))
    return lines


def render_status(view: dict) -> str:
    if view["over"]:
        you = view.get("you")
        return "Game over: you win!" if you in view["winners"] else f"Game over: {' and '.join(view['winners'])} won."
    parts = [f"Legend round {view['round']}: {view['turn']}, {PHASES.get(view['phase'], view['phase'])}"]
    me = view.get("me")
    if me:
        parts.append(f"you {view['players'][me['name']]['score']:+d}")
    parts.append(f"draw pile {view['deck']}")
    return " | ".join(parts)
