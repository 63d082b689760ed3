"""Quest's turn flow: set-up, whose turn, moving, peeking, doors and keys, consent, giving.

Location actions (the d6 against the room's difficulty) live in actions.py. A handler here only
carries a legal move out: ``GameSpec.apply`` checks the action against the legal actions (legal.py)
before it runs, and a refusal is worded by refusals.py. No handler sets the
turn's phase: it changes the turn's data (the die rolled, a question asked, the move or the turn
over), and the phase table's flow (phases.py) moves the phase on after the action. So a handler
reads the phase only as it was when the action began; what it changes partway, it reads in the data.
"""

from __future__ import annotations

from games.engine import NOBODY, Event, RuleError, Rng, announce, both, tell
from games.quest import board, duels, fights, seal
from games.quest import text as t
from games.quest.data import OBJECT_DECK, START_GOLD, TREASURES
from games.quest.state import Consent, Player, QuestState, Turn
from games.quest.doors import look_at
from games.quest.turns import end_move, spend_turn, turn_events
from games.quest.words import _

RULES = ("basic", "full")


def new_match(players: list[str], seed: int, options: dict | None = None) -> QuestState:
    options = options or {}
    rules = options.get("rules", "full")
    if rules not in RULES:
        raise RuleError(_("Unknown rules '{rules}': choose basic or full.", rules=rules))
    if not 1 <= len(players) <= 6:
        raise RuleError(_("Quest seats 1 to 6 players."))
    rng = Rng(seed)
    layout = board.generate(rng, len(players))
    order = list(players)
    rng.shuffle(order)
    seats = {}
    for name, start in zip(players, layout.starts):
        seats[name] = Player(name, start, gold=START_GOLD, seen={start})
    treasures = list(TREASURES)
    sealed, salt = seal.map_text(layout.rooms, layout.doors), seal.salt_for(seed)
    return QuestState(
        seed=seed, rules=rules, rng=rng, rooms=layout.rooms, doors=layout.doors,
        floor_keys=dict(layout.floor_keys), players=seats, order=order,
        turn=Turn(order[0], 1), objects=dict(OBJECT_DECK), treasures=treasures,
        sealed_map=sealed, salt=salt, commitment=seal.commitment(sealed, salt),
    )


def opening(state: QuestState) -> list[Event]:
    """The public set-up, each player's own start room, and the hidden map for the audit view."""
    ev = [announce(
        _("A game of Quest ({rules} rules) begins. Turn order: {order}. "
          "The gold key lies on {gold}, the silver key on {silver}.", rules=RULE_NAMES[state.rules],
          order=", ".join(state.order), gold=state.floor_keys['gold'], silver=state.floor_keys['silver']),
        "setup", order=state.order, rules=state.rules, floor_keys=dict(state.floor_keys),
        positions={p: state.players[p].pos for p in state.order}),
        announce(_("The map is sealed: commitment {commitment}... At the end the map and its salt "
                   "are revealed and 'ledger verify' checks every entry.", commitment=state.commitment[:16]),
                 "sealed", commitment=state.commitment)]
    for p in state.order:
        pos = state.players[p].pos
        ev.append(tell(p, _("You wake up on {room}: {name}.", room=pos, name=t.room_name(state.rooms[pos])), "start",
                       player=p, room=pos, location=state.rooms[pos].location,
                       difficulty=state.rooms[pos].difficulty))
    ev.append(Event("map", _("The hidden map."), {"rooms": {c: [r.location, r.difficulty] for c, r in state.rooms.items()},
                                              "doors": {board.edge_name(e): [d.colour, d.open] for e, d in state.doors.items()}},
                    to=NOBODY))
    ev += turn_events(state.turn.player, 1)
    return ev


def awaiting(state: QuestState) -> list[str]:
    if state.over:
        return []
    if state.turn.phase == "consent":
        return list(state.turn.consent.waiting)
    if state.turn.phase == "duel":
        return duels.waiting(state.duel)
    return [state.turn.player]


def guard(state: QuestState, player: str) -> None:
    """Checked before any action: the dead watch and talk, but no longer act."""
    if not state.players[player].alive:
        raise RuleError(_("You are dead: you may watch and talk, but no longer act."))


def _begin_move(state: QuestState, player: str) -> list[Event]:
    """Roll the movement die (once per turn) and start moving (the flow enters 'moving')."""
    turn = state.turn
    if turn.roll is not None:
        return []
    turn.roll = state.rng.die()
    turn.steps_left = turn.roll
    turn.path = [state.players[player].pos]
    return both(player, _.plural("You roll {n}: you may move up to {n} room.",
                                 "You roll {n}: you may move up to {n} rooms.", turn.roll),
                _("{player} rolls {roll} to move.", player=player, roll=turn.roll), "roll", player=player, roll=turn.roll)


def do_roll(state: QuestState, player: str) -> list[Event]:
    return _begin_move(state, player)


def do_peek(state: QuestState, player: str, direction: str | None = None) -> list[Event]:
    ev = _begin_move(state, player)
    for d in ([direction] if direction else list(board.exits(state.players[player].pos))):
        ev += look_at(state, player, d)
    return ev


def do_move(state: QuestState, player: str, d: str) -> list[Event]:
    return _go(state, player, d)


def _go(state: QuestState, player: str, d: str, force: bool = False) -> list[Event]:
    """A step through the door to ``d``, not known shut to the player (the move is legal); into an
    occupied room, ask consent, or (``force``) fight."""
    turn, me = state.turn, state.players[player]
    target = board.neighbour(me.pos, d)
    e = board.edge(me.pos, target)
    door = state.doors[e]
    ev = _begin_move(state, player)
    if door.colour in ("white", "red") and not door.open:
        # Trying an unknown door turns it (white, for all) or lets you peek (red, for you alone).
        # Others learn that you were blocked only when the door is white: a red door keeps its secret.
        ev += look_at(state, player, d)
        mine = _("The {colour} door to the {direction} is closed: you cannot pass. The step is not spent.",
                 colour=t.colour(door.colour), direction=t.direction(d))
        if door.colour == "white":
            ev += both(player, mine, _("{player} cannot pass {door}.", player=player,
                                       door=t.door_between(door, me.pos, target)), "blocked",
                       player=player, room=me.pos, dir=d)
        else:
            ev.append(tell(player, mine, "blocked", player=player, room=me.pos, dir=d))
        return ev
    if door.colour == "white" and e not in state.turned:
        ev += look_at(state, player, d)
    if door.colour == "red" and e not in me.peeked:
        ev += look_at(state, player, d)
    occupants = state.occupants(target, besides=player)
    if occupants and force:
        foes = [o for o in occupants if o not in turn.allowed]
        if foes:
            origin = me.pos
            return ev + _step(state, player, d, end=False) + duels.begin(state, player, foes, "fight", origin)
    elif occupants:
        turn.allowed = set()
        turn.consent = Consent(d, target, occupants)  # the flow enters 'consent' once the action is told
        ev += t.voiced("consent_asked", {player: _("You ask {players} to let you into {room}.",
                                                   players=t.listing(occupants), room=target)},
                       _("{player} asks {players} to let them into {room}.", player=player,
                         players=t.listing(occupants), room=target), hidden=tuple(occupants),
                       player=player, room=target, asked=occupants)
        standing = [o for o in occupants if state.players[o].consent != "ask"]
        ev += [tell(o, _("{player} wants to enter your room {room}: answer 'allow' or 'deny'.", player=player,
                         room=target), "consent_request",
                    player=player, room=target) for o in occupants if o not in standing]
        for o in standing:  # a standing answer is given at once, as if typed
            if turn.consent is not None:  # still asking
                ev += _answer(state, o, state.players[o].consent == "all")
        return ev
    return ev + _step(state, player, d)


def _step(state: QuestState, player: str, d: str, end: bool = True) -> list[Event]:
    """Walk through the door (already known passable) and spend one step."""
    turn, me = state.turn, state.players[player]
    origin, target = me.pos, board.neighbour(me.pos, d)
    e = board.edge(origin, target)
    door = state.doors[e]
    ev: list[Event] = []
    if door.locked_kind and not door.open:
        if e not in turn.pending_locked:
            turn.pending_locked.append(e)
        ev.append(announce(_("{player} shows {key} and unlocks {door}.", player=player, key=t.key(door.colour),
                             door=t.door_between(door, origin, target)),
                           "door_unlocked", player=player, door=board.edge_name(e), colour=door.colour))
    me.pos = target
    fights.left_room(state, player)
    turn.steps_left -= 1
    turn.path.append(target)
    first = target not in me.seen
    me.seen.add(target)
    room = state.rooms[target]
    if turn.steps_left:
        mine = _.plural("You go {direction} to {room}: {name}. {n} step left.",
                        "You go {direction} to {room}: {name}. {n} steps left.", turn.steps_left,
                        direction=t.direction(d), room=target, name=t.room_name(room))
    else:
        mine = _("You go {direction} to {room}: {name}.", direction=t.direction(d), room=target,
                 name=t.room_name(room))
    ev.append(tell(player, mine, "moved", player=player, room=target, origin=origin, dir=d, door=board.edge_name(e),
                   location=room.location, difficulty=room.difficulty, first_visit=first, steps_left=turn.steps_left))
    ev.append(Event("moved", _("{player} goes {direction} from {origin} to {room}.", player=player,
                               direction=t.direction(d), origin=origin, room=target),
                    dict(player=player, room=target, origin=origin, dir=d, door=board.edge_name(e),
                         steps_left=turn.steps_left), not_to=(player,)))
    for colour, where in state.floor_keys.items():
        if where == target:
            ev.append(tell(player, _("The {colour} key lies here: 'take key' to pick it up.",
                                     colour=t.colour(colour)), "key_here",
                           player=player, room=target, colour=colour))
    if turn.steps_left == 0 and end:
        end_move(state)
    return ev


def do_stop(state: QuestState, player: str) -> list[Event]:
    """'stop' ends a move; before any move there is nothing to stop, and passing is said 'pass'
    (a 'stop' typed as a move ended must not pass the next turn)."""
    return do_pass(state, player)


def do_pass(state: QuestState, player: str) -> list[Event]:
    turn = state.turn
    ev: list[Event] = []
    if turn.phase == "start":
        spend_turn(state)
        return both(player, _("You pass your turn."), _("{player} passes.", player=player), "passed", player=player)
    if turn.phase == "consent":
        ev.append(announce(_("{player} gives up entering {room}.", player=player, room=turn.consent.target),
                           "consent_withdrawn",
                           player=player, room=turn.consent.target))
        turn.consent = None
    ev += both(player, _("You stop."), _("{player} stops at {room}.", player=player, room=state.players[player].pos),
               "stopped",
               player=player, room=state.players[player].pos)
    end_move(state)
    return ev


def do_leave(state: QuestState, player: str, how: str, colour: str | None = None) -> list[Event]:
    turn = state.turn
    e = next(e for e in turn.pending_locked if colour in (None, state.doors[e].colour))
    door = state.doors[e]
    door.open = how == "open"
    turn.pending_locked.remove(e)
    return both(player, _("You leave the {colour} door {face}.", colour=t.colour(door.colour), face=t.face_word(how)),
                _("{player} leaves {door} {face}.", player=player, door=t.door_between(door, *e),  # the last one,
                  face=t.face_word(how)), "door_left",  # after the move: the flow hands the turn over
                player=player, door=board.edge_name(e), colour=door.colour, left=how)


# --- consent ----------------------------------------------------------------------------------

def _answer(state: QuestState, player: str, yes: bool) -> list[Event]:
    turn = state.turn  # asking this player (the phase table; a standing answer is given at once)
    c = turn.consent
    c.answers[player] = yes
    mover = turn.player
    if yes:
        own = {player: _("You allow {mover}.", mover=mover), mover: _("{player} lets you in.", player=player)}
        others = _("{player} lets {mover} in.", player=player, mover=mover)
    else:
        own = {player: _("You deny {mover}.", mover=mover), mover: _("{player} refuses to let you in.", player=player)}
        others = _("{player} refuses {mover} in.", player=player, mover=mover)
    ev = t.voiced("consent_given" if yes else "consent_refused", own, others,
                  player=player, mover=mover, room=c.target)
    if not yes:
        turn.refused.add(c.target)
        turn.last_refused = c.direction
        turn.allowed = {p for p, said in c.answers.items() if said}
        turn.consent = None
        return ev + [tell(mover, _("You are not let into {room}. The step is not spent: try another door, "
                                   "or 'fight' to force your way in.", room=c.target), "blocked",
                          player=mover, room=state.players[mover].pos, dir=c.direction)]
    if c.waiting:
        return ev
    turn.consent = None
    return ev + _step(state, mover, c.direction)


CONSENT_WORDS = {"all": _("From now on you let anyone into your room without being asked (consent all)."),
                 "ask": _("From now on you are asked each time someone wants to enter your room (consent ask)."),
                 "none": _("From now on you keep everyone out of your room without being asked (consent none).")}
RULE_NAMES = {"basic": _("basic"), "full": _("full")}


def do_consent(state: QuestState, player: str, policy: str) -> list[Event]:
    """A standing answer to anyone entering your room; private (others learn only your answers)."""
    state.players[player].consent = policy
    return [tell(player, CONSENT_WORDS[policy], "consent_policy",
                 player=player, policy=policy)]


def do_allow(state: QuestState, player: str) -> list[Event]:
    return _answer(state, player, True)


def do_deny(state: QuestState, player: str) -> list[Event]:
    return _answer(state, player, False)


def do_fight(state: QuestState, player: str, who: str | None = None, d: str | None = None) -> list[Event]:
    """Force your way into a room (a duel with its occupants): through the door asked at, the one just
    refused (a bare 'fight') or ``d``; or fight ``who`` in your room, to stay where you were beaten or,
    as a knight in a castle, in a tournament."""
    turn = state.turn
    if who is not None:
        return fights.same_room(state, player, who)  # (one next door is fought through its door: canonical)
    asked = turn.consent if turn.phase == "consent" else None
    if asked is not None:  # give up the question and fight instead
        d = asked.direction
        turn.allowed = {p for p, said in asked.answers.items() if said}
        turn.consent = None
    elif d is None:
        d = turn.last_refused
    return _go(state, player, d, force=True)
