"""Passing the turn: the next living player in the published order; the wounded die on the way.

A handler only says that the move or the turn is over (:func:`end_move`, :func:`spend_turn`); the
phase table's flow (phases.py) then asks for the locked doors crossed (:func:`ask_leave`) or hands
the turn over (:func:`end_turn`), its events told after the action's."""

from __future__ import annotations

from games.engine import Event, RuleError, both, tell
from games.quest import text as t
from games.quest.ending import win
from games.quest.state import QuestState, Turn
from games.quest.words import _


def end_turn(state: QuestState) -> list[Event]:
    """Give the turn to the next living player: what entering a turn's 'start' does (phases.py). A
    mortally wounded player whose turn comes dies instead (the potion had to reach them before); if
    one player is left alive, they win."""
    if state.over:
        return []
    ev: list[Event] = []
    i = state.order.index(state.turn.player)
    number, rounds = state.turn.number, state.turn.round
    for _ in range(len(state.order)):
        i = (i + 1) % len(state.order)
        rounds += i == 0  # past the last seat: a new round of the table
        nxt = state.players[state.order[i]]
        if not nxt.alive:
            continue
        if nxt.wounded:
            ev += die(state, nxt.name)
            if state.over:
                return ev
            continue
        state.turn = Turn(nxt.name, number + 1, round=rounds)
        return ev + turn_events(nxt.name, number + 1, nxt.rank == "wizard", rounds)
    return ev


def die(state: QuestState, name: str) -> list[Event]:
    """A wounded player dies: out of the game, a spectator who may still look and talk. What they
    held goes back: cards to the object deck, treasures to the treasure deck, keys to the floor."""
    me = state.players[name]
    me.alive, me.wounded = False, False
    for card in me.objects:
        state.objects[card] = state.objects.get(card, 0) + 1
    state.treasures += me.treasures
    for colour in me.keys:
        state.floor_keys[colour] = me.pos
    me.objects, me.treasures, me.keys, me.gold = [], [], [], 0
    for other in state.players.values():
        if other.beaten_by == name:
            other.beaten_by = None
    ev = both(name, _("Your wounds are mortal: you die. You may still watch and talk."),
              _("{player} dies of their wounds on {room}.", player=name, room=me.pos), "died", player=name, room=me.pos)
    living = state.alive()
    if len(living) == 1:
        ev += win(state, living[0], last=True)
    return ev


def spend_turn(state: QuestState) -> None:
    """The whole turn is over: the flow hands it to the next player once the action is told."""
    state.turn.spent = True


def end_move(state: QuestState) -> None:
    """The move is over: the flow asks about the locked doors crossed, else hands the turn over."""
    state.turn.moved = True


def ask_leave(state: QuestState) -> list[Event]:
    """The move is over with locked doors crossed (the flow's entering 'leave'): open or closed?"""
    player = state.turn.player
    colours = [state.doors[e].colour for e in state.turn.pending_locked]
    return [tell(player, _("Your move is over. Leave the {colours} door 'leave open' or 'leave closed'.",
                           colours=t.listing([t.colour(c) for c in colours])), "leave_asked", player=player,
                 colours=colours)]


def turn_events(player: str, number: int, wizard: bool = False, rounds: int = 1) -> list[Event]:
    """A turn begins. The player reads the round of the table ("your turn (round 2)"): a count of
    every seat's turns read "Turn 5" at their second turn of four."""
    mine = _("It is your turn (round {round}): move, act, cast a spell, or pass.", round=rounds) if wizard else \
        _("It is your turn (round {round}): move, act, or pass.", round=rounds)
    return both(player, mine, _("It is {player}'s turn.", player=player), "turn",
                player=player, number=number, round=rounds)


def not_your_turn(state: QuestState, player: str) -> RuleError:
    """The refusal for acting out of turn, pointing at what the game does wait for from you."""
    if not state.players[player].alive:
        return RuleError(_("You are dead: you may watch and talk, but no longer act."))
    c = state.turn.consent
    if c is not None and player in c.waiting:
        return RuleError(_("It is {player}'s turn; they ask to enter your room: 'allow' or 'deny'.",
                           player=state.turn.player))
    return RuleError(_("It is {player}'s turn, not yours.", player=state.turn.player))
