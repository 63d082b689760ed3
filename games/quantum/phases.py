"""Quantum's phase table (games/phases.py): the set-up's opening roll (everyone at once: keep or
reroll), the choice of starting planets (one at a time), then turns of actions. A choice the turn
owes (``state.pending``: an attack's advance, a dominion cube, a card, a command to drop, a gambit's
effect) is a stage of its own, answered before any other action. ``apply`` refuses the other verbs
with ``not_now`` (the words the handlers used to say); ``legal_actions`` offers only the stage's
verbs; ``why_not`` (refusals.py) words an action of the stage's verbs that is not legal (its arguments,
what it costs), and the handlers only carry a legal one out.

The game's phases drive the flow (``FLOW``, issue 41), and only the table sets ``state.phase``:
'roll' ends when everyone has kept or rerolled, and 'home' begins with the order of play and the
first player asked for a starting planet; 'home' ends when everyone has one, and 'play' begins with
the face-up cards and the first turn; 'play' ends when a player has placed their last cube or the
round cap is passed (``ending.ending_reason``), and 'over' begins by telling the winners. The turns
within 'play' (``state.turn``) and the choices a turn owes (``state.pending``) are not phases of the
flow: the rules pass the turn on (turns.py), and a player's stage above reads them.
"""

from __future__ import annotations

from games.engine import WAITING, GamePhase, Phase, PhaseTable
from games.quantum.cardnames import card_name
from games.quantum.ending import ending_reason, finish
from games.quantum.setup import choosing_home, everyone_decided, everyone_home, first_turn, order_of_play
from games.quantum.state import QuantumState
from games.quantum.turns import pending_text
from games.quantum.words import _
from games.words import Msg

TURN_VERBS = ("move", "attack", "deploy", "reconfigure", "build", "research", "use", "end")
OWED = {"advance": ("advance", "stay"), "dominion": ("place",), "card": ("take", "refresh"), "drop": ("drop",),
        "expansion": ("place",), "relocation": ("relocate",), "reorganise": ("reroll", "keep"),
        "sabotage": ("sabotage",)}  # a choice the turn owes -> the verbs that answer it
# each owed choice as a reader calls it: a gambit by its card's name
OWED_WORDS = {"advance": _("advance"), "dominion": _("dominion"), "card": _("card"), "drop": _("drop"),
              **{kind: card_name(kind) for kind in ("expansion", "relocation", "reorganise", "sabotage")}}

PHASES_DECLARED = (
    Phase("roll", ("keep", "reroll"), _("the opening roll: keep your three ships' values, or reroll them all once")),
    Phase("rolled", (), _("roll kept: the others are deciding")),
    Phase("home", ("home",), _("choose your starting planet")),
    Phase("turn", TURN_VERBS, _("your turn: actions (move, attack, deploy, reconfigure, build, research), "
                                "abilities, and 'end'")),
    *(Phase(kind, verbs, _("your turn owes a choice first: {choice}", choice=OWED_WORDS[kind]))
      for kind, verbs in OWED.items()),
    Phase(WAITING, (), _("another player's turn or choice")),
)


def phase_of(state: QuantumState, player: str) -> str:
    if state.phase == "roll":
        return "rolled" if state.players[player].decided else "roll"
    if state.phase == "home":
        return "home" if choosing_home(state) == player else WAITING
    if state.phase == "play" and state.turn.player == player:
        return state.pending[0]["kind"] if state.pending else "turn"
    return WAITING


def _reorganising(state: QuantumState) -> bool:
    return state.phase == "play" and state.pending[:1] != [] and state.pending[0]["kind"] == "reorganise"


def not_now(state: QuantumState, player: str, verb: str) -> Msg:
    """Why ``verb`` is not for ``player`` now (the set-up first, another's turn, a choice owed)."""
    if verb in TURN_VERBS:
        if state.phase != "play":
            return _("The game has not started yet: the set-up comes first.")
        if state.turn.player != player:
            return _("It is {player}'s turn.", player=state.turn.player)
        return _("First: {what}", what=pending_text(state))
    if verb in ("keep", "reroll"):
        if verb == "reroll" and state.phase == "play" or verb == "keep" and _reorganising(state):
            return _("You have no reorganise to play now.")
        if state.phase != "roll":
            return _("The opening roll is over.")
        return _("You have already kept your roll; the others are deciding.")
    if verb == "home":
        if state.phase != "home":
            return _("Starting planets are chosen after the opening roll.")
        return _("{player} chooses a starting planet now.", player=choosing_home(state))
    if verb == "place":
        kind = state.pending[0]["kind"] if state.phase == "play" and state.pending else None
        if kind == "expansion":
            return _("You have no expansion to play now.")
        if kind == "dominion":
            return _("It is {player}'s turn.", player=state.turn.player)
        return _("You place a cube when your dominion reaches 6, or a ship with an Expansion.")
    if verb in ("advance", "stay"):
        return _("You advance or stay only after an attack you won.")
    if verb in ("take", "refresh"):
        return _("You take a card when you build a cube or your research reaches 6.")
    return {"drop": _("You drop a command only when a 4th one comes."),
            "relocate": _("You have no relocation to play now."),
            "sabotage": _("You have no sabotage to play now.")}[verb]


FLOW = (
    GamePhase("roll", everyone_decided, "home", None),  # the opening roll: the match opens in it
    GamePhase("home", everyone_home, "play", order_of_play),
    GamePhase("play", lambda state: bool(ending_reason(state)), "over", first_turn),
    GamePhase("over", None, None, finish),
)

PHASES = PhaseTable(PHASES_DECLARED, phase_of, not_now, flow=FLOW)
