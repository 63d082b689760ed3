"""Keys from the floor and gifts between players: any time, from anywhere (rules/quest.md, Gold,
trading, bribes). Nothing enforces a deal."""

from __future__ import annotations

from games.engine import Event, both
from games.quest import text as t
from games.quest.items import ITEM_ALIASES
from games.quest.purse import with_belongings
from games.quest.state import QuestState
from games.quest.words import _


def do_take(state: QuestState, player: str, what: str = "key") -> list[Event]:
    """Pick up the keys lying in your room ('key': all of them), or the one of colour ``what``."""
    me = state.players[player]
    here = [c for c, where in state.floor_keys.items() if where == me.pos and what in ("key", c)]
    ev = []
    for colour in here:
        del state.floor_keys[colour]
        me.keys.append(colour)
        ev += both(player, _("You take {key}.", key=t.key(colour)),
                   _("{player} takes {key} from {room}.", player=player, key=t.key(colour), room=me.pos),
                   "key_taken", player=player, colour=colour, room=me.pos)
    return ev


def do_give(state: QuestState, player: str, target: str, amount: int, item: str) -> list[Event]:
    """A gift; the giver and the receiver are told what they hold now (``belongings``)."""
    return with_belongings(state, _give(state, player, target, amount, item), (player, target))


def _give(state: QuestState, player: str, target: str, amount: int, item: str) -> list[Event]:
    me, other = state.players[player], state.players[target]
    kind, card = ITEM_ALIASES[item]  # the word legal lists for the thing (canonical.py)
    if kind == "gold":
        if not me.has_bag:
            me.gold -= amount
        other.gold += amount
        return t.voiced("gift", {player: _("You give {target} {gold}.", target=target, gold=t.gold(amount)),
                                 target: _("{player} gives you {gold}.", player=player, gold=t.gold(amount))},
                        _("{player} gives {target} {gold}.", player=player, target=target, gold=t.gold(amount)),
                        player=player, to_player=target, gold=amount)
    if kind == "key":
        me.keys.remove(card)
        other.keys.append(card)
        return t.voiced("gift", {player: _("You give {target} {key}.", target=target, key=t.key(card)),
                                 target: _("{player} gives you {key}.", player=player, key=t.key(card))},
                        _("{player} gives {target} {key}.", player=player, target=target, key=t.key(card)),
                        player=player, to_player=target, key=card)
    pile = me.objects if kind == "object" else me.treasures
    pile.remove(card)
    (other.objects if kind == "object" else other.treasures).append(card)
    secret = dict(player=player, to_player=target, card=card, kind=kind)
    return [Event("gift", _("You give {target} {card}.", target=target, card=t.a_obj(card)), secret, to=(player,)),
            Event("gift", _("{player} gives you {card}.", player=player, card=t.a_obj(card)), secret, to=(target,)),
            Event("gift", _("{player} gives {target} a card.", player=player, target=target), dict(player=player, to_player=target, kind="card"),
                  not_to=(player, target))]
