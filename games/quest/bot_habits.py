"""What a Quest bot does besides its turn's one action: the free things the rules allow any time
(rules/quest.md, Gold, trading, bribes; What each player sees). Each has a reason a player would
have, and each, once done, no longer applies, so a bot never repeats itself:

* it sets its standing consent: armed enough to welcome a fight, it keeps everyone out;
* it keeps its armour when its weapons win hands on their own (a broken armour is gone for good);
* a knight or a wizard gives the cards only a vassal needs (a rope, a head, a damsel) to the vassal
  who holds least -- the deals the original invites, and a lighter purse in a tie;
* a knight hands its gold coins to a wizard (the smith arms a knight for free, so a coin only weighs
  against it in a tie -- and weighs on the rival ahead instead, who keeps it: a wizard gives none);
* it marks on its map a red door it has not looked at when another player just came through it
  (a guess: they may have walked around), and notes a room that refused it or whose deck ran out.

Like bots.py, it reads only the bot's own view and the bot's own memory of earlier views.
"""

from __future__ import annotations

import random

from games.engine import Action
from games.quest import board, bot_duels

VASSAL_CARDS = ("rope", "head", "damsel")


def habit(view: dict, rng: random.Random, level: str, memory: dict) -> Action | None:
    """A free action worth doing now, or None; called when the bot is about to take its turn.
    A memory with ``plan_only`` set asks for the turn's own action alone (the search's candidates)."""
    if memory.get("plan_only"):
        return None
    me = view["me"]
    seen_before = memory.get("positions", {})
    memory["positions"] = {n: p["pos"] for n, p in view["players"].items()}
    for choose in (_consent, _armour, _gift, _shed_gold, _note):
        action = choose(view, me, level, memory)
        if action is not None:
            return action
    return _mark(view, me, seen_before)


def _consent(view: dict, me: dict, level: str, memory: dict) -> Action | None:
    armed = len(bot_duels.weapons(me)) >= 2
    want = "none" if armed and level != "easy" else ("all" if level == "easy" and not armed else "ask")
    return Action("consent", (want,)) if me["consent"] != want else None


def _armour(view: dict, me: dict, level: str, memory: dict) -> Action | None:
    if "armour" not in me["objects"]:
        return None
    want = "keep" if len(bot_duels.weapons(me)) >= 3 else "break"
    return Action("armour", (want,)) if me["armour"] != want else None


def _gift(view: dict, me: dict, level: str, memory: dict) -> Action | None:
    if me["rank"] == "vassal":
        return None
    spare = [c for c in VASSAL_CARDS if c in me["objects"]]
    vassals = [n for n in view["order"] if n != me["name"] and view["players"][n]["alive"]
               and view["players"][n]["rank"] == "vassal"]
    if not spare or not vassals:
        return None
    poorest = min(vassals, key=lambda n: (view["players"][n]["cards"], n))
    return Action("give", (poorest, 1, spare[0]))


def _shed_gold(view: dict, me: dict, level: str, memory: dict) -> Action | None:
    if me["rank"] != "knight" or me["gold"] < 1 or me["bag"]:  # the bag's gold never runs out
        return None
    wizards = [n for n in view["order"] if n != me["name"] and view["players"][n]["alive"]
               and view["players"][n]["rank"] == "wizard"]
    if not wizards:
        return None
    ahead = max(wizards, key=lambda n: (view["players"][n]["cards"], n))  # the likeliest to be crowned
    return Action("give", (ahead, me["gold"], "gold"))


def _note(view: dict, me: dict, level: str, memory: dict) -> Action | None:
    """A note on the bot's own map: why a room is no use to it (refused, or its deck ran out)."""
    noted = memory.setdefault("noted", set())
    for room in view["turn"]["refused"] if view["turn"]["player"] == me["name"] else ():
        if room not in noted:
            noted.add(room)
            return Action("note", (room, "they keep me out"))
    for card in me.get("exhausted", ()):
        if card not in noted:
            noted.add(card)
            return Action("note", (me["pos"], "nothing left to find here"))
    return None


def _mark(view: dict, me: dict, before: dict) -> Action | None:
    """Someone came into the bot's room from next door since its last look: the red door between,
    unknown to the bot, was probably open."""
    pos = me["pos"]
    for name, was in sorted(before.items()):
        now = view["players"][name]["pos"]
        if name == me["name"] or now != pos or was == pos:
            continue
        d = board.direction_to(pos, was)
        if d is None:
            continue
        door = view["doors"][board.door_name(pos, d)]
        if door["colour"] == "red" and door["face"] == "unknown" and "mark" not in door:
            return Action("mark", (d, "open"))
    return None
