"""Why a Quest action is refused, in one line for the player: ``GameSpec.why_not``.

``apply`` runs a handler only for a legal action (legal.py is the one truth), so the handlers carry
moves out and word nothing; the words of a refusal live here, one function per verb, taking the
action's arguments as its handler does. ``why_not`` is asked only for an action that is not legal
(in its canonical form), after the seat, the end, the guard and the phase table had their say (a
verb not for this moment is refused by phases.py's ``not_now``): it names the first requirement the
action misses, or returns None (the engine's general line). It reads only what the player may know
or has just been told -- their own cards, keys, doors seen, the public positions -- so a refusal
tells nothing hidden (tests/games/quest/test_leaks.py). It may be slow: it runs only for a refusal.
"""

from __future__ import annotations

from typing import Callable

from games.engine import Action, RuleError, unfit
from games.quest import board, duels
from games.quest import text as t
from games.quest.actions import unmet
from games.quest.data import FLOOR_KEYS
from games.quest.duels import ARMOUR_WORDS, BLOCKS, RPS, expected
from games.quest.fights import holder
from games.quest.items import resolve_item
from games.quest.mapnotes import MAX_NOTE
from games.quest.rules import CONSENT_WORDS
from games.quest.spells import SPELLS
from games.quest.state import QuestState
from games.quest.treasures import BALL, POTION
from games.quest.verbs import VERBS
from games.quest.words import _
from games.words import Msg, said


def _no_door(d: str) -> Msg:
    return _("There is no door to the {direction}: that is the labyrinth's edge.", direction=t.direction(d))


# Action verb -> its handler, as GameSpec.handlers finds them: what an action's arguments must fit.
HANDLERS: dict[str, Callable] = {}
for _verb in VERBS:
    if _verb.handler is not None:
        for _name in (_verb.name, *_verb.actions):
            HANDLERS.setdefault(_name, _verb.handler)


def why_not(state: QuestState, player: str, action: Action) -> Msg | str | None:
    """The refusal of ``action`` (canonical, not legal) for ``player``: a verb Quest lacks, arguments
    its handler does not take, else the verb's own words (None: nothing more to say)."""
    refused = unfit(HANDLERS, "Quest", action)  # (the engine's lines: no such verb, no such arguments)
    if refused is not None:
        return refused
    return WORDS[action.verb](state, player, *action.args)


# --- moving -------------------------------------------------------------------------------------

def held_here(state: QuestState, player: str) -> str | None:
    """A player beaten in this room may not end their turn in it: leave it, or fight to stay."""
    h = holder(state, player)
    return _("{holder} beat you here and holds this room: leave it, or 'fight {holder}' to stay.", holder=h) if h else None


def _step(state: QuestState, player: str, d: str, force: bool = False) -> str | None:
    """A step through the door to ``d``: none left, no door there, a door the player knows shut, a
    room whose players refused them this turn (unless forcing the way)."""
    turn, me = state.turn, state.players[player]
    if turn.roll is not None and turn.steps_left == 0:
        return _("You have no steps left.")
    target = board.neighbour(me.pos, d)
    if target is None:
        return _no_door(d)
    e = board.edge(me.pos, target)
    door = state.doors[e]
    if door.locked_kind and not door.open and not me.holds_key(door.colour):
        return _("The {colour} door to the {direction} is locked; you need the {colour} key.",
                 colour=t.colour(door.colour), direction=t.direction(d))
    if target in turn.refused and not force:
        return _("The players in {room} already refused to let you in this turn.", room=target)
    if door.colour in ("white", "red") and not door.open and (e in state.turned or e in me.peeked):
        return _("The {colour} door to the {direction} is closed.", colour=t.colour(door.colour),
                 direction=t.direction(d))
    return None


def _move(state: QuestState, player: str, d: str) -> str | None:
    return _step(state, player, d)


def _peek(state: QuestState, player: str, direction: str | None = None) -> str | None:
    if direction is not None and direction not in board.exits(state.players[player].pos):
        return _no_door(direction)
    return None


def _stop(state: QuestState, player: str) -> str | None:
    return held_here(state, player)


def _leave(state: QuestState, player: str, how: str, colour: str | None = None) -> str | None:
    pending = state.turn.pending_locked
    if not pending:
        return _("You have crossed no locked door this turn.")
    if how not in ("open", "closed"):
        return _("Leave it 'open' or 'closed'.")
    if not any(colour in (None, state.doors[e].colour) for e in pending):
        return _("You did not cross the {colour} door this turn.", colour=t.colour(colour))
    return None


def _consent(state: QuestState, player: str, policy: str) -> str | None:
    if policy not in CONSENT_WORDS:
        return _("Consent is all, ask or none.")
    return _("Your consent is {policy} already.", policy=policy) if state.players[player].consent == policy else None


# --- the whole turn: deeds, the smith, the crystal ball, spells ---------------------------------

def _act(state: QuestState, player: str, choice: str | None = None) -> str | None:
    if held := held_here(state, player):
        return held
    why = unmet(state, state.players[player], choice)
    return why.reason if why is not None else None


def _buy(state: QuestState, player: str, weapon: str) -> str | None:
    me = state.players[player]
    if state.turn.player == player and state.rooms[me.pos].location != "field":
        return _("There is no smith here: weapons are bought at a Field of Mars.")
    return _act(state, player, weapon)


def _scry(state: QuestState, player: str, target: str) -> str | None:
    if held := held_here(state, player):
        return held
    if BALL not in state.players[player].treasures:
        return _("You have no crystal ball.")
    if target not in state.players:
        return _("There is no player called '{player}' in this game.", player=target)
    if target == player:
        return _("The crystal ball shows others, not yourself.")
    if not state.players[target].alive:
        return _("{player} is dead and has left the game: the crystal ball finds nobody.", player=target)
    return None


def _cast(state: QuestState, player: str, spell: str, target: str) -> str | None:
    if spell not in SPELLS:
        return _("The spells are 'cast bolt at <player>' and 'cast sight <room>'.")
    if state.players[player].rank != "wizard":
        return _("Only a wizard casts spells.")
    if held := held_here(state, player):
        return held
    if spell == "sight":
        return None if target in board.COORDS else _("There is no room {room}: rooms are A1 to E8.", room=target)
    return _bolt(state, player, target)


def _bolt(state: QuestState, player: str, target: str) -> str | None:
    """A bolt reaches a living player in the wizard's room or next door, past no locked door the wizard
    has no key for (a closed door takes it: the cast is still made)."""
    me = state.players[player]
    if target not in state.players or not state.players[target].alive:
        return _("There is no living player called '{player}' in this game.", player=target)
    if target == player:
        return _("You cannot cast a bolt at yourself.")
    there = state.players[target].pos
    if there == me.pos:
        return None
    d = board.direction_to(me.pos, there)
    if d is None:
        return _("{player} is on {room}: a bolt reaches your room and the rooms next to it.", player=target, room=there)
    door = state.doors[board.edge(me.pos, there)]
    if door.locked_kind and not door.open and not me.holds_key(door.colour):
        return _("The {colour} door to the {direction} is locked; a bolt does not pass it.",
                 colour=t.colour(door.colour), direction=t.direction(d))
    return None


# --- things: keys, gifts, the potion, one's own map ---------------------------------------------

def _take(state: QuestState, player: str, what: str = "key") -> str | None:
    if what not in ("key", "keys", *FLOOR_KEYS):
        return _("Only keys can be taken from the floor: 'take key'.")
    pos = state.players[player].pos
    if not any(where == pos and what in ("key", "keys", colour) for colour, where in state.floor_keys.items()):
        return _("There is no key here.")
    return None


def _searched(state: QuestState, player: str) -> str | None:
    """A duel's loser keeps everything in hand until the winner has taken one thing."""
    if duels.being_searched(state, player):
        return _("{winner} beat you and searches you: they take one thing first.", winner=state.duel.winner)
    return None


def _thing(item, verb: str) -> tuple[str, str] | Msg | str:
    """``item`` as (kind, card), or the words saying it is nothing one can ``verb``."""
    try:
        return resolve_item(str(item), verb)
    except RuleError as err:
        return said(err)


def _give(state: QuestState, player: str, target: str, amount: int, item: str) -> str | None:
    me = state.players[player]
    if target not in state.players:
        return _("There is no player called '{player}' in this game.", player=target)
    if target == player:
        return _("You cannot give something to yourself.")
    if not state.players[target].alive:
        return _("{player} is dead and has left the game: nothing can be given to them.", player=target)
    if searched := _searched(state, player):
        return searched
    if not isinstance(amount, int) or amount < 1:
        return _("Give at least one.")
    thing = _thing(item, "give")
    if not isinstance(thing, tuple):
        return thing
    kind, card = thing
    if kind == "gold":
        return _("You have only {gold}.", gold=t.gold(me.gold)) if me.gold < amount and not me.has_bag else None
    if amount != 1:
        return _("Cards are given one at a time.")
    if kind == "key":
        return _("You do not hold {key}.", key=t.key(card)) if card not in me.keys else None
    return _("You have no {card}.", card=t.obj(card)) if card not in (me.objects if kind == "object" else me.treasures) else None


def _heal(state: QuestState, player: str, target: str | None = None) -> str | None:
    target = target or player
    if target not in state.players:
        return _("There is no player called '{player}' in this game.", player=target)
    other = state.players[target]
    if POTION not in state.players[player].treasures:
        return _("You have no health potion.")
    if searched := _searched(state, player):
        return searched
    if not other.alive:
        return _("{player} is dead: no potion brings back the dead.", player=target)
    if not other.wounded:
        return _("You are not wounded.") if target == player else _("{player} is not wounded.", player=target)
    return None


def _mark(state: QuestState, player: str, direction: str, face: str) -> str | None:
    pos = state.players[player].pos
    if board.exits(pos).get(direction) is None:
        return _("There is no door to the {direction} of {room}.", direction=t.direction(direction), room=pos)
    return None if face in ("open", "closed", "unknown") else _("Mark a door open, closed or unknown.")


def _note(state: QuestState, player: str, room: str, text: str = "") -> str | None:
    if room not in board.COORDS:
        return _("There is no room {room}: rooms are A1 to E8.", room=room)
    text = " ".join(str(text).split())
    if len(text) > MAX_NOTE:
        return _("A note holds at most {max} characters.", max=MAX_NOTE)
    if not text and room not in state.players[player].notes:
        return _("You have no note on {room} to erase.", room=room)
    return None


# --- duels and fights ---------------------------------------------------------------------------

def _fight(state: QuestState, player: str, who: str | None = None, d: str | None = None) -> str | None:
    """Forcing a way in through a door, fighting to stay where one was beaten, a tournament."""
    turn, me = state.turn, state.players[player]
    if who is not None and d is not None:
        return _("Fight a player or through a door, not both: 'fight bob' or 'fight north'.")
    if who is not None:
        if who not in state.players or not state.players[who].alive:
            return _("There is no living player called '{player}' in this game.", player=who)
        if who == player:
            return _("You cannot fight yourself.")
        there = state.players[who].pos
        if there == me.pos:
            if turn.phase == "consent":
                return _("You are waiting to enter {room}: 'fight' to force your way.", room=turn.consent.target)
            return _same_room(state, player, who)
        d = board.direction_to(me.pos, there)
        if d is None:
            return _("{player} is on {room}, not in a room next to yours.", player=who, room=there)
    asked = turn.consent if turn.phase == "consent" else None
    if asked is not None:
        if d not in (None, asked.direction):
            return _("You are waiting to enter {room}: 'fight' forces your way there, 'stop' gives up.",
                     room=asked.target)
        d = asked.direction
    if d is None:
        if held := holder(state, player):
            return _same_room(state, player, held)
        d = turn.last_refused
    if d is None:
        return _("Fight whom? 'fight <player>' next to you, or 'fight <direction>'.")
    target = board.neighbour(me.pos, d)
    if target is None:
        return _no_door(d)
    if not state.occupants(target):
        return _("Nobody is on {room} to fight: just move.", room=target)
    if turn.phase == "moving" and turn.steps_left == 0:
        return _("You have no steps left.")
    return _step(state, player, d, force=True)


def _same_room(state: QuestState, player: str, who: str) -> str | None:
    """A duel without a door between: to stay where one was beaten (while moving or before), or a
    tournament (before moving, a knight against a knight in a castle, full rules)."""
    turn, me, other = state.turn, state.players[player], state.players[who]
    if holder(state, player) == who:
        return None if turn.phase in ("start", "moving") else _("You cannot fight now.")
    if turn.phase != "start":
        return _("A tournament is your whole turn: declare it before you move.")
    if state.rules == "full" and state.rooms[me.pos].location == "castle" and me.rank == "knight":
        return None if other.rank == "knight" else \
            _("A tournament is fought between knights, and {player} is a {rank}.", player=who, rank=t.RANK[other.rank])
    return _("{player} is in your room already: a duel here is a tournament (a knight against a knight, "
             "in a castle, full rules) or a fight to stay where you were beaten.", player=who)


def _throw(state: QuestState, player: str, choice: str) -> str | None:
    return None if choice in RPS else _("Choose 'rock', 'paper' or 'scissors'.")


def _play(state: QuestState, player: str, card: str) -> str | None:
    duel = state.duel  # at its attack, answer or block stage, waiting for this player (the phase table)
    card = {"armor": "armour", "nothing": "none"}.get(card, card)
    if duel.stage == "block":
        if card == "none":
            return None
        if card not in BLOCKS:
            return _("Only a mace or a shield stops a bolt: 'play mace', 'play shield' or 'play none'.")
        return None if card in state.players[player].objects else _("You have no {card}.", card=t.obj(card))
    if card == "armour":
        return _("Armour is not played: it may be broken to take a hand you lose.")
    if card not in duel.left[player]:
        return _("You have no {card} left to play in this duel. {asked}", card=t.obj(card),
                 asked=expected(state, player))
    return None


def _armour(state: QuestState, player: str, policy: str) -> str | None:
    if policy not in ARMOUR_WORDS:
        return _("Armour: 'armour break' or 'armour keep'.")
    return _("Your armour choice is {policy} already.", policy=policy) if state.players[player].armour == policy else None


def _loot(state: QuestState, player: str, item: str) -> str | None:
    lo = state.players[state.duel.loser]  # won by this player, at its loot stage (the phase table)
    thing = _thing(item, "loot")
    if not isinstance(thing, tuple):
        return thing
    kind, card = thing
    if kind == "gold":
        return _("{player} has no gold.", player=lo.name) if lo.gold < 1 and not lo.has_bag else None
    if kind == "key":
        return _("{player} has no {colour} key.", player=lo.name, colour=t.colour(card)) if card not in lo.keys else None
    if card not in (lo.objects if kind == "object" else lo.treasures):
        return _("{player} has no {card}. {asked}", player=lo.name, card=t.obj(card), asked=expected(state, player))
    return None


def _nothing(state: QuestState, player: str, *args) -> None:
    """Verbs whose every action the phase table lets through is legal: roll, allow, deny."""
    return None


WORDS: dict[str, Callable[..., str | None]] = {
    "move": _move, "roll": _nothing, "peek": _peek, "stop": _stop, "pass": _stop, "act": _act, "buy": _buy,
    "take": _take, "leave": _leave, "give": _give, "allow": _nothing, "deny": _nothing, "scry": _scry,
    "consent": _consent, "fight": _fight, "throw": _throw, "play": _play, "armour": _armour, "loot": _loot,
    "heal": _heal, "cast": _cast, "mark": _mark, "note": _note,
}
