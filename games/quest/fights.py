"""Who may fight whom without a door between them, and the winner's hold on a room.

The winner of a duel becomes the room's privileged occupant: a beaten player who is still there
when their turn comes must leave it or fight again ('fight <winner>'). A knight in a castle may
challenge another knight there to a tournament, as their action (full rules); its winner becomes
a wizard. Entering a room by force is in rules.py (it is a step of a move).
"""

from __future__ import annotations

from games.engine import Event, RuleError
from games.quest import duels
from games.quest.state import QuestState


def holder(state: QuestState, player: str) -> str | None:
    """The privileged occupant who beat ``player`` in the room ``player`` still stands in."""
    me = state.players[player]
    h = me.beaten_by
    if h is None or not state.players[h].alive or state.players[h].pos != me.pos:
        return None
    return h


def check_may_stay(state: QuestState, player: str) -> None:
    """Refuse ending a turn where a privileged occupant holds the room against this player."""
    h = holder(state, player)
    if h is not None:
        raise RuleError(f"{h} beat you here and holds this room: leave it, or 'fight {h}' to stay.")


def left_room(state: QuestState, player: str) -> None:
    """Leaving a room ends any hold on it, the player's and the one over them."""
    state.players[player].beaten_by = None
    for p in state.players.values():
        if p.beaten_by == player:
            p.beaten_by = None


def same_room(state: QuestState, player: str, who: str) -> list[Event]:
    """A duel with someone already in your room: to stay where you were beaten, or a tournament."""
    turn, me, other = state.turn, state.players[player], state.players[who]
    if holder(state, player) == who:
        if turn.phase not in ("start", "moving"):
            raise RuleError("You cannot fight now.")
        return duels.begin(state, player, [who], "stay")
    if turn.phase != "start":
        raise RuleError("A tournament is your whole turn: declare it before you move.")
    if state.rules == "full" and state.rooms[me.pos].location == "castle" and me.rank == "knight":
        if other.rank != "knight":
            raise RuleError(f"A tournament is fought between knights, and {who} is a {other.rank}.")
        return duels.begin(state, player, [who], "tournament")
    raise RuleError(f"{who} is in your room already: a duel here is a tournament (a knight against a knight, "
                    "in a castle, full rules) or a fight to stay where you were beaten.")
