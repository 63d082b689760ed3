"""Passing the turn to the next player in the published order."""

from __future__ import annotations

from games.engine import Event, both
from games.quest.state import QuestState, Turn


def end_turn(state: QuestState) -> list[Event]:
    if state.over:
        return []
    i = state.order.index(state.turn.player)
    nxt = state.order[(i + 1) % len(state.order)]
    state.turn = Turn(nxt, state.turn.number + 1)
    return turn_events(nxt, state.turn.number)


def turn_events(player: str, number: int) -> list[Event]:
    return both(player, f"It is your turn ({number}): move, act, or pass.", f"It is {player}'s turn.", "turn",
                player=player, number=number)
