"""How a Quest bot notices it is attacking in vain, and stops (issue 24: games that never ended).

Two bots armed alike can trade the same duel forever: the attacker of a sword-and-shield pair
against another takes one hand of two, and an even duel goes to the lighter, then the defender
(rules/quest.md, Duels) -- so each, in turn the attacker, loses, is looted of the bible or the
potion it just won back, and attacks again. Nothing in the game stops that; a player would.

So a bot remembers every attack it makes (forcing a way into a room, fighting to stay where it was
beaten, a tournament, a bolt) with everything it can see that decides a duel: its own cards,
treasures, keys and gold, and each foe's public rank and counts. An attack made ``TRIES`` times
in that very situation gained nothing (had it won, the bot's things or the foes' would differ): the
bot does not make it again until something changes, and walks round a room it cannot force.
Deterministic: it reads only the bot's own view and its own memory.
"""

from __future__ import annotations

from collections import Counter

from games.engine import Action
from games.quest import board

TRIES = 2  # the same attack in the same situation, made this often, is futile


def _mine(me: dict) -> tuple:
    return (me["rank"], tuple(me["objects"]), tuple(me["treasures"]), tuple(sorted(me["keys"])),
            me["gold"], me["bag"], me["wounded"])


def _theirs(view: dict, name: str) -> tuple:
    p = view["players"][name]
    return (name, p["pos"], p["rank"], p["cards"], p["treasures"], p["gold"], tuple(sorted(p["keys"])),
            p["wounded"])


def occupants(view: dict, room: str) -> list[str]:
    """The living players other than the bot in ``room`` (positions are public)."""
    me = view["me"]["name"]
    return [n for n in view["order"] if n != me and view["players"][n]["alive"]
            and view["players"][n]["pos"] == room]


def _attack(view: dict, action: Action) -> tuple[str, str, list[str]] | None:
    """(kind, room, foes) of an attacking action, or None for any other action."""
    me, turn = view["me"], view["turn"]
    if action.verb == "cast" and action.args[:1] == ("bolt",) and len(action.args) > 1:
        target = action.args[1]
        return ("bolt", view["players"][target]["pos"], [target]) if target in view["players"] else None
    if action.verb != "fight":
        return None
    named = action.args[0] if action.args else None
    if named:  # a duel in the bot's own room: to stay where it was beaten, or a tournament
        return ("here", me["pos"], [named])
    way = action.args[1] if len(action.args) > 1 else turn.get("last_refused")
    room = (turn["consent"] or {}).get("room") or (board.neighbour(me["pos"], way) if way else None)
    return ("force", room, occupants(view, room)) if room else None


def _key(view: dict, kind: str, room: str, foes: list[str]) -> tuple:
    return (kind, room, _mine(view["me"]), tuple(_theirs(view, f) for f in sorted(foes)))


def futile(view: dict, memory: dict, action: Action) -> bool:
    """True when the bot has made this attack ``TRIES`` times already in this very situation."""
    attack = _attack(view, action)
    return attack is not None and memory.get("attacks", Counter())[_key(view, *attack)] >= TRIES


def remember(view: dict, memory: dict, action: Action) -> None:
    """Count the attack the bot is about to make (nothing for any other action)."""
    attack = _attack(view, action)
    if attack is not None:
        memory.setdefault("attacks", Counter())[_key(view, *attack)] += 1


def unforceable(view: dict, memory: dict) -> set[str]:
    """Occupied rooms the bot has tried in vain to force its way into, as things stand: it walks
    round them (their occupants keep them while nothing changes)."""
    tried = memory.get("attacks")
    if not tried:
        return set()
    rooms = {view["players"][n]["pos"] for n in view["order"]
             if n != view["me"]["name"] and view["players"][n]["alive"]} - {view["me"]["pos"]}
    return {r for r in rooms if tried[_key(view, "force", r, occupants(view, r))] >= TRIES}
