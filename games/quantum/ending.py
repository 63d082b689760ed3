"""The end of a Quantum match, as the phase table's flow reads it (games/quantum/phases.py): what
ends play (``ending_reason``: a player's last cube placed, or the round cap passed) and what the
'over' phase begins with (``finish``: the winners and the line that tells them). The rules that
place a cube or pass the turn only record what happened; the table ends the game."""

from __future__ import annotations

from games.engine import Event, announce
from games.quantum.data import MAX_ROUNDS
from games.quantum.state import QuantumState
from games.quantum.words import _, anded


def ending_reason(state: QuantumState) -> str | None:
    """'cubes' once a player has placed their last cube (``turns.place_cube`` names them the
    winner at once), 'rounds' once the last turn of round MAX_ROUNDS has ended; else None."""
    if state.winners:
        return "cubes"
    if state.round > MAX_ROUNDS:
        return "rounds"
    return None


def finish(state: QuantumState) -> list[Event]:
    """The 'over' phase begins: nothing more is owed, and the winners are told. By the round cap
    (Decision: a game still going after MAX_ROUNDS rounds ends), the most cubes placed win."""
    state.pending = []
    if ending_reason(state) == "cubes":
        winner = state.winners[0]
        return [announce(_("{winner} places the last cube and wins the game!", winner=winner), "game_over", winners=[winner],
                         by="cubes")]
    best = max(state.placed(p) for p in state.order)
    state.winners = [p for p in state.order if state.placed(p) == best]
    return [announce(_("After {rounds} rounds the game ends: {winners} placed the most cubes ({best}).",
                       rounds=MAX_ROUNDS, winners=anded(state.winners), best=best), "game_over",
                     winners=list(state.winners), by="rounds")]
