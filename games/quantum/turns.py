"""A Quantum turn's frame: its start (Scholar, gambits held over), the choices a player owes
(``state.pending``: an attack's advance, a dominion cube, a card ...), the tracks, cubes and the win,
and the end of the turn (the void's +1, the research card, the next player). The game's phase is not
set here: the phase table's flow ends play on a last cube or the round cap (games/quantum/ending.py).

Order of triggers (rules/quantum.md): a last cube wins at once; then cube placement; then the card
for a build; at the end of the turn the void's +1, then the research card.
"""

from __future__ import annotations

from games.engine import Event, announce, tell
from games.quantum.data import ACTIONS, MAX_ROUNDS, TRACK_TOP
from games.quantum.ending import ending_reason
from games.quantum.owed import pending_actions, play_gambit
from games.quantum.state import QuantumState, Turn


# --- the turn ------------------------------------------------------------------------------------

def start_turn(state: QuantumState, player: str) -> list[Event]:
    me = state.players[player]
    actions = ACTIONS + (1 if "tactician" in me.commands else 0)
    state.turn = Turn(player, actions)
    ev = [announce(f"Round {state.round}: {player}'s turn ({actions} actions).", "turn", player=player,
                   round=state.round, actions=actions)]
    if "scholar" in me.commands:
        ev += research(state, player, 1, "Scholar")
    held, me.later = me.later, []
    for card in held:
        ev += play_gambit(state, player, card, "held over from last turn")
    return ev + settle(state)


def do_end(state: QuantumState, player: str) -> list[Event]:
    turn = state.turn
    turn.ending = True
    ev = [announce(f"{player} ends the turn.", "turn_end", player=player, actions_left=turn.actions)]
    if any(s.square in state.map.void for s in state.fleet(player)):
        ev += research(state, player, 1, "a ship on the void")
    if turn.research_full:
        turn.research_full = False
        state.players[player].research = 1
        state.pending.append({"kind": "card", "why": "research", "later": True})
        ev.append(announce(f"{player}'s research reached {TRACK_TOP}: a card, and research back to 1.",
                           "research_card", player=player))
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


def pending_text(state: QuantumState) -> str:
    """What the first owed choice asks, in words."""
    p = state.pending[0]
    kind = p["kind"]
    if kind == "advance":
        return f"your attack won: 'advance' into {p['to']} or 'stay' at {p['at']}."
    if kind == "dominion":
        return "dominion 6: 'place <planet>' a cube on a planet with a free slot and none of yours."
    if kind == "card":
        return "take a card: 'take <card>' (see 'cards'), or 'refresh' all six and take none."
    if kind == "drop":
        return f"you hold 4 commands: 'drop <command>' one of {', '.join(p['choices'])}."
    if kind == "expansion":
        return "Expansion: 'place <square>' your expansion ship on a free orbit square of a planet with your cube."
    if kind == "relocation":
        return "Relocation: 'relocate <player> <from> <to>' an enemy cube."
    if kind == "reorganise":
        return "Reorganise: 'reroll <squares>' the ships to reroll, or 'keep'."
    if kind == "sabotage":
        return "Sabotage: 'sabotage <square>' an enemy ship next to one of yours."
    return kind


QUESTIONS = {  # the question row's words for an owed choice: short, a question, never the line above
    "dominion": "Dominion 6: on which planet does your cube go?",
    "card": "Which card do you take? ('cards' says what each does)",
    "expansion": "Expansion: on which square does your new ship come in?",
    "relocation": "Relocation: which enemy cube goes where?",
    "reorganise": "Reorganise: which of your ships do you reroll?",
    "sabotage": "Sabotage: which enemy ship is destroyed?",
}


def owed_question(state: QuantumState) -> str:
    """The first owed choice as the question under its answers, in a few words of its own: the
    game's line that asked it (``pending_text``) stands just above in the log, so the row neither
    repeats it nor is cut at 80 columns (issue 26's replay)."""
    p = state.pending[0]
    if p["kind"] == "advance":
        return f"Your attack won: advance into {p['to']}, or stay at {p['at']}?"
    if p["kind"] == "drop":
        return f"Four commands: which one do you let go for {p['card']}?"
    return QUESTIONS.get(p["kind"], p["kind"] + "?")


def settle(state: QuantumState) -> list[Event]:
    """After every action: drop owed choices that have no answer, ask the next one, and pass the
    turn on once its end is under way and nothing is owed."""
    ev: list[Event] = []
    while state.phase == "play" and not ending_reason(state):
        if state.pending:
            if pending_actions(state):
                p = state.turn.player
                ev.append(tell(p, pending_text(state)[0].upper() + pending_text(state)[1:], "asked", player=p,
                               ask=state.pending[0]["kind"]))
                break
            gone = state.pending.pop(0)
            ev.append(announce(f"{state.turn.player}'s {gone.get('card', gone['kind'])} has no effect now.",
                               "no_effect", player=state.turn.player, what=gone["kind"]))
            continue
        if state.turn.ending:
            ev += _next_turn(state)  # the next turn's start settles itself: asking again here would
            break  # say its question twice (a gambit held over, issue 26's replay)
        break
    return ev


# --- tracks, cubes, winning ------------------------------------------------------------------------

def research(state: QuantumState, player: str, n: int, why: str) -> list[Event]:
    me, turn = state.players[player], state.turn
    if turn.research_full:
        return [announce(f"{player}'s research is at {TRACK_TOP} this turn: the +{n} ({why}) is lost.",
                         "researched", player=player, research=me.research, lost=True)]
    me.research = min(TRACK_TOP, me.research + n)
    ev = [announce(f"{player}'s research: {me.research} ({why}).", "researched", player=player,
                   research=me.research)]
    if me.research == TRACK_TOP:
        turn.research_full = True
    return ev


def dominion(state: QuantumState, player: str, delta: int) -> list[Event]:
    """Dominion moves (never below 1; gains above 6 lost); at 6 a cube is owed at once."""
    me = state.players[player]
    before = me.dominion
    me.dominion = max(1, min(TRACK_TOP, me.dominion + delta))
    ev = [announce(f"{player}'s dominion: {me.dominion}.", "dominion", player=player, dominion=me.dominion,
                   was=before)] if me.dominion != before else []
    if me.dominion == TRACK_TOP and delta > 0 and not any(p["kind"] == "dominion" for p in state.pending):
        state.pending.append({"kind": "dominion"})
    return ev


def do_place_cube(state: QuantumState, player: str, planet: str) -> list[Event]:
    """Dominion 6: the owed cube on a planet (a legal one: refusals.py words the others)."""
    state.pending.pop(0)
    state.players[player].dominion = 1
    ev = [announce(f"{player}'s dominion reached {TRACK_TOP}: a cube on {planet}; dominion back to 1.",
                   "dominion_cube", player=player, planet=planet)]
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
