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

BALL = "crystal ball"
POTION = "health potion"


def do_scry(state: QuestState, player: str, target: str) -> list[Event]:
    """The crystal ball on another living player, as the whole turn."""
    other = state.players[target]
    where = other.pos
    doors, turned = learn_room(state, player, where, "crystal ball")
    cards = t.listing([t.a_obj(c) for c in sorted(other.objects)])
    treasures = t.listing(sorted(other.treasures))
    text = (f"Your crystal ball shows {target} on {where}: {t.room_name(state.rooms[where])}. "
            f"Cards: {cards}. Treasures: {treasures}. Doors: {doors}.")
    data = dict(player=player, target=target, room=where, location=state.rooms[where].location,
                difficulty=state.rooms[where].difficulty, objects=sorted(other.objects),
                treasures=sorted(other.treasures))
    ev = [Event("scried", text, data, to=(player,)),
          Event("scried", f"{player} does not move this turn.", dict(player=player), not_to=(player,))]
    spend_turn(state)
    return ev + turned


def do_heal(state: QuestState, player: str, target: str | None = None) -> list[Event]:
    """Use your health potion on a mortally wounded player (``None``: yourself)."""
    target = target or player
    me, other = state.players[player], state.players[target]
    me.treasures.remove(POTION)
    state.spent.append(POTION)
    other.wounded = False
    who = "themself" if target == player else target
    return with_belongings(state, [announce(f"{player} uses a health potion on {who}: {target} is healed.",
                                            "healed", player=player, target=target)], (player,))
