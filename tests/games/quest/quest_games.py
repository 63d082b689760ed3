"""Seeded Quest games for property and leak tests: a recording wrapper around GAME, a chaotic seat
policy (random legal actions, gifts, refusals) and cheap/deep snapshots of the state."""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import dataclass

from games.engine import Action, Event, RuleError
from games.quest import GAME
from games.quest.data import WEAPONS
from games.quest.items import ITEM_WORDS
from mud.shell.table import Table

BOTS = ["bot1", "bot2", "bot3", "bot4"]


def fingerprint(state) -> bytes:
    """Cheap exact picture of the whole state (the Rng included): equal bytes, unchanged state."""
    return pickle.dumps(state)


def deep_snapshot(state) -> dict:
    """A deep copy of every field of the state, the Rng compared by its internal state."""
    out = {k: copy.deepcopy(v) for k, v in vars(state).items() if k != "rng"}
    out["rng"] = state.rng.getstate()
    return out


@dataclass
class Pre:
    """What the tests need to know of the state just before an action."""

    turn_player: str
    turn_number: int
    phase: str
    roll: int | None
    steps_left: int
    pos: dict[str, str]
    keys: dict[str, list]
    treasures: dict[str, list]
    objects: dict[str, list]
    rank: dict[str, str]
    gold: dict[str, int]
    doors_open: dict
    deck: dict[str, int]
    treasure_deck: list
    ledger_len: int


def pre_of(state) -> Pre:
    ps = state.players
    t = state.turn
    return Pre(t.player, t.number, t.phase, t.roll, t.steps_left,
               {n: p.pos for n, p in ps.items()}, {n: list(p.keys) for n, p in ps.items()},
               {n: list(p.treasures) for n, p in ps.items()}, {n: list(p.objects) for n, p in ps.items()},
               {n: p.rank for n, p in ps.items()}, {n: p.gold for n, p in ps.items()},
               {e: d.open for e, d in state.doors.items()}, dict(state.objects), list(state.treasures),
               len(state.ledger))


@dataclass
class Rec:
    player: str
    action: Action
    pre: Pre
    events: list[Event] | None = None  # None: refused
    error: str | None = None
    post: Pre | None = None
    unchanged: bool = True  # for refusals: the state's fingerprint did not change


class Recorder:
    """GAME with every apply recorded (accepted and refused) and, optionally, chaotic bots."""

    def __init__(self, game=GAME, chaos: float = 0.0, chaos_limit: int = 250, seed: int = 0,
                 on_accept=None, exact: bool = False):
        self.game = game
        self.exact = exact  # fingerprint the whole state around every apply (slower)
        self.records: list[Rec] = []
        self.chaos = chaos
        self.chaos_limit = chaos_limit
        self.rng = random.Random(f"chaos/{seed}")
        self.on_accept = on_accept  # callable(rec, state) run after an accepted apply, before publish

    def __getattr__(self, name):
        return getattr(self.game, name)

    def apply(self, state, player, action):
        pre = pre_of(state)
        before = fingerprint(state) if self.exact else None
        try:
            events = self.game.apply(state, player, action)
        except RuleError as err:
            same = fingerprint(state) == before if self.exact else pre_of(state) == pre
            rec = Rec(player, action, pre, None, str(err), unchanged=same)
            self.records.append(rec)
            raise
        rec = Rec(player, action, pre, list(events), None, pre_of(state))
        self.records.append(rec)
        if self.on_accept:
            self.on_accept(rec, state)
        return events

    def bot_action(self, state, player, rng, level="normal", memory=None):
        if self.chaos and len(self.records) < self.chaos_limit and self.rng.random() < self.chaos:
            return self.chaotic(state, player)
        return self.game.bot_action(state, player, rng, level, memory)

    def chaotic(self, state, player) -> Action:
        r = self.rng
        others = [p for p in state.order if p != player]
        roll = r.random()
        if roll < 0.15 and others:
            item = r.choice(["gold", "gold", "gold key", "silver key", *ITEM_WORDS])
            return Action("give", (r.choice(others), r.choice([1, 1, 1, 2]), item))
        if roll < 0.25:
            return r.choice([Action("act"), Action("buy", (r.choice(WEAPONS),)), Action("act", ("head",)),
                             Action("act", ("damsel",))])
        if roll < 0.35:
            return Action("deny") if r.random() < 0.7 else Action("leave", ("closed",))
        if roll < 0.5:
            return Action(r.choice(["move", "peek"]), (r.choice("nesw"),))
        legal = self.game.legal_actions(state, player)
        return r.choice(legal) if legal else Action("stop")


def play(seed: int, chaos: float = 0.0, humans=(), bots=BOTS, options=None, on_accept=None,
         listener=None, sessions=None, exact: bool = False) -> tuple[Table, Recorder]:
    """Play one seeded game to its end (bots only) with every action recorded."""
    rec = Recorder(chaos=chaos, seed=seed, on_accept=on_accept, exact=exact)
    table = Table(rec, list(humans), list(bots), seed=seed, options=options)
    if sessions is not None:
        sessions(table)
    if listener is not None:
        table.listeners.append(lambda: listener(table))
    table.start()
    return table, rec


def crossings(rec: Rec) -> list[tuple[str, str, str]]:
    """(player, from, to) for every player whose position changed during an accepted action, but for
    an attacker driven back after losing (they return where their step began: no step is spent)."""
    if rec.post is None:
        return []
    back = {e.data["player"]: e.data["room"] for e in rec.events or () if e.kind == "driven_back"}
    return [(p, a, rec.post.pos[p]) for p, a in rec.pre.pos.items()
            if rec.post.pos[p] != a and back.get(p) != rec.post.pos[p]]


def holds_key(pre: Pre, player: str, colour: str) -> bool:
    if colour == "black":
        return "black key" in pre.treasures[player]
    return colour in pre.keys[player]

