"""Passing the turn to the next player in the published order."""

from __future__ import annotations

from games.engine import Event, RuleError, both
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


def not_your_turn(state: QuestState, player: str) -> RuleError:
    """The refusal for acting out of turn, pointing at what the game does wait for from you."""
    c = state.turn.consent
    if c is not None and player in c.waiting:
        return RuleError(f"It is {state.turn.player}'s turn; they ask to enter your room: 'allow' or 'deny'.")
    return RuleError(f"It is {state.turn.player}'s turn, not yours.")
