"""Everything a Quest player may do now (``legal_actions``), each accepted by the rules as they stand.

The list is built from public facts and the player's own knowledge only -- door colours, white doors
turned for all, the red doors this player peeked, their own room, cards and keys, everyone's position
-- so it never tells which door is open or what an unseen room is: a step through a door the player
has not seen is legal (the door may turn out shut; the step is then not spent).

Turn-spending actions and answers come first, then the free ones (verbs marked ``free``: they do not
spend the turn). Free text cannot be listed: a note is listed once per room with the text ``?`` (a
real note, 'to check'); any other text is as legal (docs/decisions.md, Quest's legal actions).
"""

from __future__ import annotations

from games.engine import Action
from games.quest import board, duels
from games.quest.actions import KNIGHTING_CARDS, may_attempt
from games.quest.data import WEAPONS
from games.quest.fights import holder
from games.quest.mapnotes import NOTE_MARK
from games.quest.phases import PHASES
from games.quest.state import Player, QuestState
from games.quest.treasures import BALL, POTION

CONSENTS = ("all", "ask", "none")
ARMOUR_CHOICES = ("break", "keep")
FACES = ("open", "closed", "unknown")
GIFT_WORDS = {"bag of money": "bag"}  # as typed, so the line parses back to the same action ('of' is a filler)


def legal_actions(state: QuestState, player: str) -> list[Action]:
    """What ``player`` may do now: the turn's choices and the answers asked of them, then the free
    actions. Empty when the game is over or the player is dead (the dead only watch and talk)."""
    if state.over or player not in state.players or not state.players[player].alive:
        return []
    found = _answers(state, player) + _turn(state, player) + _free(state, player)
    return PHASES.only(state, player, found)  # the verbs of the player's stage (phases.py)


def legal_of(state: QuestState, player: str, verb: str) -> list[Action]:
    """``GameSpec.legal_of``: ``legal_actions`` of one verb, in their order, made without the others'
    (what ``apply`` checks a move against: a step need not list forty notes and every gift)."""
    if state.over or player not in state.players or not state.players[player].alive or \
            verb not in PHASES.allowed(state, player):
        return []
    if verb in FREE:
        return FREE[verb](state, state.players[player])
    if verb in WHOLE_TURN:
        turn = state.turn
        whole = turn.player == player and turn.phase == "start" and not holder(state, player)
        return [a for a in _whole_turns(state, state.players[player]) if a.verb == verb] if whole else []
    if verb in _TURN_VERBS:
        return [a for a in _turn(state, player, whole=False) if a.verb == verb]
    return [a for a in _answers(state, player) if a.verb == verb]


def duel_actions(state: QuestState, player: str) -> list[Action]:
    """The answers a duel accepts from ``player`` now (only their own cards: nothing hidden)."""
    duel = state.duel
    if duel is None or player not in duels.waiting(duel):
        return []
    if duel.stage == "rps":
        return [Action("throw", (c,)) for c in duels.RPS]
    if duel.stage in ("attack", "answer"):
        return [Action("play", (c,)) for c in sorted(set(duel.left[player]))]
    if duel.stage == "block":
        return [Action("play", (c,)) for c in duels.BLOCKS if c in state.players[player].objects] + \
            [Action("play", ("none",))]
    return [Action("loot", (w,)) for w in duels.loot_options(state.players[duel.loser])]


def _answers(state: QuestState, player: str) -> list[Action]:
    """What a duel or a knock at the player's door waits for from them."""
    turn = state.turn
    out = duel_actions(state, player)
    if turn.phase == "consent" and turn.consent is not None and player in turn.consent.waiting:
        out += [Action("allow"), Action("deny")]
    return out


def _turn(state: QuestState, player: str, whole: bool = True) -> list[Action]:
    """The choices of the player's own turn, phase by phase (``whole``: with those that take the whole
    turn instead of moving)."""
    turn, me = state.turn, state.players[player]
    if turn.player != player or turn.phase == "duel":
        return []
    held = holder(state, player)
    if turn.phase == "consent":  # waiting at an occupied room: force the way in, or give up
        return [Action("fight")] + ([] if held else [Action("stop")]) + (_leave(state) if turn.pending_locked else [])
    if turn.phase == "leave":
        return _leave(state)
    out: list[Action] = []
    walking = turn.phase == "start" or turn.steps_left > 0
    if turn.phase == "start":
        out.append(Action("roll"))
    if walking:
        out += [Action("move", (d,)) for d, room in board.exits(me.pos).items() if _may_step(state, me, d, room)]
    out += _fights(state, player, held, walking)
    if turn.pending_locked:  # a locked door crossed earlier in this move may be left now
        out += _leave(state)
    if whole and turn.phase == "start" and not held:
        out += _whole_turns(state, me)
    if not held:
        out.append(Action("pass") if turn.phase == "start" else Action("stop"))
    return out


def _known_shut(state: QuestState, me: Player, e) -> bool:
    """A door the player knows they cannot pass: locked without its key, or seen closed."""
    door = state.doors[e]
    if door.locked_kind:
        return not door.open and not me.holds_key(door.colour)
    return door.colour in ("white", "red") and not door.open and (e in state.turned or e in me.peeked)


def _may_step(state: QuestState, me: Player, d: str, room: str) -> bool:
    return not _known_shut(state, me, board.edge(me.pos, room)) and room not in state.turn.refused


def _fights(state: QuestState, player: str, held: str | None, walking: bool) -> list[Action]:
    """Fighting to stay where you were beaten, forcing a way into an occupied room next door (bare
    'fight' after a refusal), a tournament between knights in a castle."""
    turn, me = state.turn, state.players[player]
    out: list[Action] = []
    if held:
        out.append(Action("fight", (held,)))
    refused = turn.last_refused if turn.phase == "moving" and walking and not held else None
    if refused:
        out.append(Action("fight"))
    if walking:
        for d, room in board.exits(me.pos).items():
            if d != refused and state.occupants(room) and not _known_shut(state, me, board.edge(me.pos, room)):
                out.append(Action("fight", (None, d)))
    if turn.phase == "start" and state.rules == "full" and me.rank == "knight" and \
            state.rooms[me.pos].location == "castle":
        out += [Action("fight", (q,)) for q in state.occupants(me.pos, besides=player)
                if q != held and state.players[q].rank == "knight"]
    return out


def _whole_turns(state: QuestState, me: Player) -> list[Action]:
    """What takes the whole turn instead of moving: the room's action, the smith, the crystal ball,
    a wizard's spells."""
    out: list[Action] = []
    if state.rooms[me.pos].location == "field":
        out += [Action("buy", (w,)) for w in WEAPONS if may_attempt(state, me, w)]
    elif may_attempt(state, me):
        out.append(Action("act"))
        held = [c for c in KNIGHTING_CARDS if c in me.objects]
        if len(held) > 1 and state.rooms[me.pos].location == "castle" and me.rank == "vassal":
            out += [Action("act", (c,)) for c in held]  # which card to bring the king
    others = [q for q in state.order if q != me.name and state.players[q].alive]
    if BALL in me.treasures:
        out += [Action("scry", (q,)) for q in others]
    if me.rank == "wizard":
        out += [Action("cast", ("bolt", q)) for q in others if _bolt_reaches(state, me, state.players[q].pos)]
        out += SIGHTS
    return out


def _bolt_reaches(state: QuestState, me: Player, there: str) -> bool:
    """A bolt may be cast at a player in the wizard's room or next door, unless a locked door the wizard
    has no key for stands between (a closed door takes the bolt: the cast is still made)."""
    if there == me.pos:
        return True
    if board.direction_to(me.pos, there) is None:
        return False
    door = state.doors[board.edge(me.pos, there)]
    return not (door.locked_kind and not door.open and not me.holds_key(door.colour))


def _leave(state: QuestState) -> list[Action]:
    """Leave the locked door crossed open or closed; with doors of several colours, each by name."""
    colours = list(dict.fromkeys(state.doors[e].colour for e in state.turn.pending_locked))
    out = [Action("leave", ("open",)), Action("leave", ("closed",))]
    if len(colours) > 1:
        out += [Action("leave", (how, c)) for c in colours for how in ("open", "closed")]
    return out


# --- free: they do not spend the turn -----------------------------------------------------------

def _free(state: QuestState, player: str) -> list[Action]:
    me = state.players[player]
    return [a for make in FREE.values() for a in make(state, me)]


def _peeks(state: QuestState, me: Player) -> list[Action]:
    """Looking at the doors of one's room, all or one, while one may still step through them."""
    turn = state.turn
    if turn.player == me.name and (turn.phase == "start" or (turn.phase == "moving" and turn.steps_left > 0)):
        return [Action("peek")] + [Action("peek", (d,)) for d in board.exits(me.pos)]
    return []


def _takes(state: QuestState, me: Player) -> list[Action]:
    """The keys lying in the player's room: all at once, or (with both there) one by its colour."""
    here = [c for c, where in state.floor_keys.items() if where == me.pos]
    if not here:
        return []
    return [Action("take", ("key",))] + ([Action("take", (c,)) for c in here] if len(here) > 1 else [])


def _heals(state: QuestState, me: Player) -> list[Action]:
    if POTION not in me.treasures or duels.being_searched(state, me.name):
        return []
    return [Action("heal", (q,)) for q in state.order if state.players[q].wounded and state.players[q].alive]


def _gifts(state: QuestState, me: Player) -> list[Action]:
    """Gold (1 to the coins held; with the bag of money any amount, listed as 1), each card, treasure
    and key the player holds, to each other living player -- none while a duel's winner searches them."""
    if duels.being_searched(state, me.name):
        return []
    things = sorted(set(me.objects)) + sorted(GIFT_WORDS.get(c, c) for c in set(me.treasures)) + \
        [f"{k} key" for k in me.keys]
    coins = range(1, max(me.gold, 1 if me.has_bag else 0) + 1)
    out = []
    for q in state.order:
        if q != me.name and state.players[q].alive:
            out += [Action("give", (q, n, "gold")) for n in coins]
            out += [Action("give", (q, 1, thing)) for thing in things]
    return out


def _marks(state: QuestState, me: Player) -> list[Action]:
    """Marks on the doors of the player's room: each face but the one marked now."""
    out = []
    for d in board.exits(me.pos):
        now = me.marks.get(board.door_name(me.pos, d), "unknown")
        out += [Action("mark", (d, face)) for face in FACES if face != now]
    return out


def _notes(state: QuestState, me: Player) -> list[Action]:
    """A note on each room of the player's map (one representative text: any text is as legal), and
    erasing each note they wrote."""
    if not me.notes:
        return list(NOTES)
    out = []
    for c, note in zip(board.COORDS, NOTES):
        out.append(note)
        if c in me.notes:
            out.append(Action("note", (c,)))
    return out


def _consents(state: QuestState, me: Player) -> list[Action]:
    return [Action("consent", (c,)) for c in CONSENTS if c != me.consent]


def _armours(state: QuestState, me: Player) -> list[Action]:
    return [Action("armour", (c,)) for c in ARMOUR_CHOICES if c != me.armour]


# The free actions of each verb, in the order legal_actions lists them. Actions are frozen values, so
# the lists that never change are made once.
FREE = {"peek": _peeks, "take": _takes, "heal": _heals, "give": _gifts, "mark": _marks, "note": _notes,
        "consent": _consents, "armour": _armours}
NOTES = tuple(Action("note", (c, NOTE_MARK)) for c in board.COORDS)  # stands for any text (engine.TEMPLATE)
SIGHTS = tuple(Action("cast", ("sight", c)) for c in board.COORDS)
WHOLE_TURN = ("act", "buy", "scry", "cast")
_TURN_VERBS = ("roll", "move", "fight", "leave", "pass", "stop")


def bag_gift(state: QuestState, player: str, action: Action, legal: list[Action]) -> bool:
    """``GameSpec.unlisted``: gold from a bag of money, any amount past the coins held, is legal when
    one coin to that player is (the list holds 1 for it, so it stays finite)."""
    if action.verb != "give" or len(action.args) != 3 or action.args[2] != "gold":
        return False
    target, amount = action.args[0], action.args[1]
    me = state.players.get(player)
    return (me is not None and me.has_bag and isinstance(amount, int) and not isinstance(amount, bool)
            and amount > 0 and Action("give", (target, 1, "gold")) in legal)
