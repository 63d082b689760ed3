"""The observer: all one player may know of a 10x match. Hands, quests in hand and face-down
choices are their owner's alone; ``view(state, None)`` is the omniscient view for audits."""

from __future__ import annotations

from games.tenx.cards import sort_key
from games.tenx.data import CARDS, COMMON, PERSONAL, THRESHOLDS
from games.tenx.state import TenxState


def card_view(cid: str) -> dict:
    c = CARDS[cid]
    return {"id": cid, "name": c.shown, "kind": c.kind, "value": c.value, "mods": list(c.mods), "bottom": c.bottom}


def quest_view(qid: str) -> dict:
    q = PERSONAL[qid]
    return {"id": qid, "text": q.text, "reward": q.reward}


def view(state: TenxState, who: str | None) -> dict:
    r = state.round
    me = state.seats.get(who) if who else None
    declare, target = THRESHOLDS[len(state.order)]
    out = {
        "order": list(state.order),
        "round": r.number,
        "phase": r.phase,
        "players": {p: {"points": s.points, "declared": s.declared, "cards": len(s.hand), "quests": len(s.quests),
                        "shown": [quest_view(q) for q in s.shown], "chosen": p in r.choices}
                    for p, s in state.seats.items()},
        "table": {p: {"card": card_view(pl.card), "value": pl.value, "used": pl.used, "masked": pl.masked,
                      "bonuses": list(pl.bonuses), "played": [card_view(c) for c in pl.played]}
                  for p, pl in r.table.items()},
        "active": [{"id": q, "text": COMMON[q].text, "given": list(state.common_given[q])} for q in state.active],
        "decks": {"numbered": len(state.deck), "bonus": len(state.bonus_deck), "quests": len(state.quest_deck),
                  "common": len(state.common_deck)},
        "declare": declare, "target": target,
        "variants": sorted(state.variants),
        "die": dict(r.rolled) if r.rolled and "roll" in r.rolled else None,
        "round_winners": list(r.winners),
    }
    if me is not None:
        out["me"] = {"name": who, "hand": [card_view(c) for c in sorted(me.hand, key=sort_key)],
                     "quests": [quest_view(q) for q in me.quests], "points": me.points,
                     "choice": card_view(r.choices[who]) if r.choices.get(who) else None,
                     "may_discard": r.phase == "draw" and r.discarding == who,
                     "owed": r.owed if r.phase == "lose" and r.queue[:1] == [who] else 0,
                     "taken": card_view(r.taken) if r.taken and r.queue[:1] == [who] else None}
    if who is None:
        out["hands"] = {p: sorted(s.hand) for p, s in state.seats.items()}
        out["quests_in_hand"] = {p: list(s.quests) for p, s in state.seats.items()}
        out["choices"] = dict(r.choices)
    return out
