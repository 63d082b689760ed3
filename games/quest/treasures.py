"""Using treasures. The crystal ball: on your turn, instead of anything else, see everything of one
other player -- their object cards, their treasures, the room they stand on and every door around
it. Only the user learns what it showed; the others see only that the turn went by. The ball is
kept (the original does not spend it)."""

from __future__ import annotations

from games.engine import Event, RuleError
from games.quest import board
from games.quest import text as t
from games.quest.state import QuestState
from games.quest.turns import end_turn, not_your_turn

BALL = "crystal ball"


def do_scry(state: QuestState, player: str, target: str) -> list[Event]:
    turn, me = state.turn, state.players[player]
    if turn.player != player:
        raise not_your_turn(state, player)
    if turn.phase != "start":
        raise RuleError("The crystal ball takes your whole turn: use it before you move or act.")
    if BALL not in me.treasures:
        raise RuleError("You have no crystal ball.")
    if target not in state.players:
        raise RuleError(f"There is no player called '{target}' in this game.")
    if target == player:
        raise RuleError("The crystal ball shows others, not yourself.")
    other = state.players[target]
    where = other.pos
    me.seen.add(where)
    doors = []
    for d, nb in board.exits(where).items():
        e = board.edge(where, nb)
        door = state.doors[e]
        if door.colour != "green":
            me.peeked.add(e)
        doors.append(f"{t.direction(d)} {door.colour} {'open' if door.open else 'closed'}")
    cards = t.listing([t.a_obj(c) for c in sorted(other.objects)])
    treasures = t.listing(sorted(other.treasures))
    text = (f"Your crystal ball shows {target} on {where}: {t.room_name(state.rooms[where])}. "
            f"Cards: {cards}. Treasures: {treasures}. Doors: {', '.join(doors)}.")
    data = dict(player=player, target=target, room=where, location=state.rooms[where].location,
                difficulty=state.rooms[where].difficulty, objects=sorted(other.objects),
                treasures=sorted(other.treasures))
    ev = [Event("scried", text, data, to=(player,)),
          Event("scried", f"{player} does not move this turn.", dict(player=player), not_to=(player,))]
    return ev + end_turn(state)
