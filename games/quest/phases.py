"""Quest's phase table (games/phases.py): the stages of a turn and the verbs each allows.

The player whose turn it is starts it (``turn``: move, or take the whole turn to act, buy, scry or
cast), moves (``moving``), may have to leave a locked door crossed (``leave``), or waits at an
occupied room for its occupants (``asking``, who are ``asked``: allow or deny). A duel asks its
sides in turn (``rps``: rock, paper or scissors; ``strike``: a weapon, an answer, a block; ``loot``:
the winner takes one thing); the player whose turn it is waits meanwhile (``duel``). Anyone
seated may give, heal, take a key, set a standing choice or write on their own map at any moment
(``anytime``). ``apply`` refuses the other verbs with ``not_now`` (the words the handlers used to
say); ``legal_actions`` offers only the stage's verbs; refusals.py words an action of the stage's
verbs that is not legal.

The turn's phases drive its flow (``FLOW``, issue 41): the turn's ``phase`` names its step -- start,
moving, consent (a question at an occupied room), duel, leave (the locked doors crossed) -- and only
the table sets it, after every action. A handler changes the turn's data (the die rolled, a question
asked, a duel begun, the move or the whole turn over); each phase says when that ends it, and
``follows`` reads which step comes next. Entering 'leave' asks for the doors; entering 'start' hands
the turn over (turns.end_turn), its announcement told after the action that ended the turn. Once
the game is won nothing moves on: the winner's announcement is the last word.
"""

from __future__ import annotations

from games.engine import WAITING, GamePhase, Phase, PhaseTable
from games.quest import duels
from games.quest import text as t
from games.quest.state import QuestState
from games.quest.turns import ask_leave, end_turn, not_your_turn
from games.quest.words import _
from games.words import Msg, said

PHASES_DECLARED = (
    Phase("turn", ("move", "roll", "peek", "pass", "act", "buy", "fight", "scry", "cast"),
          "your turn, before moving: move (the die is rolled), or take the whole turn to act"),
    Phase("moving", ("move", "peek", "stop", "pass", "fight", "leave"), "moving: step on, fight, or stop"),
    Phase("leave", ("leave",), "your move is over: leave the locked door crossed open or closed"),
    Phase("asking", ("stop", "pass", "fight", "leave"), "waiting at an occupied room: force your way, or give up"),
    Phase("asked", ("allow", "deny"), "someone asks to enter your room"),
    Phase("rps", ("throw",), "an unarmed duel: rock, paper or scissors, in secret"),
    Phase("strike", ("play",), "an armed duel or a bolt: play a weapon, an answer, a block"),
    Phase("loot", ("loot",), "you won the duel: take one thing from the loser"),
    Phase("duel", (), "your turn waits for a duel to end"),
    Phase(WAITING, (), "another player's turn"),
)
ANYTIME = ("give", "heal", "take", "consent", "armour", "mark", "note")  # free: they spend no turn
DUEL_STAGES = {"rps": "rps", "attack": "strike", "answer": "strike", "block": "strike", "loot": "loot"}
MOVER_STAGES = {"start": "turn", "moving": "moving", "leave": "leave", "consent": "asking", "duel": "duel"}


def phase_of(state: QuestState, player: str) -> str:
    turn, duel = state.turn, state.duel
    if duel is not None and player in duels.waiting(duel):
        return DUEL_STAGES[duel.stage]
    if turn.player == player:
        return MOVER_STAGES[turn.phase]
    if turn.phase == "consent" and turn.consent is not None and player in turn.consent.waiting:
        return "asked"
    return WAITING


def not_now(state: QuestState, player: str, verb: str) -> Msg:
    """Why ``verb`` is not for ``player`` now, pointing at what the game does wait for."""
    turn, me = state.turn, state.players[player]
    if verb in ("allow", "deny"):
        return _("Nobody is asking to enter your room.")
    if verb in ("throw", "play", "loot"):
        return duels.not_asked(state, player)
    if verb == "leave" and not (turn.player == player and turn.phase == "duel"):
        return _("You have crossed no locked door this turn.")
    if turn.player != player:
        return said(not_your_turn(state, player))
    if verb == "buy" and state.rooms[me.pos].location != "field":
        return _("There is no smith here: weapons are bought at a Field of Mars.")
    if verb in ("act", "buy"):
        return _("Finish the duel first.") if turn.phase == "duel" else \
            _("You are moving this turn: you can act only instead of moving.")
    if verb == "scry":
        return _("The crystal ball takes your whole turn: use it before you move or act.")
    if verb == "cast":
        if turn.phase == "duel":
            return _("Finish the duel first.")
        return _("Only a wizard casts spells.") if me.rank != "wizard" else \
            _("A spell is your whole turn: cast it before you move.")
    if turn.phase == "duel":
        return _("Finish the duel first. {asked}", asked=duels.expected(state, player))
    if turn.phase == "consent":
        return _("You are waiting for {players} to let you in ('fight' to force your way, 'stop' to give up).",
                 players=t.listing(turn.consent.waiting))
    if verb == "roll":
        return _("You already rolled {roll} this turn.", roll=turn.roll)
    if turn.phase == "leave":
        if verb in ("stop", "pass"):
            return _("Leave the locked door open or closed first: 'leave open' or 'leave closed'.")
        return _("Your move is over: leave the locked door open or closed.")
    return _("There is nothing to stop: you have not moved this turn. 'pass' ends your turn.")  # stop, before moving


def follows(state: QuestState) -> str:
    """The step the turn's data says it is at: a duel fought, a question asked, the turn over (the
    next one's 'start'), the move over with locked doors to leave, moving once the die is rolled."""
    turn = state.turn
    if state.duel is not None:
        return "duel"
    if turn.consent is not None:
        return "consent"
    if turn.moved and not turn.spent and turn.pending_locked:
        return "leave"
    if turn.spent or turn.moved:
        return "start"
    return "moving" if turn.roll is not None else "start"


def _ends(when):
    """A phase's ``end_if``: ``when`` the turn's data says so, and never once the game is won."""
    return lambda state: not state.over and when(state)


FLOW = (
    GamePhase("start", _ends(lambda s: s.turn.roll is not None or s.duel is not None or s.turn.spent),
              follows, end_turn),
    GamePhase("moving", _ends(lambda s: s.duel is not None or s.turn.consent is not None or s.turn.moved
                              or s.turn.spent), follows, None),
    GamePhase("consent", _ends(lambda s: s.turn.consent is None), follows, None),
    GamePhase("duel", _ends(lambda s: s.duel is None), follows, None),
    GamePhase("leave", _ends(lambda s: not s.turn.pending_locked), "start", ask_leave),
)

PHASES = PhaseTable(PHASES_DECLARED, phase_of, not_now, anytime=ANYTIME, flow=FLOW, field="turn.phase")
