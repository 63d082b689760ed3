"""What a turn lets one player do: ``legal_actions`` (primary) and the ``question`` whose numbered
answers are some of them. Built from that player's own hand and public facts only.

Phase 1 offers each single step -- one resource card (or the hero's pair) under one mission, or a
favoured mission claimed one card short -- though a line may play many cards at once
(``disturb medusa with I E``), which is just as legal."""

from __future__ import annotations

from games.engine import Action
from games.legend.data import HAND_LIMIT, MISSIONS, TYPE_ORDER
from games.legend.phases import dead
from games.legend.state import LegendState, OnTable
from games.legend.turns import startable

MOST = 9  # the TUI's keys 1..9


def ref(state: LegendState, player: str, entry: OnTable) -> str:
    """The shortest word naming ``entry`` for its verb: the mission's key, or its table number when
    two such missions could be meant."""
    own = entry.owner == player
    same = [e for e in state.table if e.mission == entry.mission and (e.owner == player) == own]
    return entry.mission if len(same) == 1 else str(state.table.index(entry) + 1)


def plays(state: LegendState, player: str) -> list[tuple[str, Action]]:
    """Every single step of phase 1, labelled, claims first, then the player's own missions."""
    hand = state.seats[player].hand
    hero = state.hero(player)
    claims, mine, theirs = [], [], []
    for entry in state.table:
        own = entry.owner == player
        verb = "undertake" if own else "disturb"
        word = ref(state, player, entry)
        name = MISSIONS[entry.mission].short if own else f"{entry.owner}'s {MISSIONS[entry.mission].short}"
        missing = entry.missing()
        if entry.mission == hero.favoured and sum(missing.values()) == 1:
            claims.append((("Claim " if own else "Abort ") + name, Action(verb, (word,))))
        out = mine if own else theirs
        for t in TYPE_ORDER:
            if missing.get(t) and t in hand:
                out.append((f"{name}+{t}", Action(verb, (word, "with", t))))
        s, p = hero.stands_for, hero.pair
        if missing.get(s) and hand.count(p) >= 2:
            out.append((f"{name}+{p}{p}={s}", Action(verb, (word, "with", p, p, "as", s))))
    return claims + mine + theirs


def _discards(state: LegendState, player: str) -> list[tuple[str, Action]]:
    hand = state.seats[player].hand
    over = len(hand) > HAND_LIMIT
    out = []
    for c in sorted(set(hand), key=lambda c: (c in MISSIONS, c)):
        if over or dead(state, c):
            name = MISSIONS[c].short if c in MISSIONS else c
            out.append((f"Discard {name}{' (dead)' if dead(state, c) else ''}", Action("discard", (c,))))
    return out


def choices(state: LegendState, player: str) -> tuple[str, list[tuple[str, Action]]] | None:
    """The question of the phase and every legal action, labelled (the question shows the first nine)."""
    if state.over or player != state.turn:
        return None
    starts = [(f"Start {MISSIONS[k].short}", Action("start", (k,))) for k in startable(state, player)]
    draw = ("Draw", Action("draw"))
    if state.phase == "play":
        return ("Phase 1: play resource cards under missions, start missions, or draw.",
                plays(state, player) + starts + [draw, ("Go to phase 2", Action("pass"))])
    if state.phase == "start":
        return "Phase 2: start missions from your hand, then draw.", starts + [draw]
    if state.phase == "discard":
        done = [("End turn", Action("pass"))] if len(state.seats[player].hand) <= HAND_LIMIT else []
        over = len(state.seats[player].hand) - HAND_LIMIT
        text = f"Phase 4: discard {over} card{'s' * (over > 1)}." if over > 0 else "Phase 4: discard dead twins?"
        return text, done + _discards(state, player)
    if state.phase == "last":
        return "Your last phase 1: play resource cards, or end.", [("Done", Action("pass"))] + plays(state, player)
    return None


def legal_actions(state: LegendState, player: str) -> list[Action]:
    asked = choices(state, player)
    return [a for _, a in asked[1]] if asked else []


def question(state: LegendState, player: str) -> tuple[str, list[tuple[str, Action]]] | None:
    asked = choices(state, player)
    if not asked:
        return None
    text, answers = asked
    if state.phase == "play":  # the way on (start, draw) always in sight; 'pass' is only typed
        tail = [a for a in answers if a[1].verb in ("start", "draw")]
        answers = [a for a in answers if a[1].verb in ("undertake", "disturb")][:MOST - len(tail)] + tail
    return text, answers[:MOST]
