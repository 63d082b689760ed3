"""How a Quest bot fights: its answers in a duel, what it loots, whom it lets in.

Like bots.py it reads only the bot's own view: its cards, the public duel, the attacker's card
once shown to it. ``level='easy'`` chooses at random where ``normal`` reasons a little.
"""

from __future__ import annotations

import random

from games.engine import Action
from games.quest.duels import BEATS, BLOCKS, DUEL_WEAPONS, RPS

ATTACK_ORDER = ("sword", "lance", "mace", "shield")  # the fewer cards beat it, the sooner it is played
LOOT_ORDER = ("bible", "head", "damsel", "health potion", "bag of money", "crystal ball", "black key",
              "sword", "rope", "shield", "mace", "lance", "armour", "grail")


def weapons(me: dict) -> list[str]:
    return [c for c in me["objects"] if c in DUEL_WEAPONS]


def duel_action(view: dict, rng: random.Random, level: str) -> Action:
    """The bot's move in the duel that waits for it."""
    duel, me = view["duel"], view["me"]
    stage = duel["stage"]
    if stage == "rps":
        return Action("throw", (rng.choice(RPS),))
    if stage == "attack":
        left = sorted(duel["left"])
        if level == "easy":
            return Action("play", (rng.choice(left),))
        return Action("play", (next(c for c in ATTACK_ORDER if c in left),))
    if stage == "answer":
        left = sorted(duel["left"])
        if level == "easy":
            return Action("play", (rng.choice(left),))
        attack = duel["played"]
        beating = [c for c in left if attack in BEATS[c]]
        if beating:
            return Action("play", (beating[0],))
        if attack in left:
            return Action("play", (attack,))  # a void hand loses nothing
        return Action("play", (min(left, key=lambda c: len(BEATS[c])),))
    if stage == "block":
        held = [c for c in BLOCKS if c in me["objects"]]
        if level == "easy" and rng.random() < 0.3:
            return Action("play", ("none",))
        return Action("play", (held[0] if held else "none",))
    return Action("loot", (_loot_choice(duel.get("loot") or ["gold"], me),))


def _loot_choice(options: list[str], me: dict) -> str:
    wanted = list(LOOT_ORDER)
    if me["rank"] != "vassal":
        wanted.remove("head")
        wanted.remove("damsel")
    if me["rank"] == "vassal" and "rope" not in me["objects"] and "sword" not in me["objects"]:
        wanted.insert(2, "sword")
    for card in wanted:
        if card in options:
            return card
    return options[0]


def consent_answer(view: dict, level: str, rng: random.Random) -> Action:
    """Let people in, unless the bot is armed enough to welcome a fight (easy: on a whim)."""
    if level == "easy":
        return Action("deny" if rng.random() < 0.2 else "allow")
    return Action("deny" if len(weapons(view["me"])) >= 2 else "allow")


def should_force(view: dict, level: str, rng: random.Random, room: str | None = None) -> bool:
    """After a refusal: fight your way in when armed (easy: on a whim), or, unarmed, into ``room``
    when every occupant is unarmed too (no cards at all, which is public) and heavier: the duel is
    rock-paper-scissors and a tie goes to the lighter, so the bot wins two throws in three."""
    if level == "easy":
        return rng.random() < 0.4
    me = view["me"]
    if weapons(me):
        return True
    foes = [p for n, p in view["players"].items() if n != me["name"] and p["alive"] and p["pos"] == room]
    mine = len(me["treasures"]) + me["gold"]  # no weapon card: treasures and gold are all it weighs
    return bool(foes) and all(p["cards"] == 0 and p["treasures"] + p["gold"] > mine for p in foes)
