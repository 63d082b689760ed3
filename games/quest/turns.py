"""Passing the turn to the next player in the published order."""

from __future__ import annotations

from games.engine import Event, announce
from games.quest.state import QuestState, Turn


def end_turn(state: QuestState) -> list[Event]:
    if state.over:
        return []
    i = state.order.index(state.turn.player)
    nxt = state.order[(i + 1) % len(state.order)]
    state.turn = Turn(nxt, state.turn.number + 1)
    return [announce(f"It is {nxt}'s turn.", "turn", player=nxt, number=state.turn.number)]
