"""Quest for Legend's phase table (games/phases.py): which verbs each phase of a turn allows, and the
flow of the phases, which alone moves the game on -- the handlers only carry out their move and
record what the turn has done.

``state.phase`` names the step of the turn the player on turn is in (a turn is the finest of the
game's nested notions: a match of games, a game of rounds, a round of turns, a turn of steps):
'play' (phase 1: undertake, disturb), 'start' (phase 2), 'discard' (phase 4; the draw, phase 3, is
an action, not a wait), 'last' (one last phase 1 each, once the second pile is drawn out) and
'over'. The flow (``FLOW``):

- 'play' ends with a start or a pass (to 'start'), the draw (to 'discard', or the turn is over), or
  the tenth mission completed (to 'over');
- 'start' ends with the draw, as phase 1 does;
- 'discard' ends when the hand is five cards and no dead twin may hide in one, or with a pass;
- a turn over goes to the next player's 'play' -- or, after the drawer of the last card, to the
  last round's first 'last' ('over' when nobody has anything left to play in it);
- 'last' ends with a pass (to the next player's 'last', or 'over') or the tenth mission;
- 'over' scores the game; in a tournament with games to come it ends at once, and 'play' deals the
  next game.

Each phase's ``begin`` tells what the handlers used to tell when they set the phase themselves, in
the same order: the phase-2 and phase-4 prompts, the next turn's header, the last round, the scores.
"""

from __future__ import annotations

from games.engine import WAITING, GamePhase, Phase, PhaseTable
from games.legend import turns
from games.legend.ending import all_done
from games.legend.moments import not_now, phase_of

STAGES = (
    Phase("play", ("undertake", "disturb", "start", "draw", "pass"), "phase 1: undertake or disturb; "
          "then start missions or draw ('pass' goes to phase 2)"),
    Phase("start", ("start", "draw"), "phase 2: start missions, then the compulsory draw (phase 3)"),
    Phase("discard", ("discard", "pass"), "phase 4: discard down to five cards and dead twins, then 'pass'"),
    Phase("last", ("undertake", "disturb", "pass"), "the last round: one last phase 1, then 'pass'"),
    Phase(WAITING, (), "another player's turn"),
)


def _phase_one_over(state) -> bool:
    return all_done(state) or bool(state.started) or state.passed or state.drew


def _after_phase_one(state) -> str:
    if all_done(state):
        return "over"
    return turns.after_draw(state) if state.drew else "start"


FLOW = (
    GamePhase("play", _phase_one_over, _after_phase_one, turns.begin_next_turn),
    GamePhase("start", lambda state: state.drew, turns.after_draw, turns.begin_phase_two),
    GamePhase("discard", turns.discard_done, turns.after_turn, turns.begin_discard),
    GamePhase("last", lambda state: all_done(state) or state.passed, turns.after_last, turns.begin_last),
    GamePhase("over", lambda state: not state.over, "play", turns.begin_game_over),
)

# 'apply' refuses a verb the player's phase does not allow with ``not_now``, ``legal_actions`` offers
# only the verbs it allows, and after every action the flow moves the game on (``PhaseTable.advance``).
PHASES = PhaseTable(STAGES, phase_of, not_now, flow=FLOW)
