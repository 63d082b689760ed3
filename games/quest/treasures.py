"""Using treasures. The health potion: any time, on any mortally wounded player (yourself too),
before that player's next turn; it is spent. The crystal ball: on your turn, instead of anything else, see everything of one
other player -- their object cards, their treasures, the room they stand on and every door around
it. Only the user learns what it showed -- but the white doors around turn face up for everyone, as
any white door once seen does; the others see that the turn went by. The ball is
kept (the original does not spend it)."""

from __future__ import annotations

from games.engine import Event, RuleError, announce
from games.quest import duels, fights
from games.quest.doors import learn_room
from games.quest import text as t
from games.quest.purse import with_belongings
from games.quest.state import QuestState
from games.quest.turns import spend_turn

BALL = "crystal ball"
POTION = "health potion"


def do_scry(state: QuestState, player: str, target: str) -> list[Event]:
    me = state.players[player]
    fights.check_may_stay(state, player)
    if BALL not in me.treasures:
        raise RuleError("You have no crystal ball.")
    if target not in state.players:
        raise RuleError(f"There is no player called '{target}' in this game.")
    if target == player:
        raise RuleError("The crystal ball shows others, not yourself.")
    if not state.players[target].alive:
        raise RuleError(f"{target} is dead and has left the game: the crystal ball finds nobody.")
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
    me = state.players[player]
    if target not in state.players:
        raise RuleError(f"There is no player called '{target}' in this game.")
    other = state.players[target]
    if POTION not in me.treasures:
        raise RuleError("You have no health potion.")
    if duels.being_searched(state, player):
        raise RuleError(f"{state.duel.winner} beat you and searches you: they take one thing first.")
    if not other.alive:
        raise RuleError(f"{target} is dead: no potion brings back the dead.")
    if not other.wounded:
        raise RuleError(("You are" if target == player else f"{target} is") + " not wounded.")
    me.treasures.remove(POTION)
    state.spent.append(POTION)
    other.wounded = False
    who = "themself" if target == player else target
    return with_belongings(state, [announce(f"{player} uses a health potion on {who}: {target} is healed.",
                                            "healed", player=player, target=target)], (player,))
