"""The ten location actions: requirements, the d6 against the difficulty, rewards, the ledger.

An action is secret: the actor learns what happened; the others learn that the player acted, whether
it succeeded (a success is written in the public ledger with its roll), and only the consequences
the rules make public (a coin earned in a city, a chest found in a forest, a knighthood).
"""

from __future__ import annotations

from games.engine import Event, RuleError, announce, both, tell
from games.quest import fights
from games.quest import text as t
from games.quest.data import WEAPONS
from games.quest.ending import reveal, win  # noqa: F401 (reveal: for tests)
from games.quest.purse import with_belongings
from games.quest.state import LedgerEntry, Player, QuestState
from games.quest.turns import spend_turn

KNIGHTING_CARDS = ("head", "damsel")


class DeckOut(RuleError):
    """Refused: the object deck has run out of the card this deed takes (the rules: the deed
    "cannot succeed"); ``card`` names it."""

    def __init__(self, message: str, card: str):
        super().__init__(message)
        self.card = card


def _check(state: QuestState, me: Player, choice: str | None) -> str | None:
    """Raise RuleError if the requirements of this room's action do not hold; return the card the
    action will use or take (``None`` when it involves no card). Decision (issue 26): a deed whose
    card the object deck has run out of "cannot succeed" (the rules), so it is refused before the
    turn is spent; only the actor reads why (a refusal is no event), as they learned it by trying."""
    room = state.rooms[me.pos]
    loc = room.location
    deck = state.objects

    def need_deck(card: str) -> str:
        if deck.get(card, 0) <= 0:
            raise DeckOut(f"The object deck has no {t.obj(card)} left, so {t.action_name(room)} cannot "
                          "succeed; your turn is not spent.", card)
        return card

    if choice is not None and loc not in ("field", "castle"):
        raise RuleError(f"Here the action is {t.action_name(room)}: just 'act'.")
    if loc == "castle":
        if me.rank == "vassal":
            held = [c for c in KNIGHTING_CARDS if c in me.objects]
            if not held:
                raise RuleError("To be knighted you must bring a dragon head or a damsel.")
            if choice is not None:
                if choice not in KNIGHTING_CARDS:
                    raise RuleError("Bring the king a dragon head or a damsel: 'act with head' or 'act with damsel'.")
                if choice not in me.objects:
                    raise RuleError(f"You have no {t.obj(choice)}.")
                return choice
            return held[0]
        if choice is not None:
            raise RuleError(f"Here the action is {t.action_name(room)}: just 'act'.")
        if state.rules == "basic":
            raise RuleError("You are already a knight.")
        if me.rank == "wizard" and "bible" in me.objects:
            return None
        raise RuleError("The king crowns only a wizard who brings a bible.")
    if loc in ("desert", "countryside"):
        if me.rank == "vassal":
            raise RuleError(f"Only knights may attempt {t.action_name(room)}.")
        if me.rank == "wizard":
            raise RuleError("You are already a wizard.")
        return need_deck("grail") if loc == "countryside" else None
    if loc == "forest":
        if not state.treasures:
            raise RuleError("No chest is left to find: the treasure deck is empty.")
        return None
    if loc == "tower":
        if "rope" not in me.objects:
            raise RuleError("To free the damsel you need a rope.")
        return need_deck("damsel")
    if loc == "field":
        if choice is None:
            raise RuleError("Name the weapon you want from the smith: 'buy sword', 'buy lance', 'buy mace', "
                            "'buy shield' or 'buy armour'.")
        if choice not in WEAPONS:
            raise RuleError(f"The smith sells {t.listing(list(WEAPONS))}.")
        if me.rank == "vassal" and me.gold < 1 and not me.has_bag:
            raise RuleError("A weapon costs 1 gold and you have none.")
        return need_deck(choice)
    if loc == "church":
        return need_deck("bible")
    if loc == "port":
        return need_deck("rope")
    if loc == "cave":
        if "sword" not in me.objects:
            raise RuleError("To face the dragon you need a sword.")
        return need_deck("head")
    return None  # city


def may_attempt(state: QuestState, me: Player, choice: str | None = None) -> bool:
    """True when the requirements of this room's action hold (``choice``: the weapon or the card to
    bring the king), the object deck's card among them: the attempt is accepted exactly then."""
    try:
        _check(state, me, choice)
    except RuleError:
        return False
    return True


def deck_out(state: QuestState, me: Player) -> list[str]:
    """The cards the deed where ``me`` stands would take and the object deck has run out of, when
    nothing else keeps ``me`` from trying it: what 'act' (or 'buy') would tell them at no cost."""
    out = []
    for choice in (WEAPONS if state.rooms[me.pos].location == "field" else (None,)):
        try:
            _check(state, me, choice)
        except DeckOut as gone:
            out.append(gone.card)
        except RuleError:
            pass
    return out


def do_act(state: QuestState, player: str, choice: str | None = None) -> list[Event]:
    fights.check_may_stay(state, player)
    me = state.players[player]
    room = state.rooms[me.pos]
    where = me.pos
    card = _check(state, me, choice)
    roll = state.rng.die()
    if roll < room.difficulty:
        ev = both(player, f"You try {t.action_name(room)}: roll {roll} < {room.difficulty}. You fail; "
                          "you may try again next turn.",
                  f"{player} acts at {where} and fails.", "acted",
                  player=player, room=where, success=False)
        ev[0].data.update(roll=roll, difficulty=room.difficulty, location=room.location)
        spend_turn(state)
        return ev
    entry = LedgerEntry(player, where, roll, state.turn.number)
    state.ledger.append(entry)
    mine, theirs, extra = _reward(state, me, room.location, card)
    ev = [tell(player, f"You try {t.action_name(room)}: roll {roll} >= {room.difficulty}. {mine}", "acted", player=player, room=where, success=True, roll=roll,
               difficulty=room.difficulty, location=room.location, **extra),
          Event("acted", theirs,
                dict(player=player, room=where, success=True, roll=roll), not_to=(player,))]
    ev = with_belongings(state, ev, (player,))
    ev.append(announce(f"Ledger: {entry.line()}", "ledger", player=player, room=where, roll=roll))
    if state.winner:  # knighted in the basic game, or crowned
        return ev + win(state, player, "")
    spend_turn(state)
    return ev


def do_buy(state: QuestState, player: str, weapon: str) -> list[Event]:
    me = state.players.get(player)
    if me is not None and state.turn.player == player and state.rooms[me.pos].location != "field":
        raise RuleError("There is no smith here: weapons are bought at a Field of Mars.")
    return do_act(state, player, weapon)


def _reward(state: QuestState, me: Player, loc: str, card: str | None) -> tuple[str, str, dict]:
    """Give the action's prize; return (text for the actor, text for the others, private data)."""
    p = me.name
    if loc == "castle":
        if me.rank == "vassal":
            me.objects.remove(card)
            state.spent.append(card)
            me.rank = "knight"
            if state.rules == "basic":
                state.winner = p
            return (f"The king takes your {t.obj(card)} and knights you!",
                    f"{p} is received by the king at {me.pos} and knighted!", {"spent": card, "rank": "knight"})
        state.winner = p
        me.rank = "king"
        return ("The king crowns you!", f"{p} is crowned at {me.pos}!", {"rank": "king"})
    if loc in ("desert", "countryside"):
        if card:
            _take(state, me, card)
        me.rank = "wizard"
        how = "You find the Grail" if card else "An epiphany comes to you"
        return (f"{how}: you are a wizard!", f"{p} becomes a wizard!", {"rank": "wizard", "card": card})
    if loc == "forest":
        found = state.rng.choice(state.treasures)
        state.treasures.remove(found)
        me.treasures.append(found)
        return (f"You find a chest: it holds the {found}.", f"{p} finds a chest in a forest at {me.pos}.",
                {"treasure": found})
    if loc == "city":
        me.gold += 1
        return ("You earn a gold coin.", f"{p} earns a gold coin working in a city at {me.pos}.", {"gold": 1})
    paid = loc == "field" and me.rank == "vassal" and not me.has_bag
    if paid:
        me.gold -= 1
    _take(state, me, card)
    mine = f"You take {t.a_obj(card)}" + (" for 1 gold." if paid else ".")
    theirs = f"{p} succeeds at {me.pos}" + (" and pays 1 gold." if paid else ".")
    return mine, theirs, {"card": card, "paid": int(paid)}


def _take(state: QuestState, me: Player, card: str) -> None:
    state.objects[card] -= 1
    me.objects.append(card)
