"""10x's read-only screens as plain text, drawn from a player's view: ``hand``, ``look`` (the table),
``quests``, ``score``, and the status line."""

from __future__ import annotations


# What meeting a personal quest gives, as its tag reads: a game card, a new quest, or a point.
REWARDS = {"card": "+1 card", "quest": "+1 quest", "point": "+1 point"}


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def render_hand(view: dict) -> list[str]:
    me = view.get("me")
    if not me:
        return ["You have no hand: you are watching."]
    numbered = [c["name"] for c in me["hand"] if c["kind"] == "number"]
    bonus = [c["name"] for c in me["hand"] if c["kind"] == "bonus"]
    lines = [f"Numbered: {', '.join(numbered) or 'none'}", f"Bonus/malus: {', '.join(bonus) or 'none'}",
             f"({len(me['hand'])} of 10 cards; [+1]: as a bonus)"]  # one row of a hand panel at 80x24
    if me.get("choice"):
        lines.append(f"Placed face down: {me['choice']['name']}")
    lines += render_my_quests(view)
    return lines


def render_my_quests(view: dict) -> list[str]:
    me = view.get("me") or {}
    quests = [f"{i}. {q['text']} ({REWARDS.get(q['reward'], q['reward'])})"
              for i, q in enumerate(me.get("quests", []), 1)]
    return ["Your quests: " + ("; ".join(quests) if quests else "none")]


def render_table(view: dict) -> list[str]:
    """The round and its step, and whom it waits for, on one line (a row more for the score beside
    it at 80x24, issue 40); then the cards revealed, or who has placed one face down."""
    waiting = f" Waiting for {', '.join(view['awaiting'])}." if view["awaiting"] else ""
    lines = [f"Round {view['round']}" + (" (the game is over)." if view["over"] else f" ({view['phase']}).{waiting}")]
    if view["table"]:
        # Columns as wide as their longest entry: a name of the world's up to 20 letters, or a bot
        # named with its level at game over ('bot1·normal'), keeps every revealed card under the others.
        names = max(10, *(len(p) for p in view["table"]))
        cards = max(18, *(len(t["card"]["name"]) for t in view["table"].values()))
        for p, t in sorted(view["table"].items(), key=lambda kv: -kv[1]["value"]):
            extra = []
            if t["bonuses"]:
                extra.append(" ".join(f"{b:+d}" for b in t["bonuses"]))
            if t["masked"]:
                extra.append("mask used")
            if t["used"] and t["used"] != "mask":
                extra.append(f"{t['used']} used")
            lines.append(f"  {p:<{names}} {t['card']['name']:<{cards}} now {t['value']:>2}" + (f"  ({', '.join(extra)})"
                                                                                     if extra else ""))
    else:
        chosen = [p for p, s in view["players"].items() if s["chosen"]]
        lines.append("  Face down: " + (", ".join(chosen) if chosen else "nobody yet") + ".")
    return lines


def render_quests(view: dict) -> list[str]:
    active = [f"{i}. {q['text']}" + (f" (met by {', '.join(q['given'])})" if q["given"] else "")
              for i, q in enumerate(view["active"], 1)]
    idle = "none yet (one every third round)" if view["round"] < 3 else \
        "none active now (a new one comes every third round)"  # one may have been met already
    lines = ["Common quests: " + ("; ".join(active) if active else idle)]
    lines += render_my_quests(view) if view.get("me") else []
    for p, s in view["players"].items():
        if s["shown"]:
            lines.append(f"{p} resolved: {'; '.join(q['text'] for q in s['shown'])}")
    return lines


def render_score(view: dict) -> list[str]:
    """A small table, one heading row then one row a player, so the panel beside 10x's table shows
    all four players at 80x24 (issue 40): points (a star once declared), cards and quests in hand,
    quests met; the cards and quests columns are those in hand (``help tenx``). The heading's first
    column says from how many points one may declare (*) and at how many the game ends: "* at 7, end 10"."""
    rule = f"* at {view['declare']}, end {view['target']}"
    # A name column for names of up to 14 (a bot and its level: ``bot2·strong``); a longer name
    # widens it, never shifting a row. 37 columns at most with such names.
    wide = max(len(rule), *(len(p) for p in view["order"]))
    lines = [f"  {rule:<{wide}}{'pts':>4}{'cards':>6}{'quests':>7}{'met':>4}"]
    for p in view["order"]:
        s = view["players"][p]
        star = "*" if s["declared"] else " "
        lines.append(f"  {p:<{wide}}{s['points']:>3}{star}{s['cards']:>6}{s['quests']:>7}{len(s['shown']):>4}")
    if view["over"]:
        lines.append(f"{' and '.join(view['winners'])} won.")
    return lines


def render_status(view: dict) -> str:
    if view["over"]:
        you = view.get("you")
        return "Game over: you win!" if you in view["winners"] else f"Game over: {' and '.join(view['winners'])} won."
    parts = [f"10x round {view['round']}: {view['phase']}"]
    if view["awaiting"]:
        parts.append("your move" if view.get("you") in view["awaiting"] else f"waiting for {', '.join(view['awaiting'])}")
    me = view.get("me")
    if me:
        parts.append(f"you: {_n(me['points'], 'point')}, {_n(len(me['hand']), 'card')}")
    return " | ".join(parts)
