"""What the game waits for from one player, as a question with its legal answers.

``prompt(state, who)`` is part of that player's view: surfaces show the text and offer the choices
as keys or buttons (each choice is a label and the command line it stands for). It is built only
from what ``who`` may know, so it can never leak: the other duellist's secret choice, say, is
never among the words.
"""

from __future__ import annotations

from games.quest.state import QuestState


def prompt(state: QuestState, who: str | None) -> dict | None:
    """``{"text": ..., "choices": [[label, command], ...]}`` or None when nothing waits on ``who``."""
    if who is None or who not in state.players or state.over:
        return None
    turn = state.turn
    if turn.phase == "consent" and turn.consent and who in turn.consent.waiting:
        return {"text": f"{turn.player} asks to enter your room {turn.consent.target}.",
                "choices": [["Allow", "allow"], ["Deny", "deny"]]}
    if turn.phase == "consent" and turn.player == who:
        return {"text": f"Waiting for {', '.join(turn.consent.waiting)} to let you in.",
                "choices": [["Give up", "stop"]]}
    if turn.phase == "leave" and turn.player == who:
        colour = state.doors[turn.pending_locked[0]].colour
        return {"text": f"Leave the {colour} door open or closed.",
                "choices": [["Leave open", "leave open"], ["Leave closed", "leave closed"]]}
    return None
