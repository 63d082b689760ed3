"""10x's read-only screens, drawn from a player's view: ``hand``, ``look`` (the table), ``quests``,
``score``, and the status line. Each line is a message (games/tenx/words.py) the world words for its
reader; names and numbers are its parameters. A column is as wide as its English needs (so English
reads as it always did); a longer Italian word may push the rest of its row along."""

from __future__ import annotations

from games.tenx.order import each_and
from games.tenx.words import _, listed
from games.words import Msg

# What meeting a personal quest gives, as its tag reads: a game card, a new quest, or a point.
REWARDS = {"card": _("+1 card"), "quest": _("+1 quest"), "point": _("+1 point")}
# The round's steps (the view's ``phase``, data) as a player reads them.
PHASE_NAMES = {"draw": _("draw"), "place": _("place"), "mask": _("mask"), "bonus": _("bonus"), "star": _("star"),
               "die": _("die"), "lose": _("lose"), "score": _("score"), "reward": _("reward"),
               "cancel": _("cancel"), "over": _("over")}
# A revealed card's modifier already spent this round (the mask's own words are "mask used").
USED = {"star": _("star used"), "die": _("die used")}


def _phase(view: dict) -> Msg | str:
    return PHASE_NAMES.get(view["phase"], view["phase"])


def render_hand(view: dict) -> list[Msg]:
    me = view.get("me")
    if not me:
        return [_("You have no hand: you are watching.")]
    numbered = [c["name"] for c in me["hand"] if c["kind"] == "number"]
    bonus = [c["name"] for c in me["hand"] if c["kind"] == "bonus"]
    # "none" whole with its noun: Italian says "nessuna" of cards and quests, "nessuno" of a bonus/malus.
    lines = [_("Numbered: {cards}", cards=listed(numbered)) if numbered else _("Numbered: none"),
             _("Bonus/malus: {cards}", cards=listed(bonus)) if bonus else _("Bonus/malus: none"),
             # one row of a hand panel at 80x24; "1 of 10 cards" is English for any count, Italian's
             # "carta"/"carte" is not
             _.plural("({n} of 10 cards; [+1]: as a bonus)", "({n} of 10 cards; [+1]: as a bonus)", len(me["hand"]))]
    if me.get("choice"):
        lines.append(_("Placed face down: {card}", card=me["choice"]["name"]))
    lines += render_my_quests(view)
    return lines


def render_my_quests(view: dict) -> list[Msg]:
    me = view.get("me") or {}
    quests = [_("{number}. {quest} ({reward})", number=i, quest=q["text"], reward=REWARDS.get(q["reward"], q["reward"]))
              for i, q in enumerate(me.get("quests", []), 1)]
    return [_("Your quests: {quests}", quests=_semicolons(quests)) if quests else _("Your quests: none")]


def _semicolons(items: list) -> Msg | str:
    """Items joined by '; ' (quests, each a sentence with commas of its own)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = _("{first}; {rest}", first=item, rest=out)
    return out


def render_table(view: dict) -> list[Msg]:
    """The round and its step, and whom it waits for, on one line (a row more for the score beside
    it at 80x24, issue 40); then the cards revealed, or who has placed one face down."""
    if view["over"]:
        lines = [_("Round {round} (the game is over).", round=view["round"])]
    elif view["awaiting"]:
        lines = [_("Round {round} ({phase}). Waiting for {players}.", round=view["round"], phase=_phase(view),
                   players=", ".join(view["awaiting"]))]
    else:
        lines = [_("Round {round} ({phase}).", round=view["round"], phase=_phase(view))]
    if view["table"]:
        # Columns as wide as their longest entry: a name of the world's up to 20 letters, or a bot
        # named with its level at game over ('bot1·normal'), keeps every revealed card under the others.
        names = max(10, *(len(p) for p in view["table"]))
        cards = max(18, *(len(str(t["card"]["name"])) for t in view["table"].values()))
        for p, t in sorted(view["table"].items(), key=lambda kv: -kv[1]["value"]):
            extra = []
            if t["bonuses"]:
                extra.append(" ".join(f"{b:+d}" for b in t["bonuses"]))
            if t["masked"]:
                extra.append(_("mask used"))
            if t["used"] and t["used"] != "mask":
                extra.append(USED.get(t["used"], t["used"]))
            row = dict(player=f"{p:<{names}}", card=t["card"]["name"], width=cards, value=t["value"])
            lines.append(_("  {player} {card:<{width}} now {value:>2}  ({extra})", extra=listed(extra), **row)
                         if extra else _("  {player} {card:<{width}} now {value:>2}", **row))
    else:
        chosen = [p for p, s in view["players"].items() if s["chosen"]]
        lines.append(_("  Face down: {players}.", players=", ".join(chosen)) if chosen else
                     _("  Face down: nobody yet."))
    return lines


def render_quests(view: dict) -> list[Msg]:
    active = [_("{number}. {quest} (met by {players})", number=i, quest=q["text"], players=", ".join(q["given"]))
              if q["given"] else _("{number}. {quest}", number=i, quest=q["text"])
              for i, q in enumerate(view["active"], 1)]
    idle = _("none yet (one every third round)") if view["round"] < 3 else \
        _("none active now (a new one comes every third round)")  # one may have been met already
    lines = [_("Common quests: {quests}", quests=_semicolons(active) if active else idle)]
    lines += render_my_quests(view) if view.get("me") else []
    for p, s in view["players"].items():
        if s["shown"]:
            lines.append(_("{player} resolved: {quests}", player=p, quests=_semicolons([q["text"] for q in s["shown"]])))
    return lines


def render_score(view: dict) -> list[Msg | str]:
    """A small table, one heading row then one row a player, so the panel beside 10x's table shows
    all four players at 80x24 (issue 40): points (a star once declared), cards and quests in hand,
    quests met; the cards and quests columns are those in hand (``help tenx``). The heading's first
    column says from how many points one may declare (*) and at how many the game ends: "* at 7, end 10"."""
    rule = _("* at {declare}, end {target}", declare=view["declare"], target=view["target"])
    # A name column for names of up to 14 (a bot and its level: ``bot2·strong``); a longer name
    # widens it, never shifting a row. 37 columns at most with such names.
    wide = max(len(str(rule)), *(len(p) for p in view["order"]))
    lines: list[Msg | str] = [_("  {rule:<{wide}} pts cards quests met", rule=rule, wide=wide)]
    for p in view["order"]:
        s = view["players"][p]
        star = "*" if s["declared"] else " "
        lines.append(f"  {p:<{wide}}{s['points']:>3}{star}{s['cards']:>6}{s['quests']:>7}{len(s['shown']):>4}")
    if view["over"]:
        lines.append(_("{players} won.", players=each_and(view["winners"])))
    return lines


def render_status(view: dict) -> Msg:
    if view["over"]:
        you = view.get("you")
        return _("Game over: you win!") if you in view["winners"] else \
            _("Game over: {players} won.", players=each_and(view["winners"]))
    parts = [_("10x round {round}: {phase}", round=view["round"], phase=_phase(view))]
    if view["awaiting"]:
        parts.append(_("your move") if view.get("you") in view["awaiting"] else
                     _("waiting for {players}", players=", ".join(view["awaiting"])))
    me = view.get("me")
    if me:
        parts.append(_("you: {points}, {cards}", points=_.plural("{n} point", "{n} points", me["points"]),
                       cards=_.plural("{n} card", "{n} cards", len(me["hand"]))))
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = _("{first} | {rest}", first=part, rest=out)
    return out
