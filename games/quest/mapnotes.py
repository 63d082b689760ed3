"""The player's own map: marks on doors and notes on rooms, private to the player."""

from __future__ import annotations

from games.engine import TEMPLATE, Event, tell
from games.quest import board
from games.quest import text as t
from games.quest.state import QuestState
from games.quest.words import _

MAX_NOTE = 60  # characters of a note on one's own map
NOTE_MARK = TEMPLATE  # the note legal_actions lists for a room: its text is free, this one stands for any


def do_mark(state: QuestState, player: str, direction: str, face: str) -> list[Event]:
    """Mark a door of your room on your own map (a guess, or a memory): nobody else learns of it."""
    me = state.players[player]
    name = board.edge_name(board.edge(me.pos, board.exits(me.pos)[direction]))
    if face == "unknown":
        me.marks.pop(name, None)
        a, b = name.split("-")
        text = _("You clear your mark on the door between {a} and {b}.", a=a, b=b)
    else:
        me.marks[name] = face
        text = _("You mark the door to the {direction} ({door}) {face} on your map.", direction=t.direction(direction),
                 door=name, face=t.face_word(face))
    return [tell(player, text, "marked", player=player, door=name, face=face)]


def do_note(state: QuestState, player: str, room: str, text: str = "") -> list[Event]:
    """Write (or, with no text, erase) a note on a room of your own map; private. ``text`` has its
    spaces collapsed already (canonical.py), and a note too long is refused there."""
    me = state.players[player]
    if text:
        me.notes[room] = text
        said = _("You note on {room}: {text}", room=room, text=text)
    else:
        me.notes.pop(room)
        said = _("You erase your note on {room}.", room=room)
    return [tell(player, said, "noted", player=player, room=room, note=text)]
