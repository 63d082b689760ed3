"""A simple Quest bot that plays a basic game to a knight, seeing only its own view.

It picks the next location its path to knighthood needs (port -> tower -> castle, or field ->
cave -> castle), walks toward the nearest known room of that type over doors it believes
passable, explores the nearest unknown room when it knows none, peeks at the doors it stands by,
and acts once it stands in the right place. ``level='easy'`` wanders more and acts less wisely.
"""

from __future__ import annotations

import heapq
import random

from games.engine import Action
from games.quest import board

UNKNOWN_DOOR_COST = 2.5


def _goals(me: dict) -> list[str]:
    """Location types worth acting at now, best first."""
    objs = me["objects"]
    if me["rank"] == "knight":
        return ["desert", "countryside"]
    if me["rank"] == "wizard":
        return ["castle"] if "bible" in objs else ["church"]
    if "head" in objs or "damsel" in objs:
        return ["castle"]
    if "rope" in objs:
        return ["tower"]
    if "sword" in objs:
        return ["cave"]
    if me["gold"] >= 1 or me["bag"]:
        return ["port", "field"]
    return ["port", "city"]


def _door_cost(view: dict, e: str, me: dict) -> float | None:
    door = view["doors"][e]
    face = door["face"]
    if face == "open":
        return 1.0
    if face == "locked":
        return 1.0 if door["colour"] in me["keys"] or (door["colour"] == "black" and "black key" in me["treasures"]) else None
    if face == "unknown":
        return UNKNOWN_DOOR_COST
    return None


def _paths(view: dict, me: dict, start: str) -> tuple[dict[str, float], dict[str, str]]:
    """Dijkstra over doors this bot believes passable: (cost, first direction) to every room."""
    dist = {start: 0.0}
    first: dict[str, str] = {}
    heap = [(0.0, start, "")]
    while heap:
        d, room, via = heapq.heappop(heap)
        if d > dist.get(room, 1e9):
            continue
        for direction, nb in board.exits(room).items():
            cost = _door_cost(view, board.door_name(room, direction), me)
            if cost is None:
                continue
            nd = d + cost
            if nd < dist.get(nb, 1e9):
                dist[nb] = nd
                first[nb] = via or direction
                heapq.heappush(heap, (nd, nb, via or direction))
    return dist, first


def _target(view: dict, me: dict, rng: random.Random, level: str, memory: dict) -> str | None:
    pos = me["pos"]
    dist, _ = _paths(view, me, pos)
    goals = _goals(me)
    barred = memory.get("refused", set())
    known = [c for c, r in view["rooms"].items()
             if r["location"] in goals and c in dist and c != pos and c not in barred]
    if level == "easy" and rng.random() < 0.3:
        known = []
    if known:
        return min(known, key=lambda c: (dist[c], c))
    unknown = [c for c in dist if c not in view["rooms"]]
    if not unknown:
        return None
    best = min(dist[c] for c in unknown)
    return rng.choice(sorted(c for c in unknown if dist[c] == best))


def _useful_here(view: dict, me: dict, memory: dict) -> Action | None:
    room = view["rooms"].get(me["pos"])
    if room is None or me["pos"] in memory.get("refused", set()):
        return None
    loc = room["location"]
    if loc not in _goals(me):
        return None
    if loc == "field":
        return Action("buy", ("sword",))
    return Action("act")


def refused(memory: dict, view: dict, action: Action) -> None:
    """Remember a room where the bot's action was refused (an empty deck, say), to stop trying it."""
    if action.verb in ("act", "buy"):
        memory.setdefault("refused", set()).add(view["me"]["pos"])


def bot_action(view: dict, rng: random.Random, level: str = "normal", memory: dict | None = None) -> Action:
    """The bot's next action, from its own view and its own memory of refusals alone."""
    memory = {} if memory is None else memory
    me = view["me"]
    name = me["name"]
    turn = view["turn"]
    if turn["consent"] and name in turn["consent"]["waiting"]:
        return Action("allow")
    if view["floor_keys"] and me["pos"] in view["floor_keys"].values():
        return Action("take", ("key",))
    if turn["phase"] == "leave":
        return Action("leave", ("open",))
    here = _useful_here(view, me, memory)
    if turn["phase"] == "start" and here is not None:
        return here
    pos = me["pos"]
    exits = board.exits(pos)
    unseen = [d for d, nb in exits.items()
              if view["doors"][board.edge_name(board.edge(pos, nb))]["face"] == "unknown"]
    if unseen and level != "easy":
        return Action("peek")
    if turn["phase"] == "moving" and here is not None:
        return Action("stop")
    target = _target(view, me, rng, level, memory)
    if target is None:
        return Action("stop")
    _, first = _paths(view, me, pos)
    d = first.get(target)
    nb = board.neighbour(pos, d) if d else None
    if d is None or nb in turn["refused"]:
        return Action("stop")
    return Action("move", (d,))
