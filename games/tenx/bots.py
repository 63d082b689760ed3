"""A 10x bot, from its own view: it plays every phase. ``normal`` plays its strongest card, masks
the fullest hand, spends bonuses only to reach the top, always uses star and die, discards for
points when it can and declares at once; ``easy`` plays a random card, rarely a bonus, and like a
newcomer forgets to declare until it holds the target's points."""

from __future__ import annotations

import random

from games.engine import Action
from games.tenx.cards import code


def _numbered(me: dict) -> list[dict]:
    return [c for c in me["hand"] if c["kind"] == "number"]


def bot_action(view: dict, rng: random.Random, level: str = "normal", memory: dict | None = None) -> Action:
    me, phase, name = view["me"], view["phase"], view["me"]["name"]
    if me["points"] >= (view["target"] if level == "easy" else view["declare"]) and \
            not view["players"][name]["declared"]:
        return Action("declare")  # easy forgets to, as newcomers do, until it holds the target's points
    if phase == "draw" and me["may_discard"]:
        return _discard(view, me, level)
    if phase in ("draw", "reward"):
        bonus = sum(c["kind"] == "bonus" for c in me["hand"])
        return Action("draw", ("bonus" if bonus < 2 and len(_numbered(me)) >= 3 else "card",))
    if phase == "lose":
        worst = min(me["hand"], key=lambda c: (c["kind"] == "number", c["value"], c["id"]))
        return Action("discard", ("card", _word(worst)))
    if phase == "cancel":
        return Action("cancel", (str(rng.randint(1, len(view["active"]))),)) if rng.random() < 0.7 else Action("pass")
    if phase == "place":
        cards = _numbered(me)
        if not cards:
            return Action("pass")
        pick = rng.choice(cards) if level == "easy" else max(cards, key=lambda c: (c["value"], len(c["mods"])))
        return Action("play", (code(pick["id"]),))
    if phase == "mask":
        if me.get("taken"):
            mine = view["table"][name]["value"]
            best = max(_numbered(me), key=lambda c: c["value"], default=None)
            if best and best["value"] > mine and level != "easy":
                return Action("play", (code(best["id"]),))
            return Action("keep")
        others = [p for p in view["order"] if p != name and view["players"][p]["cards"]]
        if not others:
            return Action("pass")
        return Action("mask", (max(others, key=lambda p: (view["players"][p]["cards"], p)),))
    if phase == "bonus":
        mine = view["table"][name]["value"]
        top = max((t["value"] for p, t in view["table"].items() if p != name), default=0)
        ups = sorted({c["value"] if c["kind"] == "bonus" else c["bottom"] for c in me["hand"]
                      if (c["value"] if c["kind"] == "bonus" else c["bottom"] or 0) > 0} - {None})
        fitting = [d for d in ups if mine + d <= 10]
        if level == "easy":
            return Action("bonus", (f"+{fitting[0]}",)) if fitting and rng.random() < 0.3 else Action("pass")
        if mine <= top and fitting:
            need = [d for d in fitting if mine + d > top]
            return Action("bonus", (f"+{(need or fitting)[0] if need else fitting[-1]}",))
        return Action("pass")
    if phase == "star":
        return Action("star")
    if phase == "die":
        return Action("roll") if level == "easy" or len(me["hand"]) > 2 else Action("pass")
    return Action("pass")


def _discard(view: dict, me: dict, level: str) -> Action:
    """Right after drawing: a full-ish hand goes for a point, and so do three different quests."""
    shown = {q["text"] for q in view["players"][me["name"]]["shown"]}
    if len(shown) >= 3:
        return Action("discard", ("quests", "resolved"))
    texts = {q["text"] for q in me["quests"]}
    if len(me["quests"]) >= (3 if level == "easy" else 4) and len(texts) >= 3:
        return Action("discard", ("quests", "hand"))
    if len(me["hand"]) >= (8 if level == "easy" else 9):
        worst = sorted(me["hand"], key=lambda c: (c["kind"] == "number", c["value"], c["id"]))[:7]
        return Action("discard", ("cards", *[_word(c) for c in worst]))
    return Action("pass")


def _word(card: dict) -> str:
    return f"{card['value']:+d}" if card["kind"] == "bonus" else code(card["id"])


def refused(memory: dict, view: dict, action: Action) -> None:
    """The bot reads all it needs from its view; a refusal teaches it nothing more."""
