"""Where a turn stands, in words and public facts: whose turn it is and which phase (``phase_of``),
what the game waits for (``expected``) and how a verb not for now is refused (``not_now``); the
beginning of a turn; the dead twins and whether one may hide in a hand. Below the rule modules and
the phase table (phases.py), which all read these without a cycle."""

from __future__ import annotations

from games.engine import WAITING, Event, announce
from games.legend.data import MISSIONS, TWINS
from games.legend.names import HERO_NAMES
from games.legend.state import LegendState
from games.legend.words import _

PHASE_NAMES = {"play": _("phase 1, undertake or disturb"), "start": _("phase 2, start missions"),
               "discard": _("phase 4, discard"), "last": _("the last round: phase 1 only")}


def begin_turn(state: LegendState, player: str) -> list[Event]:
    """``player``'s turn begins (in phase 1: the flow's 'play' is entered): nothing done yet."""
    state.turn = player
    state.turns += 1
    state.started, state.drew, state.passed = 0, False, False
    text = _("Round {round}: {player}'s turn ({hero}).", round=state.round, player=player,
             hero=HERO_NAMES[state.seats[player].hero])
    return [announce(text, "turn", player=player,
                     number=state.turns, round=state.round)]


def expected(state: LegendState, player: str):
    """What the game wants from ``player`` now, in words (for refusals and questions)."""
    if state.over:
        return _("The game is over.")
    if player != state.turn:
        return _("It is {player}'s turn ({phase}).", player=state.turn, phase=PHASE_NAMES[state.phase])
    if state.phase == "play":
        return _("Phase 1: 'undertake <mission> with <cards>', 'disturb <mission> with <cards>'; "
                 "then 'start <mission>' or 'draw'.")
    if state.phase == "start":
        return _("Phase 2: 'start <mission>' from your hand, then 'draw'.")
    if state.phase == "discard":
        over = len(state.seats[player].hand) - 5
        if over > 0:
            return _.plural("Phase 4: discard {n} card ('discard <card>').",
                            "Phase 4: discard {n} cards ('discard <card>').", over)
        return _("Phase 4: 'pass' ends your turn; a dead twin may go first ('discard <mission>').")
    return _("Your last phase 1: undertake or disturb, then 'pass'.")


def not_now(state: LegendState, player: str, verb: str):
    """The refusal of a verb the player's stage does not allow (the phase table's words)."""
    if player != state.turn:
        return _("It is {player}'s turn, not yours.", player=state.turn)
    if verb == "pass" and state.phase == "start":
        return _("Drawing is compulsory: 'draw' a card.")
    return _("Not now. {expected}", expected=expected(state, player))


def phase_of(state: LegendState, player: str) -> str:
    """The player's stage: the phase of their turn, or waiting for another's."""
    return state.phase if player == state.turn else WAITING


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
