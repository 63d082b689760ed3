"""Quantum bots (placeholder: a random legal action)."""

from __future__ import annotations

import random

from games.engine import Action
from games.quantum.prompts import legal_actions
from games.quantum.view import state_from_view


def bot_action(view: dict, rng: random.Random, level: str = "normal", memory: dict | None = None) -> Action:
    state = state_from_view(view)
    legal = legal_actions(state, view["you"], carries=False)
    if not legal:
        return Action("end")
    others = [a for a in legal if a.verb != "end"]
    if state.turn and state.turn.actions == 0 or not others or rng.random() < 0.05:
        return legal[0]
    return rng.choice(others)


def refused(memory: dict, view: dict, action: Action) -> None:
    """The bot reads all it needs from its view; a refusal teaches it nothing more."""
