"""Quest for Legend bots, from their own view only.

``normal`` completes its own missions as soon as its hand can, claims its hero's favoured mission
one card short, aborts a rival's mission that is close to completion (but not near the end, when an
unfinished mission costs its owner more than an abort would), feeds its own missions, starts only
missions its hand mostly covers (none near the end, no twin a rival could complete first), and
discards what its missions need least. ``easy`` plays a random card now and then, starts at
random, and discards at random. Neither spends a card on its hero's favoured mission left one
card short: both claim it without one. Partners in a team game never disturb each other."""

from __future__ import annotations

import random

from games.engine import Action
from games.legend.data import HAND_LIMIT, MISSIONS, TYPE_ORDER


def bot_action(view: dict, rng: random.Random, level: str = "normal", memory: dict | None = None) -> Action:
    phase = view["phase"]
    if phase in ("play", "last"):
        act = (_easy_play if level == "easy" else _play)(view, rng)
        if act is not None:
            return act
        if phase == "last":
            return Action("pass")
        return _start(view, rng, level) or Action("draw")
    if phase == "start":
        return _start(view, rng, level) or Action("draw")
    if phase == "discard":
        return _discard(view, rng, level)
    return Action("pass")


# --- reading the view -----------------------------------------------------------------------------

def _me(view: dict) -> tuple[str, dict, list[str]]:
    name = view["me"]["name"]
    return name, view["players"][name], list(view["me"]["hand"])


def _friends(view: dict, name: str) -> set[str]:
    for team in view["teams"]:
        if name in team:
            return set(team)
    return {name}


def _ref(view: dict, name: str, entry: dict) -> str:
    own = entry["owner"] == name
    same = [e for e in view["table"] if e["mission"] == entry["mission"] and (e["owner"] == name) == own]
    return entry["mission"] if len(same) == 1 else str(entry["number"])


def _endgame(view: dict) -> bool:
    return bool(view["last_round"]) or (view["reshuffled"] and view["deck"] <= 2 * len(view["order"]))


def _finish(hand: list[str], hero: dict, entry: dict) -> list[str] | None:
    """The card words that meet ``entry`` now from ``hand`` (one short under the hero's favoured
    mission), or None when the hand cannot."""
    missing = dict(entry["missing"])
    total = sum(missing.values())
    slack = 1 if hero["favoured"] == entry["mission"] else 0
    if total - slack <= 0:
        return []
    left = {t: hand.count(t) for t in TYPE_ORDER}
    words: list[str] = []
    count = 0
    for t in TYPE_ORDER:
        if t == hero["pair"]:
            continue
        use = min(missing.get(t, 0), left[t])
        words += [t] * use
        left[t] -= use
        missing[t] = missing.get(t, 0) - use
        count += use
    p, s = hero["pair"], hero["stands_for"]
    use = min(missing.get(p, 0), left[p])
    words += [p] * use
    left[p] -= use
    missing[p] = missing.get(p, 0) - use
    count += use
    while missing.get(s, 0) > 0 and left[p] >= 2:
        words += [p, p, "as", s]
        left[p] -= 2
        missing[s] -= 1
        count += 1
    short = sum(v for v in missing.values() if v > 0)
    if short > slack:
        return None
    if count > total - slack:  # under the favoured mission: stop one short
        return _trim(words, count - (total - slack))
    return words


def _trim(words: list[str], extra: int) -> list[str]:
    out = list(words)
    for _ in range(extra):
        if len(out) >= 4 and out[-2] == "as":
            out = out[:-4]
        else:
            out = out[:-1]
    return out


def _useful(hand: list[str], hero: dict, entry: dict) -> list[str]:
    """Card words that go under ``entry`` without meeting it (feeding a mission of one's own), but
    never down to its last card: one card short, any rival's single card would abort it."""
    missing = dict(entry["missing"])
    total = sum(missing.values())
    slack = 1 if hero["favoured"] == entry["mission"] else 0
    room = total - slack - 2  # cards that leave it at least two short
    words = []
    for t in TYPE_ORDER:
        n = min(missing.get(t, 0), hand.count(t), room - len(words))
        words += [t] * max(0, n)
    return words


# --- phase 1 ---------------------------------------------------------------------------------------

def claim_or_complete(view: dict, name: str, hero: dict, hand: list, friends: set, late: bool) -> Action | None:
    """What every Legend plan does first in phase 1: 1. claim the hero's favoured mission left one
    card short (its own; a rival's, but near the end); 2. complete its own missions, the most
    valuable first. None when there is nothing of the kind to do."""
    for e in view["table"]:
        if e["mission"] == hero["favoured"] and sum(e["missing"].values()) == 1:
            if e["owner"] == name:
                return Action("undertake", (_ref(view, name, e),))
            if e["owner"] not in friends and not late:
                return Action("disturb", (_ref(view, name, e),))
    for e in sorted((e for e in view["table"] if e["owner"] == name), key=lambda e: -e["points"]):
        words = _finish(hand, hero, e)
        if words:
            return Action("undertake", (_ref(view, name, e), "with", *words))
    return None


def _play(view: dict, rng: random.Random):
    name, hero, hand = _me(view)
    friends = _friends(view, name)
    table = view["table"]
    late = _endgame(view)
    mine = sorted((e for e in table if e["owner"] == name), key=lambda e: -e["points"])
    done = claim_or_complete(view, name, hero, hand, friends, late)  # 1 and 2
    if done is not None:
        return done
    # 3. abort a rival's mission close to completion (a partner's never; near the end, never)
    if not late:
        rivals = sorted((e for e in table if e["owner"] not in friends), key=lambda e: -e["points"])
        for e in rivals:
            if sum(e["missing"].values()) <= 2 and e["points"] >= 3:
                words = _finish(hand, hero, e)
                if words:
                    return Action("disturb", (_ref(view, name, e), "with", *words))
    # 4. feed my own missions, the nearest to completion first
    for e in sorted(mine, key=lambda e: (sum(e["missing"].values()), -e["points"])):
        words = _useful(hand, hero, e)
        if words:
            return Action("undertake", (_ref(view, name, e), "with", *words))
    return None


def _one_short(hero: dict, entry: dict) -> bool:
    """The hero's favoured mission one card short: met without a card (a card would be wasted)."""
    return entry["mission"] == hero["favoured"] and sum(entry["missing"].values()) == 1


def _easy_play(view: dict, rng: random.Random):
    """A random card under a random mission half the time; but its own favoured mission one card
    short it always claims, and a random card that would meet a favoured mission one short is
    kept: the claim does the same without it."""
    name, hero, hand = _me(view)
    for e in view["table"]:
        if e["owner"] == name and _one_short(hero, e):
            return Action("undertake", (_ref(view, name, e),))
    if rng.random() < 0.5:
        return None
    steps = []
    for e in view["table"]:
        verb = "undertake" if e["owner"] == name else "disturb"
        for t in TYPE_ORDER:
            if e["missing"].get(t) and t in hand:
                steps.append(Action(verb, (_ref(view, name, e),) if _one_short(hero, e) else
                                    (_ref(view, name, e), "with", t)))
    return rng.choice(steps) if steps else None


# --- phase 2 ---------------------------------------------------------------------------------------

def _coverage(hand: list[str], key: str) -> int:
    return sum(min(n, hand.count(t)) for t, n in MISSIONS[key].code)


def startable(view: dict) -> list[str]:
    """The missions of the hand that could be started now (none outside phases 1 and 2), sorted."""
    if view["phase"] not in ("play", "start"):
        return []
    return sorted({c for c in _me(view)[2] if c in MISSIONS and c not in view["done"]})


def _start(view: dict, rng: random.Random, level: str):
    name, hero, hand = _me(view)
    can = startable(view)
    if not can:
        return None
    if level == "easy":
        return Action("start", (rng.choice(can),)) if rng.random() < 0.5 else None
    if _endgame(view) or (view["reshuffled"] and view["deck"] <= 4 * len(view["order"])):
        return None
    open_ = [e for e in view["table"] if e["owner"] == name]
    if len(open_) >= 3:
        return None
    best = None
    for key in can:
        m = MISSIONS[key]
        cover = _coverage(hand, key) + (1 if hero["favoured"] == key else 0)
        rival_twin = any(e["mission"] == key and e["owner"] != name for e in view["table"])
        if rival_twin and cover < m.size:
            continue
        if cover * 2 >= m.size or m.size <= 2:
            score = (cover - m.size, m.points)
            if best is None or score > best[0]:
                best = (score, key)
    return Action("start", (best[1],)) if best else None


# --- phase 4 ---------------------------------------------------------------------------------------

def _discard(view: dict, rng: random.Random, level: str) -> Action:
    name, hero, hand = _me(view)
    deadcards = [c for c in hand if c in view["me"]["dead"]]
    if deadcards:
        return Action("discard", (deadcards[0],))
    if len(hand) <= HAND_LIMIT:
        return Action("pass")
    if level == "easy":
        return Action("discard", (rng.choice(sorted(hand)),))
    want = {t: 0.0 for t in TYPE_ORDER}
    for e in view["table"]:
        if e["owner"] == name:
            for t, n in e["missing"].items():
                want[t] += 2 * n
    for c in hand:
        if c in MISSIONS:
            for t, n in MISSIONS[c].code:
                want[t] += n * 0.5
    if hero["pair"] in want:
        want[hero["pair"]] += 0.25 * want.get(hero["stands_for"], 0)

    def worth(card: str) -> float:
        if card in MISSIONS:
            m = MISSIONS[card]
            late = 100 if view["reshuffled"] else 0
            return _coverage(hand, card) * 1.5 - m.size * 0.5 + m.points * 0.3 - late
        return want[card] / max(1, hand.count(card))

    return Action("discard", (min(sorted(hand), key=worth),))


def refused(memory: dict, view: dict, action: Action) -> None:
    """The bot reads all it needs from its view; a refusal teaches it nothing more."""
