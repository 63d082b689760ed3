"""The observer: all one player may know of a Quest for Legend match. Hands and the draw pile's
order are secret; the table, the set-aside piles, the discard pile and the heroes are public.
``view(state, None)`` is the omniscient view for audits."""

from __future__ import annotations

from games.legend.data import HEROES, MISSIONS, card_sort
from games.legend.ending import score_parts
from games.legend.moments import dead
from games.legend.names import HERO_NAMES, MISSION_SHORT
from games.legend.state import LegendState, OnTable


def entry_view(number: int, entry: OnTable) -> dict:
    m = MISSIONS[entry.mission]
    return {"number": number, "mission": entry.mission, "name": MISSION_SHORT[entry.mission], "owner": entry.owner,
            "points": m.points,
            "code": m.code_text, "under": under_text(entry), "missing": entry.missing()}


def under_text(entry: OnTable) -> str:
    """The cards under a mission as the screens show them: ``A I EE=C`` (a hero's pair as one)."""
    return " ".join(f"{u.cards[0]}{u.cards[1]}={u.fills}" if len(u.cards) == 2 else u.fills
                    for u in entry.under) or "-"


def aside(entries: list[OnTable]) -> list[list]:
    """Set-aside missions: [mission, points, the cards under it]."""
    return [[e.mission, MISSIONS[e.mission].points, under_text(e)] for e in entries]


def view(state: LegendState, who: str | None) -> dict:
    players = {}
    for p in state.order:
        seat = state.seats[p]
        hero = HEROES[seat.hero]
        done, open_, lost = score_parts(state, p)
        players[p] = {"hero": hero.key, "hero_name": HERO_NAMES[hero.key], "favoured": hero.favoured, "pair": hero.pair,
                      "stands_for": hero.stands_for, "cards": len(seat.hand), "score": done - open_ - lost,
                      "completed": [e.mission for e in seat.completed], "superseded": [e.mission for e in seat.superseded],
                      "done_points": done, "open_points": open_, "lost_points": lost,
                      "total": state.totals.get(p, 0), "won": state.won.get(p, 0)}
    out = {
        "order": list(state.order), "turn": state.turn, "phase": state.phase, "turns": state.turns, "round": state.round,
        "game_no": state.game, "games": state.games, "teams": [list(t) for t in state.teams],
        "players": players,
        "table": [entry_view(i, e) for i, e in enumerate(state.table, 1)],
        "set_aside": {p: {"completed": aside(state.seats[p].completed), "superseded": aside(state.seats[p].superseded)}
                      for p in state.order},
        "done": list(state.done), "deck": len(state.deck), "discard": list(state.discard),
        "reshuffled": state.reshuffled, "last_drawn_by": state.last_drawn_by, "last_round": list(state.last_round),
        "results": [dict(r) for r in state.results],
    }
    seat = state.seats.get(who) if who else None
    if seat is not None:
        hand = sorted(seat.hand, key=card_sort)
        out["me"] = {"name": who, "hero": seat.hero, "hand": hand, "dead": [c for c in hand if dead(state, c)],
                     "score": players[who]["score"], "cards": len(hand)}
    if who is None:
        out["hands"] = {p: sorted(s.hand, key=card_sort) for p, s in state.seats.items()}
        out["deck_order"] = list(state.deck)
    return out
