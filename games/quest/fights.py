"""Who may fight whom without a door between them, and the winner's hold on a room.

The winner of a duel becomes the room's privileged occupant: a beaten player who is still there
when their turn comes must leave it or fight again ('fight <winner>'). A knight in a castle may
challenge another knight there to a tournament, as their action (full rules); its winner becomes
a wizard. Entering a room by force is in rules.py (it is a step of a move).
"""

from __future__ import annotations

from games.engine import Event
from games.quest import duels
from games.quest.state import QuestState


def holder(state: QuestState, player: str) -> str | None:
    """The privileged occupant who beat ``player`` in the room ``player`` still stands in."""
    me = state.players[player]
    h = me.beaten_by
    if h is None or not state.players[h].alive or state.players[h].pos != me.pos:
        return None
    return h


def left_room(state: QuestState, player: str) -> None:
    """Leaving a room ends any hold on it, the player's and the one over them."""
    state.players[player].beaten_by = None
    for p in state.players.values():
        if p.beaten_by == player:
            p.beaten_by = None


def same_room(state: QuestState, player: str, who: str) -> list[Event]:
    """A duel with someone already in your room: to stay where you were beaten, or a tournament
    (legal.py and refusals.py say when each may be fought)."""
    return duels.begin(state, player, [who], "stay" if holder(state, player) == who else "tournament")
