"""A Quantum turn's frame: its start (Scholar, gambits held over), the choices a player owes
(``state.pending``: an attack's advance, a dominion cube, a card ...), the tracks, cubes and the win,
and the end of the turn (the void's +1, the research card, the next player). The game's phase is not
set here: the phase table's flow ends play on a last cube or the round cap (games/quantum/ending.py).

Order of triggers (rules/quantum.md): a last cube wins at once; then cube placement; then the card
for a build; at the end of the turn the void's +1, then the research card.
"""

from __future__ import annotations

from games.engine import Event, announce, tell
from games.quantum.cardnames import card_name, card_names
from games.quantum.data import ACTIONS, MAX_ROUNDS, TRACK_TOP
from games.quantum.ending import ending_reason
from games.quantum.owed import pending_actions, play_gambit
from games.quantum.state import QuantumState, Turn
from games.quantum.words import _


# --- the turn ------------------------------------------------------------------------------------

def start_turn(state: QuantumState, player: str) -> list[Event]:
    me = state.players[player]
    actions = ACTIONS + (1 if "tactician" in me.commands else 0)
    state.turn = Turn(player, actions)
    ev = [announce(_("Round {round}: {player}'s turn ({actions} actions).", round=state.round, player=player,
                     actions=actions), "turn", player=player,
                   round=state.round, actions=actions)]
    if "scholar" in me.commands:
        ev += research(state, player, 1, _("Scholar"))
    held, me.later = me.later, []
    for card in held:
        ev += play_gambit(state, player, card, _("held over from last turn"))
    return ev + settle(state)


def do_end(state: QuantumState, player: str) -> list[Event]:
    turn = state.turn
    turn.ending = True
    ev = [announce(_("{player} ends the turn.", player=player), "turn_end", player=player, actions_left=turn.actions)]
    if any(s.square in state.map.void for s in state.fleet(player)):
        ev += research(state, player, 1, _("a ship on the void"))
    if turn.research_full:
        turn.research_full = False
        state.players[player].research = 1
        state.pending.append({"kind": "card", "why": "research", "later": True})
        ev.append(announce(_("{player}'s research reached {top}: a card, and research back to 1.", player=player,
                             top=TRACK_TOP), "research_card", player=player))
    return ev + settle(state)


def _next_turn(state: QuantumState) -> list[Event]:
    """The turn passes clockwise; past the first player a round begins, and past round MAX_ROUNDS
    none does: the phase table's flow then ends play (games/quantum/ending.py)."""
    order = state.turn_order
    i = (order.index(state.turn.player) + 1) % len(order)
    if i == 0:
        state.round += 1
        if state.round > MAX_ROUNDS:
            return []
    return start_turn(state, order[i])


def spend(state: QuantumState, n: int) -> None:
    state.turn.actions -= n


def pending_text(state: QuantumState, capital: bool = False):
    """What the first owed choice asks, in words: a clause after 'First: ', or (``capital``) the
    sentence that asks it. Each its own message: a language capitalises and joins its own way."""
    p = state.pending[0]
    kind = p["kind"]
    if kind == "advance":
        if capital:
            return _("Your attack won: 'advance' into {to} or 'stay' at {at}.", to=p["to"], at=p["at"])
        return _("your attack won: 'advance' into {to} or 'stay' at {at}.", to=p["to"], at=p["at"])
    if kind == "dominion":
        if capital:
            return _("Dominion 6: 'place <planet>' a cube on a planet with a free slot and none of yours.")
        return _("dominion 6: 'place <planet>' a cube on a planet with a free slot and none of yours.")
    if kind == "card":
        if capital:
            return _("Take a card: 'take <card>' (see 'cards'), or 'refresh' all six and take none.")
        return _("take a card: 'take <card>' (see 'cards'), or 'refresh' all six and take none.")
    if kind == "drop":
        if capital:
            return _("You hold 4 commands: 'drop <command>' one of {choices}.", choices=card_names(p["choices"]))
        return _("you hold 4 commands: 'drop <command>' one of {choices}.", choices=card_names(p["choices"]))
    if kind == "expansion":
        return _("Expansion: 'place <square>' your expansion ship on a free orbit square of a planet with your cube.")
    if kind == "relocation":
        return _("Relocation: 'relocate <player> <from> <to>' an enemy cube.")
    if kind == "reorganise":
        return _("Reorganise: 'reroll <squares>' the ships to reroll, or 'keep'.")
    if kind == "sabotage":
        return _("Sabotage: 'sabotage <square>' an enemy ship next to one of yours.")
    return kind


QUESTIONS = {  # the question row's words for an owed choice: short, a question, never the line above
    "dominion": _("Dominion 6: on which planet does your cube go?"),
    "card": _("Which card do you take? ('cards' says what each does)"),
    "expansion": _("Expansion: on which square does your new ship come in?"),
    "relocation": _("Relocation: which enemy cube goes where?"),
    "reorganise": _("Reorganise: which of your ships do you reroll?"),
    "sabotage": _("Sabotage: which enemy ship is destroyed?"),
}


def owed_question(state: QuantumState):
    """The first owed choice as the question under its answers, in a few words of its own: the
    game's line that asked it (``pending_text``) stands just above in the log, so the row neither
    repeats it nor is cut at 80 columns (issue 26's replay)."""
    p = state.pending[0]
    if p["kind"] == "advance":
        return _("Your attack won: advance into {to}, or stay at {at}?", to=p["to"], at=p["at"])
    if p["kind"] == "drop":
        return _("Four commands: which one do you let go for {card}?", card=card_name(p["card"]))
    return QUESTIONS.get(p["kind"], p["kind"] + "?")


def settle(state: QuantumState) -> list[Event]:
    """After every action: drop owed choices that have no answer, ask the next one, and pass the
    turn on once its end is under way and nothing is owed."""
    ev: list[Event] = []
    while state.phase == "play" and not ending_reason(state):
        if state.pending:
            if pending_actions(state):
                p = state.turn.player
                ev.append(tell(p, pending_text(state, capital=True), "asked", player=p,
                               ask=state.pending[0]["kind"]))
                break
            gone = state.pending.pop(0)
            ev.append(announce(_no_effect(state.turn.player, gone), "no_effect", player=state.turn.player, what=gone["kind"]))
            continue
        if state.turn.ending:
            ev += _next_turn(state)  # the next turn's start settles itself: asking again here would
            break  # say its question twice (a gambit held over, issue 26's replay)
        break
    return ev


def _no_effect(player: str, gone: dict):
    """The line for an owed choice dropped unanswered: a card by its name, else what was owed."""
    kind = gone["kind"]
    if kind == "advance" and "card" not in gone:
        return _("{player}'s advance has no effect now.", player=player)
    if kind == "dominion" and "card" not in gone:
        return _("{player}'s dominion has no effect now.", player=player)
    if kind == "card" and "card" not in gone:
        return _("{player}'s card has no effect now.", player=player)
    return _("{player}'s {card} has no effect now.", player=player, card=card_name(gone.get("card", kind)))


# --- tracks, cubes, winning ------------------------------------------------------------------------

def research(state: QuantumState, player: str, n: int, why: str) -> list[Event]:
    me, turn = state.players[player], state.turn
    if turn.research_full:
        return [announce(_("{player}'s research is at {top} this turn: the +{n} ({why}) is lost.", player=player,
                           top=TRACK_TOP, n=n, why=why),
                         "researched", player=player, research=me.research, lost=True)]
    me.research = min(TRACK_TOP, me.research + n)
    ev = [announce(_("{player}'s research: {research} ({why}).", player=player, research=me.research, why=why),
                   "researched", player=player,
                   research=me.research)]
    if me.research == TRACK_TOP:
        turn.research_full = True
    return ev


def dominion(state: QuantumState, player: str, delta: int) -> list[Event]:
    """Dominion moves (never below 1; gains above 6 lost); at 6 a cube is owed at once."""
    me = state.players[player]
    before = me.dominion
    me.dominion = max(1, min(TRACK_TOP, me.dominion + delta))
    ev = [announce(_("{player}'s dominion: {dominion}.", player=player, dominion=me.dominion), "dominion", player=player, dominion=me.dominion,
                   was=before)] if me.dominion != before else []
    if me.dominion == TRACK_TOP and delta > 0 and not any(p["kind"] == "dominion" for p in state.pending):
        state.pending.append({"kind": "dominion"})
    return ev


def do_place_cube(state: QuantumState, player: str, planet: str) -> list[Event]:
    """Dominion 6: the owed cube on a planet (a legal one: refusals.py words the others)."""
    state.pending.pop(0)
    state.players[player].dominion = 1
    ev = [announce(_("{player}'s dominion reached {top}: a cube on {planet}; dominion back to 1.", player=player,
                     top=TRACK_TOP, planet=planet), "dominion_cube", player=player, planet=planet)]
    return ev + place_cube(state, player, planet)


def place_cube(state: QuantumState, player: str, planet: str) -> list[Event]:
    """A cube on ``planet``. The last one wins at once: ``player`` is the winner, and the phase
    table's flow ends play after the action and tells it (games/quantum/ending.py)."""
    state.cubes.setdefault(planet, []).append(player)
    me = state.players[player]
    me.cubes_left -= 1
    if me.cubes_left <= 0:
        state.winners = [player]
    return []
