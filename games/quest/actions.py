"""The ten location actions: requirements, the d6 against the difficulty, rewards, the ledger.

An action is secret: the actor learns what happened; the others learn that the player acted, whether
it succeeded (a success is written in the public ledger with its roll), and only the consequences
the rules make public (a coin earned in a city, a chest found in a forest, a knighthood).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Event, announce, both, tell
from games.words import Msg
from games.quest import text as t
from games.quest.text import THE_THING as THE_TREASURE
from games.quest.data import WEAPONS
from games.quest.ending import reveal, win  # noqa: F401 (reveal: for tests)
from games.quest.purse import with_belongings
from games.quest.state import LedgerEntry, Player, QuestState
from games.quest.turns import spend_turn
from games.quest.words import _

KNIGHTING_CARDS = ("head", "damsel")
# The object deck's card each deed wins (a castle's is the card brought; a smith's, the weapon bought).
DECK_CARDS = {"countryside": "grail", "tower": "damsel", "church": "bible", "port": "rope", "cave": "head"}


@dataclass(frozen=True)
class Unmet:
    """Why the deed where a player stands cannot be tried now, in the words the player reads;
    ``card``: the card the object deck has run out of, when that is why (the rules: the deed
    "cannot succeed")."""

    reason: Msg
    card: str | None = None


def unmet(state: QuestState, me: Player, choice: str | None = None) -> Unmet | None:
    """What keeps ``me`` from trying the deed of their room (``choice``: the weapon, or the card to
    bring the king), or None when its requirements hold: the attempt is legal exactly then (legal.py),
    and the refusal of one that is not says this (refusals.py). Decision (issue 26): a deed whose card
    the object deck has run out of "cannot succeed" (the rules), so it is refused before the turn is
    spent; only the actor reads why (a refusal is no event), as they learned it by trying."""
    room = state.rooms[me.pos]
    loc = room.location
    if choice is not None and loc not in ("field", "castle"):
        return Unmet(_("Here the action is {deed}: just 'act'.", deed=t.action_name(room)))
    if loc == "castle":
        return _castle(state, me, choice, room)
    if loc in ("desert", "countryside"):
        if me.rank == "vassal":
            return Unmet(_("Only knights may attempt {deed}.", deed=t.action_name(room)))
        if me.rank == "wizard":
            return Unmet(_("You are already a wizard."))
    elif loc == "forest" and not state.treasures:
        return Unmet(_("No chest is left to find: the treasure deck is empty."))
    elif loc == "tower" and "rope" not in me.objects:
        return Unmet(_("To free the damsel you need a rope."))
    elif loc == "field":
        if choice is None:
            return Unmet(_("Name the weapon you want from the smith: 'buy sword', 'buy lance', 'buy mace', "
                           "'buy shield' or 'buy armour'."))
        if choice not in WEAPONS:
            return Unmet(_("The smith sells {weapons}.", weapons=t.listing([t.obj(w) for w in WEAPONS])))
        if me.rank == "vassal" and me.gold < 1 and not me.has_bag:
            return Unmet(_("A weapon costs 1 gold and you have none."))
    elif loc == "cave" and "sword" not in me.objects:
        return Unmet(_("To face the dragon you need a sword."))
    card = deed_card(state, me, choice)
    if card is not None and state.objects.get(card, 0) <= 0:
        return Unmet(_("The object deck has no {card} left, so {deed} cannot succeed; your turn is not spent.",
                       card=t.obj(card), deed=t.action_name(room)), card)
    return None


def _castle(state: QuestState, me: Player, choice: str | None, room) -> Unmet | None:
    """The king's requirements: a vassal brings a dragon head or a damsel to be knighted (the full
    rules go on: a wizard brings a bible to be crowned)."""
    if me.rank == "vassal":
        if not any(c in me.objects for c in KNIGHTING_CARDS):
            return Unmet(_("To be knighted you must bring a dragon head or a damsel."))
        if choice is not None and choice not in KNIGHTING_CARDS:
            return Unmet(_("Bring the king a dragon head or a damsel: 'act with head' or 'act with damsel'."))
        if choice is not None and choice not in me.objects:
            return Unmet(_("You have no {card}.", card=t.obj(choice)))
        return None
    if choice is not None:
        return Unmet(_("Here the action is {deed}: just 'act'.", deed=t.action_name(room)))
    if state.rules == "basic":
        return Unmet(_("You are already a knight."))
    if me.rank == "wizard" and "bible" in me.objects:
        return None
    return Unmet(_("The king crowns only a wizard who brings a bible."))


def deed_card(state: QuestState, me: Player, choice: str | None = None) -> str | None:
    """The card the deed where ``me`` stands uses or takes (None: no card): the one brought to the
    king, the weapon bought, or the object deck's card the deed wins."""
    loc = state.rooms[me.pos].location
    if loc == "castle":
        if me.rank != "vassal":
            return None
        return choice if choice is not None else next(c for c in KNIGHTING_CARDS if c in me.objects)
    if loc == "field":
        return choice
    return DECK_CARDS.get(loc)


def may_attempt(state: QuestState, me: Player, choice: str | None = None) -> bool:
    """True when the requirements of this room's action hold (``choice``: the weapon or the card to
    bring the king), the object deck's card among them: the attempt is accepted exactly then."""
    return unmet(state, me, choice) is None


def deck_out(state: QuestState, me: Player) -> list[str]:
    """The cards the deed where ``me`` stands would take and the object deck has run out of, when
    nothing else keeps ``me`` from trying it: what 'act' (or 'buy') would tell them at no cost."""
    out = []
    for choice in (WEAPONS if state.rooms[me.pos].location == "field" else (None,)):
        why = unmet(state, me, choice)
        if why is not None and why.card is not None:
            out.append(why.card)
    return out


def do_act(state: QuestState, player: str, choice: str | None = None) -> list[Event]:
    """The room's deed, its requirements met (the action is legal): the d6 against the difficulty."""
    me = state.players[player]
    room = state.rooms[me.pos]
    where = me.pos
    card = deed_card(state, me, choice)
    roll = state.rng.die()
    if roll < room.difficulty:
        ev = both(player, _("You try {deed}: roll {roll} < {difficulty}. You fail; you may try again next turn.",
                            deed=t.action_name(room), roll=roll, difficulty=room.difficulty),
                  _("{player} acts at {room} and fails.", player=player, room=where), "acted",
                  player=player, room=where, success=False)
        ev[0].data.update(roll=roll, difficulty=room.difficulty, location=room.location)
        spend_turn(state)
        return ev
    entry = LedgerEntry(player, where, roll, state.turn.number)
    state.ledger.append(entry)
    mine, theirs, extra = _reward(state, me, room.location, card)
    mine = _("You try {deed}: roll {roll} >= {difficulty}. {outcome}", deed=t.action_name(room), roll=roll,
             difficulty=room.difficulty, outcome=mine)
    ev = [tell(player, mine, "acted", player=player, room=where, success=True, roll=roll,
               difficulty=room.difficulty, location=room.location, **extra),
          Event("acted", theirs,
                dict(player=player, room=where, success=True, roll=roll), not_to=(player,))]
    ev = with_belongings(state, ev, (player,))
    ev.append(announce(_("Ledger: {entry}", entry=entry.line()), "ledger", player=player, room=where, roll=roll))
    if state.winner:  # knighted in the basic game, or crowned
        return ev + win(state, player)
    spend_turn(state)
    return ev


def do_buy(state: QuestState, player: str, weapon: str) -> list[Event]:
    """The smith's deed at a Field of Mars: buying ``weapon``."""
    return do_act(state, player, weapon)


def _reward(state: QuestState, me: Player, loc: str, card: str | None) -> tuple[Msg, Msg, dict]:
    """Give the action's prize; return (text for the actor, text for the others, private data)."""
    p = me.name
    if loc == "castle":
        if me.rank == "vassal":
            me.objects.remove(card)
            state.spent.append(card)
            me.rank = "knight"
            if state.rules == "basic":
                state.winner = p
            return (_("The king takes your {card} and knights you!", card=t.obj(card)),
                    _("{player} is received by the king at {room} and knighted!", player=p, room=me.pos),
                    {"spent": card, "rank": "knight"})
        state.winner = p
        me.rank = "king"
        return (_("The king crowns you!"), _("{player} is crowned at {room}!", player=p, room=me.pos), {"rank": "king"})
    if loc in ("desert", "countryside"):
        if card:
            _take(state, me, card)
        me.rank = "wizard"
        how = _("You find the Grail: you are a wizard!") if card else _("An epiphany comes to you: you are a wizard!")
        return (how, _("{player} becomes a wizard!", player=p), {"rank": "wizard", "card": card})
    if loc == "forest":
        found = state.rng.choice(state.treasures)
        state.treasures.remove(found)
        me.treasures.append(found)
        return (_("You find a chest: it holds {treasure}.", treasure=THE_TREASURE[found]),
                _("{player} finds a chest in a forest at {room}.", player=p, room=me.pos),
                {"treasure": found})
    if loc == "city":
        me.gold += 1
        return (_("You earn a gold coin."), _("{player} earns a gold coin working in a city at {room}.", player=p,
                                                room=me.pos), {"gold": 1})
    paid = loc == "field" and me.rank == "vassal" and not me.has_bag
    if paid:
        me.gold -= 1
    _take(state, me, card)
    mine = _("You take {card} for 1 gold.", card=t.a_obj(card)) if paid else _("You take {card}.", card=t.a_obj(card))
    theirs = _("{player} succeeds at {room} and pays 1 gold.", player=p, room=me.pos) if paid else \
        _("{player} succeeds at {room}.", player=p, room=me.pos)
    return mine, theirs, {"card": card, "paid": int(paid)}


def _take(state: QuestState, me: Player, card: str) -> None:
    state.objects[card] -= 1
    me.objects.append(card)
