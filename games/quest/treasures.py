"""Using treasures. The health potion: any time, on any mortally wounded player (yourself too),
before that player's next turn; it is spent. The crystal ball: on your turn, instead of anything else, see everything of one
other player -- their object cards, their treasures, the room they stand on and every door around
it. Only the user learns what it showed -- but the white doors around turn face up for everyone, as
any white door once seen does; the others see that the turn went by. The ball is
kept (the original does not spend it)."""

from __future__ import annotations

from games.engine import Event, announce
from games.quest.doors import learn_room
from games.quest import text as t
from games.quest.purse import with_belongings
from games.quest.state import QuestState
from games.quest.turns import spend_turn
from games.quest.words import _

BALL = "crystal ball"
POTION = "health potion"


def do_scry(state: QuestState, player: str, target: str) -> list[Event]:
    """The crystal ball on another living player, as the whole turn."""
    other = state.players[target]
    where = other.pos
    doors, turned = learn_room(state, player, where, "crystal ball")
    cards = t.listing([t.a_obj(c) for c in sorted(other.objects)])
    treasures = t.listing([t.obj(c) for c in sorted(other.treasures)])
    text = _("Your crystal ball shows {target} on {room}: {name}. Cards: {cards}. Treasures: {treasures}. "
             "Doors: {doors}.", target=target, room=where, name=t.room_name(state.rooms[where]), cards=cards,
             treasures=treasures, doors=doors)
    data = dict(player=player, target=target, room=where, location=state.rooms[where].location,
                difficulty=state.rooms[where].difficulty, objects=sorted(other.objects),
                treasures=sorted(other.treasures))
    ev = [Event("scried", text, data, to=(player,)),
          Event("scried", _("{player} does not move this turn.", player=player), dict(player=player),
                not_to=(player,))]
    spend_turn(state)
    return ev + turned


def do_heal(state: QuestState, player: str, target: str | None = None) -> list[Event]:
    """Use your health potion on a mortally wounded player (``None``: yourself)."""
    target = target or player
    me, other = state.players[player], state.players[target]
    me.treasures.remove(POTION)
    state.spent.append(POTION)
    other.wounded = False
    healed = _("{player} uses a health potion on themself: {player} is healed.", player=player) \
        if target == player else \
        _("{player} uses a health potion on {target}: {target} is healed.", player=player, target=target)
    return with_belongings(state, [announce(healed,
                                            "healed", player=player, target=target)], (player,))
