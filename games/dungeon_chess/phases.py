"""Dungeon Chess's phase table (games/phases.py): first every player keeps one of two secret
targets, all at once; then one player at a time moves, teleports or ransoms. The table is what
``apply`` refuses and what ``legal_actions`` offers; refusals.py words the rest of a refusal, and the
handlers check nothing.

The game's phases drive the flow (``FLOW``): 'choose' ends when every target is kept, and 'play'
begins by saying who moves first; 'play' ends when the game does (``ending.ending_reason``), and
'over' begins with the reveal and the scores. Only the table sets ``state.phase``."""

from __future__ import annotations

from games.dungeon_chess.ending import ending_reason, finish
from games.dungeon_chess.words import _
from games.engine import WAITING, GamePhase, Phase, PhaseTable, announce

PHASES_DECLARED = (
    Phase("choose", ("keep",), _("keep one of the two secret targets dealt (everyone at once)")),
    Phase("kept", (), _("target kept: waiting for the others to keep theirs")),
    Phase("move", ("move", "teleport", "ransom"), _("your turn: move, teleport or ransom")),
    Phase(WAITING, (), _("another player's turn")),
)


def phase_of(state, player: str) -> str:
    if state.phase == "choose":
        return "choose" if state.target.get(player) is None and player in state.dealt else "kept"
    return "move" if player == state.player else WAITING


def not_now(state, player: str, verb: str):
    """The words of each stage's refusal (the texts the handlers used to say), as messages."""
    if verb == "keep":
        if state.phase != "choose":
            return _("The secret targets were kept before the first move.")
        return _("You already keep target #{number}.", number=state.target[player])
    if state.phase == "choose":
        if state.target[player] is None:
            return _("You have not kept a secret target yet ('target' shows yours).")
        return _("Not everyone has not kept a secret target yet ('target' shows yours).")
    return _("It is {player}'s turn.", player=state.player)


def _begins(state) -> list:
    return [announce(_("Every target is kept. {player} moves first.", player=state.player), "begins",
                     first=state.player)]


FLOW = (
    GamePhase("choose", lambda state: all(state.target[p] is not None for p in state.order), "play", None),
    GamePhase("play", lambda state: bool(ending_reason(state)), "over", _begins),
    GamePhase("over", None, None, finish),
)

PHASES = PhaseTable(PHASES_DECLARED, phase_of, not_now, flow=FLOW)
