"""10x's phase table (games/phases.py): the stages of a round and the verbs each allows. A round
draws (from the second round on: each in turn, then may discard for a point), places face down (all
at once, or in turn in 'ordered'), then after the reveal asks one player at a time: masks, bonus
passes, stars, the die, a lost roll's discards; then rewards and the third's cancel. 'declare' is
open to anyone at any moment. ``apply`` refuses the other verbs with ``not_now`` (the words the
handlers used to say), ``legal_actions`` offers only the stage's; an action of the stage's verbs that
is not legal (a card not held) is worded by refusals.py, and the handlers only carry legal moves out.

The round's steps drive the flow (``FLOW``, issue 41): each says when it is over and begins the next
(its queue, its first question, or the round's scoring), one cycle a round --
draw, place, mask, bonus, star, die, lose, score, reward, cancel, over, and the next round's draw.
A step with nobody to ask is over as it begins, so the table passes through it in the same action
(no mask on the table: straight on to the bonus passes). 'over' is the round's end: it stays when
the game ends there, else the next round opens. Only the table sets the round's phase
(``TenxState.phase``).
"""

from __future__ import annotations

from games.engine import WAITING, GamePhase, Msg, NotNow, Phase, PhaseTable
from games.tenx import abilities, rounds, rules, scoring
from games.tenx.abilities import expected
from games.tenx.rules import awaiting
from games.tenx.state import TenxState
from games.tenx.words import _

# When each step after the reveal comes: said when a player tries it at another moment.
WHEN = {"mask": _("Masks come after the reveal: 'mask <player>', then 'play' or 'keep', for a revealed card with a "
                  "mask."),
        "bonus": _("Bonus/malus cards are played after the reveal and the masks, from the lowest card up."),
        "star": _("A star counts after the reveal, on a tie at the top."),
        "die": _("The die is rolled after the reveal and the bonus passes, by the second against the first.")}
STEP_OF = {"mask": "mask", "keep": "mask", "bonus": "bonus", "star": "star", "roll": "die"}
ASKED = ("mask", "bonus", "star", "die", "lose")  # round phases that ask the head of the queue

PHASES_DECLARED = (
    Phase("draw", ("draw",), _("your draw: a numbered card or two bonus/malus")),
    Phase("discard", ("discard", "pass"), _("just drawn: discard seven cards or three quests for a point, or pass")),
    Phase("place", ("play", "pass"), _("place a card face down, or nothing")),
    Phase("mask", ("mask", "pass"), _("your revealed card's mask: take a random card from a player, or pass")),
    Phase("masked", ("play", "keep"), _("your mask took a card: play another in place of yours, or keep it")),
    Phase("bonus", ("bonus", "pass"), _("a bonus pass: play a bonus/malus on your card, or pass")),
    Phase("star", ("star", "pass"), _("a tie at the top: use your star, or pass")),
    Phase("die", ("roll", "pass"), _("second: roll your die against the first, or pass")),
    Phase("lose", ("discard",), _("your roll lost: discard a game card of your choice")),
    Phase("reward", ("draw",), _("your reward: a numbered card or two bonus/malus")),
    Phase("cancel", ("cancel", "pass"), _("third on a common quest: cancel another, or pass")),
    Phase(WAITING, (), _("the round waits for someone else")),
)


def phase_of(state: TenxState, player: str) -> str:
    r = state.round
    if r.phase == "draw":
        if r.discarding:
            return "discard" if r.discarding == player else WAITING
        return "draw" if r.draw_order[:1] == [player] else WAITING
    if r.phase == "place":
        return "place" if player in awaiting(state) else WAITING
    if r.phase == "reward":
        return "reward" if r.rewards[:1] and r.rewards[0][0] == player else WAITING
    if r.phase == "cancel":
        return "cancel" if r.cancellers[:1] == [player] else WAITING
    if r.phase in ASKED and r.queue[:1] == [player]:
        return "masked" if r.phase == "mask" and r.taken else r.phase
    return WAITING


def _whose(state: TenxState) -> Msg:
    r = state.round
    return _("It is {player}'s choice now.", player=r.queue[0]) if r.queue else _("Nobody is asked now.")


def _placing(state: TenxState, player: str) -> Msg:
    if player in state.round.choices:
        return _("You have already chosen this round.")
    return _("In this variant each chooses in turn: {player} first.", player=awaiting(state)[0])


def not_now(state: TenxState, player: str, verb: str) -> Msg:
    """Why ``verb`` is not for ``player`` now; a step of the round not yet come raises NotNow (the
    engine adds what the game waits for)."""
    r = state.round
    if verb in STEP_OF:
        step = STEP_OF[verb]
        if r.phase != step:
            raise NotNow(WHEN[step])
        if r.queue[:1] != [player]:
            return _whose(state)
        if verb == "mask":
            return _("You already took a card: 'play <card>' or 'keep'.")
        return _("Use the mask first ('mask <player>'), or 'pass'.")
    if verb == "draw":
        if r.phase == "reward":
            return _("{player} chooses a reward first.", player=r.rewards[0][0])
        if r.phase != "draw":
            return _("Cards are drawn at the start of a round, from the second round on.")
        if r.discarding:
            return (_("You have drawn: discard for a point, or 'pass'.") if r.discarding == player else
                    _("{player} is choosing whether to discard.", player=r.discarding))
        return _("{player} draws first.", player=r.draw_order[0])
    if verb == "discard":
        if r.phase == "lose":
            return _whose(state)
        return _("You may discard for points only right after you draw, in the draw phase.")
    if verb == "play":
        if r.phase == "mask":
            return _whose(state) if r.queue[:1] != [player] else _("Use the mask first ('mask <player>'), or 'pass'.")
        if r.phase != "place":
            raise NotNow(_("Cards are placed face down at the start of the round."))
        return _placing(state, player)
    if verb == "pass":
        if r.phase == "cancel":
            return _("Only the third to meet a common quest may cancel another, right after.")
        if r.phase in ("mask", "bonus", "star", "die"):
            return _whose(state) if r.queue[:1] != [player] else \
                _("You took a card: 'play <card>' in place of yours, or 'keep'.")
        if r.phase == "lose":
            return expected(state, player)
        if r.phase != "place":
            return _("There is nothing to pass now. {waiting}", waiting=expected(state, player))
        return _placing(state, player)
    return _("Only the third to meet a common quest may cancel another, right after.")  # cancel


FLOW = (
    GamePhase("draw", rounds.drawn_all, "place", rounds.start_round),
    GamePhase("place", rules.all_chosen, "mask", rounds.start_placement),  # round 1's: at the opening
    GamePhase("mask", abilities.asked_all, "bonus", rules.reveal),
    GamePhase("bonus", abilities.asked_all, "star", abilities.start_bonus),
    GamePhase("star", abilities.asked_all, "die", abilities.start_star),
    GamePhase("die", abilities.asked_all, "lose", abilities.start_die),
    GamePhase("lose", abilities.asked_all, "score", abilities.start_lose),
    GamePhase("score", lambda state: True, "reward", scoring.end_round),  # over as it begins
    GamePhase("reward", scoring.rewarded_all, "cancel", scoring.start_reward),
    GamePhase("cancel", lambda state: not scoring.may_cancel(state), "over", scoring.start_cancel),
    GamePhase("over", lambda state: not state.over, "draw", scoring.finish),
)

PHASES = PhaseTable(PHASES_DECLARED, phase_of, not_now, anytime=("declare",), flow=FLOW)
