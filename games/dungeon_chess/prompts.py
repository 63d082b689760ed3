"""The question put to a player, derived from the legal actions: which secret target to keep; and,
when the player to move has only a few choices, those choices (a long list of moves is the board's
to show, not a menu's)."""

from __future__ import annotations

from games.dungeon_chess.data import TARGETS
from games.dungeon_chess.legal import legal_actions

SHORT = 6


def label(action) -> str:
    if action.verb == "keep":
        n = action.args[0]
        return f"Keep #{n}: {TARGETS[n][0]} (+{TARGETS[n][1]})"
    if action.verb == "move":
        return f"Move {action.args[0]}-{action.args[1]}"
    if action.verb == "teleport":
        return f"Teleport from {action.args[0]}"
    kind, sq, holder = action.args
    return f"Ransom your {kind} from {holder} onto {sq}"


def question(state, player):
    actions = legal_actions(state, player)
    if not actions:
        return None
    if state.phase == "choose":
        return "Keep which secret target?", [(label(a), a) for a in actions]
    if len(actions) <= SHORT:
        return "Your move:", [(label(a), a) for a in actions]
    return None
