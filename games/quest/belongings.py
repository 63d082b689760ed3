"""Keys from the floor and gifts between players: any time, from anywhere (rules/quest.md, Gold,
trading, bribes). Nothing enforces a deal."""

from __future__ import annotations

from games.engine import Event, RuleError, both
from games.quest import duels
from games.quest import text as t
from games.quest.data import FLOOR_KEYS
from games.quest.items import resolve_item
from games.quest.purse import with_belongings
from games.quest.state import QuestState


def do_take(state: QuestState, player: str, what: str = "key") -> list[Event]:
    me = state.players[player]
    here = [c for c, where in state.floor_keys.items() if where == me.pos]
    if what not in ("key", "keys", *FLOOR_KEYS):
        raise RuleError("Only keys can be taken from the floor: 'take key'.")
    if what in FLOOR_KEYS:
        here = [c for c in here if c == what]
    if not here:
        raise RuleError("There is no key here.")
    ev = []
    for colour in here:
        del state.floor_keys[colour]
        me.keys.append(colour)
        ev += both(player, f"You take the {colour} key.", f"{player} takes the {colour} key from {me.pos}.",
                   "key_taken", player=player, colour=colour, room=me.pos)
    return ev


def do_give(state: QuestState, player: str, target: str, amount: int, item: str) -> list[Event]:
    """A gift; the giver and the receiver are told what they hold now (``belongings``)."""
    return with_belongings(state, _give(state, player, target, amount, item), (player, target))


def _give(state: QuestState, player: str, target: str, amount: int, item: str) -> list[Event]:
    me = state.players[player]
    if target not in state.players:
        raise RuleError(f"There is no player called '{target}' in this game.")
    if target == player:
        raise RuleError("You cannot give something to yourself.")
    if not state.players[target].alive:
        raise RuleError(f"{target} is dead and has left the game: nothing can be given to them.")
    if duels.being_searched(state, player):
        raise RuleError(f"{state.duel.winner} beat you and searches you: they take one thing first.")
    if not isinstance(amount, int) or amount < 1:
        raise RuleError("Give at least one.")
    other = state.players[target]
    kind, card = resolve_item(item)
    if kind == "gold":
        if me.gold < amount and not me.has_bag:
            raise RuleError(f"You have only {me.gold} gold.")
        if not me.has_bag:
            me.gold -= amount
        other.gold += amount
        return t.voiced("gift", {player: f"You give {target} {amount} gold.",
                                 target: f"{player} gives you {amount} gold."},
                        f"{player} gives {target} {amount} gold.", player=player, to_player=target, gold=amount)
    if amount != 1:
        raise RuleError("Cards are given one at a time.")
    if kind == "key":
        if card not in me.keys:
            raise RuleError(f"You do not hold the {card} key.")
        me.keys.remove(card)
        other.keys.append(card)
        return t.voiced("gift", {player: f"You give {target} the {card} key.",
                                 target: f"{player} gives you the {card} key."},
                        f"{player} gives {target} the {card} key.", player=player, to_player=target, key=card)
    pile = me.objects if kind == "object" else me.treasures
    if card not in pile:
        raise RuleError(f"You have no {t.obj(card)}.")
    pile.remove(card)
    (other.objects if kind == "object" else other.treasures).append(card)
    secret = dict(player=player, to_player=target, card=card, kind=kind)
    return [Event("gift", f"You give {target} {t.a_obj(card)}.", secret, to=(player,)),
            Event("gift", f"{player} gives you {t.a_obj(card)}.", secret, to=(target,)),
            Event("gift", f"{player} gives {target} a card.", dict(player=player, to_player=target, kind="card"),
                  not_to=(player, target))]
