"""What a player holds, told to that player after it changes hands (a payment, a gift, a loot), so
each player's own events carry their gold and belongings as data an auditor can follow."""

from __future__ import annotations

from games.engine import Event
from games.quest.state import QuestState


def holdings(state: QuestState, name: str) -> dict:
    p = state.players[name]
    return {"gold": p.gold, "bag": p.has_bag, "objects": sorted(p.objects), "treasures": sorted(p.treasures),
            "keys": sorted(p.keys)}


def with_belongings(state: QuestState, events: list[Event], owners: tuple[str, ...]) -> list[Event]:
    """``events`` with each owner's copy carrying ``belongings`` (what they hold now): an event an
    owner sees among others is split into the owner's own copy and one for the rest."""
    out: list[Event] = []
    for e in events:
        mine = [o for o in owners if e.visible_to(o)]
        if not mine:
            out.append(e)
            continue
        for o in mine:
            out.append(Event(e.kind, e.text, {**e.data, "belongings": holdings(state, o)}, to=(o,)))
        if e.to is None or set(e.to) - set(mine):
            out.append(Event(e.kind, e.text, dict(e.data), to=e.to, not_to=tuple(dict.fromkeys((*e.not_to, *mine)))))
    return out
