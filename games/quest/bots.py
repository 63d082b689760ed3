"""A Quest bot that plays the whole game, seeing only its own view.

It picks the next location its road needs (port -> tower -> castle, or field -> cave -> castle to
a knight; then a desert or a countryside to a wizard; then a church and a castle to the throne),
walks toward the nearest known room of that type over doors it believes passable, explores the
nearest unknown room when it knows none, peeks at the doors it stands by, and acts once it stands
in the right place. It answers duels and consent (bot_duels.py), leaves a room where it was
beaten or fights to stay, casts sight to find its way and bolts at rivals as a wizard, and, with
nothing left to seek, hunts the others. ``level='easy'`` wanders more and fights less wisely.
"""

from __future__ import annotations

import heapq
import random

from games.engine import Action
from games.quest import board, bot_cycles, bot_duels, bot_habits

UNKNOWN_DOOR_COST = 2.5
SHARP_STEPS = 3.0  # rooms a turn's walk covers, about (a d6, less the doors that stop it)
EASY_DAWDLE = 0.35  # how often an easy bot passes a turn it could play (a normal bot wins >= 60% against three)


def _goals(me: dict, treasures_left: int = 1, sharp: bool = False) -> list[str]:
    """Location types worth acting at now, best first; none whose object the bot found run out.
    ``sharp`` (the search's plan): a knight makes no detour for weapons or chests."""
    objs, gone = me["objects"], set(me.get("exhausted", ()))
    if me["rank"] == "knight" and sharp:
        return ["desert"] + (["countryside"] if "grail" not in gone else [])
    if me["rank"] == "knight":
        return (["desert"] + (["countryside"] if "grail" not in gone else [])
                + (["field"] if len(bot_duels.weapons(me)) < 2 and _weapon_wanted(me) else [])
                + ([] if me["treasures"] or not treasures_left else ["forest"]))
    if me["rank"] == "wizard":
        return ["castle"] if "bible" in objs else ([] if "bible" in gone else ["church"])
    if "head" in objs or "damsel" in objs:
        return ["castle"]
    goals = (["tower"] if "rope" in objs and "damsel" not in gone else []) + (
        ["cave"] if "sword" in objs and "head" not in gone else [])
    if goals:
        return goals
    rope_road = "rope" not in gone and "damsel" not in gone and "rope" not in objs
    sword_road = "sword" not in gone and "head" not in gone and "sword" not in objs
    if me["gold"] >= 1 or me["bag"]:
        return (["port"] if rope_road else []) + (["field"] if sword_road else []) or ["city"]
    return (["port"] if rope_road else []) + ["city"]


def _weapon_wanted(me: dict) -> str | None:
    """The weapon a knight or wizard asks the smith for: one not held and not found run out."""
    held, gone = me["objects"], set(me.get("exhausted", ()))
    return next((w for w in ("sword", "armour", "shield", "mace", "lance") if w not in held and w not in gone), None)


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


def _paths(view: dict, me: dict, start: str,
           avoid: frozenset | set = frozenset()) -> tuple[dict[str, float], dict[str, str]]:
    """Dijkstra over doors this bot believes passable: (cost, first direction) to every room; the
    rooms of ``avoid`` (occupied, and forced in vain: bot_cycles.py) are neither entered nor crossed."""
    dist = {start: 0.0}
    first: dict[str, str] = {}
    heap = [(0.0, start, "")]
    while heap:
        d, room, via = heapq.heappop(heap)
        if d > dist.get(room, 1e9):
            continue
        for direction, nb in board.exits(room).items():
            cost = _door_cost(view, board.door_name(room, direction), me)
            if cost is None or nb in avoid:
                continue
            nd = d + cost
            if nd < dist.get(nb, 1e9):
                dist[nb] = nd
                first[nb] = via or direction
                heapq.heappush(heap, (nd, nb, via or direction))
    return dist, first


def _target(view: dict, me: dict, rng: random.Random, level: str, memory: dict) -> str | None:
    pos = me["pos"]
    dist, _ = _paths(view, me, pos, bot_cycles.unforceable(view, memory))
    goals = _goals(me, view["deck"]["treasures"], bool(memory.get("sharp")))
    barred = memory.get("refused", set())
    known = [c for c, r in view["rooms"].items()
             if r["location"] in goals and c in dist and c != pos and c not in barred]
    if level == "easy" and rng.random() < 0.3:
        known = []
    if known and memory.get("sharp"):  # the search's plan: the fewest turns to walk there and succeed
        return min(known, key=lambda c: (dist[c] / SHARP_STEPS + 6 / (7 - view["rooms"][c]["difficulty"]), c))
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
    if loc not in _goals(me, view["deck"]["treasures"], bool(memory.get("sharp"))):
        return None
    if loc == "field":
        want = "sword" if me["rank"] == "vassal" else _weapon_wanted(me)
        return Action("buy", (want,)) if want else None
    return Action("act")


def refused(memory: dict, view: dict, action: Action) -> None:
    """Remember a room where the bot's action was refused, to stop trying it."""
    if action.verb in ("act", "buy"):
        memory.setdefault("refused", set()).add(view["me"]["pos"])


def _manhattan(a: str, b: str) -> int:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:]))


def _open_ways(view: dict, me: dict) -> list[str]:
    """Directions out of the bot's room through doors it believes it may pass, open ones first."""
    pos, turn = me["pos"], view["turn"]
    ways = []
    for d, nb in board.exits(pos).items():
        cost = _door_cost(view, board.door_name(pos, d), me)
        if cost is not None and nb not in turn["refused"]:
            ways.append((cost, d))
    return [d for _, d in sorted(ways)]


def _neighbours_alive(view: dict, me: dict) -> list[str]:
    """Living players in the bot's room or the rooms next to it (positions are public)."""
    pos = me["pos"]
    near = {pos} | {nb for d, nb in board.exits(pos).items()
                    if _door_cost(view, board.door_name(pos, d), me) is not None}
    return [n for n in view["order"] if n != me["name"] and view["players"][n]["alive"]
            and view["players"][n]["pos"] in near]


def _start_of_turn(view: dict, me: dict, rng: random.Random, level: str, memory: dict) -> Action | None:
    """A whole-turn choice other than moving or acting: a tournament, a spell, the crystal ball."""
    pos = me["pos"]
    room = view["rooms"].get(pos)
    here = [n for n in view["order"] if n != me["name"] and view["players"][n]["pos"] == pos
            and view["players"][n]["alive"]]
    if (level != "easy" and view["rules"] == "full" and me["rank"] == "knight" and room
            and room["location"] == "castle" and bot_duels.weapons(me)):
        knights = [n for n in here if view["players"][n]["rank"] == "knight"
                   and not bot_cycles.futile(view, memory, Action("fight", (n,)))]
        if knights:
            return Action("fight", (knights[0],))
    known = _known_goals(view, me, memory)
    if me["rank"] == "wizard":
        unknown = [c for c in board.COORDS if c not in view["rooms"]]
        if not known and unknown and rng.random() < 0.6:
            return Action("cast", ("sight", min(unknown, key=lambda c: (_manhattan(pos, c), c))))
        near = [n for n in _neighbours_alive(view, me)
                if not bot_cycles.futile(view, memory, Action("cast", ("bolt", n)))]
        if not known and not unknown:  # nothing left to seek: drain the weaker rivals, or earn
            weaker = [n for n in near if _wealth(view, n) < _wealth(view, me["name"])
                      or (_wealth(view, n) == _wealth(view, me["name"]) and rng.random() < 0.5)]
            if weaker:
                return Action("cast", ("bolt", min(weaker, key=lambda n: (_wealth(view, n), n))))
            # earn only while the poorest: a richer wizard goes hunting (_hunt), or wizards who can no
            # longer be crowned (the bibles spent) would each work in a city for ever
            poorer = [n for n in view["order"] if n != me["name"] and view["players"][n]["alive"]
                      and _wealth(view, n) <= _wealth(view, me["name"])]
            if room and room["location"] == "city" and not poorer:
                return Action("act")
        elif level != "easy" and rng.random() < 0.1:
            prey = [n for n in near if view["players"][n]["rank"] != "wizard"]
            if prey:
                return Action("cast", ("bolt", rng.choice(prey)))
        rivals = [n for n in near if view["players"][n]["rank"] == "wizard"]
        if rivals and "bible" in me["objects"] and rng.random() < 0.5:
            # racing a rival wizard to the crown, bible in hand: a bolt may cost them theirs
            return Action("cast", ("bolt", min(rivals)))
    if level == "easy" and rng.random() < EASY_DAWDLE:
        return Action("stop")  # an easy bot dawdles: it passes its turn
    if "crystal ball" in me["treasures"] and level != "easy" and not known:
        # nowhere known to go: the ball shows the room a player stands on and its doors
        unseen = [n for n in view["order"] if n != me["name"] and view["players"][n]["alive"]
                  and view["players"][n]["pos"] not in view["rooms"]]
        if unseen and rng.random() < 0.5:
            return Action("scry", (min(unseen, key=lambda n: (_manhattan(pos, view["players"][n]["pos"]), n)),))
    if "crystal ball" in me["treasures"] and level != "easy" and rng.random() < 0.05:
        others = [n for n in view["order"] if n != me["name"] and view["players"][n]["alive"]]
        if others:
            return Action("scry", (rng.choice(others),))
    return None


def _known_goals(view: dict, me: dict, memory: dict) -> list[str]:
    """Rooms the bot knows of a type its road needs now (not those that refused it)."""
    goals = _goals(me, view["deck"]["treasures"], bool(memory.get("sharp")))
    barred = memory.get("refused", set())
    return [c for c, r in view["rooms"].items() if r["location"] in goals and c not in barred]


def _wealth(view: dict, name: str) -> int:
    """How much a player holds, from public counts: cards, treasures, keys and gold."""
    p = view["players"][name]
    return p["cards"] + p["treasures"] + len(p["keys"]) + p["gold"]


def _hunt(view: dict, me: dict, memory: dict) -> str | None:
    """With nothing left to seek: the room of the nearest rival no richer than the bot, else the
    nearest city (to grow richer)."""
    mine = _wealth(view, me["name"])
    rivals = [view["players"][n]["pos"] for n in view["order"] if n != me["name"]
              and view["players"][n]["alive"] and _wealth(view, n) <= mine]
    dist, _ = _paths(view, me, me["pos"], bot_cycles.unforceable(view, memory))
    cities = [c for c, r in view["rooms"].items() if r["location"] == "city"]
    for rooms in (rivals, cities):
        reachable = [c for c in rooms if c in dist and c != me["pos"]]
        if reachable:
            return min(reachable, key=lambda c: (dist[c], c))
    return None


def bot_action(view: dict, rng: random.Random, level: str = "normal", memory: dict | None = None) -> Action:
    """The bot's next action, from its own view and its own memory of refusals alone. The cards
    its view showed the deck out of (``deck_out``: where it stood, at the start of a turn) are
    remembered and read as ``me["exhausted"]``: no room whose deed takes one is sought again."""
    memory = {} if memory is None else memory
    gone = memory.setdefault("exhausted", set())
    gone.update(view["me"].get("deck_out", ()))
    view = dict(view, me=dict(view["me"], exhausted=sorted(gone)))
    action = _bot_action(view, rng, level, memory)
    bot_cycles.remember(view, memory, action)
    if action.verb == "stop" and view["turn"].get("phase") == "start" and view["turn"].get("player") == view["me"]["name"]:
        return Action("pass")  # nothing to stop before a move: the bot passes
    return action


def _bot_action(view: dict, rng: random.Random, level: str = "normal", memory: dict | None = None) -> Action:
    me = view["me"]
    name = me["name"]
    turn = view["turn"]
    duel = view.get("duel")
    if duel and name in duel["waiting"]:
        return bot_duels.duel_action(view, rng, level)
    if turn["consent"] and name in turn["consent"]["waiting"]:
        return bot_duels.consent_answer(view, level, rng)
    if "health potion" in me["treasures"]:  # the wounded die at their next turn: heal who is no threat
        for n in view["order"]:
            p = view["players"][n]
            if p["wounded"] and p["alive"] and (n == name or p["rank"] == "vassal" or level == "easy"):
                return Action("heal", (n,))
    if turn["player"] == name and turn["phase"] in ("start", "moving") and not me.get("held_by"):
        free = bot_habits.habit(view, rng, level, memory)
        if free is not None:
            return free
    if view["floor_keys"] and me["pos"] in view["floor_keys"].values():
        return Action("take", ("key",))
    if turn["phase"] == "leave":
        return Action("leave", ("open",))
    if turn["phase"] == "consent":
        force = (bot_duels.should_force(view, level, rng, turn["consent"]["room"])
                 and not bot_cycles.futile(view, memory, Action("fight")))
        return Action("fight") if force else Action("stop")
    held = me.get("held_by")
    if held:
        ways = _open_ways(view, me)
        if turn["phase"] == "moving" and turn["steps_left"] == 0:
            return Action("fight", (held,))
        if ways and (not (level != "easy" and len(bot_duels.weapons(me)) >= 2)
                     or bot_cycles.futile(view, memory, Action("fight", (held,)))):
            return Action("move", (ways[0],))
        return Action("fight", (held,))
    if turn["phase"] == "start":
        special = _start_of_turn(view, me, rng, level, memory)
        if special is not None:
            return special
    return _walk(view, me, rng, level, memory)


def _walk(view: dict, me: dict, rng: random.Random, level: str, memory: dict) -> Action:
    turn = view["turn"]
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
    if target is None and me["rank"] == "wizard":
        target = _hunt(view, me, memory)
    if target is None:
        return Action("stop")
    _, first = _paths(view, me, pos, bot_cycles.unforceable(view, memory))
    d = first.get(target)
    nb = board.neighbour(pos, d) if d else None
    if d is None:
        return Action("stop")
    if nb in turn["refused"]:
        force = Action("fight", (None, d))
        if turn.get("last_refused") == d and bot_duels.should_force(view, level, rng, nb) \
                and not bot_cycles.futile(view, memory, force):
            return force
        return Action("stop")
    return Action("move", (d,))
