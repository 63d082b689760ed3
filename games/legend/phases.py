"""Whose turn it is and which phase: beginning a turn, and the words for what the game waits for.
Kept apart so the deal, the turns and the end of a game can all begin a turn without a cycle."""

from __future__ import annotations

from games.engine import Event, RuleError, announce
from games.legend.data import MISSIONS, TWINS
from games.legend.state import LegendState

PHASE_NAMES = {"play": "phase 1, undertake or disturb", "start": "phase 2, start missions",
               "discard": "phase 4, discard", "last": "the last round: phase 1 only"}


def begin_turn(state: LegendState, player: str) -> list[Event]:
    state.turn = player
    state.phase = "play"
    state.turns += 1
    return [announce(f"Turn {state.turns}: {player} ({state.hero(player).name}).", "turn", player=player,
                     number=state.turns)]


def expected(state: LegendState, player: str) -> str:
    """What the game wants from ``player`` now, in words (for refusals and questions)."""
    if state.over:
        return "The game is over."
    if player != state.turn:
        return f"It is {state.turn}'s turn ({PHASE_NAMES[state.phase]})."
    if state.phase == "play":
        return ("Phase 1: 'undertake <mission> with <cards>', 'disturb <mission> with <cards>'; "
                "then 'start <mission>' or 'draw'.")
    if state.phase == "start":
        return "Phase 2: 'start <mission>' from your hand, then 'draw'."
    if state.phase == "discard":
        over = len(state.seats[player].hand) - 5
        if over > 0:
            return f"Phase 4: discard {over} card{'s' * (over > 1)} ('discard <card>')."
        return "Phase 4: 'pass' ends your turn; a dead twin may go first ('discard <mission>')."
    return "Your last phase 1: undertake or disturb, then 'pass'."


def must(state: LegendState, player: str, phases: tuple[str, ...]) -> None:
    """RuleError unless it is ``player``'s turn and in one of ``phases``."""
    if state.over:
        raise RuleError("The game is over.")
    if player != state.turn:
        raise RuleError(f"It is {state.turn}'s turn, not yours.")
    if state.phase not in phases:
        raise RuleError(f"Not now. {expected(state, player)}")


def dead(state: LegendState, card: str) -> bool:
    """A mission card whose twin has been completed: it can never be started."""
    return card in MISSIONS and card in state.done


def hidden_twins(state: LegendState) -> bool:
    """Could any hand hold a dead twin, as far as the public cards tell? (Completed missions whose
    second card is neither on the table, set aside, nor in the discard pile.) Phase 4 waits for a
    player with five cards or fewer only then, so that waiting never says what their hand holds."""
    for key in state.done:
        seen = state.discard.count(key) + sum(e.mission == key for e in state.table)
        seen += sum(e.mission == key for s in state.seats.values() for e in s.completed + s.superseded)
        if seen < TWINS:
            return True
    return False
