"""Dungeon Chess's phase table (games/phases.py): first every player keeps one of two secret
targets, all at once; then one player at a time moves, teleports or ransoms. The table is what
``apply`` refuses and what ``legal_actions`` offers; the handlers check only their arguments."""

from __future__ import annotations

from games.engine import WAITING, Phase, PhaseTable

PHASES_DECLARED = (
    Phase("choose", ("keep",), "keep one of the two secret targets dealt (everyone at once)"),
    Phase("kept", (), "target kept: waiting for the others to keep theirs"),
    Phase("move", ("move", "teleport", "ransom"), "your turn: move, teleport or ransom"),
    Phase(WAITING, (), "another player's turn"),
)


def phase_of(state, player: str) -> str:
    if state.phase == "choose":
        return "choose" if state.target.get(player) is None and player in state.dealt else "kept"
    return "move" if player == state.player else WAITING


def not_now(state, player: str, verb: str) -> str:
    """The words of each stage's refusal (the texts the handlers used to say)."""
    if verb == "keep":
        if state.phase != "choose":
            return "The secret targets were kept before the first move."
        return f"You already keep target #{state.target[player]}."
    if state.phase == "choose":
        waiting = "You have" if state.target[player] is None else "Not everyone has"
        return f"{waiting} not kept a secret target yet ('target' shows yours)."
    return f"It is {state.player}'s turn."


PHASES = PhaseTable(PHASES_DECLARED, phase_of, not_now)
