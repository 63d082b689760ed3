"""Quest for Legend's sharper plan: the strong bot's own rules of thumb (the search weighs them).

Where the normal bot loses points: it feeds its missions down to two cards short, and a rival
holding those two cards aborts them (in its bots-only games more than a third of the missions
started are aborted); and it may start the second copy of a mission it already has on the table,
so that completing one supersedes the other against itself. The sharper plan

- leaves a mission of its own at least three cards short (``exposed``) unless it completes it in
  that same phase: it feeds a mission only while enough stays missing, then completes it in one go;
- never starts a mission it already has on the table, and throws that card first when discarding;
- aborts a rival's mission whenever the points denied are at least the cards spent;
- starts a mission whose twin a rival has on the table only when its hand covers it and theirs is
  still far from done (a completed twin supersedes theirs: its points count against them);
- starts missions its hand covers less fully than the normal bot does (their card out of the hand
  makes room), but late in the second pile only what it can complete at once, and at the very end
  feeds its missions down to one short (a mission left unfinished costs its points).

Each rule was measured on its own against the normal bot (docs/bots.md). It reads only its own
view, as every bot does.

It reads only its own view, as every bot does.
"""

from __future__ import annotations

import random

from games.engine import Action
from games.legend.bots import _coverage, _discard, _endgame, _finish, _friends, _me, _ref, claim_or_complete, startable
from games.legend.data import HAND_LIMIT, MISSIONS, TYPE_ORDER

KNOBS = {  # measured against the normal bot over 1000-2000 seeded games each (docs/bots.md)
    "exposed": 3,  # a mission of mine left this many cards short or more is out of a rival's reach
    "abort_margin": 0,  # abort a rival's mission when its points - the cards spent >= this ...
    "abort_max": 3,  # ... and at most this many cards are missing
    "start_cover": 3,  # start a mission when the hand covers all but this many of its cards
    "max_open": 4,  # missions of mine on the table at most
    "late_deck": 12,  # after the reshuffle, at most this many cards a player left: start only what the hand covers
    "calm_deck": 4,  # after the reshuffle, at most this many cards a player left: feed down to one short
    "race_gap": 3,  # start a rival's twin only while theirs is this many cards short or more
}


def bot_action(view: dict, rng: random.Random) -> Action:
    phase = view["phase"]
    if phase in ("play", "last"):
        act = _play(view)
        if act is not None:
            return act
        if phase == "last":
            return Action("pass")
        return _start(view) or Action("draw")
    if phase == "start":
        return _start(view) or Action("draw")
    if phase == "discard":
        return _throw(view, rng)
    return Action("pass")


def _cards(words: list[str]) -> int:
    """Resource units a list of card words fills (a hero's pair ``X X as Y`` is one)."""
    return len(words) - 3 * words.count("as")


def _play(view: dict):
    name, hero, hand = _me(view)
    friends = _friends(view, name)
    table = view["table"]
    late = _endgame(view)
    done = claim_or_complete(view, name, hero, hand, friends, late)  # claims, then completing my own
    if done is not None:
        return done
    mine = sorted((e for e in table if e["owner"] == name), key=lambda e: -e["points"])
    if not late:  # abort a rival's when the points denied outweigh the cards spent
        best = None
        for e in table:
            if e["owner"] in friends or sum(e["missing"].values()) > KNOBS["abort_max"]:
                continue
            words = _finish(hand, hero, e)
            if words:
                gain = e["points"] - _cards(words)
                if gain >= KNOBS["abort_margin"] and (best is None or gain > best[0]):
                    best = (gain, Action("disturb", (_ref(view, name, e), "with", *words)))
        if best:
            return best[1]
    calm = view["reshuffled"] and view["deck"] <= KNOBS["calm_deck"] * len(view["order"])
    for e in sorted(mine, key=lambda e: (sum(e["missing"].values()), -e["points"])):
        exposed = 1 if calm else KNOBS["exposed"]
        if hero["favoured"] == e["mission"]:
            exposed += 1
        words = _feed(hand, hero, e, exposed)
        if words:
            return Action("undertake", (_ref(view, name, e), "with", *words))
    return None


def _throw(view: dict, rng: random.Random) -> Action:
    """Phase 4 as the normal bot plays it, but a mission card I already have on the table goes first
    (I would not start it: completing one twin supersedes the other)."""
    name, _, hand = _me(view)
    if len(hand) > HAND_LIMIT and not view["me"]["dead"]:
        mine = {e["mission"] for e in view["table"] if e["owner"] == name}
        for card in sorted(hand):
            if card in mine:
                return Action("discard", (card,))
    return _discard(view, rng, "normal")


def _feed(hand: list[str], hero: dict, entry: dict, exposed: int) -> list[str]:
    """Cards under ``entry`` that leave it still ``exposed`` cards short or more."""
    missing = entry["missing"]
    total = sum(missing.values())
    room = total - exposed
    words: list[str] = []
    for t in TYPE_ORDER:
        n = min(missing.get(t, 0), hand.count(t), room - len(words))
        words += [t] * max(0, n)
    return words


def _start(view: dict):
    name, hero, hand = _me(view)
    can = startable(view)
    if not can:
        return None
    end = _endgame(view) or (view["reshuffled"] and view["deck"] <= KNOBS["late_deck"] * len(view["order"]))
    open_ = [e for e in view["table"] if e["owner"] == name]
    if len(open_) >= KNOBS["max_open"]:
        return None
    best = None
    for key in can:
        m = MISSIONS[key]
        need = m.size - (1 if hero["favoured"] == key else 0)
        cover = min(need, _coverage(hand, key))
        short = need - cover
        if any(e["mission"] == key for e in open_):
            continue  # completing one of my two would supersede the other
        twins = [e for e in view["table"] if e["mission"] == key and e["owner"] != name]
        rival_twin = bool(twins)
        if (rival_twin or end) and short > 0:
            continue
        if any(sum(e["missing"].values()) < KNOBS["race_gap"] for e in twins):
            continue
        if short <= KNOBS["start_cover"] or m.size <= 2:
            score = (rival_twin, -short, m.points)
            if best is None or score > best[0]:
                best = (score, key)
    return Action("start", (best[1],)) if best else None

